// The thin HTTP layer of `rings serve`: cpp-httplib in front of the pure handlers.
#pragma once

#include <functional>
#include <string>

namespace rings::serve {

/// Serves handlers.hpp's handle() over HTTP on `host`:`port` (port 0 picks a free one) until
/// SIGINT or SIGTERM. Calls `on_listening(port)` once the socket is bound. Returns false when
/// the address cannot be bound.
bool serve_http(const std::string& host, int port, const std::function<void(int)>& on_listening);

}  // namespace rings::serve

/// The HTTP layer is a plugin (librings_http.so) that only `rings serve` loads: cpp-httplib
/// brings OpenSSL, whose loading and start-up took 85% of every other command's 3.5 ms start.
/// This is its one entry point, serve_http() with C linkage.
extern "C" bool rings_serve_http(const char* host, int port, void (*on_listening)(int, void*),
                                 void* context);
using RingsServeHttp = decltype(&rings_serve_http);
inline constexpr const char* kHttpPlugin = "librings_http.so";
