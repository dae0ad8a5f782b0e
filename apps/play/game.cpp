#include "game.hpp"

#include <fmt/format.h>

#include <cassert>

#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "rings/verify.hpp"

namespace rings::play {
namespace {

using family::Pieces;

// The engine's answers to the game's questions. Both engines answer the same questions with the
// same types, so that the game asks without knowing which one answers (Game::answer picks it).

// The family's engine: every puzzle of the catalogue.
struct FamilyAnswers {
  const family::Puzzle& p;

  // Every frame asks for the distance: about N^2/64 word operations (docs/family.md), and so
  // does every step of auto-play.
  static std::uint64_t max_pieces() { return 10'000; }
  static std::uint64_t step_work(std::uint64_t n) { return n * n; }

  static family::PieceMove piece_move(const GameMove& m) { return {m.piece, m.from, m.to}; }
  static GameMove game_move(const family::PieceMove& m) { return {m.piece, m.from, m.to, false}; }

  std::optional<Refusal> refusal(const Pieces& s, const GameMove& m) const {
    if (m.pair)
      return Refusal{
          fmt::format("{} 1 and 2 together is a double move; {} has none", p.pieces, p.title)};
    const auto why = family::why_illegal(p, s, piece_move(m));
    if (!why) return std::nullopt;
    return Refusal{family::to_string(p, *why),
                   why->rule == family::PieceRule::needs_below ? why->other : 0};
  }
  mpz_class distance(const Pieces& from, const Pieces& to) const {
    return family::distance(p, from, to);
  }
  std::optional<GameHint> hint(const Pieces& from, const Pieces& to) const {
    const auto next = family::hints(p, from, to, 1);
    if (next.empty()) return std::nullopt;
    return GameHint{game_move(next.front().move), family::to_string(p, next.front().reason)};
  }
  bool tied(const Pieces& from, const Pieces& to) const {
    bool tied = false;
    family::distance(p, from, to, &tied);
    return tied;
  }
  std::vector<GameMove> moves_of(const Pieces& s, std::uint64_t i) const {
    std::vector<GameMove> out;
    for (const auto& m : family::legal_moves(p, s))
      if (m.piece == i) out.push_back(game_move(m));
    return out;
  }
  std::string words(const GameMove& m) const { return family::to_string(p, piece_move(m)); }
  Result<GameMove> parse(std::string_view line, std::uint64_t n) const {
    auto item = family::parse_list_line(p, line, n);
    if (!item) return item.failure();
    const auto* move = std::get_if<family::PieceMove>(&*item);
    if (!move)
      return Error{fmt::format("expected a move ('{}') or 'goal'",
                               family::to_string(p, {1, p.start, p.goal})),
                   "bad_save_file"};
    return game_move(*move);
  }
};

// The rings' own engine, for a puzzle with double moves: its state is the rings' State (1 = on).
struct RingAnswers {
  Mode mode;

  // Every frame writes the state and the distance in decimal: linear in N.
  static std::uint64_t max_pieces() { return 1'000'000; }
  static std::uint64_t step_work(std::uint64_t n) { return n; }

  static Move ring_move(const GameMove& m) {
    return m.pair ? Move::pair(m.to == 1) : Move::single(m.piece, m.to == 1);
  }
  static GameMove game_move(const Move& m) {
    return {m.ring(), std::uint8_t(m.on() ? 0 : 1), std::uint8_t(m.on() ? 1 : 0), m.is_pair()};
  }

