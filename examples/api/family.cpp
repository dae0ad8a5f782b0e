// rings/family.hpp: the rings' family, every puzzle of the catalogue: counts, distances,
// solutions, hints and rules.
#include "rings/family.hpp"

#include <fmt/format.h>

#include <algorithm>

int main() {
  using namespace rings::family;
  for (const Puzzle& p : catalogue())
    fmt::print("{}: {} {}, {} moves\n", p.title, 8, p.pieces, count(p, 8).get_str());

  // A puzzle whose three positions are all joined (an edge of its rule for each pair).
  const Puzzle p = *std::find_if(catalogue().begin(), catalogue().end(), [](const Puzzle& q) {
    return q.positions == 3 && q.edges.size() == 3;
  });
  const Pieces from = *parse_pieces(p, "0120", std::nullopt);  // piece 4 first
  const Pieces to = all_at(4, p.goal);
  fmt::print("distance {} -> {}: {}\n", format_pieces(from), format_pieces(to),
             distance(p, from, to).get_str());
  solve(p, from, to, [&, shown = 0](const PieceMove& m) mutable {
    fmt::print("  {}\n", to_string(p, m));
    return ++shown < 3;
  });
  for (const PieceHint& h : hints(p, from, to, 1))
    fmt::print("hint: {}  ({})\n", to_string(p, h.move), to_string(p, h.reason));
  if (const auto bad = why_illegal(p, from, PieceMove{4, 0, 2}))
    fmt::print("illegal: {} [{}]\n", to_string(p, *bad), rule_code(bad->rule));
  fmt::print("after 5 moves: {}\n", format_pieces(state_after(p, from, to, 5)));
}
