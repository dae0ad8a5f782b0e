#include "http_server.hpp"

#include <httplib.h>
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <nlohmann/json.hpp>
#include <thread>

#include "handlers.hpp"

namespace rings::serve {
namespace {

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

}  // namespace

bool serve_http(const std::string& host, int port, const std::function<void(int)>& on_listening) {
  httplib::Server server;
  server.set_payload_max_length(kMaxBody);
  // Each open connection holds a worker thread while it idles: keep idling short, so that a
  // client with many connections (a browser, a test) cannot starve the others for long.
  server.new_task_queue = [] { return new httplib::ThreadPool(16); };
  server.set_keep_alive_timeout(1);
  // Small JSON answers must not wait for a delayed ACK (Nagle): that cost 40 ms a request.
  server.set_tcp_nodelay(true);
  // A slow or silent peer holds a worker for at most a few seconds.
  server.set_read_timeout(5);
  server.set_write_timeout(5);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Cache-Control", "no-store"},
                              {"Content-Security-Policy", "default-src 'self'"}});
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
  on_listening(bound);

  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    // stop() has no effect before listen_after_bind() has started: repeat until it ends.
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

extern "C" bool rings_serve_http(const char* host, int port, void (*on_listening)(int, void*),
                                 void* context) {
  return rings::serve::serve_http(host, port, [&](int bound) { on_listening(bound, context); });
}
