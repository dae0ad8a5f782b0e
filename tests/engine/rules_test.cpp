#include "rings/rules.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "rings/notation.hpp"
#include "rings/oracle.hpp"
#include "rings/verify.hpp"

namespace rings {
namespace {

State bits(const char* s) { return *parse_state(s, std::nullopt, Notation::binary); }

State after(State s, const Move& m) {
  apply(s, m);
  return s;
}

TEST(Rules, IllegalMovesAreExplainedInWords) {
  // Rings 5..1 = 0 1 0 1 0: ring 4 on, ring 2 on.
  const auto why = [](const char* s, const Move& m, Mode mode = Mode::single) {
    return to_string(*why_illegal(bits(s), m, mode));
  };
  EXPECT_EQ(why("01010", Move::single(5, true)),
            "ring 5 needs ring 4 on and rings 1\u20133 off; ring 2 is on");
  EXPECT_EQ(why("00000", Move::single(3, true)),
            "ring 3 needs ring 2 on and ring 1 off; ring 2 is off");
  EXPECT_EQ(why("00000", Move::single(2, true)), "ring 2 needs ring 1 on; ring 1 is off");
  EXPECT_EQ(why("00001", Move::single(1, true)), "ring 1 is already on");
  EXPECT_EQ(why("00001", Move::single(6, true)), "there is no ring 6: the puzzle has 5 rings");
  EXPECT_EQ(why("00011", Move::pair(false)),
            "rings 1+2 together is a double move: allowed only with double moves");
  EXPECT_EQ(why("00001", Move::pair(true), Mode::double_moves),
            "rings 1+2 move together only when both are on or both off; ring 1 is on");
  EXPECT_EQ(why("1", Move::pair(true), Mode::double_moves),
            "rings 1+2 need two rings; the puzzle has 1");
  EXPECT_EQ(why("00011", Move::pair(true), Mode::double_moves), "rings 1+2 are already on");
}

TEST(Rules, LegalMovesAreExplainedInWords) {
  const auto why = [](const char* s, const Move& m) { return to_string(why_legal(bits(s), m)); };
  EXPECT_EQ(why("11000", Move::single(5, false)),
            "ring 5 can move: ring 4 is on and rings 1\u20133 are off");
  EXPECT_EQ(why("00100", Move::single(4, true)),
            "ring 4 can move: ring 3 is on and rings 1 and 2 are off");
  EXPECT_EQ(why("00010", Move::single(3, true)), "ring 3 can move: ring 2 is on and ring 1 is off");
  EXPECT_EQ(why("00001", Move::single(2, true)), "ring 2 can move: ring 1 is on");
  EXPECT_EQ(why("00001", Move::single(1, false)), "ring 1 can always move");
  EXPECT_EQ(why("00011", Move::pair(false)), "rings 1 and 2 move together: both are on");
}

// Every move of every state up to 8 rings, both conventions: the Reason's code and rings agree
// with what the breadth-first oracle's neighbours and the state's bits say, and its English
// names those rings. Every rule code is seen.
TEST(Rules, EveryReasonAgreesWithTheOracle) {
  std::vector<bool> seen(kRuleCount);
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (unsigned n = 1; n <= 8; ++n) {
      for (std::uint32_t s = 0; s < (1u << n); ++s) {
        const State state = State::from_words(n, {s});
        const auto next = oracle::neighbours(s, n, mode);
        std::vector<Move> moves{Move::pair(true), Move::pair(false), Move::single(n + 1, true)};
        for (Ring r = 1; r <= n; ++r)
          for (bool on : {true, false}) moves.push_back(Move::single(r, on));
        for (const Move& m : moves) {
          const auto illegal = why_illegal(state, m, mode);
          const Reason why = illegal ? *illegal : why_legal(state, m, mode);
          seen[static_cast<std::size_t>(why.rule)] = true;
          const std::string text = to_string(why);
          const std::string where = fmt::format("n={} s={} {} ({})", n, s, to_string(m), text);
          ASSERT_EQ(why.move, m) << where;
          const Ring k = m.ring();
          const bool exists = m.is_pair() ? n >= 2 : k <= n;
          const bool changes =
              exists && (m.is_pair() ? state.is_on(1) != m.on() || state.is_on(2) != m.on()
                                     : state.is_on(k) != m.on());
          const bool adjacent = changes && std::find(next.begin(), next.end(),
                                                     after(state, m).words()[0]) != next.end();
          // A pair move that changes only one ring is ring 1 or ring 2 alone, not a pair move.
          const bool truth = adjacent && (!m.is_pair() || state.is_on(1) == state.is_on(2));
          ASSERT_EQ(why.is_legal(), truth) << where;
          if (truth) {
            EXPECT_EQ(why.rule, m.is_pair() ? Rule::pair_together
                                : k == 1    ? Rule::free_end
                                            : Rule::after_lowest)
                << where;
            continue;
          }
          const Ring low = state.lowest_on();
          Rule expected;
          if (m.is_pair())
            expected = mode == Mode::single               ? Rule::pair_needs_double
                       : n < 2                            ? Rule::pair_needs_two
                       : state.is_on(1) != state.is_on(2) ? Rule::pair_apart
                                                          : Rule::already;
          else
            expected = !exists               ? Rule::not_a_ring
                       : !changes            ? Rule::already
                       : !state.is_on(k - 1) ? Rule::needs_previous_on
                                             : Rule::needs_lower_off;
          ASSERT_EQ(why.rule, expected) << where;
          if (expected == Rule::needs_lower_off) {
            ASSERT_EQ(why.blocking, low) << where;
            EXPECT_NE(text.find(fmt::format("ring {} is on", low)), std::string::npos) << where;
          }
          if (expected == Rule::pair_apart) {
            EXPECT_EQ(why.blocking, state.is_on(1) ? 1u : 2u);
          }
          if (expected == Rule::not_a_ring || expected == Rule::pair_needs_two) {
            EXPECT_EQ(why.rings, n) << where;
          }
          if (!m.is_pair() && expected != Rule::not_a_ring) {
            EXPECT_NE(text.find(fmt::format("ring {} ", k)), std::string::npos) << where;
          }
        }
      }
    }
  }
  // The states-list rules come from the verifier.
  Verifier same(bits("11"), bits("00"), Mode::single);
  same.step_to(bits("11"));
  seen[static_cast<std::size_t>(same.report().rule.rule)] = true;
  Verifier two(bits("11"), bits("00"), Mode::single);
  two.step_to(bits("00"));
  seen[static_cast<std::size_t>(two.report().rule.rule)] = true;
  for (std::size_t r = 0; r < kRuleCount; ++r)
    EXPECT_TRUE(seen[r]) << "rule " << rule_code(static_cast<Rule>(r)) << " never seen";
}

// The chain the rule of ring k names (required_on) allows exactly the legal moves.
TEST(Rules, RequiredPositionsAreTheRule) {
  for (unsigned n = 1; n <= 7; ++n)
    for (std::uint32_t s = 0; s < (1u << n); ++s) {
      const State state = State::from_words(n, {s});
      for (Ring k = 1; k <= n; ++k) {
        bool met = true;
        for (Ring i = 1; i < k; ++i) met = met && state.is_on(i) == *required_on(k, i);
        EXPECT_FALSE(required_on(k, k).has_value());
        EXPECT_EQ(met, is_legal(state, toggle_move(state, k), Mode::single)) << n << " " << s;
      }
    }
}

TEST(Rules, CodesAreDistinctWords) {
  std::vector<std::string_view> codes;
  for (std::size_t r = 0; r < kRuleCount; ++r) codes.push_back(rule_code(static_cast<Rule>(r)));
  std::sort(codes.begin(), codes.end());
  EXPECT_EQ(std::adjacent_find(codes.begin(), codes.end()), codes.end());
  for (auto c : codes) EXPECT_EQ(c.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), c.npos);
}

