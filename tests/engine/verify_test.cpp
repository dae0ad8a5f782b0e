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
  EXPECT_TRUE(unreadable.feed("1\n\nx\n")
                  .error()
                  .starts_with("line 3: expected a ring number from 1 to 3 or 1+2, found 'x' (a "
                               "move list is moves"));
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

// The moves kept for a replay are the list's own, in every format, up to the count asked or the
// first illegal move; long lists (where the fast paths would take over) included.
TEST(ListChecker, KeepsTheListsMovesForAReplay) {
  std::mt19937_64 rng(11);
  for (const std::size_t n : {3u, 20u, 70u, 300u}) {
    for (const Mode mode : {Mode::single, Mode::double_moves}) {
      State from(n), to(n);
      for (std::size_t k = 1; k <= n; ++k) {
        if (rng() & 1) from.toggle(k);
        if (rng() & 1) to.toggle(k);
      }
      std::vector<Move> moves;
      solve(from, to, mode, [&](const Move& m) { return moves.push_back(m), moves.size() < 3000; });
      State s = from;
      std::string as_moves, as_toggles, as_states = format_state(from, Notation::binary) + "\n";
      for (const Move& m : moves) {
        as_moves += to_string(m) + "\n";
        as_toggles += m.is_pair() ? "1+2\n" : std::to_string(m.ring()) + "\n";
        apply(s, m);
        as_states += format_state(s, Notation::binary) + "\n";
      }
      for (const auto* text : {&as_moves, &as_toggles, &as_states}) {
        for (const std::size_t keep :
             {std::size_t{0}, std::size_t{1}, moves.size() / 2, moves.size() + 5}) {
          ListChecker c(from, to, mode, ListFormat::detect, Notation::binary);
          c.keep_moves(keep);
          ASSERT_TRUE(*c.feed(*text));
          const auto kept = c.kept_moves();
          ASSERT_EQ(kept.size(), std::min(keep, moves.size())) << n;
          EXPECT_TRUE(std::equal(kept.begin(), kept.end(), moves.begin())) << n << " " << keep;
          EXPECT_EQ(c.report().moves, moves.size());  // keeping changes nothing of the check
        }
      }
      // An illegal move: the moves before it are kept, none after.
      if (moves.size() > 4) {
        const std::size_t bad = moves.size() / 3;
        std::string list;
        for (std::size_t i = 0; i < moves.size(); ++i)
          list += i == bad ? to_string(Move::single(n, !from.is_on(n))) + "\n" +
                                 to_string(moves[i]) + "\n"
                           : to_string(moves[i]) + "\n";
        ListChecker c(from, to, mode, ListFormat::detect, Notation::binary);
        c.keep_moves(moves.size());
        (void)c.feed(list);
        const auto report = c.report();
        if (!report.legal) EXPECT_EQ(c.kept_moves().size(), report.moves);
      }
    }
  }
  // "1" alone: a toggle of ring 1 (the list's format known only at its end).
  ListChecker one(State::all_on(1), State::all_off(1), Mode::single, ListFormat::detect,
                  Notation::binary);
  one.keep_moves(10);
  ASSERT_TRUE(*one.feed("1"));
  ASSERT_EQ(one.kept_moves().size(), 1u);
  EXPECT_EQ(one.kept_moves()[0], Move::single(1, false));
}

}  // namespace
}  // namespace rings
