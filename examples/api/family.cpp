// rings/family.hpp: the rings' family (Spin-Out, The Brain, the Hexadecimal Puzzle, the Crazy
// Elephant Dance, the Towers of Hanoi): counts, distances, solutions, hints and rules.
#include "rings/family.hpp"

#include <fmt/format.h>

int main() {
  using namespace rings::family;
  for (const char* name : {"spin-out", "brain", "hexadecimal:1011", "elephant", "hanoi"}) {
    const Puzzle p = *parse_puzzle(name);
    fmt::print("{}: {} {}, {} moves\n", p.title, 8, p.pieces, count(p, 8).get_str());
  }

  const Puzzle hanoi = *parse_puzzle("hanoi");
  const Pieces from = *parse_pieces(hanoi, "0120", std::nullopt);  // disc 4 first
  const Pieces to = all_at(4, hanoi.goal);
  fmt::print("distance {} -> {}: {}\n", format_pieces(from), format_pieces(to),
             distance(hanoi, from, to).get_str());
  solve(hanoi, from, to, [&, shown = 0](const PieceMove& m) mutable {
    fmt::print("  {}\n", to_string(hanoi, m));
    return ++shown < 3;
  });
  for (const PieceHint& h : hints(hanoi, from, to, 1))
    fmt::print("hint: {}  ({})\n", to_string(hanoi, h.move), to_string(hanoi, h.reason));
  if (const auto bad = why_illegal(hanoi, from, PieceMove{4, 0, 2}))
    fmt::print("illegal: {} [{}]\n", to_string(hanoi, *bad), rule_code(bad->rule));
  fmt::print("after 5 moves: {}\n", format_pieces(state_after(hanoi, from, to, 5)));
}
