// The engine in the browser: the web API's own request handlers (apps/serve/handlers.cpp),
// compiled to WebAssembly and called in-process by the page's worker (web/worker.js), so the
// page's answers are the API's answers, computed by the same code.
#include <emscripten/emscripten.h>

#include <optional>
#include <string>
#include <string_view>

#include "handlers.hpp"
#include "static_files.hpp"

namespace rings::serve {
// The page's files are served by whatever serves the page: the engine serves none.
std::span<const StaticFile> static_files() { return {}; }
}  // namespace rings::serve

namespace {
std::string answer;  // the last answer, alive until the next call

// The next `<bytes>:<text>` of the parameters, or nothing at their end or on a malformed one.
std::optional<std::string> next_field(std::string_view& rest) {
  const auto colon = rest.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 9) return std::nullopt;
  std::size_t size = 0;
  for (const char c : rest.substr(0, colon)) {
    if (c < '0' || c > '9') return std::nullopt;
    size = size * 10 + static_cast<std::size_t>(c - '0');
  }
  if (size > rest.size() - colon - 1) return std::nullopt;
  std::string field(rest.substr(colon + 1, size));
  rest.remove_prefix(colon + 1 + size);
  return field;
}
}  // namespace

extern "C" {

/// One request, as `GET|POST path`, its query parameters as name and value pairs each written
/// `<bytes>:<text>` one after the other (`5:state3:101`: no JSON parser in the page's engine),
/// and the body (`body_size` bytes). Returns "<status>\n<content type>\n<body>".
EMSCRIPTEN_KEEPALIVE const char* rings_handle(const char* method, const char* path,
                                              const char* params, std::size_t params_size,
                                              const char* body, std::size_t body_size) {
  rings::serve::Request request{
      .method = method, .path = path, .params = {}, .body = {body, body_size}};
  for (std::string_view rest{params, params_size}; !rest.empty();) {
    auto name = next_field(rest);
    auto value = name ? next_field(rest) : std::nullopt;
    if (!value) {
      answer = "400\napplication/json\n{\"error\":\"the parameters are not name and value pairs\"}";
      return answer.c_str();
    }
    request.params.insert_or_assign(std::move(*name), std::move(*value));
  }
  const auto response = rings::serve::handle(request);
  answer = std::to_string(response.status) + "\n" + response.content_type + "\n" + response.body;
  return answer.c_str();
}
}
