#include "http_server.hpp"

#include <httplib.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string_view>
#include <thread>
#include <vector>

#include "handlers.hpp"

namespace rings::serve {
namespace {

using Clock = std::chrono::steady_clock;

void respond(const httplib::Request& req, httplib::Response& res) {
  Request r{req.method, req.path, {}, req.body};
  for (const auto& [name, value] : req.params) r.params.insert_or_assign(name, value);
  const Response out = handle(r);
  res.status = out.status;
  res.set_content(out.body, out.content_type.c_str());
  if (out.content_type == "image/svg+xml") {
    // A plot opened on its own carries its style sheet inline, and nothing else.
    res.headers.erase("Content-Security-Policy");
    res.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  }
}

// A connection's socket for httplib, with deadlines for the whole of each request: `timeout`
// to read it from its first byte, and `timeout` to write the answer from its first byte (an
// error answer may follow a read that ran out of time). httplib 0.11's own stream times out
// each read, so a peer sending a byte every few seconds could keep a worker forever.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int sock, Clock::duration timeout, const std::atomic<bool>& stopping)
      : sock_(sock), timeout_(timeout), stopping_(stopping) {}

  /// Whether a deadline has passed: the connection is then closed, answered or not.
  bool late() const { return late_; }

  /// A request has begun: its deadlines start.
  void start_request() {
    deadline_ = Clock::now() + timeout_;
    writing_ = false;
  }
  /// Whether a request has begun (bytes to read) before `deadline`; false at end of stream.
  bool wait_for_request(Clock::time_point deadline) {
    return begin_ < end_ || wait(POLLIN, deadline);
  }

  bool is_readable() const override { return begin_ < end_ || wait(POLLIN, deadline_); }
  bool is_writable() const override {
    return wait(POLLOUT, writing_ ? deadline_ : Clock::now() + timeout_);
  }

  ssize_t read(char* ptr, std::size_t size) override {
    if (begin_ == end_) {  // httplib reads headers a byte at a time: read ahead in blocks
      if (!wait(POLLIN, deadline_)) return -1;
      const ssize_t n = ::recv(sock_, buffer_, sizeof buffer_, 0);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::memcpy(ptr, buffer_ + begin_, n);
    begin_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (!writing_) {  // the answer's first bytes: the time to write it starts now
      writing_ = true;
      deadline_ = Clock::now() + timeout_;
    }
    if (!wait(POLLOUT, deadline_)) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(::getpeername, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(::getsockname, ip, port);
  }
  socket_t socket() const override { return sock_; }

 private:
  // Waits for `events` until `deadline`, in short slices so that a stopping server is noticed.
  bool wait(short events, Clock::time_point deadline) const {
    for (;;) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0 || stopping_) {
        late_ = true;
        return false;
      }
      pollfd p{sock_, events, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 100)));
      if (ready > 0) return (p.revents & (events | POLLHUP | POLLERR)) != 0;
      if (ready < 0 && errno != EINTR) return false;
    }
  }

  template <class Get>
  void address(Get get, std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    char host[NI_MAXHOST] = "", serv[NI_MAXSERV] = "0";
    if (get(sock_, reinterpret_cast<sockaddr*>(&addr), &len) == 0)
      ::getnameinfo(reinterpret_cast<sockaddr*>(&addr), len, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV);
    ip = host;
    port = std::atoi(serv);
  }

  int sock_;
  Clock::duration timeout_;
  const std::atomic<bool>& stopping_;
  Clock::time_point deadline_;
  bool writing_ = false;
  mutable bool late_ = false;
  char buffer_[4096];
  std::size_t begin_ = 0, end_ = 0;
};

// Set while the accepting thread hands over a connection that no worker can take.
thread_local bool t_overloaded = false;

// The workers: a fixed number of threads and a bounded queue of accepted connections. A
// connection that finds the queue full is answered 503 at once, so a crowd of peers costs
// memory and descriptors only up to the bound.
class BoundedPool final : public httplib::TaskQueue {
 public:
  BoundedPool(std::size_t workers, std::size_t max_waiting) : max_waiting_(max_waiting) {
    for (std::size_t i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard lock(mutex_);
      if (jobs_.size() < max_waiting_) {
        jobs_.push_back(std::move(fn));
        ready_.notify_one();
        return;
      }
    }
    t_overloaded = true;  // the connection is refused in this thread, without waiting
    fn();
    t_overloaded = false;
  }
  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    ready_.notify_all();
    for (auto& t : threads_) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, and nothing left
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      fn();
    }
  }

  std::size_t max_waiting_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

