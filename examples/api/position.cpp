// rings/position.hpp: positions on the Gray path, exact distances and counts (GMP).
#include "rings/position.hpp"

#include <fmt/format.h>

int main() {
  using namespace rings;
  fmt::print("count(9) = {}\n", count(9, Mode::single).get_str());
  fmt::print("count(9, double) = {}\n", count(9, Mode::double_moves).get_str());
  fmt::print("count(100) = {}\n", count(100, Mode::single).get_str());
  fmt::print("count(10^18) mod 1000000007 = {}\n",
             count_mod(1'000'000'000'000'000'000, Mode::single, 1'000'000'007));

  const State on = State::all_on(9), off = State::all_off(9);
  fmt::print("distance(on, off) = {}\n", distance(on, off, Mode::single).get_str());
  fmt::print("rank(on) = {}\n", rank(on).get_str());  // the path runs from all-off (rank 0)

  // unrank is the inverse of rank: the state 100 moves along the path from all-off.
  const State s = unrank(100, 9);
  fmt::print("unrank(100) has rings {} on; rank = {}\n", s.count_on(), rank(s).get_str());

  // advance walks k optimal moves between positions without making them.
  fmt::print("100 moves from rank(on) toward 0: rank {}\n",
             advance(rank(on), 0, 100, Mode::single).get_str());
}
