// rings/oracle.hpp: slow, independent solvers kept as test oracles.
#include "rings/oracle.hpp"

#include <fmt/format.h>

#include "rings/position.hpp"

int main() {
  using namespace rings;
  const auto moves = oracle::recursive_solve(State::all_on(6), State::all_off(6), Mode::single);
  fmt::print("recursion: {} moves; closed form: {}\n", moves.size(),
             count(6, Mode::single).get_str());

  // Breadth-first search from all-off (state 0) over all 2^6 states.
  const auto d = oracle::bfs_distances(0, 6, Mode::double_moves);
  fmt::print("BFS, double moves, all-on: {}; closed form: {}\n", d[0b111111],
             count(6, Mode::double_moves).get_str());
  fmt::print("neighbours of 000110: {}\n", oracle::neighbours(0b000110, 6, Mode::single).size());
}
