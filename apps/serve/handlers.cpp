#include "handlers.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/render.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "rings/verify.hpp"
#include "static_files.hpp"

namespace rings::serve {
namespace {

using nlohmann::json;
using Params = std::map<std::string, std::string>;

// A bad request: handle() turns it into 400 {"error": what}. Thrown only inside this file, so
// each handler reads straight through its checks.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void bad(const std::string& what) { throw BadRequest(what); }

Response json_response(int status, const json& body) {
  // Errors may quote the request's bytes: invalid UTF-8 is replaced rather than thrown on.
  return {status, "application/json", body.dump(-1, ' ', false, json::error_handler_t::replace)};
}

Response error(int status, std::string_view what) {
  return json_response(status, {{"error", what}});
}

std::optional<std::string> param(const Params& p, const std::string& name) {
  const auto it = p.find(name);
  if (it == p.end()) return std::nullopt;
  return it->second;
}

std::string required(const Params& p, const std::string& name) {
  auto v = param(p, name);
  if (!v) bad(fmt::format("missing parameter '{}'", name));
  return *v;
}

bool flag(const Params& p, const std::string& name) {
  const auto v = param(p, name);
  if (!v) return false;
  if (*v == "1" || *v == "true" || v->empty()) return true;
  if (*v == "0" || *v == "false") return false;
  bad(fmt::format("{}: expected 1 or 0, found {}", name, quote_input(*v)));
}

std::uint64_t number(const Params& p, const std::string& name, std::uint64_t fallback,
                     std::uint64_t max) {
  const auto v = param(p, name);
  if (!v) return fallback;
  auto n = parse_count(*v, name, max);
  if (!n) bad(n.error());
  return *n;
}

Mode mode_of(const Params& p) { return flag(p, "double") ? Mode::double_moves : Mode::single; }

Notation notation_of(const Params& p) {
  auto n = parse_notation(param(p, "notation").value_or("binary"));
  if (!n) bad(n.error());
  return *n;
}

// The states named by `names` (with their defaults when absent), all of one ring count: `n`
// when given, else the length of the first state written in 0s and 1s.
std::vector<State> states(const Params& p,
                          const std::vector<std::pair<std::string, std::string>>& names) {
  const Notation notation = notation_of(p);
  std::optional<std::uint64_t> rings;
  if (param(p, "n")) {
    rings = number(p, "n", 0, kMaxRings);
    if (*rings == 0) bad("n: the puzzle needs at least 1 ring");
  }
  std::vector<std::string> texts;
  for (const auto& [name, fallback] : names) {
    texts.push_back(fallback.empty() ? required(p, name) : param(p, name).value_or(fallback));
    if (!rings) rings = rings_written(texts.back(), notation);
  }
  if (!rings) bad("give the number of rings n, or a state written in 0s and 1s");
  if (*rings > kMaxRings) bad(fmt::format("at most {} rings, found {}", kMaxRings, *rings));
  std::vector<State> out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    auto s = parse_state(texts[i], rings, notation);
    if (!s) bad(fmt::format("{}: {}", names[i].first, s.error()));
    out.push_back(std::move(*s));
  }
  return out;
}

const char* onoff(bool on) { return on ? "on" : "off"; }

json move_json(const Move& m) {
  json j = {{"ring", m.ring}, {"to", onoff(m.on)}};
  if (m.pair) j["double"] = true;
  return j;
}

Response hint(const Params& p) {
  const auto k = number(p, "k", 1, kMaxHints);
  const auto s = states(p, {{"state", ""}, {"to", "off"}});
  const Mode mode = mode_of(p);
  json moves = json::array();
  State after = s[0];
  for (const auto& h : hints(s[0], s[1], k, mode)) {
    json m = move_json(h.move);
    m["reason"] = h.reason;
    moves.push_back(std::move(m));
    apply(after, h.move);
  }
  return json_response(200, {{"moves", moves},
                             {"remaining", distance(after, s[1], mode).get_str()},
                             {"state", format_state(after, notation_of(p))}});
}

Response distance_of(const Params& p) {
  const auto s = states(p, {{"from", "on"}, {"to", "off"}});
  return json_response(200, {{"distance", distance(s[0], s[1], mode_of(p)).get_str()}});
}

Response solve_page(const Params& p) {
  const auto s = states(p, {{"from", "on"}, {"to", "off"}});
  const Mode mode = mode_of(p);
  const auto limit = number(p, "limit", kDefaultPage, kMaxPage);
  mpz_class offset;
  const auto offset_text = param(p, "offset").value_or("0");
  if (offset_text.empty() || offset_text.find_first_not_of("0123456789") != std::string::npos ||
      offset_text.size() > 40'000)
    bad(fmt::format("offset must be a whole number, found {}", quote_input(offset_text, 40)));
  offset.set_str(offset_text, 10);
  const mpz_class count = distance(s[0], s[1], mode);
  if (offset > count)
    bad(fmt::format("offset {} is past the end: the solution has {} moves", offset_text,
                    count.get_str()));
  json moves = json::array();
  if (limit > 0)
    solve(state_after(s[0], s[1], offset, mode), s[1], mode, [&](const Move& m) {
      moves.push_back(move_json(m));
      return moves.size() < limit;
    });
  const Notation notation = notation_of(p);
  return json_response(200, {{"rings", s[0].size()},
                             {"from", format_state(s[0], notation)},
                             {"to", format_state(s[1], notation)},
                             {"count", count.get_str()},
                             {"offset", offset_text},
                             {"moves", moves}});
}

// As `rings verify`: the list's format is detected from its first line, and a states list
// starts with its start state.
Response verify(const Request& r) {
  const auto& p = r.params;
  auto format = parse_list_format(param(p, "format").value_or("detect"));
  if (!format) bad(format.error());
  const auto s = states(p, {{"from", "on"}, {"to", "off"}});
  ListChecker checker(s[0], s[1], mode_of(p), *format, notation_of(p),
                      param(p, "from").has_value());
  if (auto checked = checker.feed(r.body); !checked) bad(checked.error());
  const VerifyReport rep = checker.report();
  json out = {{"ok", rep.legal && rep.reached},
              {"moves", rep.moves},
              {"legal", rep.legal},
              {"reached", rep.reached},
              {"optimal", rep.optimal},
              {"optimum", rep.optimum.get_str()},
              {"remaining", rep.remaining.get_str()}};
  if (!rep.legal) {
    out["illegal_move"] = rep.illegal_move;
    out["rule"] = rep.rule;
  }
  return json_response(200, out);
}

Response state_info(const Params& p) {
  const auto s = states(p, {{"state", ""}, {"to", "off"}});
  const Mode mode = mode_of(p);
  json legal = json::array();
  for (const auto& m : legal_moves(s[0], mode)) {
    json j = move_json(m);
    j["reason"] = why_legal(s[0], m);
    legal.push_back(std::move(j));
  }
  return json_response(200, {{"rings", s[0].size()},
                             {"binary", format_state(s[0], Notation::binary)},
                             {"decimal", format_state(s[0], Notation::decimal)},
                             {"cleve", format_state(s[0], Notation::cleve)},
                             {"position", rank(s[0]).get_str()},
                             {"distance", distance(s[0], s[1], mode).get_str()},
                             {"legal", legal}});
}

Response move(const Params& p) {
  const auto s = states(p, {{"state", ""}});
  const auto ring_text = required(p, "ring");
  const bool pair = ring_text == "1+2";
  Ring ring = 1;
  if (!pair) {
    auto r = parse_count(ring_text, "ring");
    if (!r) bad(r.error());
    ring = *r;
  }
  State after = s[0];
  // A ring outside the puzzle is a legal question with the answer "no": why_illegal says why.
  const Move m =
      ring >= 1 && ring <= after.size() ? toggle_move(after, ring, pair) : Move{ring, true, pair};
  if (auto why = why_illegal(after, m, mode_of(p)))
    return json_response(200, {{"legal", false}, {"move", move_json(m)}, {"reason", *why}});
  const auto reason = why_legal(after, m);
  apply(after, m);
  return json_response(200, {{"legal", true},
                             {"move", move_json(m)},
                             {"reason", reason},
                             {"state", format_state(after, notation_of(p))}});
}

// The pictures of `rings plot` and `rings animate`, as SVG. A path plot is bounded here so that
// one request stays quick.
Response plot(const Params& p) {
  const std::string kind = required(p, "kind");
  const Mode mode = mode_of(p);
  Result<std::string> svg = Error{"kind must be path, lengths, hypercube or animate"};
  if (kind == "path" || kind == "animate") {
    const auto s = states(p, {{"from", "on"}, {"to", "off"}});
    if (kind == "animate") {
      svg = animate(s[0], s[1], mode);
    } else if (distance(s[0], s[1], mode) > kMaxPlotMoves) {
      bad(fmt::format("the path has more than {} moves: use rings plot path", kMaxPlotMoves));
    } else {
      // States are plotted as numbers: Cleve's when asked, else their decimal values.
      const bool cleve = notation_of(p) == Notation::cleve;
      svg = plot_path(s[0], s[1], mode, cleve ? Notation::cleve : Notation::decimal);
    }
  } else if (kind == "lengths") {
    svg = plot_lengths(number(p, "n", 6, kMaxLengthsRings), mode);
  } else if (kind == "hypercube") {
    svg = plot_hypercube(number(p, "n", 4, kMaxHypercubeRings));
  }
  if (!svg) bad(svg.error());
  return Response{200, "image/svg+xml", std::move(*svg)};
}

Response static_file(const std::string& path) {
  // Both arms as string_view: `? "/index.html" : path` would make a temporary std::string.
  const std::string_view want = path == "/" ? std::string_view("/index.html") : path;
  for (const auto& f : static_files())
    if (f.path == want) return {200, std::string(f.content_type), std::string(f.body)};
  return error(404, fmt::format("no such page: {}", path.substr(0, 200)));
}

}  // namespace

Response handle(const Request& r) {
  const bool api = r.path.starts_with("/api/");
  const bool post = r.path == "/api/verify";
  if (r.method != (post ? "POST" : "GET"))
    return error(405, fmt::format("{} needs {}", r.path.substr(0, 200), post ? "POST" : "GET"));
  if (r.body.size() > kMaxBody)
    return error(413, fmt::format("the request body is larger than {} bytes", kMaxBody));
  if (!api) return static_file(r.path);
  try {
    if (r.path == "/api/hint") return hint(r.params);
    if (r.path == "/api/distance") return distance_of(r.params);
    if (r.path == "/api/solve") return solve_page(r.params);
    if (r.path == "/api/verify") return verify(r);
    if (r.path == "/api/state") return state_info(r.params);
    if (r.path == "/api/move") return move(r.params);
    if (r.path == "/api/plot") return plot(r.params);
  } catch (const BadRequest& e) {
    return error(400, e.what());
  } catch (const std::bad_alloc&) {
    return error(400, "the request needs more memory than the server has");
  }
  return error(404, fmt::format("no such API call: {}", r.path.substr(0, 200)));
}

}  // namespace rings::serve
