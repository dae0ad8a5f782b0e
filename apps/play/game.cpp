#include "game.hpp"

#include <cassert>

#include "rings/position.hpp"
#include "rings/rules.hpp"

namespace rings::play {

Game::Game(State start, State goal, Mode mode)
    : start_(start), initial_goal_(goal), state_(std::move(start)), mode_(mode) {
  assert(state_.size() >= 1 && state_.size() == goal.size());
  leg_ = Leg{std::move(goal), state_, 0};
  update_distances(true);
}

std::optional<std::string> Game::play(const Move& move) {
  if (auto why = why_illegal(state_, move, mode_)) return to_string(*why);
  history_.resize(cursor_);
  history_.push_back(Step{move, std::nullopt});
  redo_step(history_.back());
  return std::nullopt;
}

std::optional<std::string> Game::toggle(Ring ring, bool pair) {
  // A ring the puzzle does not have cannot be looked up; the rules still say why it cannot move.
  if (!pair && (ring < 1 || ring > rings())) return play(Move::single(ring, true));
  return play(toggle_move(state_, ring, pair));
}

std::optional<Hint> Game::hint() const {
  auto next = hints(state_, leg_.goal, 1, mode_);
  if (next.empty()) return std::nullopt;
  return std::move(next.front());
}

bool Game::step() {
  const auto next = hint();
  if (!next) return false;
  play(next->move);
  return true;
}

void Game::switch_goal() {
  history_.resize(cursor_);
  history_.push_back(Step{Move(), leg_});
  redo_step(history_.back());
}

bool Game::undo() {
  if (!can_undo()) return false;
  const Step& s = history_[--cursor_];
  if (s.is_goal_switch()) {
    leg_ = *s.previous_leg;
    update_distances(true);
  } else {
    apply(state_, s.move.reversed());
    --leg_.moves;
    --moves_made_;
    update_distances(false);
  }
  return true;
}

bool Game::redo() {
  if (!can_redo()) return false;
  redo_step(history_[cursor_]);
  return true;
}

// Applies history_[cursor_] (which is `step`) and advances the cursor.
void Game::redo_step(const Step& step) {
  ++cursor_;
  if (step.is_goal_switch()) {
    const auto n = rings();
    const State all_off = State::all_off(n);
    leg_ = Leg{leg_.goal == all_off ? State::all_on(n) : all_off, state_, 0};
    update_distances(true);
  } else {
    apply(state_, step.move);
    ++leg_.moves;
    ++moves_made_;
    update_distances(false);
  }
}

void Game::update_distances(bool leg_changed) {
  remaining_ = distance(state_, leg_.goal, mode_);
  if (leg_changed) optimum_ = distance(leg_.start, leg_.goal, mode_);
}

State random_state(std::uint64_t rings, const State& avoid, std::mt19937_64& rng) {
  for (;;) {
    std::vector<std::uint64_t> words((rings + 63) / 64);
    for (auto& w : words) w = rng();
    State s = State::from_words(rings, std::move(words));
    if (s != avoid) return s;
  }
}

}  // namespace rings::play
