// What the player sees and does, without a terminal: keys in, game and messages out. The
// ncurses layer (terminal.hpp) only reads keys and the mouse, times auto-play and draws.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"
#include "records.hpp"

namespace rings::play {

/// Keys besides printable characters, numbered above every Unicode code point.
inline constexpr int kKeyLeft = 0x110001, kKeyRight = 0x110002, kKeyEnter = 0x110003,
                     kKeyEscape = 0x110004, kKeyBackspace = 0x110005, kKeyHome = 0x110006,
                     kKeyEnd = 0x110007, kKeyPageUp = 0x110008, kKeyPageDown = 0x110009,
                     kKeyUp = 0x11000a, kKeyDown = 0x11000b;

/// What the terminal layer must do after a key.
///   save: save now. quit: leave, saving first when there is a save file (if that fails, the
///   layer calls confirm_quit() and stays). quit_unsaved: leave without saving (confirmed).
enum class Action : std::uint8_t { none, save, quit, quit_unsaved };

/// What the keys do at the moment (the key bar and the help follow it).
enum class Phase : std::uint8_t {
  play,
  autoplay,
  paused,
  solved,
  help,
  prompt,
  confirm,
  picker,       ///< the puzzle menu (m), its key and piece count questions
  destination,  ///< which position a piece with two legal moves goes to
};

/// What the picker asks at the moment: `step` 0 the puzzle (`choice`, an index of
/// family::catalogue(), is highlighted), 1 the parameter of a puzzle whose name has one (a key
/// of 0/1 digits), 2 the piece count; `typed` is the answer typed so far.
struct Picker {
  int step = 0;
  std::size_t choice = 0;
  std::string name;  ///< the puzzle chosen ("NAME:1110" once the key is given)
  std::string typed;
};

/// Auto-play speeds: the pause between two moves, slowest first.
inline constexpr std::array<int, 9> kAutoPlayDelaysMs{1000, 600, 350, 200, 120, 70, 40, 20, 10};

/// The most moves "finish now" plays at once, counted in word operations (moves x
/// Game::step_work()): beyond it the answer would no longer come at once, and auto-play goes on
/// instead.
inline constexpr std::uint64_t kFinishNowWork = 10'000'000;

/// A game with its controls: the selected piece, auto-play, help, the new-game prompt, the
/// puzzle picker, the quit question and the message line.
///
///     const auto rings = *family::parse_puzzle("rings");
///     Session s(Game(rings, family::all_at(5, 1), family::all_at(5, 0)), 42);
///     s.handle('3');  // refused: s.message() says which rings must be on and off
///     s.handle('a');  // auto-play on: each s.tick() plays one optimal move
class Session {
 public:
  /// `seed` feeds the random starts of new games.
  Session(Game game, std::uint64_t seed);

  /// Acts on one key (see docs/play.md for the keys).
  Action handle(int key);
  /// A mouse click on `ring`: selects it and moves it (or closes the help).
  void click(Ring ring);
  /// One auto-play move when auto-play runs (not paused, not behind the help); false when
  /// nothing happened.
  bool tick();

  const Game& game() const { return game_; }
  std::uint64_t pieces() const { return game_.pieces(); }
  bool is_solved() const { return game_.is_solved(); }
  std::uint64_t moves_made() const { return game_.moves_made(); }
  /// The optimal number of moves from here to the goal.
  const mpz_class& remaining() const { return game_.remaining(); }
  bool is_on_optimal_path() const { return game_.is_on_optimal_path(); }
  /// The picker's question while it is open.
  const std::optional<Picker>& picker() const { return picker_; }
  /// The moves the destination question chooses between (while it is open).
  const std::vector<GameMove>& destinations() const { return destinations_; }
  /// The piece the last refused move names as out of place, or 0.
  std::uint64_t blocker() const { return blocker_; }
  Ring selected() const { return selected_; }
  /// Whether the selection is the pair of rings 1+2 (a double-move hint): space moves both.
  bool is_pair_selected() const { return pair_selected_; }
  const std::string& message() const { return message_; }
  bool is_error() const { return error_; }
  bool is_autoplay() const { return autoplay_; }
  bool is_paused() const { return paused_; }
  /// Auto-play speed, 1 (slowest) to kAutoPlayDelaysMs.size().
  int speed() const { return speed_ + 1; }
  int delay_ms() const { return kAutoPlayDelaysMs[speed_]; }
  bool is_help_shown() const { return help_; }
  /// The page of the help shown (space turns it; the terminal says how many there are).
  int help_page() const { return help_page_; }
  void set_help_pages(int pages) { help_pages_ = std::max(pages, 1); }
  /// The state typed so far after `n`, while the new-game prompt is open.
  const std::optional<std::string>& prompt() const { return prompt_; }
  /// The ring number typed so far (games of 10 rings or more), or empty.
  const std::string& typed_ring() const { return typed_ring_; }
  /// The last move, while its animation frame is due (see end_animation).
  const std::optional<GameMove>& moving() const { return moving_; }
  void end_animation() { moving_.reset(); }
  /// The ring the last refused move tried to move (its blockers are shown), or 0.
  Ring refused() const { return refused_; }
  /// What the keys do now.
  Phase phase() const;

  /// Replaces the message line (the terminal layer reports saving this way).
  void set_message(std::string text, bool error = false);
  /// With a save file, q saves and leaves; without one, q asks first when moves would be lost.
  void set_save_file(bool has_one) { save_file_ = has_one; }
  /// Asks "y quits without saving; any other key stays", after `why` (e.g. saving failed).
  void confirm_quit(std::string why);
  /// How many rings PgUp and PgDn move the selection (the terminal sets what is on screen).
  void set_page(std::uint64_t rings) { page_ = std::max<std::uint64_t>(rings, 1); }
  /// Called when a move reaches the goal with what was achieved; its text (a record, say) ends
  /// the message.
  void on_solved(std::function<std::string(const Record&)> f) { on_solved_ = std::move(f); }

 private:
  Action handle_play(int key);
  void handle_picker(int key);
  void handle_destination(int key);
  void move_piece(std::uint64_t piece);
  void play_move(const GameMove& move);
  void start_puzzle(const std::string& name, const std::string& count);
  void handle_prompt(int key);
  void handle_digit(char digit);
  void select(Ring ring);
  void hint();
  void after_move(const GameMove& move);
  void solved_message(std::string& text);
  void start_game(Game game, std::string_view how, std::string message);
  void undo();
  void redo();
  void finish_now();
  bool has_unsaved_moves() const;

  Game game_;
  // Games replaced by n, R or the picker, newest last, with what replaced them (u brings them
  // back).
  std::vector<std::pair<Game, std::string_view>> earlier_;
  std::mt19937_64 rng_;
  Ring selected_ = 1;
  bool pair_selected_ = false;
  std::string message_;
  bool error_ = false;
  bool autoplay_ = false;
  bool paused_ = false;
  int speed_ = 3;
  bool help_ = false;
  int help_page_ = 0, help_pages_ = 1;
  bool confirm_ = false;
  bool save_file_ = false;
  std::uint64_t page_ = 10;
  Ring refused_ = 0;
  std::string typed_ring_;
  std::optional<std::string> prompt_;
  std::optional<GameMove> moving_;
  std::optional<Picker> picker_;
  std::vector<GameMove> destinations_;
  std::uint64_t blocker_ = 0;
  std::function<std::string(const Record&)> on_solved_;
};

}  // namespace rings::play
