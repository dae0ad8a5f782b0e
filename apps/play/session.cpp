#include "session.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

std::string capitalized(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = char(out[0] - 'a' + 'A');
  return out;
}

// The rule of a family puzzle in a sentence, for the first message of its game.
std::string welcome_rule(const family::Puzzle& p) {
  return fmt::format("Move every {} from {} to {}.", p.piece, family::position_name(p, p.start),
                     family::position_name(p, p.goal));
}

std::string welcome(const PuzzleGame& g) {
  const auto& p = g.puzzle();
  return fmt::format(
      "{} {}: press {} {}'s number{}, or ←/→ and space. ? for help, m for puzzles.",
      welcome_rule(p), capitalized(p.title),
      std::string_view("aeiou").find(p.piece[0]) == std::string_view::npos ? "a" : "an", p.piece,
      g.pieces() <= 9 ? "" : " (type it)");
}

// "ring 3 off", or the goal switch, as undo and redo name it.
std::string step_name(const Step& step, const State& goal_after) {
  if (step.is_goal_switch())
    return fmt::format("the goal switch (the goal is {} now)",
                       format_state(goal_after, Notation::binary));
  return to_string(step.move);
}

}  // namespace

Session::Session(Game game, std::uint64_t seed) : game_(std::move(game)), rng_(seed) {
  set_message(rings().rings() <= 9
                  ? "Move the rings to the goal: press 1-9, or ←/→ and space. ? for help."
                  : "Move the rings to the goal: type a ring's number, or ←/→; space moves it. "
                    "? for help.");
}

Session::Session(PuzzleGame game, std::uint64_t seed) : game_(std::move(game)), rng_(seed) {
  set_message(welcome(puzzle()));
}

std::uint64_t default_pieces(family::Kind puzzle) {
  switch (puzzle) {
    case family::Kind::spin_out:
      return 7;
    case family::Kind::brain:
    case family::Kind::hexadecimal:
      return 8;
    default:
      return 5;
  }
}

std::uint64_t Session::pieces() const { return is_family() ? puzzle().pieces() : rings().rings(); }
bool Session::is_solved() const { return is_family() ? puzzle().is_solved() : rings().is_solved(); }
std::uint64_t Session::moves_made() const {
  return is_family() ? puzzle().moves_made() : rings().moves_made();
}
const mpz_class& Session::remaining() const {
  return is_family() ? puzzle().remaining() : rings().remaining();
}
bool Session::is_on_optimal_path() const {
  return is_family() ? puzzle().is_on_optimal_path() : rings().is_on_optimal_path();
}
std::uint64_t Session::history_size() const {
  return is_family() ? puzzle().history().size() : rings().history().size();
}
bool Session::step_game() { return is_family() ? puzzle().step() : rings().step(); }

void Session::set_message(std::string text, bool error) {
  message_ = std::move(text);
  error_ = error;
  if (!error) refused_ = 0;
}

Phase Session::phase() const {
  if (confirm_) return Phase::confirm;
  if (prompt_) return Phase::prompt;
  if (picker_) return Phase::picker;
  if (help_) return Phase::help;
  if (!destinations_.empty()) return Phase::destination;
  if (autoplay_) return paused_ ? Phase::paused : Phase::autoplay;
  if (is_solved()) return Phase::solved;
  return Phase::play;
}

void Session::confirm_quit(std::string why) {
  confirm_ = true;
  autoplay_ = false;
  set_message(why + " y quits without saving; any other key stays.", true);
}

bool Session::has_unsaved_moves() const {
  return !save_file_ && (history_size() != 0 || !earlier_.empty());
}

Action Session::handle(int key) {
  if (confirm_) {
    confirm_ = false;
    if (key == 'y' || key == 'Y') return Action::quit_unsaved;
    set_message("Still playing.");
    return Action::none;
  }
  if (prompt_) {
    handle_prompt(key);
    return Action::none;
  }
  if (picker_) {
    handle_picker(key);
    return Action::none;
  }
  if (help_) {  // space turns the page; any other key closes the help (auto-play goes on)
    if ((key == ' ' || key == kKeyPageDown) && help_page_ + 1 < help_pages_)
      ++help_page_;
    else if (key == kKeyPageUp && help_page_ > 0)
      --help_page_;
    else
      help_ = false;
    return Action::none;
  }
  if (!destinations_.empty()) {
    const bool chosen = key >= '0' && key <= '9';
    handle_destination(key);
    if (chosen || key == kKeyEscape) return Action::none;  // any other key goes on as itself
  }
  if (key == 'm') {
    autoplay_ = false;
    picker_ = Picker{};
    picker_->choice = std::size_t(
        std::find(kPickerPuzzles.begin(), kPickerPuzzles.end(),
                  is_family() ? std::string_view(puzzle().puzzle().name).substr(0, 11) : "rings") -
        kPickerPuzzles.begin());
    if (picker_->choice >= kPickerPuzzles.size()) picker_->choice = 0;
    set_message("Choose a puzzle: 1-6, or ↑/↓ and Enter; Esc goes back to the game.");
    return Action::none;
  }
  if (is_family() && handle_family(key)) {
    typed_ring_.clear();
    return Action::none;
  }
  const Action action = handle_play(key);
  if (!(key >= '0' && key <= '9') && key != kKeyBackspace) typed_ring_.clear();
  return action;
}

