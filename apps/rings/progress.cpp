#include "progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

namespace rings::cli {
namespace {

// Set while a progress line is on the terminal.
std::atomic<bool> g_line_drawn{false};

void write_stderr(const std::string& s) {
  for (std::size_t at = 0; at < s.size();) {
    const ssize_t n = ::write(STDERR_FILENO, s.data() + at, s.size() - at);
    if (n <= 0) return;  // a progress line is not worth an error
    at += static_cast<std::size_t>(n);
  }
}

}  // namespace

void clear_progress_line() {
  if (g_line_drawn.exchange(false)) write_stderr("\r\x1b[K");
}

Progress::Progress(std::string what, bool streams_output) : what_(std::move(what)) {
  if (!::isatty(STDERR_FILENO) || (streams_output && ::isatty(STDOUT_FILENO))) return;
  thread_ = std::thread([this] { run(); });
}

Progress::~Progress() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
  clear_progress_line();
}

void Progress::stage(std::string what) {
  const std::lock_guard lock(mutex_);
  what_ = std::move(what);
}

void Progress::run() {
  using namespace std::chrono_literals;
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, 500ms, [this] { return stop_; })) return;
  do draw();
  while (!wake_.wait_for(lock, 250ms, [this] { return stop_; }));
}

void Progress::draw() {
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start_)
          .count();
  std::string line = "\rrings: " + what_;
  if (const char* unit = unit_.load()) {
    const std::uint64_t total = total_, done = std::min<std::uint64_t>(done_, total ? total : -1);
    line += fmt::format(": {} ", done);
    if (total) line += fmt::format("of {} ", total);
    line += unit;
    if (total) line += fmt::format(" ({:.1f}%)", 100.0 * double(done) / double(total));
  }
  line += fmt::format("  {} s\x1b[K", seconds);
  g_line_drawn = true;
  write_stderr(line);
}

}  // namespace rings::cli
