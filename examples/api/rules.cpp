// rings/rules.hpp: which moves are legal, and why (or why not), as a rule code and in English.
#include "rings/rules.hpp"

#include <fmt/format.h>

#include "rings/notation.hpp"

int main() {
  using namespace rings;
  State s = *parse_state("110100", std::nullopt, Notation::binary);

  for (const Move& m : legal_moves(s, Mode::single))
    fmt::print("legal: {}  ({})\n", to_string(m), to_string(why_legal(s, m)));
  fmt::print("with double moves: {} legal moves\n", legal_moves(s, Mode::double_moves).size());

  const auto ring5 = Move::single(5, false);
  // The reason is data (a rule code and the rings it names); to_string words it in English.
  if (auto why = why_illegal(s, ring5, Mode::single))
    fmt::print("{} is illegal: {} (rule {}, ring {} is off)\n", to_string(ring5), to_string(*why),
               rule_code(why->rule), why->move.ring() - 1);

  // toggle_move picks the direction from the state; apply makes the move.
  const Move m = toggle_move(s, 4);
  apply(s, m);
  fmt::print("after {}: {}\n", to_string(m), format_state(s, Notation::binary));
}
