// The rules of the puzzle: which moves are legal, and why (or why not) as data.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rings/state.hpp"

namespace rings {

/// The legal moves of a state: at most two single moves, plus the pair move in double mode.
struct LegalMoves {
  std::array<Move, 3> moves{};
  std::size_t count = 0;

  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + count; }
  std::size_t size() const { return count; }
};

/// The rules a move is judged by. The engine answers with a Rule and the rings it names (a
/// Reason); front ends word it: to_string(Reason) in English for the CLI, the API and Python,
/// the page in each of its languages from the same codes (rule_code).
enum class Rule : std::uint8_t {
  // Why a move is legal.
  free_end,       ///< ring 1 can always move
  after_lowest,   ///< ring k > 1 can move: ring k-1 is on and rings 1..k-2 are off
  pair_together,  ///< rings 1+2 move together: both are on, or both off
  // Why a move is illegal.
  not_a_ring,         ///< the ring is not a ring of this puzzle (`rings` rings)
  already,            ///< the ring (or rings 1+2) is already where the move would take it
  needs_previous_on,  ///< ring k > 1 needs ring k-1 on, and it is off
  needs_lower_off,    ///< ring k > 2 needs rings 1..k-2 off; ring `blocking` is on
  pair_needs_double,  ///< rings 1+2 together is a double move: only with double moves
  pair_needs_two,     ///< rings 1+2 need two rings; the puzzle has `rings`
  pair_apart,         ///< rings 1+2 move together only when both are on or both off
  // Why a step of a states list is not a move.
  no_change,       ///< the state does not change
  several_change,  ///< `rings` rings change at once (3 stands for more than two)
};
inline constexpr std::size_t kRuleCount = 12;

/// A judgement of a move: the rule and the rings it names. Which fields mean something
/// depends on the rule (see Rule); the others are 0.
///
///     why_illegal(State::all_off(5), Move::single(5, true), Mode::single)
///     // Reason{Rule::needs_previous_on, ring 5 on}: "ring 5 needs ring 4 on and rings 1–3
///     // off; ring 4 is off"
struct Reason {
  Rule rule = Rule::free_end;
  Move move;                 ///< the move judged
  Mode mode = Mode::single;  ///< the convention it was judged in
  Ring blocking = 0;         ///< needs_lower_off: the lowest ring on; pair_apart: the one on
  std::uint64_t rings = 0;   ///< not_a_ring, pair_needs_two: the ring count; several_change:
                             ///< how many rings change (3: more than two)

  bool is_legal() const { return rule <= Rule::pair_together; }
  friend bool operator==(const Reason&, const Reason&) = default;
};

/// The rule's code as it appears in JSON ("needs_lower_off"), for front ends to word.
std::string_view rule_code(Rule rule);

/// Why `move` is illegal in `state`, or nothing when it is legal. A move must change its
/// ring(s): `ring 3 on` when ring 3 is already on is illegal too.
std::optional<Reason> why_illegal(const State& state, const Move& move, Mode mode);

inline bool is_legal(const State& state, const Move& move, Mode mode) {
  return !why_illegal(state, move, mode).has_value();
}

/// The rule that allows a legal `move`.
Reason why_legal(const State& state, const Move& move, Mode mode = Mode::single);

/// The reason in English: "ring 5 needs ring 4 on and rings 1–3 off; ring 2 is on", "ring 1
/// can always move". The one English wording of the rules.
std::string to_string(const Reason& reason);

/// The move that toggles `ring` (or rings 1+2 when `pair`) from `state`: the direction follows
/// from the state.
inline Move toggle_move(const State& state, Ring ring, bool pair = false) {
  return pair ? Move::pair(!state.is_on(1)) : Move::single(ring, !state.is_on(ring));
}

/// All legal moves of `state`: ring 1, the ring above the lowest ring that is on, and in double
/// mode rings 1+2 when both are on or both off.
LegalMoves legal_moves(const State& state, Mode mode);

/// Applies a move (legal or not) to `state`.
inline void apply(State& state, const Move& move) {
  state.set(move.ring(), move.on());
  if (move.is_pair()) state.set(2, move.on());
}

/// The move in words: "ring 3 off", "rings 1+2 on".
std::string to_string(const Move& move);

}  // namespace rings
