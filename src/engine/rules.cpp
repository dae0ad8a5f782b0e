#include "rings/rules.hpp"

#include <fmt/format.h>

namespace rings {
namespace {

const char* onoff(bool on) { return on ? "on" : "off"; }

// The rings below k-1, which must be off: "ring 1", "rings 1 and 2", "rings 1–3".
std::string lower_rings(Ring k) {
  if (k == 3) return "ring 1";
  if (k == 4) return "rings 1 and 2";
  return fmt::format("rings 1\u2013{}", k - 2);
}

// Ring k > 1 may move only when ring k-1 is on and rings 1..k-2 are off.
std::string requirement(Ring k) {
  if (k == 2) return "ring 2 needs ring 1 on";
  return fmt::format("ring {} needs ring {} on and {} off", k, k - 1, lower_rings(k));
}

}  // namespace

std::optional<std::string> why_illegal(const State& state, const Move& move, Mode mode) {
  const auto n = state.size();
  if (move.pair) {
    if (mode != Mode::double_moves)
      return std::string("rings 1+2 together is a double move: allowed only with double moves");
    if (n < 2) return fmt::format("rings 1+2 need two rings; the puzzle has {}", n);
    const bool one = state.is_on(1), two = state.is_on(2);
    if (one != two)
      return fmt::format("rings 1+2 move together only when both are on or both off; ring 1 is {}",
                         onoff(one));
    if (one == move.on) return fmt::format("rings 1+2 are already {}", onoff(one));
    return std::nullopt;
  }
  const Ring k = move.ring;
  if (k < 1 || k > n)
    return fmt::format("there is no ring {}: the puzzle has {} ring{}", k, n, n == 1 ? "" : "s");
  if (state.is_on(k) == move.on) return fmt::format("ring {} is already {}", k, onoff(move.on));
  if (k == 1) return std::nullopt;
  const Ring low = state.lowest_on();
  if (low == k - 1) return std::nullopt;
  if (!state.is_on(k - 1)) return fmt::format("{}; ring {} is off", requirement(k), k - 1);
  return fmt::format("{}; ring {} is on", requirement(k), low);
}

std::string why_legal(const State& state, const Move& move) {
  if (move.pair)
    return fmt::format("rings 1 and 2 move together: both are {}", onoff(state.is_on(1)));
  const Ring k = move.ring;
  if (k == 1) return "ring 1 can always move";
  if (k == 2) return "ring 2 can move: ring 1 is on";
  return fmt::format("ring {} can move: ring {} is on and {} {} off", k, k - 1, lower_rings(k),
                     k == 3 ? "is" : "are");
}

LegalMoves legal_moves(const State& state, Mode mode) {
  LegalMoves out;
  if (state.size() == 0) return out;
  out.moves[out.count++] = toggle_move(state, 1);
  const Ring low = state.lowest_on();
  if (low != 0 && low < state.size()) out.moves[out.count++] = toggle_move(state, low + 1);
  if (mode == Mode::double_moves && state.size() >= 2 && state.is_on(1) == state.is_on(2))
    out.moves[out.count++] = toggle_move(state, 1, true);
  return out;
}

std::string to_string(const Move& move) {
  return move.pair ? fmt::format("rings 1+2 {}", onoff(move.on))
                   : fmt::format("ring {} {}", move.ring, onoff(move.on));
}

}  // namespace rings
