#include "rings/solve.hpp"

#include <gtest/gtest.h>

#include "rings/notation.hpp"

namespace rings {
namespace {

std::vector<Move> all_moves(const State& a, const State& b, Mode mode) {
  std::vector<Move> out;
  solve(a, b, mode, [&](const Move& m) {
    out.push_back(m);
    return true;
  });
  return out;
}

TEST(Solve, ThreeRingsByHand) {
  // The classic: 111 -> 110 -> 010 -> 011 -> 001 -> 000.
  const std::vector<Move> expected{Move::single(1, false), Move::single(3, false),
                                   Move::single(1, true), Move::single(2, false),
                                   Move::single(1, false)};
  EXPECT_EQ(all_moves(State::all_on(3), State::all_off(3), Mode::single), expected);
  // Putting the rings on is the same walk backwards, with the directions flipped.
  const std::vector<Move> on{Move::single(1, true), Move::single(2, true), Move::single(1, false),
                             Move::single(3, true), Move::single(1, true)};
  EXPECT_EQ(all_moves(State::all_off(3), State::all_on(3), Mode::single), on);
}

TEST(Solve, DoubleMovesForFourRings) {
  const std::vector<Move> expected{
      Move::pair(false),      Move::single(4, false), Move::pair(true), Move::single(1, false),
      Move::single(3, false), Move::single(1, true),  Move::pair(false)};
  EXPECT_EQ(all_moves(State::all_on(4), State::all_off(4), Mode::double_moves), expected);
}

TEST(Solve, SinkCanStop) {
  int seen = 0;
  EXPECT_FALSE(solve(State::all_on(40), State::all_off(40), Mode::single,
                     [&](const Move&) { return ++seen < 5; }));
  EXPECT_EQ(seen, 5);
  EXPECT_TRUE(
      solve(State::all_on(4), State::all_on(4), Mode::single, [](const Move&) { return false; }));
}

TEST(Solve, HintsCarryTheirReasons) {
  const State s = *parse_state("111111111", std::nullopt, Notation::binary);
  const auto h = hints(s, State::all_off(9), 2, Mode::single);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0].move, Move::single(1, false));
  EXPECT_EQ(to_string(h[0].reason), "ring 1 can always move");
  EXPECT_EQ(h[1].move, Move::single(3, false));
  EXPECT_EQ(to_string(h[1].reason), "ring 3 can move: ring 2 is on and ring 1 is off");
  EXPECT_TRUE(hints(State::all_off(9), State::all_off(9), 5, Mode::single).empty());
  EXPECT_EQ(hints(State::all_on(2), State::all_off(2), 10, Mode::single).size(), 2u);
}

TEST(Solve, StateAfterEveryStepOfNineRings) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    const State from = State::all_on(9), to = State::all_off(9);
    State s = from;
    std::uint64_t k = 0;
    solve(from, to, mode, [&](const Move& m) {
      apply(s, m);
      EXPECT_EQ(state_after(from, to, ++k, mode), s) << k;
      return true;
    });
    EXPECT_EQ(s, to);
  }
}

}  // namespace
}  // namespace rings