// The engine's rules agree with the oracle's independent reading of SPEC.md for every state.
TEST(Rules, LegalMovesMatchTheOracleForEveryState) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (unsigned n = 1; n <= 10; ++n) {
      for (std::uint32_t s = 0; s < (1u << n); ++s) {
        const State state = State::from_words(n, {s});
        std::vector<std::uint32_t> ours;
        for (const Move& m : legal_moves(state, mode)) {
          State next = state;
          ASSERT_TRUE(is_legal(state, m, mode));
          apply(next, m);
          ours.push_back(static_cast<std::uint32_t>(next.words()[0]));
        }
        auto theirs = oracle::neighbours(s, n, mode);
        std::sort(ours.begin(), ours.end());
        std::sort(theirs.begin(), theirs.end());
        ASSERT_EQ(ours, theirs) << "n=" << n << " s=" << s;
        // Every other toggle is illegal.
        for (Ring r = 1; r <= n; ++r) {
          const Move m = toggle_move(state, r);
          const LegalMoves legal = legal_moves(state, mode);  // one object for begin and end
          const bool listed =
              std::any_of(legal.begin(), legal.end(), [&](const Move& x) { return x == m; });
          ASSERT_EQ(is_legal(state, m, mode), listed);
        }
      }
    }
  }
}

TEST(Rules, AtMostTwoSingleMoves) {
  for (std::uint32_t s = 0; s < 256; ++s)
    EXPECT_LE(legal_moves(State::from_words(8, {s}), Mode::single).size(), 2u);
}

TEST(Rules, MovesInWords) {
  EXPECT_EQ(to_string(Move::single(3, false)), "ring 3 off");
  EXPECT_EQ(to_string(Move::single(12, true)), "ring 12 on");
  EXPECT_EQ(to_string(Move::pair(true)), "rings 1+2 on");
  // A pair move is always rings 1+2: there is no other way to make one.
  EXPECT_EQ(Move::pair(true).ring(), 1u);
  EXPECT_TRUE(Move::pair(true).is_pair());
  EXPECT_EQ(Move::single(3, true).reversed(), Move::single(3, false));
}

}  // namespace
}  // namespace rings
