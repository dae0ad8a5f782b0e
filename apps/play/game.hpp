// The game of `rings play` as a pure model, for every puzzle of the catalogue (rings/family.hpp):
// the position, its goal, the history for undo and redo, and the score. Every rule, reason, hint
// and distance comes from the engine; what a puzzle offers (double moves, its words) comes from
// its value.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "rings/family.hpp"
#include "rings/result.hpp"
#include "rings/state.hpp"

namespace rings::play {

/// The most pieces a game may have, for the puzzle `p`: every frame writes the state and asks
/// for the distance, and beyond this a key press would no longer get an answer at once. A
/// million for a puzzle the rings' engine answers (see Game), ten thousand for the others (the
/// family's distance costs about N^2/64 word operations, docs/family.md).
std::uint64_t max_pieces(const family::Puzzle& p);

/// A move of the game: piece `piece` (from 1) goes from position `from` to position `to`; with
/// `pair`, pieces 1 and 2 go together (a double move, where the puzzle has them: both from
/// `from` to `to`).
struct GameMove {
  std::uint64_t piece = 1;
  std::uint8_t from = 0, to = 0;
  bool pair = false;
  friend bool operator==(const GameMove&, const GameMove&) = default;
};

/// Why a move was refused: the engine's reason in the puzzle's words, and the piece it names as
/// out of place (0 when none).
struct Refusal {
  std::string why;
  std::uint64_t blocker = 0;
};

/// The next optimal move and, in words, the rule that allows it.
struct GameHint {
  GameMove move;
  std::string reason;
};

/// The help a player took toward a goal: what the score at the goal is honest about.
struct Aids {
  std::uint64_t hints = 0;       ///< hints asked for (h)
  std::uint64_t undos = 0;       ///< moves or goal switches taken back (u)
  std::uint64_t auto_moves = 0;  ///< moves played by auto-play

  bool by_hand() const { return hints == 0 && undos == 0 && auto_moves == 0; }
  friend bool operator==(const Aids&, const Aids&) = default;
};

/// A stretch of play toward one goal: the game's start, or the position where the goal was
/// last switched. The score (moves against the optimum, and the aids taken) is kept per leg.
struct Leg {
  family::Pieces goal;
  family::Pieces start;
  std::uint64_t moves = 0;  ///< moves played since `start`
  Aids aids;
};

/// One step of the history: a move, or a switch of the goal (which remembers the leg it ended,
/// so that undo restores it exactly).
struct Step {
  GameMove move{};
  std::optional<Leg> previous_leg;  ///< set when the step is a goal switch

  bool is_goal_switch() const { return previous_leg.has_value(); }
};

/// A game in progress, of any puzzle of the catalogue.
///
///     const auto rings = *family::parse_puzzle("rings");
///     Game g(rings, family::all_at(3, rings.start), family::all_at(3, rings.goal));
///     g.play(g.blocked_move(3));  // refused: ring 3 needs ring 2 on and ring 1 off; ring 1 is on
///     g.step();                   // plays the next optimal move: ring 1 off
///
/// The family's engine answers every puzzle. A puzzle whose value offers double moves is
/// answered by the rings' own engine instead (rings/rules.hpp, solve.hpp): it knows the double
/// moves, words the rings' reasons as every front end does, and is fast enough for a million
/// rings. That choice is made in one place, game.cpp's `answer`, by the value's capability.
class Game {
 public:
  /// A new game from `start` toward `goal` (states of the same size, at least one piece, digits
  /// of the puzzle). `mode` may be double only where the puzzle has double moves.
  Game(family::Puzzle puzzle, family::Pieces start, family::Pieces goal, Mode mode = Mode::single);

  const family::Puzzle& puzzle() const { return puzzle_; }
  const family::Pieces& state() const { return state_; }
  const family::Pieces& start() const { return start_; }
  const family::Pieces& goal() const { return leg_.goal; }
  /// The goal the game started with (the history replays from it).
  const family::Pieces& initial_goal() const { return initial_goal_; }
  Mode mode() const { return mode_; }
  std::uint64_t pieces() const { return state_.size(); }
  /// Where piece `i` (from 1) is.
  std::uint8_t at(std::uint64_t i) const { return state_[i - 1]; }

  /// Plays `move` when the rules allow it; otherwise changes nothing and returns why not, in
  /// the engine's words. A move clears the redo history.
  std::optional<Refusal> play(const GameMove& move);
  /// The legal moves of piece `i` alone (none, one, or two for a piece with three positions).
  std::vector<GameMove> moves_of(std::uint64_t i) const;
  /// The move the rules judge when piece `i` is asked to move and cannot: toward the first
  /// position the rule joins to where it is (a piece the puzzle does not have: from 0 to 1).
  GameMove blocked_move(std::uint64_t i) const;
  /// Pieces 1 and 2 together, toward the other position of piece 1 (the rules say whether the
  /// puzzle and the mode allow it).
  GameMove pair_move() const;
  /// Where the rule of piece `k`'s move asks piece `i` (below it) to be, or nothing when it asks
  /// nothing of it (piece 1 moves freely).
  std::optional<std::uint8_t> asked_of(std::uint64_t k, std::uint64_t i) const;

