// rings/verify.hpp: checking a move list line by line.
#include "rings/verify.hpp"

#include <fmt/format.h>

#include <variant>

// Checks `lines` from all-on to all-off, as `rings verify` does.
static void check(std::initializer_list<std::string_view> lines) {
  using namespace rings;
  MoveListParser parser(3, ListFormat::detect, Notation::binary);
  Verifier verifier(State::all_on(3), State::all_off(3), Mode::single);
  for (std::string_view line : lines) {
    Result<ListItem> item = parser.parse_line(line);
    if (!item) return fmt::print("error: {}\n", item.error());
    bool ok = true;
    if (auto* m = std::get_if<Move>(&*item)) ok = verifier.step(*m);
    if (auto* t = std::get_if<Toggle>(&*item)) ok = verifier.step(*t);
    if (!ok) break;
  }
  const VerifyReport r = verifier.report();
  if (!r.legal) return fmt::print("move {}: illegal: {}\n", r.illegal_move, to_string(r.rule));
  fmt::print("{} moves, reached: {}, optimal: {} (optimum {}, {} to go)\n", r.moves, r.reached,
             r.optimal, r.optimum.get_str(), r.remaining.get_str());
}

int main() {
  check({"1: ring 1 off", "2: ring 3 off", "3: ring 1 on", "4: ring 2 off", "5: ring 1 off"});
  check({"1", "3"});       // toggles: the direction follows from the state
  check({"1", "3", "2"});  // ring 2 cannot move now
  check({"ring 4 off"});
}
