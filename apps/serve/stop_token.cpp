#include "stop_token.hpp"

#include "rings/render.hpp"

namespace rings::serve {
namespace {

struct ThreadStop {
  const StopToken* token = nullptr;
  std::chrono::nanoseconds cpu_end{};
  unsigned calls = 0;
};
thread_local ThreadStop current;

std::chrono::nanoseconds thread_cpu_time() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
}

}  // namespace

ScopedStopToken::ScopedStopToken(const StopToken& token) : start_(thread_cpu_time()) {
  current = {&token, start_ + token.cpu_limit(), 0};
  set_render_check(&check_stop);  // a picture stops as the answers' loops do
}

ScopedStopToken::~ScopedStopToken() {
  set_render_check(nullptr);
  current = {};
}

std::chrono::nanoseconds ScopedStopToken::used() const { return thread_cpu_time() - start_; }

void check_stop() {
  if (!current.token) return;
  if (current.token->stop_requested()) throw Stopped{false};
  if (++current.calls % 256 == 0 && thread_cpu_time() > current.cpu_end) throw Stopped{true};
}

}  // namespace rings::serve
