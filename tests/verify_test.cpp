#include "rings/verify.hpp"

#include <gtest/gtest.h>

#include <random>

#include "rings/solve.hpp"

namespace rings {
namespace {

// Runs a whole list through the parser and the verifier, as `rings verify` does.
struct Run {
  bool parsed = true;
  std::string error;
  VerifyReport report;
};

Run run(const std::vector<std::string>& lines, State from, State to, Mode mode = Mode::single,
        ListFormat format = ListFormat::detect) {
  Run out;
  MoveListParser p(from.size(), format, Notation::binary);
  Verifier v(from, to, mode);
  bool first_state = true;
  for (const auto& line : lines) {
    auto item = p.parse_line(line);
    if (!item) {
      out.parsed = false;
      out.error = item.error();
      return out;
    }
    if (auto* s = std::get_if<State>(&*item)) {
      if (first_state) {
        first_state = false;
        v = Verifier(*s, to, mode);
        continue;
      }
      if (!v.step_to(*s)) break;
    } else if (auto* m = std::get_if<Move>(&*item)) {
      if (!v.step(*m)) break;
    } else if (auto* t = std::get_if<Toggle>(&*item)) {
      if (!v.step(*t)) break;
    }
  }
  out.report = v.report();
  return out;
}

TEST(Verify, AllThreeFormatsOfAnOptimalList) {
  const auto r1 =
      run({"1: ring 1 off", "2: ring 3 off", "3: ring 1 on", "4: ring 2 off", "5: ring 1 off"},
          State::all_on(3), State::all_off(3));
  const auto r2 = run({"1", "3", "1", "2", "1"}, State::all_on(3), State::all_off(3));
  const auto r3 =
      run({"111", "110", "010", "011", "001", "000"}, State::all_on(3), State::all_off(3));
  for (const auto& r : {r1, r2, r3}) {
    ASSERT_TRUE(r.parsed) << r.error;
    EXPECT_TRUE(r.report.legal);
    EXPECT_TRUE(r.report.reached);
    EXPECT_TRUE(r.report.optimal);
    EXPECT_EQ(r.report.moves, 5u);
  }
}

TEST(Verify, FirstIllegalMoveAndItsRule) {
  const auto r = run({"1", "2"}, State::all_on(3), State::all_off(3));
  EXPECT_FALSE(r.report.legal);
  EXPECT_EQ(r.report.illegal_move, 2u);
  EXPECT_EQ(to_string(r.report.rule), "ring 2 needs ring 1 on; ring 1 is off");
  const auto r2 = run({"ring 1 off", "ring 1 off"}, State::all_on(3), State::all_off(3));
  EXPECT_EQ(to_string(r2.report.rule), "ring 1 is already off");
  const auto r3 = run({"111", "100"}, State::all_on(3), State::all_off(3));
  EXPECT_EQ(r3.report.illegal_move, 1u);
  EXPECT_EQ(to_string(r3.report.rule), "two rings change at once; a move changes one ring");
}

TEST(Verify, NotReachedAndNotOptimal) {
  const auto r = run({"1", "3"}, State::all_on(3), State::all_off(3));
  EXPECT_TRUE(r.report.legal);
  EXPECT_FALSE(r.report.reached);
  EXPECT_EQ(r.report.remaining, 3);
  const auto r2 = run({"1", "1", "1", "3", "1", "2", "1"}, State::all_on(3), State::all_off(3));
  EXPECT_TRUE(r2.report.reached);
  EXPECT_FALSE(r2.report.optimal);
  EXPECT_EQ(r2.report.optimum, 5);
}

TEST(Verify, DoubleMoves) {
  const auto r = run({"1+2", "4", "1+2", "1", "3", "1", "1+2"}, State::all_on(4), State::all_off(4),
                     Mode::double_moves);
  EXPECT_TRUE(r.report.optimal);
  const auto single = run({"1+2"}, State::all_on(4), State::all_off(4), Mode::single);
  EXPECT_FALSE(single.report.legal);
  EXPECT_EQ(to_string(single.report.rule),
            "rings 1+2 together is a double move: allowed only with double moves");
  const auto r3 =
      run({"rings 1+2 off", "ring 4 off"}, State::all_on(4), State::all_off(4), Mode::double_moves);
  EXPECT_TRUE(r3.report.legal);
  EXPECT_EQ(r3.report.moves, 2u);
}

TEST(Verify, ParseErrorsNameTheLine) {
  EXPECT_EQ(run({"1", "", "x"}, State::all_on(3), State::all_off(3)).error,
            "line 3: expected a ring number from 1 to 3 or 1+2, found 'x'");
  EXPECT_EQ(run({"1: ring 1 off", "3: ring 3 off"}, State::all_on(3), State::all_off(3)).error,
            "line 2: move numbered 3 where move 2 was expected");
  EXPECT_EQ(run({"ring 4 off"}, State::all_on(3), State::all_off(3)).error,
            "line 1: expected a ring from 1 to 3, found 'ring 4 off'");
  EXPECT_EQ(run({"ring 2 sideways"}, State::all_on(3), State::all_off(3)).error,
            "line 1: expected 'on' or 'off' after the ring, found 'ring 2 sideways'");
  EXPECT_EQ(run({"111", "1a1"}, State::all_on(3), State::all_off(3)).error,
            "line 2: position 2: expected 0 or 1, found 'a'");
  EXPECT_EQ(run({"99999999999999999999999"}, State::all_on(3), State::all_off(3)).error,
            "line 1: expected a ring number from 1 to 3 or 1+2, found '99999999999999999999999'");
}

// A bad line may be huge or binary: the error quotes a short, printable excerpt of it.
TEST(Verify, ErrorsQuoteAShortPrintableExcerpt) {
  const std::string line = "ring 2 " + std::string(1'000'000, 'x');
  const std::string error = run({line}, State::all_on(3), State::all_off(3)).error;
  EXPECT_LT(error.size(), 200u);
  EXPECT_NE(error.find("found 'ring 2 xxx"), std::string::npos) << error;
  EXPECT_EQ(error.substr(error.size() - 4), "...'");
  EXPECT_EQ(run({std::string("\x1b[2J\x00z", 6)}, State::all_on(3), State::all_off(3)).error,
            "line 1: expected a ring number from 1 to 3 or 1+2, found '\\x1b[2J\\x00z'");
  // A cut never splits a UTF-8 character: 'é' is two bytes.
  std::string accents;
  for (int i = 0; i < 200; ++i) accents += "\u00e9";
  const std::string q = quote_input(accents, 51);
  EXPECT_EQ(q, "'" + accents.substr(0, 50) + "...'");
}

// The Verifier keeps the rings above 64 that are on in a list of its own (so that moving a far
// ring costs O(1)); against the rules, move by move: random walks that favour the rings around
// word boundaries and far rings, with illegal moves tried on the way.
TEST(Verify, EveryMoveAgreesWithTheRulesOnManyRings) {
  std::mt19937_64 rng(65);
  for (const std::uint64_t n : {65, 66, 128, 130, 300}) {
    for (int walk = 0; walk < 40; ++walk) {
      std::vector<std::uint64_t> words((n + 63) / 64);
      for (auto& w : words) w = rng() & rng() & rng();  // sparse: far rings are often lowest
      if (walk % 4 == 0) words[0] = 0;
      if (walk % 4 == 1) words[0] = std::uint64_t{1} << 63;
      if (n % 64) words.back() &= (std::uint64_t{1} << (n % 64)) - 1;
      State state = State::from_words(n, std::move(words));
      Verifier v(state, state, Mode::single);
      for (int i = 0; i < 3000; ++i) {
        const auto legal = legal_moves(state, Mode::single);
        Move m;
        if (rng() % 8 == 0) {  // some ring, some direction: mostly illegal
          m = Move::single(static_cast<Ring>(1 + rng() % n), rng() % 2 == 0);
        } else {
          m = legal.begin()[rng() % legal.size()];
        }
        const bool ok = is_legal(state, m, Mode::single);
        Verifier copy = v;
        ASSERT_EQ(copy.step(m), ok) << "n " << n << " move " << to_string(m);
        if (!ok) {
          EXPECT_EQ(copy.report().rule, *why_illegal(state, m, Mode::single));
          continue;
        }
        v.step(m);
        apply(state, m);
        ASSERT_TRUE(v.state() == state);
      }
    }
  }
}

TEST(Verify, LongListsAcrossWords) {
  // 70 rings, from just below to just above the 2^64 position: moves of ring 65 are checked on
  // the slow path.
  mpz_class mid;
  mpz_ui_pow_ui(mid.get_mpz_t(), 2, 64);
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    const State a = unrank(mid - 100, 70), b = unrank(mid + 100, 70);
    Verifier v(a, b, mode);
    solve(a, b, mode, [&](const Move& m) { return v.step(m); });
    EXPECT_TRUE(v.report().optimal);
    Verifier bad(a, b, mode);
    EXPECT_FALSE(bad.step(Move::single(66, true)));
    EXPECT_EQ(bad.report().illegal_move, 1u);
  }
}

}  // namespace
}  // namespace rings

