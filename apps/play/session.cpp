#include "session.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rings::play {
namespace {

std::string capitalized(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = char(out[0] - 'a' + 'A');
  return out;
}

// The rule of a puzzle in a sentence, for the message of a new puzzle.
std::string welcome_rule(const family::Puzzle& p) {
  return fmt::format("Move every {} from {} to {}.", p.piece, family::position_name(p, p.start),
                     family::position_name(p, p.goal));
}

std::string welcome(const Game& g) {
  const family::Puzzle& p = g.puzzle();
  return g.pieces() <= 9
             ? fmt::format("Move the {} to the goal: press 1-9, or ←/→ and space. ? for help.",
                           p.pieces)
             : fmt::format(
                   "Move the {} to the goal: type a {}'s number, or ←/→; space moves it. "
                   "? for help.",
                   p.pieces, p.piece);
}

// "ring 3 off", or the goal switch, as undo and redo name it.
std::string step_name(const Game& g, const Step& step) {
  if (step.is_goal_switch())
    return fmt::format("the goal switch (the goal is {} now)", family::format_pieces(g.goal()));
  return g.to_string(step.move);
}

// The word for a puzzle's positions where they are places: "peg" for "peg 0".
std::string_view place_word(const family::Puzzle& p) {
  const std::string_view name = family::position_name(p, 0);
  const auto space = name.find(' ');
  return space == std::string_view::npos ? std::string_view("position") : name.substr(0, space);
}

}  // namespace

Session::Session(Game game, std::uint64_t seed) : game_(std::move(game)), rng_(seed) {
  set_message(welcome(game_));
}

void Session::set_message(std::string text, bool error) {
  message_ = std::move(text);
  error_ = error;
  if (!error) refused_ = blocker_ = 0;
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
  return !save_file_ && (!game_.history().empty() || !earlier_.empty());
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
    const auto& all = family::catalogue();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].pattern == game_.puzzle().pattern) picker_->choice = i;
    set_message(fmt::format("Choose a puzzle: 1-{}, or ↑/↓ and Enter; Esc goes back to the game.",
                            all.size()));
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
    case kKeyLeft:  // piece N is drawn on the left, piece 1 on the right
      select(std::min(selected_ + 1, n));
      break;
    case kKeyRight:
      select(selected_ > 1 ? selected_ - 1 : 1);
      break;
    case kKeyHome:  // the left end: piece N
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
      if (pair_selected_)
        play_move(game_.pair_move());
      else
        move_piece(selected_);
      break;
    case 'd':
      if (!game_.puzzle().double_moves)
        set_message(fmt::format("d moves {} 1 and 2 together; {} has no double moves.",
                                game_.puzzle().pieces, capitalized(game_.puzzle().title)));
      else
        play_move(game_.pair_move());
      break;
    case 'h':
      hint();
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
      game_.switch_goal();
      set_message(fmt::format("New goal: {}.", family::format_pieces(game_.goal())));
      break;
    case 'n': {
      autoplay_ = false;
      prompt_ = std::string();
      const family::Puzzle& p = game_.puzzle();
      set_message(fmt::format(
          "New game: type the start ({} digits {}, {} {} first, or start/goal); Enter alone for a "
          "random one; Esc cancels.",
          n, p.positions == 2 ? std::string("0/1") : fmt::format("0-{}", p.positions - 1), p.piece,
          n));
      break;
    }
    case 'R':
      start_game(Game(game_.puzzle(), game_.start(), game_.initial_goal(), game_.mode()), "reset",
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
    move_piece(std::uint64_t(digit - '0'));
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
                          capitalized(game_.puzzle().piece), ring));
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
  move_piece(ring);
}

void Session::hint() {
  const auto hint = game_.hint();
  if (!hint)
    return set_message(
        "Solved: there is no next move. g switches the goal, n starts a new game, m picks a "
        "puzzle.");
  game_.note_hint();
  select(hint->move.piece);
  pair_selected_ = hint->move.pair;
  const auto tie = game_.tie();
  const family::Puzzle& p = game_.puzzle();
  set_message(fmt::format(
      "Hint: {}, because {}. Space plays it.{}", game_.to_string(hint->move), hint->reason,
      tie ? fmt::format(" As short: {} {} by the third {}; the hint moves it directly.", p.piece,
                        *tie, place_word(p))
          : ""));
}

void Session::handle_prompt(int key) {
  auto& text = *prompt_;
  if (key == kKeyEscape) {
    prompt_.reset();
    set_message("New game cancelled.");
  } else if (key == kKeyBackspace) {
    if (!text.empty()) text.pop_back();
  } else if (key == kKeyEnter) {
    const family::Puzzle& p = game_.puzzle();
    const auto n = game_.pieces();
    const family::Pieces& goal = game_.goal();
    family::Pieces start;
    if (text.empty()) {
      start = random_pieces(p, n, goal, rng_);
    } else {
      auto typed = family::parse_pieces(p, text, n);
      if (!typed) return set_message(fmt::format("New game: {}", typed.error()), true);
      start = std::move(*typed);
    }
    prompt_.reset();
    const std::string from = family::format_pieces(start);
    start_game(Game(p, std::move(start), goal, game_.mode()), "new game",
               fmt::format("New game from {} (u takes it back).", from));
  } else if (key >= 0x20 && key < 0x7f && text.size() < pieces() + 8) {
    text.push_back(char(key));  // q too: here it is typing, not quitting
  }
}

