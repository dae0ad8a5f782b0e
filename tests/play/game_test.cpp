// The game model for the rings (the rings' engine, double moves and their words): moves checked
// by the rules, the score, undo/redo, goal switches. puzzle_game_test.cpp plays the others.
#include "game.hpp"

#include <gtest/gtest.h>

#include <set>

#include "rings/position.hpp"
#include "rings_game.hpp"

namespace rings::play {
namespace {

mpz_class distance(const Pieces& a, const Pieces& b, Mode mode) {
  return rings::distance(family::to_state(a), family::to_state(b), mode);
}

// Moves ring `i` (or rings 1+2) the way the state allows, as the keys do; why not, in words.
std::optional<std::string> toggle(Game& g, std::uint64_t i, bool pair = false) {
  const auto moves = g.moves_of(i);
  const auto refusal = g.play(pair                ? g.pair_move()
                              : moves.size() == 1 ? moves[0]
                                                  : g.blocked_move(i));
  if (!refusal) return std::nullopt;
  return refusal->why;
}

// Published counts (SPEC.md): removing N rings takes floor(2^(N+1)/3) single moves,
// 2^(N-1) - [N even] with double moves.
std::uint64_t removal_moves(std::uint64_t n, Mode mode) {
  if (mode == Mode::single) return (std::uint64_t{1} << (n + 1)) / 3;
  return (std::uint64_t{1} << (n - 1)) - (n % 2 == 0 ? 1 : 0);
}

TEST(Game, StartsWithTheDistanceToTheGoal) {
  Game g = game(on(9), off(9));
  EXPECT_EQ(g.remaining(), 341);
  EXPECT_EQ(g.optimum(), 341);
  EXPECT_EQ(g.moves_made(), 0u);
  EXPECT_TRUE(g.is_on_optimal_path());
  EXPECT_FALSE(g.is_solved());
}

TEST(Game, RefusesAnIllegalMoveWithTheRuleAndChangesNothing) {
  Game g = game(on(5), off(5));
  const auto why = toggle(g, 3);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "ring 3 needs ring 2 on and ring 1 off; ring 1 is on");
  EXPECT_EQ(g.state(), on(5));
  EXPECT_EQ(g.moves_made(), 0u);
  EXPECT_FALSE(g.can_undo());

  const auto missing = toggle(g, 7);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("there is no ring 7"), std::string::npos) << *missing;
  const auto pair = toggle(g, 1, true);
  ASSERT_TRUE(pair);
  EXPECT_NE(pair->find("double"), std::string::npos) << *pair;
}

TEST(Game, PlaysALegalMoveInTheDirectionTheStateAllows) {
  Game g = game(bits("10100"), off(5));
  EXPECT_FALSE(toggle(g, 4));  // ring 3 is the lowest on: ring 4 may move, and goes on
  EXPECT_EQ(g.state(), bits("11100"));
  EXPECT_FALSE(toggle(g, 1));
  EXPECT_EQ(g.state(), bits("11101"));
  EXPECT_EQ(g.moves_made(), 2u);
}

TEST(Game, AutoPlayReachesTheGoalInThePublishedNumberOfMoves) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (std::uint64_t n = 1; n <= 12; ++n) {
      Game g = game(on(n), off(n), mode);
      while (g.step()) ASSERT_TRUE(g.is_on_optimal_path());
      EXPECT_TRUE(g.is_solved());
      EXPECT_EQ(g.moves_made(), removal_moves(n, mode)) << n;
      EXPECT_EQ(g.remaining(), 0);
      EXPECT_FALSE(g.hint());
    }
  }
}

TEST(Game, HintIsTheFirstMoveOfTheSolutionWithItsRule) {
  Game g = game(on(3), off(3));
  const auto hint = g.hint();
  ASSERT_TRUE(hint);
  EXPECT_EQ(g.to_string(hint->move), "ring 1 off");
  EXPECT_EQ(hint->reason, "ring 1 can always move");
}

TEST(Game, AMoveOffThePathIsNoticed) {
  Game g = game(on(3), off(3));
  ASSERT_FALSE(toggle(g, 2));  // legal, but the optimal first move is ring 1
  EXPECT_FALSE(g.is_on_optimal_path());
  EXPECT_EQ(g.remaining(), g.optimum() + 1);
  ASSERT_TRUE(g.undo());
  EXPECT_TRUE(g.is_on_optimal_path());
}

