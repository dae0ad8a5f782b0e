// The thin HTTP layer of `rings serve`: an event-driven HTTP/1.1 server (Boost.Beast's parser
// over Boost.Asio) in front of the pure handlers, with every limit its own.
#pragma once

#include <chrono>
#include <cstddef>

namespace rings::serve {

/// Bounds on what clients may make the server hold, whatever they send. With these, memory stays
/// within a few tens of MB above idle (tests/serve/attacks_test.py and fairness_test.py check it).
inline constexpr std::size_t kMaxConnections =
    512;  ///< open at once; then the one furthest behind kMinRate goes
inline constexpr std::size_t kMaxTarget = 8192;        ///< bytes of the request target (414 beyond)
inline constexpr std::size_t kMaxHeader = 16384;       ///< bytes of request line and fields (431)
inline constexpr std::size_t kMaxFields = 100;         ///< header fields of a request (431)
inline constexpr std::size_t kBodyBudget = 16u << 20;  ///< request bodies held at once (503 beyond)
/// Answers of expensive requests not yet sent, all connections together: beyond, an expensive
/// request gets 503 (a cheap one is still answered) unless a stalled answer can be dropped
/// (kStalledAnswer). One answer is at most a few MiB (the API's caps), so clients that never
/// read hold about this much between them.
inline constexpr std::size_t kAnswerBudget = 24u << 20;
/// When the answers' budget is full, the connection whose client has left an answer of this
/// size or more unread for longest, and for at least kStalledAnswer, is closed to make room.
inline constexpr std::size_t kLargeAnswer = 64u << 10;
inline constexpr std::chrono::seconds kStalledAnswer{1};
/// A large answer (a table, a solution's text, verify's write= text) is made and sent a piece of
/// this size at a time, the next made only once the last is written: what a connection holds of
/// its answer, however large, while its client reads slowly or not at all.
inline constexpr std::size_t kAnswerPiece = 64u << 10;
inline constexpr std::size_t kWorkers = 2;  ///< threads computing expensive answers (their memory)
inline constexpr std::size_t kMaxQueuedWork = 64;  ///< expensive requests waiting (503 beyond)
inline constexpr int kWorkNice = 10;  ///< the workers' CPU priority below the event loops'
/// CPU time one expensive request may take (503 with code time_limit beyond).
inline constexpr std::chrono::milliseconds kWorkCpuLimit{5000};
/// After SIGTERM, how long the work in progress has to end before the process exits anyway.
inline constexpr std::chrono::milliseconds kStopGrace{2000};
/// The pace, in bytes a second, at which a peer is expected to send what the server waits for.
/// A request body may take longer than the request's --timeout while it keeps this pace on
/// average (counted from the request's first byte once --timeout has passed), with no pause of
/// --timeout: a client that trickles a body is cut off. And when a new connection needs room,
/// the connection furthest behind it is closed: each byte that arrives buys 1/kMinRate s of
/// waiting (at most --timeout ahead), so a slow trickle falls behind as it waits, while a
/// request sent at once or a steady upload does not.
inline constexpr std::size_t kMinRate = 4u << 10;
inline constexpr unsigned kRequestsPerConnection = 100;      ///< then the connection is closed
inline constexpr std::chrono::seconds kFirstRequestWait{5};  ///< from connecting to the first byte
inline constexpr std::chrono::seconds kKeepAlive{1};         ///< between requests

}  // namespace rings::serve

/// What `rings serve` asks of the plugin.
struct RingsServeOptions {
  const char* host;                  ///< address (or name) to listen on
  int port;                          ///< 0 picks a free one
  int request_timeout;               ///< seconds to read a request, and again to write its answer
  const char* const* allowed_hosts;  ///< more names the Host header may give (--allow-host)
  int allowed_host_count;
  /// Called once the socket listens: the port, and whether the address is a loopback one.
  void (*on_listening)(int port, bool loopback, void* context);
  void* context;
};

/// The HTTP layer is a plugin (librings_http.so) that only `rings serve` loads, so that no other
/// command pays for loading it. This is its one entry point: it serves handlers.hpp's handle()
/// until SIGINT or SIGTERM and returns 0 (or, when the work in progress does not stop within
/// kStopGrace, exits the process with status 0), or returns the errno of a failed bind or
/// listen (EADDRINUSE when another server has the port, on any of its addresses), or -1 when
/// the host is neither an address nor a name that resolves.
extern "C" int rings_serve_http(const RingsServeOptions* options);
using RingsServeHttp = decltype(&rings_serve_http);
inline constexpr const char* kHttpPlugin = "librings_http.so";
