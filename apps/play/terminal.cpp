#include "terminal.hpp"

#include <curses.h>
#include <fmt/format.h>
#include <langinfo.h>
#include <unistd.h>

#include <chrono>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "screen.hpp"

namespace rings::play {
namespace {

// The signal that asked the game to stop (SIGINT, SIGHUP, SIGTERM), or 0.
volatile std::sig_atomic_t g_stop = 0;

void on_stop(int sig) { g_stop = sig; }

// A crash: give the terminal back (endwin is not async-signal-safe, but the process is about to
// die and a terminal left in raw mode is worse), then die of the same signal.
void on_crash(int sig) {
  endwin();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

constexpr int kStopSignals[] = {SIGINT, SIGHUP, SIGTERM};
constexpr int kCrashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

// Owns the curses screen and the signal handlers; undoes both when it goes out of scope, on
// every path out of run_in_terminal.
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
  }
  ~Terminal() {
    endwin();
    delscreen(screen_);
    for (std::size_t i = 0; i < std::size(kStopSignals); ++i)
      sigaction(kStopSignals[i], &saved_stop_[i], nullptr);
    for (std::size_t i = 0; i < std::size(kCrashSignals); ++i)
      sigaction(kCrashSignals[i], &saved_crash_[i], nullptr);
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  void draw(const Session& session) {
    const Screen screen = render(session, COLS, LINES, unicode_);
    erase();
    for (std::size_t row = 0; row < screen.lines.size(); ++row)
      mvaddstr(int(row), 0, screen.lines[row].c_str());
    for (const auto& m : screen.marks)
      mvchgat(m.row, m.col, m.width, m.style == Style::bold ? A_BOLD : A_REVERSE, 0, nullptr);
    refresh();
  }

 private:
  SCREEN* screen_ = nullptr;
  bool unicode_ = false;
  struct sigaction saved_stop_[std::size(kStopSignals)]{};
  struct sigaction saved_crash_[std::size(kCrashSignals)]{};
};

// A curses key as a session key; 0 for keys the game does not use.
int session_key(int ch) {
  switch (ch) {
    case KEY_LEFT:
      return kKeyLeft;
    case KEY_RIGHT:
      return kKeyRight;
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
  Terminal terminal;
  auto next_move = Clock::now();
  while (!g_stop) {
    terminal.draw(session);
    // Wait for a key, or until the next auto-play move (a signal also ends the wait).
    int wait_ms = 1000;
    if (session.is_autoplay()) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(next_move - Clock::now());
      wait_ms = int(std::max<std::int64_t>(left.count(), 0));
    }
    timeout(wait_ms);
    const int ch = getch();
    if (ch != ERR) {
      const bool was_auto = session.is_autoplay();
      const int key = session_key(ch);
      const Action action = key ? session.handle(key) : Action::none;
      if (action == Action::quit) return 0;
      if (action == Action::save) {
        if (!save)
          session.set_message("Nowhere to save: start with --save FILE.", true);
        else if (auto error = save(session.game()))
          session.set_message(*error, true);
        else
          session.set_message("Saved.");
      }
      if (!was_auto && session.is_autoplay())
        next_move = Clock::now() + std::chrono::milliseconds(session.delay_ms());
    }
    if (session.is_autoplay() && Clock::now() >= next_move) {
      session.tick();
      next_move = Clock::now() + std::chrono::milliseconds(session.delay_ms());
    }
  }
  return 128 + int(g_stop);
}

}  // namespace rings::play
