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
