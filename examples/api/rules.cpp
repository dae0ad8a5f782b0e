// rings/rules.hpp: which moves are legal, and why (or why not) in words.
#include "rings/rules.hpp"

#include <fmt/format.h>

#include "rings/notation.hpp"

int main() {
  using namespace rings;
  State s = *parse_state("110100", std::nullopt, Notation::binary);

  for (const Move& m : legal_moves(s, Mode::single))
    fmt::print("legal: {}  ({})\n", to_string(m), why_legal(s, m));
  fmt::print("with double moves: {} legal moves\n", legal_moves(s, Mode::double_moves).size());

  const Move ring5{5, false};
  if (auto why = why_illegal(s, ring5, Mode::single))
    fmt::print("{} is illegal: {}\n", to_string(ring5), *why);

  // toggle_move picks the direction from the state; apply makes the move.
  const Move m = toggle_move(s, 4);
  apply(s, m);
  fmt::print("after {}: {}\n", to_string(m), format_state(s, Notation::binary));
}
