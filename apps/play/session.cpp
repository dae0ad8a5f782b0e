#include "session.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

// "ring 3 off", or the goal switch, as undo and redo name it.
std::string step_name(const Step& step, const State& goal_after) {
  if (step.is_goal_switch())
    return fmt::format("the goal switch (the goal is {} now)",
                       format_state(goal_after, Notation::binary));
  return to_string(step.move);
}

}  // namespace

Session::Session(Game game, std::uint64_t seed) : game_(std::move(game)), rng_(seed) {
  set_message(game_.rings() <= 9
                  ? "Move the rings to the goal: press 1-9, or ←/→ and space. ? for help."
                  : "Move the rings to the goal: type a ring's number, or ←/→; space moves it. "
                    "? for help.");
}

void Session::set_message(std::string text, bool error) {
  message_ = std::move(text);
  error_ = error;
  if (!error) refused_ = 0;
}

Phase Session::phase() const {
  if (confirm_) return Phase::confirm;
  if (prompt_) return Phase::prompt;
  if (help_) return Phase::help;
  if (autoplay_) return paused_ ? Phase::paused : Phase::autoplay;
  if (game_.is_solved()) return Phase::solved;
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
  if (help_) {  // space turns the page; any other key closes the help (auto-play goes on)
    if ((key == ' ' || key == kKeyPageDown) && help_page_ + 1 < help_pages_)
      ++help_page_;
    else if (key == kKeyPageUp && help_page_ > 0)
      --help_page_;
    else
      help_ = false;
    return Action::none;
  }
  const Action action = handle_play(key);
  if (!(key >= '0' && key <= '9') && key != kKeyBackspace) typed_ring_.clear();
  return action;
}

Action Session::handle_play(int key) {
  const auto n = game_.rings();
  switch (key) {
    case 'q':
      if (!has_unsaved_moves()) return Action::quit;
      confirm_quit(
          fmt::format("Quit? This game is not saved ({} moves; rings play --save FILE keeps it).",
                      game_.moves_made()));
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
      if (const auto hint = game_.hint()) {
        game_.note_hint();
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
      } else if (game_.is_solved()) {
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
      set_message(fmt::format("New goal: {}.", format_state(game_.goal(), Notation::binary)));
      break;
    case 'n':
      autoplay_ = false;
      prompt_ = std::string();
      set_message(
          fmt::format("New game: type the start ({} digits 0/1, ring {} first, or on/off); Enter "
                      "alone for a random one; Esc cancels.",
                      n, n));
      break;
    case 'R':
      start_game(Game(game_.start(), game_.initial_goal(), game_.mode()), "reset",
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

// Up to 9 rings a digit moves its ring. With more, digits type a ring number and the selection
// jumps to it as it is typed; space moves it.
void Session::handle_digit(char digit) {
  const auto n = game_.rings();
  if (n <= 9) {
    if (digit != '0') move(Ring(digit - '0'), false);
    return;
  }
  typed_ring_.push_back(digit);
  // A number past the last ring starts again from this digit.
  if (typed_ring_.size() > 20 || std::stoull(typed_ring_) > n) typed_ring_ = std::string(1, digit);
  const Ring ring = std::stoull(typed_ring_);
  if (ring == 0) {
    typed_ring_.clear();
    return;
  }
  select(ring);
  set_message(fmt::format("Ring {}: space moves it; keep typing for a longer number.", ring));
}

void Session::select(Ring ring) {
  selected_ = ring;
  pair_selected_ = false;
}

void Session::click(Ring ring) {
  confirm_ = false;
  typed_ring_.clear();
  if (help_ || prompt_) {
    help_ = false;
    return;
  }
  select(ring);
  move(ring, false);
}

void Session::handle_prompt(int key) {
  auto& text = *prompt_;
  if (key == kKeyEscape) {
    prompt_.reset();
    set_message("New game cancelled.");
  } else if (key == kKeyBackspace) {
    if (!text.empty()) text.pop_back();
  } else if (key == kKeyEnter) {
    const auto n = game_.rings();
    const State& goal = game_.goal();
    State start = random_state(n, goal, rng_);
    if (!text.empty()) {
      auto typed = parse_state(text, n, Notation::binary);
      if (!typed) return set_message(fmt::format("New game: {}", typed.error()), true);
      start = std::move(*typed);
    }
    prompt_.reset();
    Game next(std::move(start), goal, game_.mode());
    const std::string from = format_state(next.state(), Notation::binary);
    start_game(std::move(next), "new game",
               fmt::format("New game from {} (u takes it back).", from));
  } else if (key >= 0x20 && key < 0x7f && text.size() < game_.rings() + 8) {
    text.push_back(char(key));  // q too: here it is typing, not quitting
  }
}

void Session::start_game(Game game, std::string_view how, std::string message) {
  autoplay_ = false;
  earlier_.emplace_back(std::move(game_), how);
  game_ = std::move(game);
  select(1);
  set_message(std::move(message));
}

void Session::undo() {
  autoplay_ = false;
  if (const Step* step = game_.last_step()) {
    const Step taken = *step;
    game_.undo();
    if (!taken.is_goal_switch()) select(taken.move.ring());
    set_message(fmt::format("Undone: {}.", step_name(taken, game_.goal())));
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
  if (!next.is_goal_switch()) select(next.move.ring());
  set_message(fmt::format("Redone: {}.", step_name(next, game_.goal())));
}

void Session::finish_now() {
  if (game_.is_solved()) return set_message("Already at the goal.");
  const mpz_class work = game_.remaining() * mpz_class(std::to_string(game_.rings()));
  if (work > mpz_class(std::to_string(kFinishNowWork)))
    return set_message(
        fmt::format("Too many moves to finish at once ({} moves left); a plays them.",
                    game_.remaining().get_str()),
        true);
  while (game_.step()) {
  }
  autoplay_ = false;
  after_move(game_.last_step()->move);
  moving_.reset();
}

void Session::move(Ring ring, bool pair) {
  autoplay_ = false;
  if (auto why = game_.toggle(ring, pair)) {
    set_message("Not allowed: " + *why + ".", true);
    if (ring >= 1 && ring <= game_.rings() && !pair) select(ring);
    refused_ = ring;
    return;
  }
  after_move(game_.last_step()->move);
}

bool Session::tick() {
  if (!autoplay_ || paused_ || help_ || !game_.step()) return false;
  after_move(game_.last_step()->move);
  return true;
}

void Session::after_move(const Move& move) {
  select(move.ring());
  moving_ = move;
  std::string text = fmt::format("Moved {}.", to_string(move));
  if (game_.is_solved()) {
    autoplay_ = false;
    if (on_solved_) {
      text += ' ';
      text += on_solved_(game_);
    }
  }
  set_message(std::move(text));
}

}  // namespace rings::play
