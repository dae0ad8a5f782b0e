#include "puzzle_game.hpp"

#include <cassert>

namespace rings::play {

using family::PieceMove;

PuzzleGame::PuzzleGame(family::Puzzle puzzle, family::Pieces start, family::Pieces goal)
    : puzzle_(std::move(puzzle)), start_(std::move(start)), goal_(std::move(goal)), state_(start_) {
  assert(!state_.empty() && state_.size() == goal_.size());
  optimum_ = remaining_ = family::distance(puzzle_, state_, goal_);
}

std::optional<family::PieceReason> PuzzleGame::play(const PieceMove& move) {
  if (auto why = family::why_illegal(puzzle_, state_, move)) return why;
  history_.resize(cursor_);
  history_.push_back(move);
  apply(move, true);
  return std::nullopt;
}

std::vector<PieceMove> PuzzleGame::moves_of(std::uint64_t i) const {
  std::vector<PieceMove> out;
  if (i < 1 || i > pieces()) return out;
  for (const auto& m : family::legal_moves(puzzle_, state_))
    if (m.piece == i) out.push_back(m);
  return out;
}

PieceMove PuzzleGame::blocked_move(std::uint64_t i) const {
  if (i < 1 || i > pieces()) return {i, 0, 1};  // the rules say there is no such piece
  const std::uint8_t from = at(i);
  for (const auto& e : puzzle_.edges)
    if (e.a == from || e.b == from) return {i, from, std::uint8_t(e.a == from ? e.b : e.a)};
  return {i, from, from};
}

std::optional<family::PieceHint> PuzzleGame::hint() const {
  auto next = family::hints(puzzle_, state_, goal_, 1);
  if (next.empty()) return std::nullopt;
  return next.front();
}

std::optional<std::uint64_t> PuzzleGame::tie() const {
  bool tied = false;
  family::distance(puzzle_, state_, goal_, &tied);
  if (!tied) return std::nullopt;
  std::uint64_t k = state_.size();  // the highest piece that differs: only its routes tie
  while (k > 1 && state_[k - 1] == goal_[k - 1]) --k;
  return k;
}

bool PuzzleGame::step() {
  const auto next = hint();
  if (!next) return false;
  play(next->move);
  ++aids_.auto_moves;
  return true;
}

bool PuzzleGame::undo() {
  if (!can_undo()) return false;
  apply(history_[--cursor_], false);
  ++aids_.undos;
  return true;
}

bool PuzzleGame::redo() {
  if (!can_redo()) return false;
  apply(history_[cursor_], true);
  return true;
}

// Applies history_[cursor_] forward (and advances the cursor), or the move just taken back in
// reverse.
void PuzzleGame::apply(const PieceMove& move, bool forward) {
  state_[move.piece - 1] = forward ? move.to : move.from;
  if (forward) ++cursor_;
  remaining_ = family::distance(puzzle_, state_, goal_);
}

family::Pieces random_pieces(const family::Puzzle& puzzle, std::uint64_t pieces,
                             const family::Pieces& avoid, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> digit(0, puzzle.positions - 1);
  for (;;) {
    family::Pieces s(pieces);
    for (auto& d : s) d = std::uint8_t(digit(rng));
    if (s != avoid) return s;
  }
}

}  // namespace rings::play