// httplib's server with our connection loop: one deadline per request, a short keep-alive wait
// between requests, and an immediate 503 when the workers and their queue are full.
class Server final : public httplib::Server {
 public:
  explicit Server(std::chrono::seconds request_timeout) : request_timeout_(request_timeout) {}

  /// Ends the connections in progress (their waits see it within 0.1 s) as the server stops.
  void stopping() { stopping_ = true; }

  /// httplib listens with a backlog of 5: a burst of connections then waits a second or more
  /// for the kernel to resend its SYN-ACK. Listening again sets a longer queue.
  void widen_backlog() { ::listen(svr_sock_, SOMAXCONN); }

 private:
  bool process_and_close_socket(socket_t sock) override {
    if (t_overloaded) {
      static constexpr std::string_view kBusy =
          "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
          "Content-Length: 46\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
          "{\"error\":\"the server is busy: try again soon\"}";
      static_assert(kBusy.substr(kBusy.find("\r\n\r\n") + 4).size() == 46);
      ::send(sock, kBusy.data(), kBusy.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      ::shutdown(sock, SHUT_RDWR);
      ::close(sock);
      return false;
    }
    DeadlineStream stream(sock, request_timeout_, stopping_);
    bool ok = false;
    // The first request may take a moment to start (a person at a terminal, a slow link);
    // later ones on the same connection come at once or the connection is dropped.
    Clock::duration idle =
        std::min<Clock::duration>(std::chrono::seconds(read_timeout_sec_), request_timeout_);
    for (std::size_t left = keep_alive_max_count_; left > 0; --left) {
      if (!stream.wait_for_request(Clock::now() + idle)) break;
      stream.start_request();
      bool closed = false;
      ok = process_request(stream, left == 1, closed, nullptr);
      if (!ok || closed || stream.late()) break;
      idle = std::chrono::seconds(keep_alive_timeout_sec_);
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  std::chrono::seconds request_timeout_;
  std::atomic<bool> stopping_{false};
};

}  // namespace

bool serve_http(const std::string& host, int port, int request_timeout,
                const std::function<void(int)>& on_listening) {
  Server server{std::chrono::seconds(request_timeout)};
  server.set_payload_max_length(kMaxBody);
  // Each open connection holds a worker thread while it idles: keep idling short, so that a
  // client with many connections (a browser, a test) cannot starve the others for long.
  server.new_task_queue = [] { return new BoundedPool(kWorkers, kMaxWaiting); };
  server.set_keep_alive_timeout(1);
  // Small JSON answers must not wait for a delayed ACK (Nagle): that cost 40 ms a request.
  server.set_tcp_nodelay(true);
  // A new connection has this long to start its request.
  server.set_read_timeout(5);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Cache-Control", "no-store"},
                              // The page's engine is WebAssembly, run in a worker (from a Blob when
                              // the page is a file: the same script either way).
                              {"Content-Security-Policy",
                               "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                               "worker-src 'self' blob:; img-src 'self' blob: data:"}});
  // Every method reaches handle(), which answers 405 for the wrong one.
  server.Get(".*", respond);
  server.Post(".*", respond);
  server.Put(".*", respond);
  server.Patch(".*", respond);
  server.Delete(".*", respond);
  server.Options(".*", respond);
  // httplib's own refusals (URI too long, body too large, bad request line) get a JSON body too.
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty())
      res.set_content(nlohmann::json{{"error", "the server refused the request (HTTP " +
                                                   std::to_string(res.status) + ")"}}
                          .dump(),
                      "application/json");
  });

  // SIGINT and SIGTERM are taken by a thread of their own (blocked everywhere else, so the
  // server's threads, made after this, never see them), which stops the server cleanly.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  const int bound = port == 0                         ? server.bind_to_any_port(host)
                    : server.bind_to_port(host, port) ? port
                                                      : -1;
  if (bound < 0) return false;
  server.widen_backlog();
  on_listening(bound);

  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    // stop() has no effect before listen_after_bind() has started: repeat until it ends.
    server.stopping();
    while (!finished) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  server.listen_after_bind();
  finished = true;
  pthread_kill(stopper.native_handle(), SIGTERM);  // wakes the stopper if no signal came
  stopper.join();
  return true;
}

}  // namespace rings::serve

extern "C" bool rings_serve_http(const char* host, int port, int request_timeout,
                                 void (*on_listening)(int, void*), void* context) {
  return rings::serve::serve_http(host, port, request_timeout,
                                  [&](int bound) { on_listening(bound, context); });
}