  std::optional<Refusal> refusal(const Pieces& s, const GameMove& m) const {
    const auto why = why_illegal(family::to_state(s), ring_move(m), mode);
    if (!why) return std::nullopt;
    const Ring blocker = why->rule == Rule::needs_lower_off     ? why->blocking
                         : why->rule == Rule::needs_previous_on ? why->move.ring() - 1
                                                                : 0;
    return Refusal{rings::to_string(*why), blocker};
  }
  mpz_class distance(const Pieces& from, const Pieces& to) const {
    return rings::distance(family::to_state(from), family::to_state(to), mode);
  }
  std::optional<GameHint> hint(const Pieces& from, const Pieces& to) const {
    auto next = hints(family::to_state(from), family::to_state(to), 1, mode);
    if (next.empty()) return std::nullopt;
    return GameHint{game_move(next.front().move), rings::to_string(next.front().reason)};
  }
  bool tied(const Pieces&, const Pieces&) const { return false; }  // one shortest way
  std::vector<GameMove> moves_of(const Pieces& s, std::uint64_t i) const {
    std::vector<GameMove> out;
    for (const auto& m : legal_moves(family::to_state(s), mode))
      if (!m.is_pair() && m.ring() == i) out.push_back(game_move(m));
    return out;
  }
  std::string words(const GameMove& m) const { return rings::to_string(ring_move(m)); }
  Result<GameMove> parse(std::string_view line, std::uint64_t n) const {
    auto item = MoveListParser(n, ListFormat::moves, Notation::binary).parse_line(line);
    if (!item) return item.failure();
    const Move* move = std::get_if<Move>(&*item);
    if (!move) return Error{"expected a move ('ring 3 off') or 'goal'", "bad_save_file"};
    return game_move(*move);
  }
};

// Where a move puts the pieces, forward or taken back.
void apply(Pieces& s, const GameMove& m, bool forward) {
  const std::uint8_t to = forward ? m.to : m.from;
  s[m.piece - 1] = to;
  if (m.pair) s[1] = to;
}

// The one place the game picks its engine, by what the puzzle's value offers: `f` is called
// with the engine that answers `p`.
template <class F>
auto answer(const family::Puzzle& p, Mode mode, F&& f) {
  if (p.double_moves) return f(RingAnswers{mode});
  return f(FamilyAnswers{p});
}

}  // namespace

template <class F>
auto Game::answer(F&& f) const {
  return play::answer(puzzle_, mode_, std::forward<F>(f));
}

std::uint64_t max_pieces(const family::Puzzle& p) {
  return answer(p, Mode::single, [](const auto& e) { return e.max_pieces(); });
}

std::uint64_t Game::step_work() const {
  return answer([&](const auto& e) { return e.step_work(pieces()); });
}

Game::Game(family::Puzzle puzzle, Pieces start, Pieces goal, Mode mode)
    : puzzle_(std::move(puzzle)),
      start_(start),
      initial_goal_(goal),
      state_(std::move(start)),
      mode_(puzzle_.double_moves ? mode : Mode::single) {
  assert(state_.size() >= 1 && state_.size() == goal.size());
  leg_ = Leg{std::move(goal), state_, 0, {}};
  update_distances(true);
}

std::optional<Refusal> Game::play(const GameMove& move) {
  if (auto why = answer([&](const auto& e) { return e.refusal(state_, move); })) return why;
  history_.resize(cursor_);
  history_.push_back(Step{move, std::nullopt});
  redo_step(history_.back());
  return std::nullopt;
}

std::vector<GameMove> Game::moves_of(std::uint64_t i) const {
  if (i < 1 || i > pieces()) return {};
  return answer([&](const auto& e) { return e.moves_of(state_, i); });
}

GameMove Game::blocked_move(std::uint64_t i) const {
  if (i < 1 || i > pieces()) return {i, 0, 1, false};  // the rules say there is no such piece
  const std::uint8_t from = at(i);
  for (const auto& e : puzzle_.edges)
    if (e.a == from || e.b == from) return {i, from, std::uint8_t(e.a == from ? e.b : e.a), false};
  return {i, from, from, false};
}

GameMove Game::pair_move() const {
  GameMove m = blocked_move(1);
  m.pair = true;
  return m;
}

std::optional<std::uint8_t> Game::asked_of(std::uint64_t k, std::uint64_t i) const {
  if (k < 2 || k > pieces() || i >= k || i < 1) return std::nullopt;
  const std::uint8_t from = at(k);
  for (const auto& e : puzzle_.edges)
    if (e.a == from || e.b == from) {
      const std::uint64_t below = k - 1 - i;  // 0 for piece k-1
      return below < e.below.length ? e.below.digits[below] : e.below.rest;
    }
  return std::nullopt;
}

std::optional<GameHint> Game::hint() const {
  return answer([&](const auto& e) { return e.hint(state_, leg_.goal); });
}

std::optional<std::uint64_t> Game::tie() const {
  if (!answer([&](const auto& e) { return e.tied(state_, leg_.goal); })) return std::nullopt;
  std::uint64_t k = state_.size();  // the highest piece that differs: only its routes tie
  while (k > 1 && state_[k - 1] == leg_.goal[k - 1]) --k;
  return k;
}

bool Game::step() {
  const auto next = hint();
  if (!next) return false;
  play(next->move);
  ++leg_.aids.auto_moves;
  return true;
}

void Game::switch_goal() {
  history_.resize(cursor_);
  history_.push_back(Step{GameMove(), leg_});
  redo_step(history_.back());
}

bool Game::undo() {
  if (!can_undo()) return false;
  const Step& s = history_[--cursor_];
  if (s.is_goal_switch()) {
    const Aids aids = leg_.aids;
    leg_ = *s.previous_leg;
    // Help taken toward the goal being undone still counts toward the one restored.
    leg_.aids.hints += aids.hints;
    leg_.aids.undos += aids.undos;
    leg_.aids.auto_moves += aids.auto_moves;
    update_distances(true);
  } else {
    apply(state_, s.move, false);
    --leg_.moves;
    --moves_made_;
    update_distances(false);
  }
  ++leg_.aids.undos;
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
    const auto n = pieces();
    const Pieces at_goal = family::all_at(n, puzzle_.goal);
    leg_ = Leg{leg_.goal == at_goal ? family::all_at(n, puzzle_.start) : at_goal, state_, 0, {}};
    update_distances(true);
  } else {
    apply(state_, step.move, true);
    ++leg_.moves;
    ++moves_made_;
    update_distances(false);
  }
}

void Game::update_distances(bool leg_changed) {
  remaining_ = answer([&](const auto& e) { return e.distance(state_, leg_.goal); });
  if (leg_changed)
    optimum_ = answer([&](const auto& e) { return e.distance(leg_.start, leg_.goal); });
}

std::string Game::to_string(const GameMove& move) const {
  return answer([&](const auto& e) { return e.words(move); });
}

Result<GameMove> Game::parse_move(std::string_view line) const {
  return answer([&](const auto& e) { return e.parse(line, pieces()); });
}

std::string how_solved(const Aids& aids, std::uint64_t moves) {
  if (aids.by_hand()) return "by hand";
  std::vector<std::string> parts;
  const auto count = [](std::uint64_t k, std::string_view what) {
    return fmt::format("{} {}{}", k, what, k == 1 ? "" : "s");
  };
  if (aids.hints) parts.push_back(count(aids.hints, "hint"));
  if (aids.undos) parts.push_back(count(aids.undos, "undo"));
  if (aids.auto_moves)
    parts.push_back(fmt::format("auto-play ({} of {} moves)", aids.auto_moves, moves));
  std::string out = "with " + parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i)
    out += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

std::string pieces_text(const family::Puzzle& p, std::uint64_t n) {
  return fmt::format("{} {}", n, n == 1 ? p.piece : p.pieces);
}

bool title_names_pieces(const family::Puzzle& p) { return p.title.ends_with(p.pieces); }

std::string pieces_of_puzzle(const family::Puzzle& p, std::uint64_t n) {
  return title_names_pieces(p) ? pieces_text(p, n)
                               : fmt::format("{} of {}", pieces_text(p, n), p.title);
}

std::string_view base_name(const family::Puzzle& p) {
  return p.pattern.substr(0, p.pattern.find(':'));
}

std::string_view parameter_pattern(const family::Puzzle& p) {
  const auto colon = p.pattern.find(':');
  return colon == std::string_view::npos ? std::string_view() : p.pattern.substr(colon + 1);
}

std::string_view parameter(const family::Puzzle& p) {
  if (parameter_pattern(p).empty()) return {};
  const std::string_view name = p.name;
  return name.substr(std::min(name.find(':') + 1, name.size()));
}

Pieces random_pieces(const family::Puzzle& puzzle, std::uint64_t pieces, const Pieces& avoid,
                     std::mt19937_64& rng) {
  for (;;) {
    Pieces s(pieces);
    if (puzzle.positions == 2) {  // a bit of a random word a piece: fast for a million rings
      std::uint64_t word = 0;
      for (std::uint64_t i = 0; i < pieces; ++i) {
        if (i % 64 == 0) word = rng();
        s[i] = std::uint8_t((word >> (i % 64)) & 1);
      }
    } else {
      std::uniform_int_distribution<int> digit(0, puzzle.positions - 1);
      for (auto& d : s) d = std::uint8_t(digit(rng));
    }
    if (s != avoid) return s;
  }
}

}  // namespace rings::play