  /// The next optimal move toward the goal and the rule that allows it; nothing when solved.
  std::optional<GameHint> hint() const;
  /// Where another shortest way to the goal exists (a puzzle whose three positions are all
  /// joined): the piece that may go directly, as the hint has it, or by the third position at
  /// the same cost.
  std::optional<std::uint64_t> tie() const;
  /// Plays the next optimal move (one step of auto-play, counted as such); false when solved.
  bool step();
  /// Counts a hint the player asked for toward this goal.
  void note_hint() { ++leg_.aids.hints; }
  /// The aids taken since the goal was set.
  const Aids& aids() const { return leg_.aids; }
  /// Replaces the aids (a save file restores them).
  void set_aids(const Aids& aids) { leg_.aids = aids; }

  /// Switches the goal: every piece at the puzzle's goal becomes every piece at its start, any
  /// other goal becomes every piece at the goal (the rings: all off and all on). The score
  /// starts again from the current position.
  void switch_goal();

  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < history_.size(); }
  /// Takes back the last step (a move or a goal switch), counted as an aid; false when there is
  /// none.
  bool undo();
  /// Plays again the last step taken back; false when there is none.
  bool redo();
  /// The step that undo() would take back, or that redo() would play again.
  const Step* last_step() const { return cursor_ ? &history_[cursor_ - 1] : nullptr; }
  const Step* next_step() const { return can_redo() ? &history_[cursor_] : nullptr; }

  /// Moves played in the whole game (taken-back moves do not count).
  std::uint64_t moves_made() const { return moves_made_; }
  /// Moves played since the goal was set.
  std::uint64_t leg_moves() const { return leg_.moves; }
  /// The optimal number of moves from here to the goal.
  const mpz_class& remaining() const { return remaining_; }
  /// The optimal number of moves from where the goal was set to the goal.
  const mpz_class& optimum() const { return optimum_; }
  bool is_solved() const { return state_ == leg_.goal; }
  /// Whether every move since the goal was set has been optimal.
  bool is_on_optimal_path() const { return remaining_ + leg_.moves == optimum_; }

  /// The steps played and taken back; the first `cursor()` are in force.
  const std::vector<Step>& history() const { return history_; }
  std::size_t cursor() const { return cursor_; }

  /// The move in the puzzle's words, as `rings solve` writes it: "ring 3 off", "rings 1+2 on",
  /// "disc 1 from peg 0 to peg 2".
  std::string to_string(const GameMove& move) const;
  /// A move written as to_string() writes it (a line of a save file).
  Result<GameMove> parse_move(std::string_view line) const;
  /// About how many word operations a step of auto-play costs here (finish-now's budget).
  std::uint64_t step_work() const;

 private:
  template <class F>
  auto answer(F&& f) const;
  void redo_step(const Step& step);
  void update_distances(bool leg_changed);

  family::Puzzle puzzle_;
  family::Pieces start_, initial_goal_, state_;
  Mode mode_;
  Leg leg_;
  std::vector<Step> history_;
  std::size_t cursor_ = 0;
  std::uint64_t moves_made_ = 0;
  mpz_class remaining_, optimum_;
};

/// How a goal was reached, for the score: "by hand", "with 2 hints and 1 undo", "with
/// auto-play (21 of 21 moves)".
std::string how_solved(const Aids& aids, std::uint64_t moves);

/// `n` pieces in the puzzle's words: "5 rings", "1 disc".
std::string pieces_text(const family::Puzzle& p, std::uint64_t n);

/// Whether the puzzle's title already names its pieces ("the Chinese rings": "5 rings" says
/// it all), so that "5 rings of the Chinese rings" is not written.
bool title_names_pieces(const family::Puzzle& p);
/// `n` pieces of the puzzle, titled where the pieces' word does not say it all: "5 rings", "8
/// bars of " and the puzzle's title.
std::string pieces_of_puzzle(const family::Puzzle& p, std::uint64_t n);

/// A puzzle's name without its parameter, as its pattern writes it: "rings"; "NAME" of a
/// pattern "NAME:K1K2K3K4".
std::string_view base_name(const family::Puzzle& p);
/// The parameter its name takes, as the pattern writes it ("K1K2K3K4"), or empty when none.
std::string_view parameter_pattern(const family::Puzzle& p);
/// The parameter's value in its name ("1110" of "NAME:1110"), or empty when none.
std::string_view parameter(const family::Puzzle& p);

/// A uniformly random state of `pieces` pieces other than `avoid` (a new game's start).
family::Pieces random_pieces(const family::Puzzle& puzzle, std::uint64_t pieces,
                             const family::Pieces& avoid, std::mt19937_64& rng);

}  // namespace rings::play
