// A game of one of the rings' family (Spin-Out, The Brain, the Hexadecimal Puzzle, the Crazy
// Elephant Dance, the Towers of Hanoi) as a pure model: the position, the history for undo and
// redo, and the score. Every rule, hint and distance comes from the engine (rings/family.hpp).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "game.hpp"
#include "rings/family.hpp"

namespace rings::play {

/// The most pieces a family game may have: every frame asks the engine for the distance, which
/// costs about N^2/64 word operations (docs/family.md), so a key press still gets an answer at
/// once.
inline constexpr std::uint64_t kMaxPlayPieces = 10'000;

/// A game of a family puzzle from `start` toward `goal`.
///
///     PuzzleGame g(*family::parse_puzzle("hanoi"), family::all_at(3, 0), family::all_at(3, 2));
///     g.play({2, 0, 1});  // refused: disc 2 may go from peg 0 to peg 1 only when disc 1 is ...
///     g.step();           // plays the next optimal move: disc 1 from peg 0 to peg 2
class PuzzleGame {
 public:
  /// A new game (states of the same size, at least one piece, digits of the puzzle).
  PuzzleGame(family::Puzzle puzzle, family::Pieces start, family::Pieces goal);

  const family::Puzzle& puzzle() const { return puzzle_; }
  const family::Pieces& state() const { return state_; }
  const family::Pieces& start() const { return start_; }
  const family::Pieces& goal() const { return goal_; }
  std::uint64_t pieces() const { return state_.size(); }
  /// Where piece `i` (from 1) is.
  std::uint8_t at(std::uint64_t i) const { return state_[i - 1]; }

  /// Plays `move` when the rules allow it; otherwise changes nothing and returns why not. A move
  /// clears the redo history.
  std::optional<family::PieceReason> play(const family::PieceMove& move);
  /// The legal moves of piece `i` (none, one, or two for a piece with three positions).
  std::vector<family::PieceMove> moves_of(std::uint64_t i) const;
  /// The move the rules would judge when piece `i` is asked to move and cannot: toward the
  /// first position its rule joins to where it is.
  family::PieceMove blocked_move(std::uint64_t i) const;

  /// The next optimal move toward the goal and the rule that allows it; nothing when solved.
  std::optional<family::PieceHint> hint() const;
  /// Where another shortest way to the goal exists (the Towers of Hanoi): the piece that may go
  /// directly, as the hint has it, or by the third position at the same cost.
  std::optional<std::uint64_t> tie() const;
  /// Plays the next optimal move (one step of auto-play, counted as such); false when solved.
  bool step();
  void note_hint() { ++aids_.hints; }
  const Aids& aids() const { return aids_; }
  void set_aids(const Aids& aids) { aids_ = aids; }

  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < history_.size(); }
  /// Takes back the last move, counted as an aid; false when there is none.
  bool undo();
  /// Plays again the last move taken back; false when there is none.
  bool redo();
  const family::PieceMove* last_move() const { return cursor_ ? &history_[cursor_ - 1] : nullptr; }
  const family::PieceMove* next_move() const { return can_redo() ? &history_[cursor_] : nullptr; }

  /// Moves played (taken-back moves do not count).
  std::uint64_t moves_made() const { return cursor_; }
  const mpz_class& remaining() const { return remaining_; }
  const mpz_class& optimum() const { return optimum_; }
  bool is_solved() const { return state_ == goal_; }
  bool is_on_optimal_path() const { return remaining_ + cursor_ == optimum_; }

  const std::vector<family::PieceMove>& history() const { return history_; }
  std::size_t cursor() const { return cursor_; }

 private:
  void apply(const family::PieceMove& move, bool forward);

  family::Puzzle puzzle_;
  family::Pieces start_, goal_, state_;
  std::vector<family::PieceMove> history_;
  std::size_t cursor_ = 0;
  Aids aids_;
  mpz_class remaining_, optimum_;
};

/// A uniformly random state of `pieces` pieces other than `avoid` (a new game's start).
family::Pieces random_pieces(const family::Puzzle& puzzle, std::uint64_t pieces,
                             const family::Pieces& avoid, std::mt19937_64& rng);

}  // namespace rings::play
