// The game of `rings play` as a pure model: the position, its goal, the history for undo and
// redo, and the score. Every rule, hint and distance comes from the engine.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "rings/solve.hpp"
#include "rings/state.hpp"

namespace rings::play {

/// The most rings a game may have: every frame writes the state and the distance in decimal, and
/// beyond this a key press would no longer get an answer at once.
inline constexpr std::uint64_t kMaxPlayRings = 1'000'000;

/// A stretch of play toward one goal: the game's start, or the position where the goal was
/// last switched. The score (moves against the optimum) is kept per leg.
struct Leg {
  State goal;
  State start;
  std::uint64_t moves = 0;  ///< moves played since `start`
};

/// One step of the history: a move, or a switch of the goal (which remembers the leg it ended,
/// so that undo restores it exactly).
struct Step {
  Move move{};
  std::optional<Leg> previous_leg;  ///< set when the step is a goal switch

  bool is_goal_switch() const { return previous_leg.has_value(); }
};

/// A game in progress.
///
///     Game g(State::all_on(3), State::all_off(3), Mode::single);
///     g.play(Move::single(3, false));  // refused: "ring 3 needs ring 2 on and ring 1 off; ring 1
///     is on" g.step();                // plays the next optimal move: ring 1 off
class Game {
 public:
  /// A new game from `start` toward `goal` (states of the same size, at least one ring).
  Game(State start, State goal, Mode mode);

  const State& state() const { return state_; }
  const State& start() const { return start_; }
  const State& goal() const { return leg_.goal; }
  /// The goal the game started with (the history replays from it).
  const State& initial_goal() const { return initial_goal_; }
  Mode mode() const { return mode_; }
  std::uint64_t rings() const { return state_.size(); }

  /// Plays `move` when the rules allow it; otherwise changes nothing and returns why not, in
  /// the engine's words. A move clears the redo history.
  std::optional<std::string> play(const Move& move);
  /// Moves `ring` (or rings 1+2 when `pair`) in the direction the state allows.
  std::optional<std::string> toggle(Ring ring, bool pair = false);

  /// The next optimal move toward the goal and the rule that allows it; nothing when solved.
  std::optional<Hint> hint() const;
  /// Plays the next optimal move (one step of auto-play); false when already solved.
  bool step();

  /// Switches the goal: all-off becomes all-on, any other goal becomes all-off. The score
  /// starts again from the current position.
  void switch_goal();

  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ < history_.size(); }
  /// Takes back the last step (a move or a goal switch); false when there is none.
  bool undo();
  /// Plays again the last step taken back; false when there is none.
  bool redo();

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

 private:
  void redo_step(const Step& step);
  void update_distances(bool leg_changed);

  State start_, initial_goal_, state_;
  Mode mode_;
  Leg leg_;
  std::vector<Step> history_;
  std::size_t cursor_ = 0;
  std::uint64_t moves_made_ = 0;
  mpz_class remaining_, optimum_;
};

/// A uniformly random state of `rings` rings other than `avoid` (a new game's start).
State random_state(std::uint64_t rings, const State& avoid, std::mt19937_64& rng);

}  // namespace rings::play
