// The rules of the puzzle: which moves are legal, and why (or why not) in words.
#pragma once

#include <array>
#include <optional>
#include <string>

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

/// Why `move` is illegal in `state`, in words ("ring 5 needs ring 4 on and rings 1–3 off; ring 2
/// is on"), or nothing when it is legal. A move must change its ring(s): `ring 3 on` when ring 3
/// is already on is illegal too.
std::optional<std::string> why_illegal(const State& state, const Move& move, Mode mode);

inline bool is_legal(const State& state, const Move& move, Mode mode) {
  return !why_illegal(state, move, mode).has_value();
}

/// The rule that allows a legal `move`, in words ("ring 5 can move: ring 4 is on and rings 1–3
/// are off").
std::string why_legal(const State& state, const Move& move);

/// The move that toggles `ring` (or rings 1+2 when `pair`) from `state`: the direction follows
/// from the state.
inline Move toggle_move(const State& state, Ring ring, bool pair = false) {
  return Move{pair ? 1 : ring, !state.is_on(pair ? 1 : ring), pair};
}

/// All legal moves of `state`: ring 1, the ring above the lowest ring that is on, and in double
/// mode rings 1+2 when both are on or both off.
LegalMoves legal_moves(const State& state, Mode mode);

/// Applies a move (legal or not) to `state`.
inline void apply(State& state, const Move& move) {
  state.set(move.ring, move.on);
  if (move.pair) state.set(2, move.on);
}

/// The move in words: "ring 3 off", "rings 1+2 on".
std::string to_string(const Move& move);

}  // namespace rings