Action Session::handle_play(int key) {
  const auto n = pieces();
  switch (key) {
    case 'q':
      if (!has_unsaved_moves()) return Action::quit;
      confirm_quit(
          fmt::format("Quit? This game is not saved ({} moves; rings play --save FILE keeps it).",
                      moves_made()));
      break;
    case kKeyLeft:  // ring N is drawn on the left, ring 1 on the right
      select(std::min(selected_ + 1, n));
      break;
    case kKeyRight:
      select(selected_ > 1 ? selected_ - 1 : 1);
      break;
    case kKeyHome:  // the left end: ring N
      select(n);
      break;
    case kKeyEnd:
      select(1);
      break;
    case kKeyPageUp:
      select(n - selected_ > page_ ? selected_ + page_ : n);
      break;
    case kKeyPageDown:
      select(selected_ > page_ ? selected_ - page_ : 1);
      break;
    case kKeyBackspace:
      if (!typed_ring_.empty()) {
        typed_ring_.pop_back();
        if (!typed_ring_.empty()) select(std::stoull(typed_ring_));
      }
      break;
    case ' ':
    case kKeyEnter:
      move(selected_, pair_selected_);
      break;
    case 'd':
      move(1, true);
      break;
    case 'h':
      if (const auto hint = rings().hint()) {
        rings().note_hint();
        select(hint->move.ring());
        pair_selected_ = hint->move.is_pair();
        set_message(fmt::format("Hint: {}, because {}. Space plays it.", to_string(hint->move),
                                to_string(hint->reason)));
      } else {
        set_message("Solved: there is no next move. g switches the goal, n starts a new game.");
      }
      break;
    case 'a':
      if (autoplay_) {
        autoplay_ = false;
        set_message("Auto-play stopped.");
      } else if (is_solved()) {
        set_message("Already at the goal. g switches the goal, n starts a new game.");
      } else {
        autoplay_ = true;
        paused_ = false;
        set_message(fmt::format("Auto-play, speed {} of {}.", speed(), kAutoPlayDelaysMs.size()));
      }
      break;
    case 'p':
      if (!autoplay_) return set_message("Nothing to pause: a starts auto-play."), Action::none;
      paused_ = !paused_;
      set_message(paused_ ? "Auto-play paused: p goes on, f finishes now, a stops."
                          : "Auto-play goes on.");
      break;
    case 'f':
      finish_now();
      break;
    case '+':
    case '=':
    case '-':
      speed_ = key == '-' ? std::max(speed_ - 1, 0)
                          : std::min(speed_ + 1, int(kAutoPlayDelaysMs.size()) - 1);
      set_message(fmt::format("Auto-play speed {} of {}.", speed(), kAutoPlayDelaysMs.size()));
      break;
    case 'u':
      undo();
      break;
    case 'r':
      redo();
      break;
    case 'g':
      autoplay_ = false;
      rings().switch_goal();
      set_message(fmt::format("New goal: {}.", format_state(rings().goal(), Notation::binary)));
      break;
    case 'n':
      autoplay_ = false;
      prompt_ = std::string();
      if (is_family())
        set_message(fmt::format(
            "New game: type the start ({} digits 0-{}, {} {} first, or start/goal); Enter alone "
            "for a random one; Esc cancels.",
            n, puzzle().puzzle().positions - 1, puzzle().puzzle().piece, n));
      else
        set_message(
            fmt::format("New game: type the start ({} digits 0/1, ring {} first, or on/off); Enter "
                        "alone for a random one; Esc cancels.",
                        n, n));
      break;
    case 'R':
      start_game(Game(rings().start(), rings().initial_goal(), rings().mode()), "reset",
                 "Back at the start of this game (u undoes the reset).");
      break;
    case 's':
      return Action::save;
    case '?':
      help_ = true;
      help_page_ = 0;
      break;
    default:
      if (key >= '0' && key <= '9') handle_digit(char(key));
      break;
  }
  return Action::none;
}

