// rings/problem.hpp: one reader of a question, for every puzzle and every front end.
#include "rings/problem.hpp"

#include <fmt/format.h>

int main() {
  using namespace rings;
  // The puzzle, N and the states as a user writes them; "start" and "goal" are the puzzle's own.
  // The puzzle is a name of the catalogue: here its last.
  const std::string_view last = family::catalogue().back().name;
  const auto q = read_problem(
      {.puzzle = last, .pieces = "3", .states = {{"--from", "start"}, {"--to", "goal"}}});
  if (!q) return 1;
  fmt::print("{} {}: {} -> {}\n", q->pieces, q->puzzle.pieces, family::format_pieces(q->digits[0]),
             family::format_pieces(q->digits[1]));

  // The rings keep their notations and double moves; the count comes from a state in bits.
  const auto rings = read_problem({.puzzle = "rings",
                                   .states = {{"A", "110100"}, {"B", "goal"}},
                                   .notation = "binary",
                                   .double_moves = true});
  if (!rings) return 1;
  fmt::print("{} rings, from {}\n", rings->pieces, format_state(rings->bits[0], Notation::cleve));

  // A refusal says which input, with one code for every puzzle.
  for (const std::string_view puzzle : {std::string_view("rings"), last}) {
    const auto bad = read_problem({.puzzle = puzzle, .pieces = "0", .states = {{"A", "start"}}});
    fmt::print("{}: {} [{}]\n", puzzle, bad.error(), bad.failure().code.name());
  }
  const auto no = read_problem(
      {.puzzle = last, .pieces = "3", .states = {{"A", "start"}}, .double_moves = true});
  fmt::print("{} [{}]\n", no.error(), no.failure().code.name());
}
