// The threads that compute the answers of expensive requests, off the network threads: a
// fixed number of workers, at a lower CPU priority than the event loops (so cheap requests,
// answered in the loops, are not held up by them), taking jobs from a bounded queue.
#pragma once

#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace rings::serve {

class WorkPool {
 public:
  /// `workers` threads at `nice` (added to the process's), at most `max_queued` jobs waiting.
  WorkPool(std::size_t workers, std::size_t max_queued, int nice) : max_queued_(max_queued) {
    for (std::size_t i = 0; i < workers; ++i)
      threads_.emplace_back([this, nice] {
        // On Linux a thread's nice value is its own (the process's threads are tasks).
        ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)),
                      ::getpriority(PRIO_PROCESS, 0) + nice);
        run();
      });
  }
  ~WorkPool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      queue_.clear();
    }
    wake_.notify_all();
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  /// Queues `job`; false when the queue is full (unless `always`: the next piece of an answer
  /// already accepted) or the pool is stopping (the caller refuses).
  bool submit(std::function<void()> job, bool always = false) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_ || (!always && queue_.size() >= max_queued_)) return false;
      queue_.push_back(std::move(job));
    }
    wake_.notify_one();
    return true;
  }

  /// Stops taking jobs, drops the waiting ones and waits up to `grace` for the running ones;
  /// whether they all ended (the threads are then joined).
  bool stop(std::chrono::milliseconds grace) {
    std::unique_lock lock(mutex_);
    stopping_ = true;
    queue_.clear();
    wake_.notify_all();
    if (!idle_.wait_for(lock, grace, [this] { return running_ == 0; })) return false;
    lock.unlock();
    for (auto& t : threads_) t.join();
    return true;
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      auto job = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
      lock.unlock();
      job();
      job = nullptr;  // what it held goes before the heap is trimmed
      lock.lock();
      if (--running_ == 0) {
        idle_.notify_all();
        // A burst is over: the free pages of every heap go back to the system (the answers'
        // JSON trees are many small blocks, which glibc otherwise keeps).
        if (queue_.empty() && !stopping_) {
          lock.unlock();
          ::malloc_trim(0);
          lock.lock();
        }
      }
    }
  }

  std::size_t max_queued_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> queue_;
  std::size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace rings::serve