namespace rings {
namespace {

TEST(ListChecker, ChecksAWholeListFedInPieces) {
  ListChecker c(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                Notation::binary);
  ASSERT_TRUE(*c.feed("1\n3\n"));
  ASSERT_TRUE(*c.feed("1\n2\n1"));  // the last line without its newline counts too
  EXPECT_EQ(report_text(c.report()), "ok: 5 moves, target reached, optimal");

  ListChecker bad(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                  Notation::binary);
  EXPECT_FALSE(*bad.feed("1\n2\n3\n"));  // stops at move 2
  EXPECT_EQ(report_text(bad.report()), "move 2: illegal: ring 2 needs ring 1 on; ring 1 is off");

  ListChecker unreadable(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                         Notation::binary);
  EXPECT_EQ(unreadable.feed("1\n\nx\n").error(),
            "line 3: expected a ring number from 1 to 3 or 1+2, found 'x'");
}

TEST(ListChecker, AStatesListStartsWithItsStartState) {
  ListChecker c(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                Notation::binary);
  ASSERT_TRUE(*c.feed("011\n001\n000\n"));  // starts elsewhere than all-on: its own start
  EXPECT_EQ(report_text(c.report()), "ok: 2 moves, target reached, optimal");
  ListChecker given(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                    Notation::binary, true);
  EXPECT_EQ(given.feed("101\n100\n").error(), "the list starts at 101, not at the start state 111");
  ListChecker empty(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
                    Notation::binary);
  EXPECT_EQ(report_text(empty.report()), "ok: 0 moves, target not reached (5 more moves needed)");
}

}  // namespace
}  // namespace rings
