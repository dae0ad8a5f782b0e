// The game model: moves checked by the rules, the score, undo/redo, goal switches.
#include "game.hpp"

#include <gtest/gtest.h>

#include <set>

#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

State bits(std::string_view text) { return *parse_state(text, std::nullopt, Notation::binary); }

// Published counts (SPEC.md): removing N rings takes floor(2^(N+1)/3) single moves,
// 2^(N-1) - [N even] with double moves.
std::uint64_t removal_moves(std::uint64_t n, Mode mode) {
  if (mode == Mode::single) return (std::uint64_t{1} << (n + 1)) / 3;
  return (std::uint64_t{1} << (n - 1)) - (n % 2 == 0 ? 1 : 0);
}

TEST(Game, StartsWithTheDistanceToTheGoal) {
  Game g(State::all_on(9), State::all_off(9), Mode::single);
  EXPECT_EQ(g.remaining(), 341);
  EXPECT_EQ(g.optimum(), 341);
  EXPECT_EQ(g.moves_made(), 0u);
  EXPECT_TRUE(g.is_on_optimal_path());
  EXPECT_FALSE(g.is_solved());
}

TEST(Game, RefusesAnIllegalMoveWithTheRuleAndChangesNothing) {
  Game g(State::all_on(5), State::all_off(5), Mode::single);
  const auto why = g.toggle(3);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "ring 3 needs ring 2 on and ring 1 off; ring 1 is on");
  EXPECT_EQ(g.state(), State::all_on(5));
  EXPECT_EQ(g.moves_made(), 0u);
  EXPECT_FALSE(g.can_undo());

  const auto missing = g.toggle(7);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("there is no ring 7"), std::string::npos) << *missing;
  const auto pair = g.toggle(1, true);
  ASSERT_TRUE(pair);
  EXPECT_NE(pair->find("double"), std::string::npos) << *pair;
}

TEST(Game, PlaysALegalMoveInTheDirectionTheStateAllows) {
  Game g(bits("10100"), State::all_off(5), Mode::single);
  EXPECT_FALSE(g.toggle(4));  // ring 3 is the lowest on: ring 4 may move, and goes on
  EXPECT_EQ(g.state(), bits("11100"));
  EXPECT_FALSE(g.toggle(1));
  EXPECT_EQ(g.state(), bits("11101"));
  EXPECT_EQ(g.moves_made(), 2u);
}

TEST(Game, AutoPlayReachesTheGoalInThePublishedNumberOfMoves) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (std::uint64_t n = 1; n <= 12; ++n) {
      Game g(State::all_on(n), State::all_off(n), mode);
      while (g.step()) ASSERT_TRUE(g.is_on_optimal_path());
      EXPECT_TRUE(g.is_solved());
      EXPECT_EQ(g.moves_made(), removal_moves(n, mode)) << n;
      EXPECT_EQ(g.remaining(), 0);
      EXPECT_FALSE(g.hint());
    }
  }
}

TEST(Game, HintIsTheFirstMoveOfTheSolutionWithItsRule) {
  Game g(State::all_on(3), State::all_off(3), Mode::single);
  const auto hint = g.hint();
  ASSERT_TRUE(hint);
  EXPECT_EQ(to_string(hint->move), "ring 1 off");
  EXPECT_EQ(to_string(hint->reason), "ring 1 can always move");
}

TEST(Game, AMoveOffThePathIsNoticed) {
  Game g(State::all_on(3), State::all_off(3), Mode::single);
  ASSERT_FALSE(g.toggle(2));  // legal, but the optimal first move is ring 1
  EXPECT_FALSE(g.is_on_optimal_path());
  EXPECT_EQ(g.remaining(), g.optimum() + 1);
  ASSERT_TRUE(g.undo());
  EXPECT_TRUE(g.is_on_optimal_path());
}

TEST(Game, UndoAndRedoRestoreEveryStep) {
  Game g(State::all_on(6), State::all_off(6), Mode::double_moves);
  std::vector<State> seen{g.state()};
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(g.step());
    seen.push_back(g.state());
  }
  for (int i = 10; i > 0; --i) {
    ASSERT_TRUE(g.undo());
    EXPECT_EQ(g.state(), seen[i - 1]);
    EXPECT_EQ(g.moves_made(), std::uint64_t(i - 1));
    EXPECT_EQ(g.remaining(), distance(seen[i - 1], g.goal(), g.mode()));
  }
  EXPECT_FALSE(g.undo());
  for (int i = 1; i <= 10; ++i) {
    ASSERT_TRUE(g.redo());
    EXPECT_EQ(g.state(), seen[i]);
  }
  EXPECT_FALSE(g.redo());
}

TEST(Game, AMoveAfterUndoDropsTheRedoHistory) {
  Game g(State::all_on(4), State::all_off(4), Mode::single);
  g.step();
  g.step();
  g.undo();
  EXPECT_TRUE(g.can_redo());
  ASSERT_FALSE(g.toggle(1));
  EXPECT_FALSE(g.can_redo());
  EXPECT_EQ(g.history().size(), 2u);
}

TEST(Game, SwitchingTheGoalStartsANewScoreAndUndoRestoresTheOldOne) {
  Game g(State::all_on(5), State::all_off(5), Mode::single);
  g.step();
  g.step();
  const State here = g.state();
  g.switch_goal();
  EXPECT_EQ(g.goal(), State::all_on(5));
  EXPECT_EQ(g.moves_made(), 2u);
  EXPECT_EQ(g.leg_moves(), 0u);
  EXPECT_EQ(g.optimum(), distance(here, State::all_on(5), Mode::single));
  EXPECT_EQ(g.remaining(), 2);  // the two moves, taken back
  g.step();
  EXPECT_EQ(g.leg_moves(), 1u);
  g.undo();
  g.undo();  // the goal switch
  EXPECT_EQ(g.goal(), State::all_off(5));
  EXPECT_EQ(g.leg_moves(), 2u);
  EXPECT_EQ(g.optimum(), 21);
  EXPECT_TRUE(g.is_on_optimal_path());
  g.redo();
  EXPECT_EQ(g.goal(), State::all_on(5));
  EXPECT_EQ(g.leg_moves(), 0u);
}

TEST(Game, AnyOtherGoalSwitchesToAllOff) {
  Game g(State::all_off(4), bits("0110"), Mode::single);
  g.switch_goal();
  EXPECT_EQ(g.goal(), State::all_off(4));
  EXPECT_TRUE(g.is_solved());
  g.switch_goal();
  EXPECT_EQ(g.goal(), State::all_on(4));
  EXPECT_EQ(g.initial_goal(), bits("0110"));
}

TEST(RandomState, AvoidsTheGivenStateAndVaries) {
  std::mt19937_64 rng(7);
  EXPECT_EQ(random_state(1, State::all_off(1), rng), State::all_on(1));
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const State s = random_state(3, State::all_off(3), rng);
    ASSERT_EQ(s.size(), 3u);
    ASSERT_NE(s, State::all_off(3));
    seen.insert(format_state(s, Notation::binary));
  }
  EXPECT_EQ(seen.size(), 7u);  // every other state turns up
  const State big = random_state(100, State::all_off(100), rng);
  EXPECT_EQ(big.words()[1] >> 36, 0u);  // nothing above ring 100
}

}  // namespace
}  // namespace rings::play
