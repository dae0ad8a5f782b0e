#include "terminal.hpp"

#include <curses.h>
#include <fmt/format.h>
#include <langinfo.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "screen.hpp"

namespace rings::play {
namespace {

// The signal that asked the game to stop, or 0.
volatile std::sig_atomic_t g_stop = 0;

void on_stop(int sig) { g_stop = sig; }

// A crash: give the terminal back (endwin is not async-signal-safe, but the process is about to
// die and a terminal left in raw mode is worse), then die of the same signal.
void on_crash(int sig) {
  endwin();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Every signal whose default would end the game: each stops it the same way (the terminal is
// given back and the game saved), with status 128 + the signal.
constexpr int kStopSignals[] = {SIGINT,  SIGHUP,  SIGTERM, SIGQUIT, SIGUSR1,
                                SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM};
constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

// How long a moving ring is shown halfway, and the auto-play delays short enough to skip it.
constexpr int kAnimationMs = 90, kNoAnimationBelowMs = 200;

// xterm's "set the window title" and its end.
constexpr std::string_view kOsc2 = "\033]2;";
constexpr char kBell = '\a';

// Colour pairs, one per Style (pair number = style + 1).
constexpr short kColours[] = {
    -1,             // label: default colour, bold
    COLOR_GREEN,    // ring_on
    COLOR_BLUE,     // ring_off
    COLOR_YELLOW,   // selected
    COLOR_CYAN,     // hinted
    COLOR_RED,      // illegal
    COLOR_GREEN,    // solved
    COLOR_MAGENTA,  // goal
    COLOR_YELLOW,   // moving
    COLOR_CYAN,     // key
};

// The attribute of a style: a colour with emphasis when the terminal has colours and NO_COLOR is
// not set; otherwise bold, reverse, underline and dim tell the styles apart.
attr_t attribute(Style style, bool colour) {
  const auto i = std::size_t(style);
  if (colour) {
    const attr_t pair = kColours[i] < 0 ? 0 : COLOR_PAIR(short(i + 1));
    switch (style) {
      case Style::label:
      case Style::selected:
      case Style::illegal:
      case Style::solved:
      case Style::key:
        return pair | A_BOLD;
      case Style::moving:
        return pair | A_REVERSE;
      default:
        return pair;
    }
  }
  switch (style) {
    case Style::label:
    case Style::ring_on:
    case Style::solved:
    case Style::key:
      return A_BOLD;
    case Style::ring_off:
      return A_DIM;
    case Style::selected:
    case Style::moving:
      return A_REVERSE;
    case Style::hinted:
    case Style::goal:
      return A_UNDERLINE;
    case Style::illegal:
      return A_BOLD | A_UNDERLINE;
  }
  return A_NORMAL;
}

// Owns the curses screen, the mouse, the window title and the signal handlers; undoes all of
// them when it goes out of scope, on every path out of run_in_terminal.
class Terminal {
 public:
  Terminal() {
    std::setlocale(LC_ALL, "");
    unicode_ = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    screen_ = newterm(nullptr, stdout, stdin);
    if (!screen_) {
      const char* term = std::getenv("TERM");
      throw std::runtime_error(
          fmt::format("cannot use the terminal (TERM={})", term ? term : "not set"));
    }
    // After newterm, so these replace the handlers ncurses installs. No SA_RESTART: a signal
    // interrupts the wait for a key, and the loop sees g_stop at once.
    g_stop = 0;
    struct sigaction stop {};
    stop.sa_handler = on_stop;
    sigemptyset(&stop.sa_mask);
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
      sigaction(kStopSignals[i], &stop, &saved_stop_[i]);
    struct sigaction crash {};
    crash.sa_handler = on_crash;
    sigemptyset(&crash.sa_mask);
    for (std::size_t i = 0; i < std::size(kCrashSignals); ++i)
      sigaction(kCrashSignals[i], &crash, &saved_crash_[i]);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    const char* no_color = std::getenv("NO_COLOR");  // https://no-color.org: set and not empty
    colour_ = has_colors() && !(no_color && no_color[0]);
    if (colour_) {
      start_color();
      use_default_colors();
      for (std::size_t i = 0; i < std::size(kColours); ++i)
        if (kColours[i] >= 0) init_pair(short(i + 1), kColours[i], -1);
    }
    mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, nullptr);
    mouseinterval(0);  // a press acts at once, without waiting to see whether it is a click
    // The window title: on terminals that say they have one (terminfo tsl, or xterm's XT).
    const auto capability = [](const char* name) -> std::string {
      const char* s = tigetstr(const_cast<char*>(name));
      return s && s != reinterpret_cast<const char*>(-1) ? s : "";
    };
    title_start_ = capability("tsl");
    title_end_ = capability("fsl");
    if (title_start_.empty() && tigetflag(const_cast<char*>("XT")) > 0) title_start_ = kOsc2;
    if (title_end_.empty()) title_end_.push_back(kBell);
    if (!title_start_.empty()) emit("\033[22;0t");  // xterm: keep the old title to restore
  }
  ~Terminal() {
    if (!title_start_.empty()) emit("\033[23;0t");
    mousemask(0, nullptr);
    endwin();
    delscreen(screen_);
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
      sigaction(kStopSignals[i], &saved_stop_[i], nullptr);
    for (std::size_t i = 0; i < std::size(kCrashSignals); ++i)
      sigaction(kCrashSignals[i], &saved_crash_[i], nullptr);
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  const Screen& draw(Session& session) {
    screen_shown_ = render(session, COLS, LINES, unicode_);
    session.set_page(screen_shown_.rings_in_view);
    session.set_help_pages(screen_shown_.help_pages);
    erase();
    for (std::size_t row = 0; row < screen_shown_.lines.size(); ++row)
      mvaddstr(int(row), 0, screen_shown_.lines[row].c_str());
    for (const auto& m : screen_shown_.marks) {
      const attr_t a = attribute(m.style, colour_);
      mvchgat(m.row, m.col, m.width, a & ~A_COLOR, short(PAIR_NUMBER(a)), nullptr);
    }
    if (const auto& at = screen_shown_.cursor) {
      move(at->first, at->second);
      curs_set(1);
    } else {
      curs_set(0);
    }
    refresh();
    if (!title_start_.empty() && screen_shown_.title != title_) {
      title_ = screen_shown_.title;
      emit(title_start_ + title_ + title_end_);
    }
    return screen_shown_;
  }
  // Ctrl-L: the next draw repaints every cell.
  void repaint() { clearok(curscr, TRUE); }
  const Screen& shown() const { return screen_shown_; }

 private:
  static void emit(const std::string& text) {
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
  }

  SCREEN* screen_ = nullptr;
  bool unicode_ = false, colour_ = false;
  std::string title_start_, title_end_, title_;
  Screen screen_shown_;
  struct sigaction saved_stop_[std::size(kStopSignals)]{};
  struct sigaction saved_crash_[std::size(kCrashSignals)]{};
};

// A curses key as a session key; 0 for keys the game does not use.
int session_key(int ch) {
  switch (ch) {
    case KEY_LEFT:
      return kKeyLeft;
    case KEY_UP:
      return kKeyUp;
    case KEY_DOWN:
      return kKeyDown;
    case KEY_RIGHT:
      return kKeyRight;
    case KEY_HOME:
      return kKeyHome;
    case KEY_END:
      return kKeyEnd;
    case KEY_PPAGE:
      return kKeyPageUp;
    case KEY_NPAGE:
      return kKeyPageDown;
    case KEY_ENTER:
    case '\n':
    case '\r':
      return kKeyEnter;
    case 27:
      return kKeyEscape;
    case KEY_BACKSPACE:
    case 127:
    case 8:
      return kKeyBackspace;
    default:
      return ch >= 0x20 && ch < 0x7f ? ch : 0;
  }
}

}  // namespace

std::optional<std::string> terminal_problem() {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
    return "rings play needs a terminal: standard input and output must not be redirected";
  return std::nullopt;
}

int run_in_terminal(Session& session, const SaveFn& save) {
  using Clock = std::chrono::steady_clock;
  using std::chrono::milliseconds;
  Terminal terminal;
  session.set_save_file(bool(save));
  auto next_move = Clock::now();
  // When the moving ring comes to rest: 90 ms after its move, whatever keys come meanwhile (a
  // key does not restart the animation of the move before it).
  auto animation_end = Clock::now();
  const auto note_move = [&](std::uint64_t moves_before) {
    if (session.moving() && session.moves_made() != moves_before)
      animation_end = Clock::now() + milliseconds(kAnimationMs);
  };
  const auto try_save = [&]() -> std::optional<std::string> {
    if (!save) return "Nowhere to save: start with --save FILE.";
    return save(session);
  };
  while (!g_stop) {
    if (session.moving() && session.is_autoplay() && session.delay_ms() < kNoAnimationBelowMs)
      session.end_animation();
    terminal.draw(session);
    // Wait for a key, the end of a move's animation, or the next auto-play move (a signal also
    // ends the wait).
    int wait_ms = 1000;
    if (session.moving()) {
      const auto left = std::chrono::ceil<milliseconds>(animation_end - Clock::now());
      wait_ms = int(std::clamp<std::int64_t>(left.count(), 0, kAnimationMs));
    }
    if (session.is_autoplay()) {
      const auto left = std::chrono::ceil<milliseconds>(next_move - Clock::now());
      wait_ms = std::min(wait_ms, int(std::max<std::int64_t>(left.count(), 0)));
    }
    timeout(wait_ms);
    const int ch = getch();
    if (session.moving() && Clock::now() >= animation_end) session.end_animation();
    if (ch != ERR) {
      const bool was_running = session.is_autoplay() && !session.is_paused();
      const std::uint64_t moves_before = session.moves_made();
      Action action = Action::none;
      if (ch == 12) {  // Ctrl-L
        terminal.repaint();
      } else if (ch == KEY_MOUSE) {
        MEVENT event{};
        if (getmouse(&event) == OK && (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
          if (const Ring ring = ring_at(terminal.shown(), event.y, event.x)) session.click(ring);
      } else if (const int key = session_key(ch)) {
        action = session.handle(key);
      }
      if (action == Action::quit_unsaved) return 0;
      if (action == Action::quit && !save) return 0;
      if (action == Action::quit || action == Action::save) {
        if (auto error = try_save()) {
          if (action == Action::quit)
            session.confirm_quit(fmt::format("{}; the game is not saved and still here.", *error));
          else
            session.set_message(*error, true);
        } else if (action == Action::quit) {
          return 0;
        } else {
          session.set_message("Saved.");
        }
      }
      note_move(moves_before);
      if (!was_running && session.is_autoplay() && !session.is_paused())
        next_move = Clock::now() + milliseconds(session.delay_ms());
    }
    if (session.is_autoplay() && Clock::now() >= next_move) {
      const std::uint64_t moves_before = session.moves_made();
      session.tick();
      note_move(moves_before);
      next_move = Clock::now() + milliseconds(session.delay_ms());
    }
  }
  return 128 + int(g_stop);
}

}  // namespace rings::play
