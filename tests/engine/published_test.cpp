// Published values, with their sources.
#include <gtest/gtest.h>

#include <cmath>

#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings {
namespace {

// OEIS A000975 (a(n) = floor(2^(n+1)/3)): the moves to remove n rings, n = 1..25.
TEST(Published, OeisA000975) {
  const std::vector<unsigned long> a000975{
      1,      2,      5,       10,      21,      42,       85,      170,   341,
      682,    1365,   2730,    5461,    10922,   21845,    43690,   87381, 174762,
      349525, 699050, 1398101, 2796202, 5592405, 11184810, 22369621};
  for (std::size_t n = 1; n <= a000975.size(); ++n)
    EXPECT_EQ(count(n, Mode::single), a000975[n - 1]) << n;
}

// OEIS A051049: the moves with rings 1 and 2 moving together as one, n = 1..10.
TEST(Published, OeisA051049) {
  const std::vector<unsigned long> a051049{1, 1, 4, 7, 16, 31, 64, 127, 256, 511};
  for (std::size_t n = 1; n <= a051049.size(); ++n)
    EXPECT_EQ(count(n, Mode::double_moves), a051049[n - 1]) << n;
}

// Cleve Moler, "Patience Chinese Rings Puzzle", Cleve's Corner, 6 Feb 2017: shortest_path(0) for
// six hooks in his convention (bit i-1 set when hook i is free), columns 1-39 and the end.
TEST(Published, CleveMolersSixHookPath) {
  const std::vector<int> published{0,  2,  3,  11, 10, 8,  9,  13, 12, 14, 15, 47, 46,
                                   44, 45, 41, 40, 42, 43, 35, 34, 32, 33, 37, 36, 38,
                                   39, 55, 54, 52, 53, 49, 48, 50, 51, 59, 58, 56, 57};
  const State from = *parse_state("0", 6, Notation::cleve);
  const State to = *parse_state("63", 6, Notation::cleve);
  std::vector<int> path{std::stoi(format_state(from, Notation::cleve))};
  std::vector<Ring> clicks;
  State s = from;
  solve(from, to, Mode::single, [&](const Move& m) {
    apply(s, m);
    path.push_back(std::stoi(format_state(s, Notation::cleve)));
    clicks.push_back(m.ring());
    return true;
  });
  ASSERT_EQ(path.size(), 43u);  // 42 moves
  EXPECT_EQ(std::vector<int>(path.begin(), path.begin() + 39), published);
  EXPECT_EQ(path[41], 62);
  EXPECT_EQ(path[42], 63);
  // His hook clicks are the log2 of the changes between states.
  for (std::size_t i = 0; i + 1 < published.size(); ++i)
    EXPECT_EQ(clicks[i], 1 + std::log2(std::abs(published[i + 1] - published[i]))) << i;
}

// The classic nine linked rings: 341 moves, 256 counting double moves.
TEST(Published, NineLinkedRings) {
  EXPECT_EQ(distance(State::all_on(9), State::all_off(9), Mode::single), 341);
  EXPECT_EQ(distance(State::all_on(9), State::all_off(9), Mode::double_moves), 256);
}

}  // namespace
}  // namespace rings
