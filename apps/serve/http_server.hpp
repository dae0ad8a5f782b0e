// The thin HTTP layer of `rings serve`: cpp-httplib in front of the pure handlers.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace rings::serve {

/// Worker threads, and accepted connections that may wait for one; more are answered 503.
inline constexpr std::size_t kWorkers = 16;
inline constexpr std::size_t kMaxWaiting = 128;

/// Serves handlers.hpp's handle() over HTTP on `host`:`port` (port 0 picks a free one) until
/// SIGINT or SIGTERM. Each request must arrive and its answer leave within `request_timeout`
/// seconds of its first byte. Calls `on_listening(port)` once the socket is bound. Returns false
/// when the address cannot be bound.
bool serve_http(const std::string& host, int port, int request_timeout,
                const std::function<void(int)>& on_listening);

}  // namespace rings::serve

/// The HTTP layer is a plugin (librings_http.so) that only `rings serve` loads: cpp-httplib
/// brings OpenSSL, whose loading and start-up took 85% of every other command's 3.5 ms start.
/// This is its one entry point, serve_http() with C linkage.
extern "C" bool rings_serve_http(const char* host, int port, int request_timeout,
                                 void (*on_listening)(int, void*), void* context);
using RingsServeHttp = decltype(&rings_serve_http);
inline constexpr const char* kHttpPlugin = "librings_http.so";
