// Stopping a request's work early: when its client has gone, when it has used up its CPU time,
// or when the server stops. The HTTP layer gives the thread that computes an answer a token;
// the handlers' long loops call check_stop(), which throws Stopped.
#pragma once

#include <atomic>
#include <chrono>
#include <ctime>

namespace rings::serve {

/// Thrown by check_stop(): the request's work ends here, its answer is not needed or not given.
struct Stopped {
  bool timed_out;  ///< its CPU time ran out (else its client left, or the server is stopping)
};

/// What may stop one request's work. Shared by the connection (which stops it when its client
/// goes away) and the worker thread that computes it.
class StopToken {
 public:
  /// `cpu_limit`: the CPU time the work may take; `server_stopping`: set when the server stops.
  StopToken(std::chrono::nanoseconds cpu_limit, const std::atomic<bool>* server_stopping)
      : cpu_limit_(cpu_limit), server_stopping_(server_stopping) {}
  void request_stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stop_requested() const {
    return stop_.load(std::memory_order_relaxed) ||
           (server_stopping_ && server_stopping_->load(std::memory_order_relaxed));
  }
  std::chrono::nanoseconds cpu_limit() const { return cpu_limit_; }

 private:
  std::atomic<bool> stop_{false};
  std::chrono::nanoseconds cpu_limit_;
  const std::atomic<bool>* server_stopping_;
};

/// While it lives, check_stop() on this thread answers to `token`, and the CPU time counts from
/// its start.
class ScopedStopToken {
 public:
  explicit ScopedStopToken(const StopToken& token);
  ~ScopedStopToken();
  ScopedStopToken(const ScopedStopToken&) = delete;
  ScopedStopToken& operator=(const ScopedStopToken&) = delete;
  /// The CPU time this thread has used since: what an answer made in pieces, each under a
  /// token of its own, counts against the one limit of the whole answer.
  std::chrono::nanoseconds used() const;

 private:
  std::chrono::nanoseconds start_;
};

/// Throws Stopped when the work of the request computed on this thread should stop. Cheap
/// enough for any loop: the thread's CPU clock is read every 256 calls. Does nothing on a
/// thread without a token (the tests, the fuzzer), nor in the page's WebAssembly engine, which
/// works for its own page only.
#ifdef __EMSCRIPTEN__
inline void check_stop() {}
#else
void check_stop();
#endif

}  // namespace rings::serve
