// rings/solve.hpp: the optimal solution streamed into a sink; hints; the state after k moves.
#include "rings/solve.hpp"

#include <fmt/format.h>

#include "rings/notation.hpp"

int main() {
  using namespace rings;
  // The sink returns false to stop: here after 5 of the 341 moves.
  int shown = 0;
  const bool reached = solve(State::all_on(9), State::all_off(9), Mode::single, [&](const Move& m) {
    fmt::print("{}: {}\n", ++shown, to_string(m));
    return shown < 5;
  });
  fmt::print("reached: {}\n", reached);

  // Any two states, double moves: count the moves without storing them.
  const State from = *parse_state("1010101010", std::nullopt, Notation::binary);
  const State to = *parse_state("0000011111", std::nullopt, Notation::binary);
  std::uint64_t moves = 0;
  solve(from, to, Mode::double_moves, [&](const Move&) { return ++moves, true; });
  fmt::print("{} double-mode moves (distance {})\n", moves,
             distance(from, to, Mode::double_moves).get_str());

  for (const Hint& h : hints(State::all_on(9), State::all_off(9), 2, Mode::single))
    fmt::print("hint: {}  ({})\n", to_string(h.move), to_string(h.reason));

  const State s = state_after(State::all_on(9), State::all_off(9), 100, Mode::single);
  fmt::print("after 100 moves: {}\n", format_state(s, Notation::binary));
}