// Up to 9 pieces a digit moves its piece. With more, digits type a piece number and the
// selection jumps to it as it is typed; space moves it.
void Session::handle_digit(char digit) {
  const auto n = pieces();
  if (n <= 9) {
    if (digit == '0') return;
    if (is_family())
      move_piece(std::uint64_t(digit - '0'));
    else
      move(Ring(digit - '0'), false);
    return;
  }
  typed_ring_.push_back(digit);
  // A number past the last piece starts again from this digit.
  if (typed_ring_.size() > 20 || std::stoull(typed_ring_) > n) typed_ring_ = std::string(1, digit);
  const Ring ring = std::stoull(typed_ring_);
  if (ring == 0) {
    typed_ring_.clear();
    return;
  }
  select(ring);
  set_message(fmt::format("{} {}: space moves it; keep typing for a longer number.",
                          capitalized(is_family() ? puzzle().puzzle().piece : "ring"), ring));
}

void Session::select(Ring ring) {
  selected_ = ring;
  pair_selected_ = false;
}

void Session::click(Ring ring) {
  confirm_ = false;
  typed_ring_.clear();
  if (help_ || prompt_ || picker_) {
    help_ = false;
    return;
  }
  destinations_.clear();
  select(ring);
  if (is_family())
    move_piece(ring);
  else
    move(ring, false);
}

void Session::handle_prompt(int key) {
  auto& text = *prompt_;
  if (key == kKeyEscape) {
    prompt_.reset();
    set_message("New game cancelled.");
  } else if (key == kKeyBackspace) {
    if (!text.empty()) text.pop_back();
  } else if (key == kKeyEnter && is_family()) {
    const family::Puzzle& p = puzzle().puzzle();
    const auto n = puzzle().pieces();
    const family::Pieces& goal = puzzle().goal();
    family::Pieces start = random_pieces(p, n, goal, rng_);
    if (!text.empty()) {
      auto typed = family::parse_pieces(p, text, n);
      if (!typed) return set_message(fmt::format("New game: {}", typed.error()), true);
      start = std::move(*typed);
    }
    prompt_.reset();
    const std::string from = family::format_pieces(start);
    start_game(PuzzleGame(p, std::move(start), goal), "new game",
               fmt::format("New game from {} (u takes it back).", from));
  } else if (key == kKeyEnter) {
    const auto n = rings().rings();
    const State& goal = rings().goal();
    State start = random_state(n, goal, rng_);
    if (!text.empty()) {
      auto typed = parse_state(text, n, Notation::binary);
      if (!typed) return set_message(fmt::format("New game: {}", typed.error()), true);
      start = std::move(*typed);
    }
    prompt_.reset();
    Game next(std::move(start), goal, rings().mode());
    const std::string from = format_state(next.state(), Notation::binary);
    start_game(std::move(next), "new game",
               fmt::format("New game from {} (u takes it back).", from));
  } else if (key >= 0x20 && key < 0x7f && text.size() < pieces() + 8) {
    text.push_back(char(key));  // q too: here it is typing, not quitting
  }
}

// The picker: the puzzle (a digit, or ↑/↓ and Enter), the key of the hexadecimal puzzle, then
// the piece count; Enter alone takes the default, Esc goes back to the game.
void Session::handle_picker(int key) {
  Picker& p = *picker_;
  if (key == kKeyEscape) {
    picker_.reset();
    return set_message("Puzzle unchanged.");
  }
  if (p.step == 0) {
    if (key == kKeyUp || key == kKeyLeft) p.choice = p.choice ? p.choice - 1 : 0;
    if (key == kKeyDown || key == kKeyRight)
      p.choice = std::min(p.choice + 1, kPickerPuzzles.size() - 1);
    const bool digit = key >= '1' && key < '1' + int(kPickerPuzzles.size());
    if (digit) p.choice = std::size_t(key - '1');
    if (!digit && key != kKeyEnter) return;
    p.name = kPickerPuzzles[p.choice];
    p.step = p.name == "hexadecimal" ? 1 : 2;
    p.typed.clear();
    return set_message(p.step == 1 ? "The key: four digits 0/1 (Enter: 1110, the classic one)."
                                   : "How many pieces? Type the number (Enter: the default).");
  }
  if (key == kKeyBackspace) {
    if (!p.typed.empty()) p.typed.pop_back();
    return;
  }
  if (key != kKeyEnter) {
    if (key >= '0' && key <= '9' && p.typed.size() < 12) p.typed.push_back(char(key));
    return;
  }
  if (p.step == 1) {
    const std::string name = "hexadecimal:" + (p.typed.empty() ? std::string("1110") : p.typed);
    if (auto parsed = family::parse_puzzle(name); !parsed)
      return set_message(fmt::format("{}.", parsed.error()), true);
    p.name = name;
    p.step = 2;
    p.typed.clear();
    return set_message("How many pieces? Type the number (Enter: the default).");
  }
  const std::string name = p.name, count = p.typed;
  start_puzzle(name, count);
}

