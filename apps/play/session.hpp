// What the player sees and does, without a terminal: keys in, game and messages out. The
// ncurses layer (terminal.hpp) only reads keys, times auto-play and draws.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include "game.hpp"

namespace rings::play {

/// Keys besides printable characters, numbered above every Unicode code point.
inline constexpr int kKeyLeft = 0x110001, kKeyRight = 0x110002, kKeyEnter = 0x110003,
                     kKeyEscape = 0x110004, kKeyBackspace = 0x110005;

/// What the terminal layer must do after a key.
enum class Action : std::uint8_t { none, save, quit };

/// Auto-play speeds: the pause between two moves, slowest first.
inline constexpr std::array<int, 9> kAutoPlayDelaysMs{1000, 600, 350, 200, 120, 70, 40, 20, 10};

/// A game with its controls: the selected ring, auto-play, help, the new-game prompt and the
/// message line.
///
///     Session s(Game(State::all_on(5), State::all_off(5), Mode::single), 42);
///     s.handle('3');  // refused: s.message() says which rings must be on and off
///     s.handle('a');  // auto-play on: each s.tick() plays one optimal move
class Session {
 public:
  /// `seed` feeds the random starts of new games.
  Session(Game game, std::uint64_t seed);

  /// Acts on one key (see docs/play.md for the keys).
  Action handle(int key);
  /// One auto-play move when auto-play is on; false when nothing happened.
  bool tick();

  const Game& game() const { return game_; }
  Ring selected() const { return selected_; }
  const std::string& message() const { return message_; }
  bool is_error() const { return error_; }
  bool is_autoplay() const { return autoplay_; }
  /// Auto-play speed, 1 (slowest) to kAutoPlayDelaysMs.size().
  int speed() const { return speed_ + 1; }
  int delay_ms() const { return kAutoPlayDelaysMs[speed_]; }
  bool is_help_shown() const { return help_; }
  /// The state typed so far after `n`, while the new-game prompt is open.
  const std::optional<std::string>& prompt() const { return prompt_; }

  /// Replaces the message line (the terminal layer reports saving this way).
  void set_message(std::string text, bool error = false);

 private:
  void handle_prompt(int key);
  void move(Ring ring, bool pair);
  void after_move(const Move& move);

  Game game_;
  std::mt19937_64 rng_;
  Ring selected_ = 1;
  std::string message_;
  bool error_ = false;
  bool autoplay_ = false;
  int speed_ = 3;
  bool help_ = false;
  std::optional<std::string> prompt_;
};

}  // namespace rings::play
