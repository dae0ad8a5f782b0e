#include "session.hpp"

#include <fmt/format.h>

#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {

Session::Session(Game game, std::uint64_t seed) : game_(std::move(game)), rng_(seed) {
  set_message("Move the rings to the goal: press 1-9, or ←/→ and space. ? for help.");
}

void Session::set_message(std::string text, bool error) {
  message_ = std::move(text);
  error_ = error;
}

Action Session::handle(int key) {
  if (key == 'q') return Action::quit;
  if (prompt_) {
    handle_prompt(key);
    return Action::none;
  }
  if (help_) {  // any key closes the help
    help_ = false;
    return Action::none;
  }
  const auto n = game_.rings();
  switch (key) {
    case kKeyLeft:  // ring N is drawn on the left, ring 1 on the right
      if (selected_ < n) ++selected_;
      break;
    case kKeyRight:
      if (selected_ > 1) --selected_;
      break;
    case ' ':
    case kKeyEnter:
      move(selected_, false);
      break;
    case 'd':
      move(1, true);
      break;
    case 'h':
      if (const auto hint = game_.hint()) {
        selected_ = hint->move.ring();
        set_message(
            fmt::format("Hint: {}, because {}.", to_string(hint->move), to_string(hint->reason)));
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
        set_message(fmt::format("Auto-play, speed {} of {} (+ faster, - slower, a stops).", speed(),
                                kAutoPlayDelaysMs.size()));
      }
      break;
    case '+':
    case '=':
    case '-':
      speed_ = key == '-' ? std::max(speed_ - 1, 0)
                          : std::min(speed_ + 1, int(kAutoPlayDelaysMs.size()) - 1);
      set_message(fmt::format("Auto-play speed {} of {}.", speed(), kAutoPlayDelaysMs.size()));
      break;
    case 'u':
      autoplay_ = false;
      set_message(game_.undo() ? "Undone." : "Nothing to undo.");
      break;
    case 'r':
      autoplay_ = false;
      set_message(game_.redo() ? "Redone." : "Nothing to redo.");
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
          fmt::format("New game: type the start ({} digits 0/1, ring {} first; or on, "
                      "off), Enter for a random one, Esc to cancel.",
                      n, n));
      break;
    case 's':
      return Action::save;
    case '?':
      help_ = true;
      break;
    default:
      if (key >= '1' && key <= '9') move(Ring(key - '0'), false);
      break;
  }
  return Action::none;
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
    game_ = Game(std::move(start), goal, game_.mode());
    prompt_.reset();
    selected_ = 1;
    set_message(fmt::format("New game from {}.", format_state(game_.state(), Notation::binary)));
  } else if (key >= 0x20 && key < 0x7f && text.size() < game_.rings() + 8) {
    text.push_back(char(key));
  }
}

void Session::move(Ring ring, bool pair) {
  autoplay_ = false;
  if (auto why = game_.toggle(ring, pair)) return set_message("Not allowed: " + *why + ".", true);
  after_move(game_.history()[game_.cursor() - 1].move);
}

bool Session::tick() {
  if (!autoplay_ || !game_.step()) return false;
  after_move(game_.history()[game_.cursor() - 1].move);
  return true;
}

void Session::after_move(const Move& move) {
  selected_ = move.ring();
  if (game_.is_solved()) autoplay_ = false;
  set_message(fmt::format("Moved {}.", to_string(move)));
}

}  // namespace rings::play