// A new game of the puzzle `name` with `count` pieces (empty: the default), from its start.
void Session::start_puzzle(const std::string& name, const std::string& count) {
  auto parsed = family::parse_puzzle(name);
  if (!parsed) return set_message(parsed.error(), true);
  const family::Puzzle& p = *parsed;
  const bool rings_rule = p.kind == family::Kind::rings;
  const std::uint64_t max = rings_rule ? kMaxPlayRings : kMaxPlayPieces;
  std::uint64_t n = default_pieces(p.kind);
  if (!count.empty()) {
    const auto typed = parse_count(count, fmt::format("the number of {}", p.pieces), max);
    if (!typed || *typed == 0)
      return set_message(
          fmt::format("{} is not a number of {} this game plays: 1 to {}.", count, p.pieces, max),
          true);
    n = *typed;
  }
  picker_.reset();
  const std::string what = fmt::format("{} {} of {}", n, n == 1 ? p.piece : p.pieces, p.title);
  const std::string said = fmt::format("New puzzle: {} (u takes it back). {}", what,
                                       rings_rule ? "Put every ring off." : welcome_rule(p));
  if (rings_rule)
    start_game(Game(State::all_on(n), State::all_off(n), Mode::single), "puzzle change", said);
  else
    start_game(PuzzleGame(p, family::all_at(n, p.start), family::all_at(n, p.goal)),
               "puzzle change", said);
}

// The keys whose meaning differs for the family's puzzles; false for the keys every puzzle
// shares.
bool Session::handle_family(int key) {
  PuzzleGame& g = puzzle();
  const family::Puzzle& p = g.puzzle();
  switch (key) {
    case ' ':
    case kKeyEnter:
      move_piece(selected_);
      return true;
    case 'd':
      set_message("d moves rings 1 and 2 together; " + std::string(p.title) +
                  " has no double moves.");
      return true;
    case 'h':
      if (const auto hint = g.hint()) {
        g.note_hint();
        select(hint->move.piece);
        const auto tie = g.tie();
        set_message(fmt::format(
            "Hint: {}, because {}. Space plays it.{}", family::to_string(p, hint->move),
            family::to_string(p, hint->reason),
            tie ? fmt::format(" As short: {} {} by the third {}; the hint moves it directly.",
                              p.piece, *tie, p.kind == family::Kind::hanoi ? "peg" : "position")
                : ""));
      } else {
        set_message("Solved: there is no next move. n starts a new game, m picks a puzzle.");
      }
      return true;
    case 'u':
      autoplay_ = false;
      if (const auto* last = g.last_move()) {
        const family::PieceMove taken = *last;
        g.undo();
        select(taken.piece);
        set_message(fmt::format("Undone: {}.", family::to_string(p, taken)));
        return true;
      }
      return false;  // earlier games are undone as for the rings
    case 'r':
      autoplay_ = false;
      if (const auto* next = g.next_move()) {
        const family::PieceMove again = *next;
        g.redo();
        select(again.piece);
        set_message(fmt::format("Redone: {}.", family::to_string(p, again)));
      } else {
        set_message("Nothing to redo.");
      }
      return true;
    case 'g':
      set_message(fmt::format(
          "{} has one goal: every {} {}{}. n starts a new game.", capitalized(p.title), p.piece,
          p.kind == family::Kind::hanoi ? "on " : "", position_name(p, p.goal)));
      return true;
    case 'R':
      start_game(PuzzleGame(p, g.start(), g.goal()), "reset",
                 "Back at the start of this game (u undoes the reset).");
      return true;
    default:
      return false;
  }
}

// Moves `piece` where it can go: its one legal move, or asks where when it has two; a piece that
// cannot move is refused with the rule.
void Session::move_piece(std::uint64_t piece) {
  autoplay_ = false;
  destinations_.clear();
  const PuzzleGame& g = puzzle();
  const auto moves = g.moves_of(piece);
  if (moves.size() == 1) return play_piece(moves.front());
  if (moves.size() > 1) {
    select(piece);
    destinations_ = moves;
    std::string choices;
    for (const auto& m : moves)
      choices += fmt::format("{}{} {}", choices.empty() ? "" : ", ", int(m.to),
                             family::position_name(g.puzzle(), m.to));
    return set_message(fmt::format("Where to? {} {} can go to {}: press its digit (Esc: stay).",
                                   capitalized(g.puzzle().piece), piece, choices));
  }
  play_piece(g.blocked_move(piece));
}

