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

Reason judged(Rule rule, const Move& move, Mode mode, Ring blocking = 0, std::uint64_t rings = 0) {
  return Reason{rule, move, mode, blocking, rings};
}

}  // namespace

std::string_view rule_code(Rule rule) {
  static constexpr std::string_view kCodes[kRuleCount] = {
      "free_end",       "after_lowest",      "pair_together",   "not_a_ring",
      "already",        "needs_previous_on", "needs_lower_off", "pair_needs_double",
      "pair_needs_two", "pair_apart",        "no_change",       "several_change"};
  return kCodes[static_cast<std::size_t>(rule)];
}

std::optional<Reason> why_illegal(const State& state, const Move& move, Mode mode) {
  const auto n = state.size();
  if (move.is_pair()) {
    if (mode != Mode::double_moves) return judged(Rule::pair_needs_double, move, mode);
    if (n < 2) return judged(Rule::pair_needs_two, move, mode, 0, n);
    const bool one = state.is_on(1), two = state.is_on(2);
    if (one != two) return judged(Rule::pair_apart, move, mode, one ? 1 : 2);
    if (one == move.on()) return judged(Rule::already, move, mode);
    return std::nullopt;
  }
  const Ring k = move.ring();
  if (k < 1 || k > n) return judged(Rule::not_a_ring, move, mode, 0, n);
  if (state.is_on(k) == move.on()) return judged(Rule::already, move, mode);
  if (k == 1) return std::nullopt;
  const Ring low = state.lowest_on();
  if (low == k - 1) return std::nullopt;
  if (!state.is_on(k - 1)) return judged(Rule::needs_previous_on, move, mode);
  return judged(Rule::needs_lower_off, move, mode, low);
}

Reason why_legal(const State& state, const Move& move, Mode mode) {
  (void)state;  // the rule that allows a legal move follows from the move alone
  if (move.is_pair()) return judged(Rule::pair_together, move, mode);
  return judged(move.ring() == 1 ? Rule::free_end : Rule::after_lowest, move, mode);
}

std::string to_string(const Reason& r) {
  const Ring k = r.move.ring();
  switch (r.rule) {
    case Rule::free_end:
      return "ring 1 can always move";
    case Rule::after_lowest:
      if (k == 2) return "ring 2 can move: ring 1 is on";
      return fmt::format("ring {} can move: ring {} is on and {} {} off", k, k - 1, lower_rings(k),
                         k == 3 ? "is" : "are");
    case Rule::pair_together:
      return fmt::format("rings 1 and 2 move together: both are {}", onoff(!r.move.on()));
    case Rule::not_a_ring:
      return fmt::format("there is no ring {}: the puzzle has {} ring{}", k, r.rings,
                         r.rings == 1 ? "" : "s");
    case Rule::already:
      return r.move.is_pair() ? fmt::format("rings 1+2 are already {}", onoff(r.move.on()))
                              : fmt::format("ring {} is already {}", k, onoff(r.move.on()));
    case Rule::needs_previous_on:
      return fmt::format("{}; ring {} is off", requirement(k), k - 1);
    case Rule::needs_lower_off:
      return fmt::format("{}; ring {} is on", requirement(k), r.blocking);
    case Rule::pair_needs_double:
      return "rings 1+2 together is a double move: allowed only with double moves";
    case Rule::pair_needs_two:
      return fmt::format("rings 1+2 need two rings; the puzzle has {}", r.rings);
    case Rule::pair_apart:
      return fmt::format("rings 1+2 move together only when both are on or both off; ring 1 is {}",
                         onoff(r.blocking == 1));
    case Rule::no_change:
      return "the state does not change: a move changes one ring";
    case Rule::several_change:
      return fmt::format("{} rings change at once; a move changes one ring{}",
                         r.rings > 2 ? "more than two" : "two",
                         r.mode == Mode::double_moves ? " (or rings 1+2 together)" : "");
  }
  return "unknown rule";
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
  return move.is_pair() ? fmt::format("rings 1+2 {}", onoff(move.on()))
                        : fmt::format("ring {} {}", move.ring(), onoff(move.on()));
}

}  // namespace rings