// The picker: the puzzle (a digit, or ↑/↓ and Enter), the parameter of a puzzle whose name has
// one (a key of 0/1 digits), then the piece count; Enter alone takes the default, Esc
// goes back to the game.
void Session::handle_picker(int key) {
  Picker& p = *picker_;
  const auto& all = family::catalogue();
  if (key == kKeyEscape) {
    picker_.reset();
    return set_message("Puzzle unchanged.");
  }
  if (p.step == 0) {
    if (key == kKeyUp || key == kKeyLeft) p.choice = p.choice ? p.choice - 1 : 0;
    if (key == kKeyDown || key == kKeyRight) p.choice = std::min(p.choice + 1, all.size() - 1);
    const bool digit = key >= '1' && key < '1' + int(std::min<std::size_t>(all.size(), 9));
    if (digit) p.choice = std::size_t(key - '1');
    if (!digit && key != kKeyEnter) return;
    const family::Puzzle& chosen = all[p.choice];
    p.name = chosen.name;
    p.step = parameter_pattern(chosen).empty() ? 2 : 1;
    p.typed.clear();
    return set_message(p.step == 1
                           ? fmt::format("The key {}: digits 0/1 (Enter: {}, the classic one).",
                                         parameter_pattern(chosen), parameter(chosen))
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
    const family::Puzzle& chosen = all[p.choice];
    const std::string name =
        p.typed.empty() ? chosen.name : fmt::format("{}:{}", base_name(chosen), p.typed);
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
  const std::uint64_t max = max_pieces(p);
  std::uint64_t n = p.play_size;
  if (!count.empty()) {
    const auto typed = parse_count(count, fmt::format("the number of {}", p.pieces), max);
    if (!typed || *typed == 0)
      return set_message(
          fmt::format("{} is not a number of {} this game plays: 1 to {}.", count, p.pieces, max),
          true);
    n = *typed;
  }
  picker_.reset();
  const std::string said =
      fmt::format("New puzzle: {} (u takes it back). {}", pieces_of_puzzle(p, n), welcome_rule(p));
  start_game(Game(p, family::all_at(n, p.start), family::all_at(n, p.goal)), "puzzle change", said);
}

// Moves `piece` where it can go: its one legal move, or asks where when it has two; a piece that
// cannot move is refused with the rule.
void Session::move_piece(std::uint64_t piece) {
  autoplay_ = false;
  destinations_.clear();
  const auto moves = game_.moves_of(piece);
  if (moves.size() == 1) return play_move(moves.front());
  if (moves.size() > 1) {
    select(piece);
    destinations_ = moves;
    std::string choices;
    for (const auto& m : moves)
      choices += fmt::format("{}{} {}", choices.empty() ? "" : ", ", int(m.to),
                             family::position_name(game_.puzzle(), m.to));
    return set_message(fmt::format("Where to? {} {} can go to {}: press its digit (Esc: stay).",
                                   capitalized(game_.puzzle().piece), piece, choices));
  }
  play_move(game_.blocked_move(piece));
}

void Session::handle_destination(int key) {
  const auto moves = std::move(destinations_);
  destinations_.clear();
  if (key == kKeyEscape) return set_message("Stays where it is.");
  for (const auto& m : moves)
    if (key == '0' + m.to) return play_move(m);
  if (key >= '0' && key <= '9')
    set_message(fmt::format("{} is not one of the places offered.", char(key)), true);
}

void Session::play_move(const GameMove& move) {
  autoplay_ = false;
  if (auto refusal = game_.play(move)) {
    set_message("Not allowed: " + refusal->why + ".", true);
    if (!move.pair && move.piece >= 1 && move.piece <= game_.pieces()) select(move.piece);
    refused_ = move.piece;
    blocker_ = refusal->blocker;
    return;
  }
  after_move(move);
}

void Session::start_game(Game game, std::string_view how, std::string message) {
  autoplay_ = false;
  destinations_.clear();
  earlier_.emplace_back(std::move(game_), how);
  game_ = std::move(game);
  select(1);
  set_message(std::move(message));
}

void Session::undo() {
  autoplay_ = false;
  if (const Step* last = game_.last_step()) {
    const Step taken = *last;
    game_.undo();
    if (!taken.is_goal_switch()) select(taken.move.piece);
    set_message(fmt::format("Undone: {}.", step_name(game_, taken)));
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
  const Step* step = game_.next_step();
  if (!step) return set_message("Nothing to redo.");
  const Step next = *step;
  game_.redo();
  if (!next.is_goal_switch()) select(next.move.piece);
  set_message(fmt::format("Redone: {}.", step_name(game_, next)));
}

void Session::finish_now() {
  if (is_solved()) return set_message("Already at the goal.");
  const mpz_class work = remaining() * mpz_class(std::to_string(game_.step_work()));
  if (work > mpz_class(std::to_string(kFinishNowWork)))
    return set_message(
        fmt::format("Too many moves to finish at once ({} moves left); a plays them.",
                    remaining().get_str()),
        true);
  while (game_.step()) {
  }
  autoplay_ = false;
  after_move(game_.last_step()->move);
  moving_.reset();
}

bool Session::tick() {
  if (!autoplay_ || paused_ || help_ || picker_ || !game_.step()) return false;
  after_move(game_.last_step()->move);
  return true;
}

void Session::after_move(const GameMove& move) {
  select(move.piece);
  moving_ = move;
  std::string text = fmt::format("Moved {}.", game_.to_string(move));
  solved_message(text);
  set_message(std::move(text));
}

// At the goal: auto-play stops, and the record (when kept) ends the message.
void Session::solved_message(std::string& text) {
  if (!is_solved()) return;
  autoplay_ = false;
  if (!on_solved_) return;
  text += ' ';
  text += on_solved_(record_of(game_));
}

}  // namespace rings::play
