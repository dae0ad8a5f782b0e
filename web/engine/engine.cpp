// The engine in the browser: the web API's own request handlers (apps/serve/handlers.cpp),
// compiled to WebAssembly and called in-process by the page's worker (web/worker.js), so the
// page's answers are the API's answers, computed by the same code.
#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>
#include <string>

#include "handlers.hpp"
#include "static_files.hpp"

namespace rings::serve {
// The page's files are served by whatever serves the page: the engine serves none.
std::span<const StaticFile> static_files() { return {}; }
}  // namespace rings::serve

namespace {
std::string answer;  // the last answer, alive until the next call
}

extern "C" {

/// One request, as `GET|POST path` with its query parameters as a JSON object of strings (a
/// UTF-8 text) and the body (`body_size` bytes). Returns "<status>\n<content type>\n<body>".
EMSCRIPTEN_KEEPALIVE const char* rings_handle(const char* method, const char* path,
                                              const char* params, const char* body,
                                              std::size_t body_size) {
  rings::serve::Request request{
      .method = method, .path = path, .params = {}, .body = {body, body_size}};
  const auto json = nlohmann::json::parse(params, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) {
    answer = "400\napplication/json\n{\"error\":\"the parameters are not a JSON object\"}";
    return answer.c_str();
  }
  for (const auto& [name, value] : json.items())
    request.params[name] = value.is_string() ? value.get<std::string>() : value.dump();
  const auto response = rings::serve::handle(request);
  answer = std::to_string(response.status) + "\n" + response.content_type + "\n" + response.body;
  return answer.c_str();
}
}
