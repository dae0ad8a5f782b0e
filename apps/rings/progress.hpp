// Progress of long work, on standard error when it is a terminal, and never otherwise.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace rings::cli {

/// A line "rings: <what> ... 3 s" on standard error, first drawn half a second after the work
/// starts (short work shows nothing) and redrawn a few times a second; cleared when the object
/// goes (before the answer or an error is printed). Only when standard error is a terminal and
/// the output does not go to that terminal too (where it would cut into the lines).
class Progress {
 public:
  /// `streams_output`: the command writes its answer while it works (solve), so its progress
  /// is only drawn when standard output is not a terminal.
  explicit Progress(std::string what, bool streams_output = false);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool shown() const { return thread_.joinable(); }
  /// What is being done now ("writing 30103000 digits").
  void stage(std::string what);
  /// How far: `done` of `total` `unit`s (total 0: unknown).
  void set_total(std::uint64_t total, const char* unit) {
    total_ = total;
    unit_ = unit;
  }
  void add(std::uint64_t n) { done_.fetch_add(n, std::memory_order_relaxed); }
  void set_done(std::uint64_t n) { done_.store(n, std::memory_order_relaxed); }

 private:
  void run();
  void draw();

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::string what_;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::uint64_t> total_{0};
  std::atomic<const char*> unit_{nullptr};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool drawn_ = false;
  std::thread thread_;
};

/// Clears a progress line that is on the terminal (for a program that ends at once: a closed
/// pipe, a failed write). Safe in any state.
void clear_progress_line();

}  // namespace rings::cli
