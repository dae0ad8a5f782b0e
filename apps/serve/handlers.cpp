#include "handlers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <variant>
#include <vector>

#include "answers.hpp"
#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/plan.hpp"
#include "rings/problem.hpp"
#include "rings/render.hpp"
#include "rings/verify.hpp"
#include "solve_format.hpp"
#include "static_files.hpp"
#include "stop_token.hpp"

namespace rings::serve {
namespace {

using nlohmann::json;
using Params = std::map<std::string, std::string>;

// A bad request: handle() turns it into 400 {"error": words, "code": …, its fields…}. Thrown
// only inside this file, so each handler reads straight through its checks.
struct BadRequest : std::runtime_error {
  explicit BadRequest(Error e) : std::runtime_error(e.message), error(std::move(e)) {}
  Error error;
};

// Every refusal carries a code (docs/api.md lists them), for the page to word it.
[[noreturn]] void bad(Code code, const std::string& what) { throw BadRequest(Error{what, code}); }
[[noreturn]] void bad(Error e) { throw BadRequest(std::move(e)); }

Response json_response(int status, const json& body) {
  // Errors may quote the request's bytes: invalid UTF-8 is replaced rather than thrown on.
  return {status, "application/json", body.dump(-1, ' ', false, json::error_handler_t::replace)};
}

// An Error as data: its English words, its code and its fields, for a front end to word.
Response error(int status, const Error& e) {
  json body = {{"error", e.message}};
  body["code"] = std::string(e.code.name());
  for (const auto& [key, value] : e.fields)
    std::visit([&, &key = key](const auto& v) { body[key] = v; }, value);
  return json_response(status, body);
}

// An answer larger than `max` bytes is refused, not made: a small request could ask for it.
[[noreturn]] void too_large(std::string_view what, std::uint64_t max) {
  bad(Error{fmt::format("{} would be larger than {}: ask for less", what, max),
            "answer_too_large",
            {{"max", max}}});
}

// ---- Answers made as they are sent (Producer): the HTTP layer asks for a piece at a time as its
// client reads, handle() for all at once. The bytes are the same either way.

// Writes a text whole, in order, to its sink (which may stop it by throwing).
using Generate = std::function<void(const answers::TextSink&)>;

// How much of the text `generate` makes an answer keeps: at most `lines` lines (0: any number)
// and `max` bytes, cut at the end of a line (a text that ends within them is kept whole), and
// whether it was cut for passing `max`. Nothing is kept: the text is counted as it is made.
struct Measure {
  std::uint64_t length;
  bool over;
};
Measure measure(const Generate& generate, std::uint64_t lines, std::uint64_t max) {
  struct Enough {
    bool over;
  };
  std::uint64_t at = 0, kept = 0, seen = 0;
  try {
    generate([&](std::string_view chunk) {
      check_stop();
      for (std::size_t i = 0; (i = chunk.find('\n', i)) != std::string_view::npos; ++i) {
        if (at + i + 1 > max) throw Enough{true};
        kept = at + i + 1;
        if (lines != 0 && ++seen == lines) throw Enough{false};
      }
      at += chunk.size();
      if (at > max) throw Enough{true};
    });
  } catch (const Enough& enough) {
    return {kept, enough.over};
  }
  return {at, false};
}

// The first `length` bytes of the text `generate` makes (as measure() found them), escaped as
// a JSON string's characters when `escaped`, then `suffix`. Each piece makes the text again from
// its start and keeps only its own bytes: a text here is at most a few MiB, made at hundreds of
// MB a second, and holding none of it for a client that reads slowly is worth that.
class TextPieces final : public Producer {
 public:
  TextPieces(Generate generate, std::uint64_t length, bool escaped = false, std::string suffix = {})
      : generate_(std::move(generate)),
        length_(length),
        escaped_(escaped),
        suffix_(std::move(suffix)) {}