TEST(Game, UndoAndRedoRestoreEveryStep) {
  Game g = game(on(6), off(6), Mode::double_moves);
  std::vector<Pieces> seen{g.state()};
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
  Game g = game(on(4), off(4));
  g.step();
  g.step();
  g.undo();
  EXPECT_TRUE(g.can_redo());
  ASSERT_FALSE(toggle(g, 1));
  EXPECT_FALSE(g.can_redo());
  EXPECT_EQ(g.history().size(), 2u);
}

TEST(Game, SwitchingTheGoalStartsANewScoreAndUndoRestoresTheOldOne) {
  Game g = game(on(5), off(5));
  g.step();
  g.step();
  const Pieces here = g.state();
  g.switch_goal();
  EXPECT_EQ(g.goal(), on(5));
  EXPECT_EQ(g.moves_made(), 2u);
  EXPECT_EQ(g.leg_moves(), 0u);
  EXPECT_EQ(g.optimum(), distance(here, on(5), Mode::single));
  EXPECT_EQ(g.remaining(), 2);  // the two moves, taken back
  g.step();
  EXPECT_EQ(g.leg_moves(), 1u);
  g.undo();
  g.undo();  // the goal switch
  EXPECT_EQ(g.goal(), off(5));
  EXPECT_EQ(g.leg_moves(), 2u);
  EXPECT_EQ(g.optimum(), 21);
  EXPECT_TRUE(g.is_on_optimal_path());
  g.redo();
  EXPECT_EQ(g.goal(), on(5));
  EXPECT_EQ(g.leg_moves(), 0u);
}

TEST(Game, AnyOtherGoalSwitchesToAllOff) {
  Game g = game(off(4), bits("0110"));
  g.switch_goal();
  EXPECT_EQ(g.goal(), off(4));
  EXPECT_TRUE(g.is_solved());
  g.switch_goal();
  EXPECT_EQ(g.goal(), on(4));
  EXPECT_EQ(g.initial_goal(), bits("0110"));
}

// The engine is picked by the value's capability, not by its name: the rings' value without its
// double moves is answered by the family's engine, and both engines agree on every move of the
// single-move game (the moves, the distances, the hints), though they word the reasons apart.
TEST(Game, TheValuesCapabilityPicksTheEngineAndBothAgree) {
  family::Puzzle plain = rings_puzzle();
  plain.double_moves = false;
  EXPECT_EQ(max_pieces(rings_puzzle()), 1'000'000u);
  EXPECT_EQ(max_pieces(plain), 10'000u);
  for (std::uint64_t n = 1; n <= 7; ++n) {
    Game fast = game(on(n), off(n));
    Game family(plain, on(n), off(n));
    while (!fast.is_solved()) {
      ASSERT_EQ(fast.remaining(), family.remaining());
      for (std::uint64_t i = 1; i <= n; ++i) ASSERT_EQ(fast.moves_of(i), family.moves_of(i)) << i;
      const auto a = fast.hint(), b = family.hint();
      ASSERT_TRUE(a && b);
      ASSERT_EQ(a->move, b->move);
      ASSERT_TRUE(fast.step() && family.step());
    }
    EXPECT_TRUE(family.is_solved());
  }
  Game family(plain, on(3), off(3));
  EXPECT_EQ(family.to_string({3, 1, 0, false}), "ring 3 from on to off");  // the family's words
  EXPECT_EQ(game(on(3), off(3)).to_string({3, 1, 0, false}), "ring 3 off");
  EXPECT_TRUE(family.play(family.pair_move()));  // no double moves without the capability
}

TEST(RandomState, AvoidsTheGivenStateAndVaries) {
  std::mt19937_64 rng(7);
  EXPECT_EQ(random_pieces(rings_puzzle(), 1, off(1), rng), on(1));
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const Pieces s = random_pieces(rings_puzzle(), 3, off(3), rng);
    ASSERT_EQ(s.size(), 3u);
    ASSERT_NE(s, off(3));
    seen.insert(family::format_pieces(s));
  }
  EXPECT_EQ(seen.size(), 7u);  // every other state turns up
  const auto hanoi = *family::parse_puzzle("hanoi");
  std::set<std::string> three;
  for (int i = 0; i < 200; ++i)
    three.insert(family::format_pieces(random_pieces(hanoi, 2, {2, 2}, rng)));
  EXPECT_EQ(three.size(), 8u);  // every digit of three turns up
}

}  // namespace
}  // namespace rings::play
