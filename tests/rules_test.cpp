#include "rings/rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "rings/notation.hpp"
#include "rings/oracle.hpp"

namespace rings {
namespace {

State bits(const char* s) { return *parse_state(s, std::nullopt, Notation::binary); }

TEST(Rules, IllegalMovesAreExplainedInWords) {
  // Rings 5..1 = 0 1 0 1 0: ring 4 on, ring 2 on.
  EXPECT_EQ(*why_illegal(bits("01010"), Move{5, true}, Mode::single),
            "ring 5 needs ring 4 on and rings 1\u20133 off; ring 2 is on");
  EXPECT_EQ(*why_illegal(bits("00000"), Move{3, true}, Mode::single),
            "ring 3 needs ring 2 on and ring 1 off; ring 2 is off");
  EXPECT_EQ(*why_illegal(bits("00000"), Move{2, true}, Mode::single),
            "ring 2 needs ring 1 on; ring 1 is off");
  EXPECT_EQ(*why_illegal(bits("00001"), Move{1, true}, Mode::single), "ring 1 is already on");
  EXPECT_EQ(*why_illegal(bits("00001"), Move{6, true}, Mode::single),
            "there is no ring 6: the puzzle has 5 rings");
  EXPECT_EQ(*why_illegal(bits("00011"), Move{1, false, true}, Mode::single),
            "rings 1+2 together is a double move: allowed only with double moves");
  EXPECT_EQ(*why_illegal(bits("00001"), Move{1, true, true}, Mode::double_moves),
            "rings 1+2 move together only when both are on or both off; ring 1 is on");
}

TEST(Rules, LegalMovesAreExplainedInWords) {
  EXPECT_EQ(why_legal(bits("11000"), Move{5, false}),
            "ring 5 can move: ring 4 is on and rings 1\u20133 are off");
  EXPECT_EQ(why_legal(bits("00100"), Move{4, true}),
            "ring 4 can move: ring 3 is on and rings 1 and 2 are off");
  EXPECT_EQ(why_legal(bits("00010"), Move{3, true}),
            "ring 3 can move: ring 2 is on and ring 1 is off");
  EXPECT_EQ(why_legal(bits("00001"), Move{2, true}), "ring 2 can move: ring 1 is on");
  EXPECT_EQ(why_legal(bits("00001"), Move{1, false}), "ring 1 can always move");
  EXPECT_EQ(why_legal(bits("00011"), Move{1, false, true}),
            "rings 1 and 2 move together: both are on");
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
  EXPECT_EQ(to_string(Move{3, false}), "ring 3 off");
  EXPECT_EQ(to_string(Move{12, true}), "ring 12 on");
  EXPECT_EQ(to_string(Move{1, true, true}), "rings 1+2 on");
}

}  // namespace
}  // namespace rings