  bool next(std::string& out, std::size_t want) override {
    const std::uint64_t end = sent_ + std::min<std::uint64_t>(want, length_ - sent_);
    if (end > sent_) {
      struct Enough {};
      std::uint64_t at = 0;
      try {
        generate_([&](std::string_view chunk) {
          check_stop();
          const std::uint64_t from = at;
          at += chunk.size();
          if (at <= sent_) return;
          const auto lo = sent_ > from ? sent_ - from : 0;
          const auto hi = std::min<std::uint64_t>(chunk.size(), end - from);
          put(out, chunk.substr(lo, hi - lo));
          if (at >= end) throw Enough{};
        });
      } catch (const Enough&) {
      }
      sent_ = end;
    }
    if (sent_ < length_) return true;
    out += suffix_;
    return false;
  }

 private:
  void put(std::string& out, std::string_view bytes) const {
    if (!escaped_) {
      out.append(bytes);
      return;
    }
    const auto e = json(std::string(bytes)).dump(-1, ' ', false, json::error_handler_t::replace);
    out.append(e, 1, e.size() - 2);
  }

  Generate generate_;
  std::uint64_t length_, sent_ = 0;
  bool escaped_;
  std::string suffix_;
};

// A text answer of the text `generate` makes, cut as measure() says.
Response text_answer(Generate generate, std::uint64_t lines, std::uint64_t max) {
  const auto length = measure(generate, lines, max).length;
  Response r{200, "text/plain; charset=utf-8", {}};
  r.more = std::make_shared<TextPieces>(std::move(generate), length);
  return r;
}

// `out` as JSON with the text `generate` makes (`length` bytes of it) as its field "text":
// everything up to that field in the body, the text and the rest made as they are sent.
Response with_text(json out, Generate generate, std::uint64_t length) {
  static constexpr std::string_view kMark = "\"text\":\"\\u0001\"";
  out["text"] = "\x01";
  std::string body = out.dump(-1, ' ', false, json::error_handler_t::replace);
  const auto at = body.find(kMark);
  std::string suffix = body.substr(at + kMark.size() - 1);  // the closing quote on
  body.resize(at + kMark.size() - 7);                       // up to the opening quote
  Response r{200, "application/json", std::move(body)};
  r.more = std::make_shared<TextPieces>(std::move(generate), length, true, std::move(suffix));
  return r;
}

std::optional<std::string> param(const Params& p, const std::string& name) {
  const auto it = p.find(name);
  if (it == p.end()) return std::nullopt;
  return it->second;
}

std::string required(const Params& p, const std::string& name) {
  auto v = param(p, name);
  if (!v)
    bad(Error{
        fmt::format("missing parameter '{}'", name), "missing_parameter", {{"parameter", name}}});
  return *v;
}

bool flag(const Params& p, const std::string& name) {
  const auto v = param(p, name);
  if (!v) return false;
  if (*v == "1" || *v == "true" || v->empty()) return true;
  if (*v == "0" || *v == "false") return false;
  bad("bad_flag", fmt::format("{}: expected 1 or 0, found {}", name, quote_input(*v)));
}

std::uint64_t number(const Params& p, const std::string& name, std::uint64_t fallback,
                     std::uint64_t max) {
  const auto v = param(p, name);
  if (!v) return fallback;
  auto n = parse_count(*v, name, max);
  if (!n) bad(n.failure());
  return *n;
}

Notation notation_of(const Params& p) {
  auto n = parse_notation(param(p, "notation").value_or("binary"));
  if (!n) bad(n.failure());
  return *n;
}

// The puzzle a request asks about: puzzle=, else the catalogue's first (the rings).
std::string puzzle_param(const Params& p) {
  return param(p, "puzzle").value_or(std::string(family::catalogue().front().name));
}

// The question of a request, read by the engine's one reader: puzzle=, n=, the states named by
// `names` (with their defaults when absent: start, goal; an empty default makes one required),
// notation= and double=. `listed`: the count a move list gives by itself; `max_pieces`: N's bound
// (a count modulo M has no state to hold, and takes any N).
Problem problem(const Params& p, const std::vector<std::pair<std::string, std::string>>& names,
                std::optional<std::uint64_t> listed = std::nullopt,
                std::uint64_t max_pieces = kMaxApiPieces) {
  const auto puzzle = puzzle_param(p);
  const auto notation = param(p, "notation").value_or("binary");
  const auto n = param(p, "n");
  std::vector<std::string> texts;
  for (const auto& [name, fallback] : names)
    texts.push_back(fallback.empty() ? required(p, name) : param(p, name).value_or(fallback));
  ProblemText q{.puzzle = puzzle,
                .notation = notation,
                .double_moves = flag(p, "double"),
                .pieces_listed = listed,
                .max_pieces = max_pieces,
                .names = kParameterNames};
  if (n) q.pieces = *n;
  for (std::size_t i = 0; i < names.size(); ++i) q.states.push_back({names[i].first, texts[i]});
  auto read = read_problem(q);
  if (!read) bad(read.failure());
  return std::move(*read);
}

// The modulus of `mod` (1..2^64-1), when given: counts are then printed modulo it.
std::optional<std::uint64_t> modulus(const Params& p) {
  if (!param(p, "mod")) return std::nullopt;
  const auto m = number(p, "mod", 0, UINT64_MAX);
  if (m == 0) bad("bad_modulus", "mod must be at least 1");
  return m;
}

std::string whole_number(const Params& p, const std::string& name, const std::string& fallback) {
  const auto text = fallback.empty() ? required(p, name) : param(p, name).value_or(fallback);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
      text.size() > 40'000)
    bad("bad_number",
        fmt::format("{} must be a whole number, found {}", name, quote_input(text, 40)));
  return text;
}

// An answer of the answers layer, or its error as a 400.
template <class T>
T answered(Result<T> answer) {
  if (!answer) bad(answer.failure());
  return std::move(*answer);
}

// The puzzle `puzzle=` names (default: the rings), before the question is read whole: a move
// list's own piece count is read by its puzzle's rules.
family::Puzzle puzzle_named(const Params& p) {
  auto puzzle = family::parse_puzzle(puzzle_param(p));
  if (!puzzle) bad(puzzle.failure().within("puzzle", "parameter", "puzzle"));
  return std::move(*puzzle);
}

// A list's format named by `what` (format=, write=) for `puzzle`: moves, toggles where a piece has
// two positions, states, and for format= json (answered as a page, not as text).
answers::SolveFormat list_format(const std::string& name, const char* what,
                                 const family::Puzzle& puzzle) {
  const bool toggles = puzzle.positions == 2, json = std::string_view(what) == "format";
  if (name == "moves") return answers::SolveFormat::moves;
  if (name == "toggles" && toggles) return answers::SolveFormat::toggles;
  if (name == "states") return answers::SolveFormat::states;
  std::vector<std::string_view> names = {"moves"};
  if (toggles) names.push_back("toggles");
  names.push_back("states");
  if (json) names.push_back("json");
  std::string list(names.front());
  for (std::size_t i = 1; i < names.size(); ++i)
    list += fmt::format("{}{}", i + 1 == names.size() ? " or " : ", ", names[i]);
  bad("bad_format", fmt::format("{}: {}{}, found {}", what, list,
                                toggles ? "" : fmt::format(" ({} has no toggles)", puzzle.name),
                                quote_input(name, 40)));
}

// As `rings count`: exact up to kMaxApiPieces pieces, modulo `mod` for up to 2^64-1.
Response count_of(const Params& p) {
  const auto mod = modulus(p);
  required(p, "n");  // a count has no state to give it
  const auto q = problem(p, {}, std::nullopt, mod ? UINT64_MAX : kMaxApiPieces);
  return json_response(200, answered(answers::count(q, mod)));
}

Response distance_of(const Params& p) {
  return json_response(
      200, answers::distance(problem(p, {{"from", "start"}, {"to", "goal"}}), modulus(p)));
}

Response hint(const Params& p) {
  const auto k = number(p, "k", 1, kMaxHints);
  return json_response(200,
                       answers::hint(problem(p, {{"state", ""}, {"to", "goal"}}), k, modulus(p)));
}

// As `rings at`: the state after k optimal moves (k of any size).
Response at(const Params& p) {
  const auto q = problem(p, {{"from", "start"}, {"to", "goal"}});
  const mpz_class k(whole_number(p, "k", ""), 10);
  return json_response(200, answered(answers::at(q, k, modulus(p))));
}

// The rows of a table (JSON objects, comma separated) then "]}", made as they are sent: a tree
// of 2^16 rows held whole cost 30 MB.
class TableAnswer final : public Producer {
 public:
  explicit TableAnswer(Problem q) : q_(std::move(q)), rows_(q_) {}
  bool next(std::string& out, std::size_t want) override {
    const std::size_t start = out.size();
    std::string state, distance;
    while (out.size() - start < want) {
      check_stop();
      if (!rows_.next(state, distance)) {
        out += "]}";
        return false;
      }
      if (!first_) out += ',';
      first_ = false;
      // The bytes json_response would give the row.
      out += json{{"distance", distance}, {"state", state}}.dump();
    }
    return true;
  }

