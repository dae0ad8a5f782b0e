// Fuzzes every handler of `rings serve` through handle(), as the HTTP layer calls it.
// Input: a line `METHOD PATH` (e.g. `GET /api/hint`), lines `name=value` (the query parameters,
// already decoded) up to an empty line, then the body. Whatever comes in, the answer is one of
// the documented statuses, and the API's answers are JSON with an error exactly when refused
// (or, for /api/plot, an SVG picture).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "handlers.hpp"

using namespace rings;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  serve::Request request;
  const auto first = fuzz::next_line(rest);
  const auto space = first.find(' ');
  if (space == std::string_view::npos) {
    request.path = std::string(first);
  } else {
    request.method = std::string(first.substr(0, space));
    request.path = std::string(first.substr(space + 1));
  }
  while (!rest.empty()) {
    const auto line = fuzz::next_line(rest);
    if (line.empty()) break;
    const auto eq = line.find('=');
    request.params.insert_or_assign(
        std::string(line.substr(0, eq)),
        eq == std::string_view::npos ? std::string() : std::string(line.substr(eq + 1)));
  }
  request.body = std::string(rest);

  const serve::Response response = serve::handle(request);
  const int s = response.status;
  fuzz::check(s == 200 || s == 400 || s == 404 || s == 405 || s == 413, "a documented status");
  if (!request.path.starts_with("/api/") && s == 200) return 0;  // a file of the page
  if (request.path == "/api/plot" && s == 200) {
    fuzz::check(
        response.content_type == "image/svg+xml" && response.body.find("<svg") != std::string::npos,
        "a plot is an SVG picture");
    return 0;
  }
  fuzz::check(response.content_type == "application/json", "the API answers JSON");
  const auto body = nlohmann::json::parse(response.body, nullptr, false);
  fuzz::check(!body.is_discarded() && body.is_object(), "the API's answer is a JSON object");
  fuzz::check((s != 200) == body.contains("error"), "an error exactly when refused");
  if (s != 200) fuzz::check(body["error"].is_string(), "the error is a sentence");
  return 0;
}