void Session::handle_destination(int key) {
  const auto moves = std::move(destinations_);
  destinations_.clear();
  if (key == kKeyEscape) return set_message("Stays where it is.");
  for (const auto& m : moves)
    if (key == '0' + m.to) return play_piece(m);
  if (key >= '0' && key <= '9')
    set_message(fmt::format("{} is not one of the places offered.", char(key)), true);
}

void Session::play_piece(const family::PieceMove& move) {
  autoplay_ = false;
  PuzzleGame& g = puzzle();
  if (auto why = g.play(move)) {
    set_message("Not allowed: " + family::to_string(g.puzzle(), *why) + ".", true);
    if (move.piece >= 1 && move.piece <= g.pieces()) select(move.piece);
    refused_ = move.piece;
    blocker_ = why->rule == family::PieceRule::needs_below ? why->other : 0;
    return;
  }
  after_piece_move(move);
}

void Session::start_game(std::variant<Game, PuzzleGame> game, std::string_view how,
                         std::string message) {
  autoplay_ = false;
  destinations_.clear();
  earlier_.emplace_back(std::move(game_), how);
  game_ = std::move(game);
  select(1);
  set_message(std::move(message));
}

void Session::undo() {
  autoplay_ = false;
  if (is_family() ? false : rings().last_step() != nullptr) {
    const Step taken = *rings().last_step();
    rings().undo();
    if (!taken.is_goal_switch()) select(taken.move.ring());
    set_message(fmt::format("Undone: {}.", step_name(taken, rings().goal())));
  } else if (!earlier_.empty()) {
    auto [game, how] = std::move(earlier_.back());
    earlier_.pop_back();
    game_ = std::move(game);
    select(1);
    set_message(fmt::format("Undone: the {}; back to the game before it.", how));
  } else {
    set_message("Nothing to undo.");
  }
}

void Session::redo() {
  autoplay_ = false;
  const Step* step = rings().next_step();
  if (!step) return set_message("Nothing to redo.");
  const Step next = *step;
  rings().redo();
  if (!next.is_goal_switch()) select(next.move.ring());
  set_message(fmt::format("Redone: {}.", step_name(next, rings().goal())));
}

void Session::finish_now() {
  if (is_solved()) return set_message("Already at the goal.");
  // A family puzzle's step asks the engine's recursion again: about N^2/64 words a move.
  const std::uint64_t n = pieces();
  const mpz_class work = remaining() * mpz_class(std::to_string(is_family() ? n * n : n));
  if (work > mpz_class(std::to_string(kFinishNowWork)))
    return set_message(
        fmt::format("Too many moves to finish at once ({} moves left); a plays them.",
                    remaining().get_str()),
        true);
  while (step_game()) {
  }
  autoplay_ = false;
  if (is_family()) {
    after_piece_move(*puzzle().last_move());
  } else {
    after_move(rings().last_step()->move);
    moving_.reset();
  }
}

void Session::move(Ring ring, bool pair) {
  autoplay_ = false;
  if (auto why = rings().toggle(ring, pair)) {
    set_message("Not allowed: " + *why + ".", true);
    if (ring >= 1 && ring <= rings().rings() && !pair) select(ring);
    refused_ = ring;
    return;
  }
  after_move(rings().last_step()->move);
}

bool Session::tick() {
  if (!autoplay_ || paused_ || help_ || picker_ || !step_game()) return false;
  if (is_family())
    after_piece_move(*puzzle().last_move());
  else
    after_move(rings().last_step()->move);
  return true;
}

void Session::after_move(const Move& move) {
  select(move.ring());
  moving_ = move;
  std::string text = fmt::format("Moved {}.", to_string(move));
  solved_message(text);
  set_message(std::move(text));
}

void Session::after_piece_move(const family::PieceMove& move) {
  select(move.piece);
  std::string text = fmt::format("Moved {}.", family::to_string(puzzle().puzzle(), move));
  solved_message(text);
  set_message(std::move(text));
}

// At the goal: auto-play stops, and the record (when kept) ends the message.
void Session::solved_message(std::string& text) {
  if (!is_solved()) return;
  autoplay_ = false;
  if (!on_solved_) return;
  text += ' ';
  text += on_solved_(is_family() ? record_of(puzzle()) : record_of(rings()));
}

}  // namespace rings::play