 private:
  Problem q_;
  answers::TableRows rows_;  // reads q_
  bool first_ = true;
};

// As `rings table`: every state and its distance to `to`, at most 2^kMaxTableRings rows.
Response table(const Params& p) {
  auto q = problem(p, {{"to", "goal"}});
  if (!answers::TableRows::size(q.puzzle, q.pieces, kMaxTableRings))
    bad(Error{fmt::format("n: the table has {}^n rows: at most 2^{} rows", q.puzzle.positions,
                          kMaxTableRings),
              "answer_too_large",
              {{"parameter", "n"}, {"max", std::uint64_t{1} << kMaxTableRings}}});
  std::string text = answers::head(q.puzzle, q.pieces, q.mode).dump();
  text.back() = ',';
  text += "\"rows\":[";
  Response r{200, "application/json", std::move(text)};
  r.more = std::make_shared<TableAnswer>(std::move(q));
  return r;
}

// The solution in one of `rings solve`'s text formats (the same writer), its first `limit` moves
// (a states list: the start state, then one line a move), and never more than kMaxText bytes.
Response solution_text(const Params& p, const std::string& name) {
  if (param(p, "offset").value_or("0") != "0")
    bad("bad_offset", "offset: the text formats start at the first move (leave out offset)");
  const auto q = std::make_shared<const Problem>(problem(p, {{"from", "start"}, {"to", "goal"}}));
  const auto format = list_format(name, "format", q->puzzle);
  const auto limit = number(p, "limit", kDefaultPage, kMaxTextMoves);
  const std::size_t lines = limit + (format == answers::SolveFormat::states ? 1 : 0);
  // Its first `lines` lines (with none, any number: limit=0 of moves), within kMaxText bytes.
  return text_answer(
      [q, format](const answers::TextSink& sink) { answers::write_solution(*q, format, sink); },
      lines, kMaxText);
}

// A page of the solution from move `offset` (format=json, the default), or its text.
Response solve_page(const Params& p) {
  if (const auto format = param(p, "format"); format && *format != "json")
    return solution_text(p, *format);
  const auto q = problem(p, {{"from", "start"}, {"to", "goal"}});
  const auto limit = number(p, "limit", kDefaultPage, kMaxPage);
  const auto offset = whole_number(p, "offset", "0");
  return json_response(200,
                       answered(answers::solution_page(q, offset, limit, [] { check_stop(); })));
}

// A question and the check of its move list, held together: the check reads the question, and
// the list written again (write=) is made as it is sent.
struct Checked {
  Checked(Problem problem, ListFormat format, bool from_given, bool to_given)
      : q(std::move(problem)), check(q, format, from_given, to_given) {}
  Problem q;
  answers::ListCheck check;
};

// As `rings verify`: the list's format is detected from its first line, and a states list
// starts with its start state.
Response verify(const Request& r) {
  const auto& p = r.params;
  auto format = parse_list_format(param(p, "format").value_or("detect"));
  if (!format) bad(format.failure().within("format", "parameter", "format"));
  // The list may say its piece count (a states list's first line, a JSON list's own).
  const auto listed = answers::pieces_of_list(puzzle_named(p), r.body, notation_of(p), *format);
  auto q = problem(p, {{"from", "start"}, {"to", "goal"}}, listed);
  if (*format == ListFormat::toggles && q.puzzle.positions != 2)
    bad("bad_format", fmt::format("format: toggles are for puzzles of two positions; {} has {}",
                                  q.puzzle.name, q.puzzle.positions));
  const bool replay = flag(p, "replay");
  // write=F: the list's legal moves written again in F, as `rings solve` writes (the page
  // exports a game's moves in the format chosen).
  const auto write = param(p, "write");
  const auto write_format =
      write ? std::optional(list_format(*write, "write", q.puzzle)) : std::nullopt;
  const auto c = std::make_shared<Checked>(std::move(q), *format, param(p, "from").has_value(),
                                           param(p, "to").has_value());
  if (replay || write) c->check.keep_moves(kMaxReplay);
  if (auto checked = c->check.feed(r.body); !checked) bad(checked.failure());
  json out = c->check.report().json;
  if (replay) out["replay"] = c->check.replay();  // the page plays the list, move by move
  if (!write_format) return json_response(200, out);
  Generate text = [c, as = *write_format](const answers::TextSink& sink) {
    c->check.write_kept(as, sink);
  };
  const auto size = measure(text, 0, kMaxWrittenText);
  if (size.over) too_large("the list written again (write=)", kMaxWrittenText);
  return with_text(std::move(out), std::move(text), size.length);
}

// The state, its distance to `to`, the optimal next move and every legal move with its rule:
// the page's counters and picker.
Response state_info(const Params& p) {
  return json_response(200, answers::state(problem(p, {{"state", ""}, {"to", "goal"}})));
}

// A position of /api/move (`from`, `to`): a digit; one the puzzle lacks is judged, not refused.
std::optional<std::uint8_t> position_param(const Params& p, const std::string& name) {
  if (!param(p, name)) return std::nullopt;
  return static_cast<std::uint8_t>(number(p, name, 0, 9));
}

// Whether piece `piece` may go from `from` to `to`, and the rule that says so. The rings' ring=
// is piece=, and ring=1+2 moves rings 1 and 2 together.
Response move(const Params& p) {
  const auto q = problem(p, {{"state", ""}});
  const std::string name = param(p, "piece") || !q.in_bits() ? "piece" : "ring";
  const auto text = required(p, name);
  answers::MoveAsked asked;
  asked.pair = q.in_bits() && text == "1+2";
  if (asked.pair) {
    asked.piece = 1;
  } else {
    auto piece = parse_count(text, name);
    if (!piece) bad(piece.failure());
    asked.piece = *piece;
  }
  asked.from = position_param(p, "from");
  asked.to = position_param(p, "to");
  return json_response(200, answered(answers::judge_move(q, asked)));
}

// The options of a plan (`depth`, `limit`, `at`), as `rings plan` reads them.
PlanOptions plan_options(const Params& p) {
  PlanOptions options;
  options.depth = number(p, "depth", kDefaultPlanDepth, UINT64_MAX);
  options.limit = number(p, "limit", kDefaultPlanLimit, UINT64_MAX);
  if (const auto at = param(p, "at")) {
    if (at->empty() || at->find_first_not_of("0123456789") != std::string::npos ||
        at->size() > 40'000)
      bad("bad_number", fmt::format("at must be a whole number, found {}", quote_input(*at, 40)));
    options.at = mpz_class(*at, 10);
  }
  return options;
}

// As `rings plan`: the milestones of the solution to depth `depth`, at most `limit` a level,
// and those containing move `at`. The plan bounds its own size (kMaxPlanMilestones, kMaxPlanBits);
// a plan listing more than kMaxPlanListed milestones is refused before its JSON is made.
Response plan_of(const Params& p) {
  const PlanOptions options = plan_options(p);
  const auto q = problem(p, {{"state", ""}, {"to", "goal"}});
  return json_response(200, answered(answers::plan_within(q, options, kMaxPlanListed)));
}

// The puzzle whose state graph is the Sierpinski graph: the catalogue's first the renderer
// draws so.
const family::Puzzle& sierpinski_puzzle() {
  const auto& all = family::catalogue();
  return *std::find_if(all.begin(), all.end(), [](const auto& pz) { return draws_sierpinski(pz); });
}

// A picture's question without states: n defaults to the size the picture shows well (the bar
// chart: 2^6 states of two positions, 3^5 of three; the hypercube: 4 rings).
Problem sized(const Params& p, const std::string& kind) {
  if (param(p, "n")) return problem(p, {});
  Params asked = p;
  asked["n"] = "1";
  const auto positions = problem(asked, {}).puzzle.positions;
  asked["n"] = kind == "hypercube" ? "4" : positions == 2 ? "6" : "5";
  return problem(asked, {});
}

// The pictures of `rings plot` and `rings animate`, as SVG, for every puzzle: the renderer
// refuses a size it cannot draw. A path plot is bounded here so that one request stays quick.
Response plot(const Params& p) {
  const std::string kind = required(p, "kind");
  if (kind != "path" && kind != "lengths" && kind != "hypercube" && kind != "sierpinski" &&
      kind != "animate")
    bad("bad_kind", "kind must be path, lengths, hypercube, sierpinski or animate");
  Result<std::string> svg = std::string();
  if (kind == "lengths") {
    const auto q = sized(p, kind);
    svg = q.in_bits() ? plot_lengths(q.pieces, q.mode) : plot_lengths(q.puzzle, q.pieces);
  } else if (kind == "hypercube") {
    const auto q = sized(p, kind);
    // The N-cube is the rings' states (in bits) and moves.
    const auto& pz = q.puzzle;
    if (!q.in_bits())
      bad("bad_kind",
          fmt::format("kind: hypercube is drawn for the rings only, not for {}{}", pz.name,
                      draws_sierpinski(pz) ? " (its state graph: kind=sierpinski)"
                      : pz.ring_rule()     ? " (it has the rings' rule: its states and moves are "
                                             "the rings', puzzle=rings)"
                                           : ""));
    svg = plot_hypercube(q.pieces);
  } else {
    Params asked = p;
    if (kind == "sierpinski" && !param(p, "puzzle")) asked["puzzle"] = sierpinski_puzzle().name;
    const auto q = problem(asked, {{"from", "start"}, {"to", "goal"}});
    if (kind == "animate") {
      svg = q.in_bits() ? animate(q.bits[0], q.bits[1], q.mode)
                        : animate(q.puzzle, q.digits[0], q.digits[1]);
    } else if (kind == "sierpinski") {
      if (!draws_sierpinski(q.puzzle))
        bad("bad_kind",
            fmt::format("kind: the Sierpinski graph is the state graph of {}, not of {}: kind=path",
                        sierpinski_puzzle().title, q.puzzle.name));
      svg = plot_sierpinski(q.puzzle, q.digits[0], q.digits[1]);
    } else {
      // Too many pieces to plot are refused by plot_path before any distance is computed.
      if (q.pieces <= kMaxPathPlotRings &&
          mpz_class(answers::distance(q, std::nullopt)["distance"].get<std::string>(), 10) >
              kMaxPlotMoves)
        bad("path_too_long",
            fmt::format("the path has more than {} moves: use rings plot path", kMaxPlotMoves));
      // The rings' states are plotted as numbers: Cleve's when asked, else their decimal values.
      svg = q.in_bits()
                ? plot_path(q.bits[0], q.bits[1], q.mode,
                            q.notation == Notation::cleve ? Notation::cleve : Notation::decimal)
                : plot_path(q.puzzle, q.digits[0], q.digits[1]);
    }
  }
  if (!svg) bad(svg.failure());
  return Response{200, "image/svg+xml", std::move(*svg)};
}

// The file compressed when the client takes gzip: the page's transfer budget is what the wire
// carries.
Response static_file(const Request& r) {
  // Both arms as string_view: `? "/index.html" : path` would make a temporary std::string.
  const std::string_view want = r.path == "/" ? std::string_view("/index.html") : r.path;
  for (const auto& f : static_files()) {
    if (f.path != want) continue;
    const bool gzip = r.gzip && !f.gzip.empty();
    return {200, std::string(f.content_type), std::string(gzip ? f.gzip : f.body), gzip,
            !f.gzip.empty()};
  }
  return error(404, Error{fmt::format("no such page: {}", r.path.substr(0, 200)), "not_found"});
}

// The catalogue, as `rings puzzles --json`.
Response puzzles(const Request&) { return json_response(200, answers::puzzles()); }

// The error codes and their fields, for a client that words errors in its own language.
Response errors(const Request&) { return json_response(200, answers::errors()); }

// The API: one row a path, with its method and its answer (for every puzzle).
struct Route {
  std::string_view path;
  std::string_view method;
  Response (*answer)(const Request&);
};

template <Response (*F)(const Params&)>
Response on_params(const Request& r) {
  return F(r.params);
}

constexpr Route kRoutes[] = {
    {"/api/puzzles", "GET", puzzles},
    {"/api/errors", "GET", errors},
    {"/api/hint", "GET", on_params<hint>},
    {"/api/distance", "GET", on_params<distance_of>},
    {"/api/count", "GET", on_params<count_of>},
    {"/api/at", "GET", on_params<at>},
    {"/api/table", "GET", on_params<table>},
    {"/api/solve", "GET", on_params<solve_page>},
    {"/api/verify", "POST", verify},
    {"/api/state", "GET", on_params<state_info>},
    {"/api/move", "GET", on_params<move>},
    {"/api/plot", "GET", on_params<plot>},
    {"/api/plan", "GET", on_params<plan_of>},
};

}  // namespace

Response handle(const Request& r) {
  Response out = respond(r);
  if (out.more) {
    while (out.more->next(out.body, SIZE_MAX)) {
    }
    out.more.reset();
  }
  return out;
}

Response respond(const Request& r) {
  // HEAD is answered as GET (the HTTP layer sends the head alone).
  const std::string_view method = r.method == "HEAD" ? std::string_view("GET") : r.method;
  const bool api = r.path.starts_with("/api/");
  const auto* route = std::find_if(std::begin(kRoutes), std::end(kRoutes),
                                   [&](const Route& x) { return x.path == r.path; });
  // An unknown path is 404 whatever the method (405 is for a path that exists).
  if (api && route == std::end(kRoutes))
    return error(404,
                 Error{fmt::format("no such API call: {}", r.path.substr(0, 200)), "not_found"});
  if (!api) {
    Response file = static_file(r);
    if (file.status == 404 || (method == "GET" && r.body.size() <= kMaxBody)) return file;
  }
  const std::string_view wanted = api ? route->method : "GET";
  if (method != wanted)
    return error(405, Error{fmt::format("{} needs {}", r.path.substr(0, 200), wanted),
                            "method_not_allowed"});
  if (r.body.size() > kMaxBody)
    return error(413, Error{fmt::format("the request body is larger than {} bytes", kMaxBody),
                            "body_too_large"});
  try {
    return route->answer(r);
  } catch (const BadRequest& e) {
    return error(400, e.error);
  } catch (const std::bad_alloc&) {
    return error(400, Error{"the request needs more memory than the server has", "out_of_memory"});
  }
}

}  // namespace rings::serve
