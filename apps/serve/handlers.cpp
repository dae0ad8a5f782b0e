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
#include "rings/position.hpp"
#include "rings/problem.hpp"
#include "rings/render.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
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

// The rows of a table (JSON objects, comma separated) then "]}", made as they are sent.
class TableRows final : public Producer {
 public:
  using Row = std::function<void(std::uint64_t, std::string&)>;
  TableRows(std::uint64_t rows, Row row) : rows_(rows), row_(std::move(row)) {}
  bool next(std::string& out, std::size_t want) override {
    const std::size_t start = out.size();
    for (; next_ < rows_ && out.size() - start < want; ++next_) {
      check_stop();
      if (next_ > 0) out += ',';
      row_(next_, out);
    }
    if (next_ < rows_) return true;
    out += "]}";
    return false;
  }

 private:
  std::uint64_t rows_, next_ = 0;
  Row row_;
};

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

Mode mode_of(const Params& p) { return flag(p, "double") ? Mode::double_moves : Mode::single; }

Notation notation_of(const Params& p) {
  auto n = parse_notation(param(p, "notation").value_or("binary"));
  if (!n) bad(n.failure());
  return *n;
}

// The question of a request, read by the engine's one reader: puzzle=, n=, the states named by
// `names` (with their defaults when absent: start, goal; an empty default makes one required),
// notation= and double=. `listed`: the count a move list gives by itself.
Problem problem(const Params& p, const std::vector<std::pair<std::string, std::string>>& names,
                std::optional<std::uint64_t> listed = std::nullopt) {
  const auto puzzle = param(p, "puzzle").value_or("rings");
  const auto notation = param(p, "notation").value_or("binary");
  const auto n = param(p, "n");
  std::vector<std::string> texts;
  for (const auto& [name, fallback] : names)
    texts.push_back(fallback.empty() ? required(p, name) : param(p, name).value_or(fallback));
  ProblemText q{.puzzle = puzzle,
                .notation = notation,
                .double_moves = flag(p, "double"),
                .pieces_listed = listed,
                .max_pieces = kMaxApiPieces,
                .names = kParameterNames};
  if (n) q.pieces = *n;
  for (std::size_t i = 0; i < names.size(); ++i) q.states.push_back({names[i].first, texts[i]});
  auto read = read_problem(q);
  if (!read) bad(read.failure());
  return std::move(*read);
}

// The rings' states named by `names`.
std::vector<State> states(const Params& p,
                          const std::vector<std::pair<std::string, std::string>>& names,
                          std::optional<std::uint64_t> listed = std::nullopt) {
  return problem(p, names, listed).bits;
}

// The modulus of `mod` (1..2^64-1), when given: counts are then printed modulo it.
std::optional<std::uint64_t> modulus(const Params& p) {
  if (!param(p, "mod")) return std::nullopt;
  const auto m = number(p, "mod", 0, UINT64_MAX);
  if (m == 0) bad("bad_modulus", "mod must be at least 1");
  return m;
}

// ---- The family (`puzzle=`; docs/family.md): the same answers for Spin-Out, The Brain, the
// Hexadecimal Puzzle, the Crazy Elephant Dance and the Towers of Hanoi.

// The puzzle `puzzle` names, or nothing for the rings (answered as before).
std::optional<family::Puzzle> puzzle_of(const Params& p) {
  const auto name = param(p, "puzzle");
  if (!name) return std::nullopt;
  auto puzzle = family::parse_puzzle(*name);
  if (!puzzle) bad(puzzle.failure().within("puzzle", "parameter", "puzzle"));
  if (puzzle->kind == family::Kind::rings) return std::nullopt;
  if (flag(p, "double"))
    bad("no_double_moves",
        fmt::format("double: a convention of the rings; {} has no double moves", puzzle->name));
  if (param(p, "notation") && *param(p, "notation") != "binary")
    bad("no_notation",
        fmt::format("notation: for the rings; {} states are digits, piece N first", puzzle->name));
  return std::move(*puzzle);
}

// The family's states named by `names` (defaults when absent: start, goal).
std::vector<family::Pieces> pieces(const Params& p, const family::Puzzle&,
                                   const std::vector<std::pair<std::string, std::string>>& names,
                                   std::optional<std::uint64_t> listed = std::nullopt) {
  return problem(p, names, listed).digits;
}

// The state after K moves descends the recursion level by level: fewer pieces.
void descent_bound(const family::Puzzle& puzzle, std::uint64_t n) {
  if (const auto most = family::max_state_after_pieces(puzzle); n > most)
    bad("too_many_pieces",
        fmt::format("at most {} {} for the state after k moves, found {}", most, puzzle.pieces, n));
}

std::string whole_number(const Params& p, const std::string& name, const std::string& fallback) {
  const auto text = fallback.empty() ? required(p, name) : param(p, name).value_or(fallback);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
      text.size() > 40'000)
    bad("bad_number",
        fmt::format("{} must be a whole number, found {}", name, quote_input(text, 40)));
  return text;
}

// A family's list in `format` (moves, states, and toggles where a piece has two positions):
// `rings solve --puzzle`'s writer.
answers::SolveFormat piece_format(const std::string& name, const char* what,
                                  const family::Puzzle& puzzle) {
  if (name == "moves") return answers::SolveFormat::moves;
  if (name == "states") return answers::SolveFormat::states;
  if (name == "toggles" && puzzle.positions == 2) return answers::SolveFormat::toggles;
  if (puzzle.positions == 2)
    bad("bad_format",
        fmt::format("{}: moves, toggles or states, found {}", what, quote_input(name, 40)));
  bad("bad_format", fmt::format("{}: moves or states ({} has no toggles), found {}", what,
                                puzzle.name, quote_input(name, 40)));
}

// The family's solution as text, its first `limit` moves (never more than kMaxText bytes), as
// `rings solve --puzzle --format` writes it.
Response family_solution_text(const Params& p, const family::Puzzle& puzzle,
                              const std::string& name) {
  const auto format = piece_format(name, "format", puzzle);
  if (param(p, "offset").value_or("0") != "0")
    bad("bad_offset", "offset: the text formats start at the first move (leave out offset)");
  const auto s = pieces(p, puzzle, {{"from", "start"}, {"to", "goal"}});
  const auto limit = number(p, "limit", kDefaultPage, kMaxTextMoves);
  // One line a move (and the start first in a states list): cut at kMaxText bytes at a line's
  // end, that is the moves that fit.
  return text_answer(
      [puzzle, from = s[0], to = s[1], format, limit](const answers::TextSink& sink) {
        std::string text;
        answers::write_piece_start(from, format, text);
        auto state = from;
        std::uint64_t step = 0;
        if (limit > 0)
          family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
            check_stop();
            answers::write_piece_move(puzzle, ++step, m, state, format, text);
            if (text.size() >= (64u << 10)) {
              sink(text);
              text.clear();
            }
            return step < limit;
          });
        sink(text);
      },
      0, kMaxText);
}

Response family_solve(const Params& p, const family::Puzzle& puzzle) {
  if (const auto format = param(p, "format"); format && *format != "json")
    return family_solution_text(p, puzzle, *format);
  const auto s = pieces(p, puzzle, {{"from", "start"}, {"to", "goal"}});
  const auto limit = number(p, "limit", kDefaultPage, kMaxPage);
  const auto offset_text = whole_number(p, "offset", "0");
  const mpz_class offset(offset_text, 10);
  mpz_class count;
  bool tied = false;
  if (offset > 0) descent_bound(puzzle, s[0].size());
  const auto start = family::state_after(puzzle, s[0], s[1], offset, &count, &tied);
  if (offset > count)
    bad("past_end", fmt::format("offset {} is past the end: the solution has {} moves",
                                quote_input(offset_text, 40), count.get_str()));
  json moves = json::array();
  if (limit > 0)
    family::solve(puzzle, start, s[1], [&](const family::PieceMove& m) {
      check_stop();
      moves.push_back(answers::move(puzzle, m));
      return moves.size() < limit;
    });
  json out = answers::solution_head(puzzle, s[0], s[1], count, offset_text, tied);
  out["moves"] = std::move(moves);
  return json_response(200, out);
}

Response family_verify(const Request& r, const family::Puzzle& puzzle) {
  const auto& p = r.params;
  auto format = parse_list_format(param(p, "format").value_or("detect"));
  if (!format) bad(format.failure().within("format", "parameter", "format"));
  if (*format == ListFormat::toggles && puzzle.positions != 2)
    bad("bad_format", fmt::format("format: toggles are for puzzles of two positions; {} has {}",
                                  puzzle.name, puzzle.positions));
  // Without n or a state, a states list's first line gives the count.
  std::optional<std::uint64_t> n;
  const auto first = std::string_view(r.body).substr(0, r.body.find('\n'));
  if (!param(p, "from") && !param(p, "to") &&
      (*format == ListFormat::detect || *format == ListFormat::states) &&
      first.find_first_not_of("0123456789 \t\r") == std::string_view::npos)
    n = family::pieces_written(first);
  const auto s = pieces(p, puzzle, {{"from", "start"}, {"to", "goal"}}, n);
  family::ListChecker checker(puzzle, s[0], s[1], param(p, "from").has_value(), *format);
  // replay=1 and write=F as for the rings: the list's first legal moves, and written again.
  const bool replay = flag(p, "replay");
  const auto write = param(p, "write");
  const auto write_format =
      write ? std::optional(piece_format(*write, "write", puzzle)) : std::nullopt;
  if (replay || write) checker.keep_moves(kMaxReplay);
  if (auto checked = checker.feed(r.body); !checked) bad(checked.failure());
  json out = answers::verify(puzzle, checker.report(), s[0].size());
  const auto kept = checker.kept_moves();
  if (replay) {
    json moves = json::array();
    for (const auto& m : kept) moves.push_back(answers::move(puzzle, m));
    out["replay"] = std::move(moves);
  }
  if (!write_format) return json_response(200, out);
  const auto written = write_format.value_or(answers::SolveFormat::moves);
  Generate text = [puzzle, start = checker.start(), kept, written](const answers::TextSink& sink) {
    std::string text;
    auto state = start;
    answers::write_piece_start(state, written, text);
    std::uint64_t step = 0;
    for (const auto& m : kept) {
      answers::write_piece_move(puzzle, ++step, m, state, written, text);
      if (text.size() >= (64u << 10)) {
        sink(text);
        text.clear();
      }
      check_stop();
    }
    sink(text);
  };
  const auto size = measure(text, 0, kMaxWrittenText);
  if (size.over) too_large("the list written again (write=)", kMaxWrittenText);
  return with_text(std::move(out), std::move(text), size.length);
}

// A move of the family with the rule that allows it: the fields of a `rings hint --json` move.
json judged_move(const family::Puzzle& puzzle, const family::PieceMove& m,
                 const family::PieceReason& why) {
  json j = answers::move(puzzle, m);
  j["reason"] = family::to_string(puzzle, why);
  j["why"] = answers::reason(puzzle, why);
  return j;
}

// As /api/state for the rings, for the page's counters and picker: the state, its distance to
// `to`, the optimal next move (null at the target) and every legal move, each with its reason.
Response family_state(const Params& p, const family::Puzzle& puzzle) {
  const auto s = pieces(p, puzzle, {{"state", ""}, {"to", "goal"}});
  mpz_class remaining;
  const auto next = family::hints(puzzle, s[0], s[1], 1, &remaining);
  json legal = json::array();
  for (const auto& m : family::legal_moves(puzzle, s[0]))
    legal.push_back(judged_move(puzzle, m, family::why_legal(puzzle, s[0], m)));
  return json_response(
      200,
      {{"puzzle", puzzle.name},
       {"pieces", s[0].size()},
       {"state", family::format_pieces(s[0])},
       {"distance", (next.empty() ? remaining : remaining + 1).get_str()},
       {"next", next.empty() ? json(nullptr) : judged_move(puzzle, next[0].move, next[0].reason)},
       {"legal", std::move(legal)}});
}

// A position of /api/move (`from`, `to`): a digit; one the puzzle lacks is judged, not refused.
std::optional<std::uint8_t> position_param(const Params& p, const std::string& name) {
  if (!param(p, name)) return std::nullopt;
  return static_cast<std::uint8_t>(number(p, name, 0, 9));
}

// As /api/move for the rings: whether piece `piece` may go from `from` (default: where it is)
// to `to` (default, with two positions: the other one). A piece or position the puzzle lacks is
// a question with the answer no, and its rule says why.
Response family_move(const Params& p, const family::Puzzle& puzzle) {
  const auto s = pieces(p, puzzle, {{"state", ""}});
  auto piece = parse_count(required(p, "piece"), "piece");
  if (!piece) bad(piece.failure().within("piece", "parameter", "piece"));
  const bool exists = *piece >= 1 && *piece <= s[0].size();
  const std::uint8_t at = exists ? s[0][*piece - 1] : 0;
  const auto to = position_param(p, "to");
  if (!to && puzzle.positions != 2)
    bad("missing_parameter", fmt::format("missing parameter 'to': where the {} goes (0 to {})",
                                         puzzle.piece, puzzle.positions - 1));
  const family::PieceMove m{*piece, position_param(p, "from").value_or(at),
                            to.value_or(static_cast<std::uint8_t>(1 - at))};
  const auto illegal = family::why_illegal(puzzle, s[0], m);
  const auto why = illegal ? *illegal : family::why_legal(puzzle, s[0], m);
  json out = {{"puzzle", puzzle.name},
              {"legal", !illegal},
              {"move", answers::move(puzzle, m)},
              {"reason", family::to_string(puzzle, why)},
              {"why", answers::reason(puzzle, why)}};
  if (!illegal) {
    auto after = s[0];
    after[m.piece - 1] = m.to;
    out["state"] = family::format_pieces(after);
  }
  return json_response(200, out);
}

// As /api/table for the rings: every state (piece N first, in counting order) and its distance
// to `to`, at most 2^kMaxTableRings rows.
Response family_table(const Params& p, const family::Puzzle& puzzle) {
  const auto target = pieces(p, puzzle, {{"to", "goal"}})[0];
  const std::uint64_t n = target.size();
  std::uint64_t rows_count = 1;
  for (std::uint64_t i = 0; i < n; ++i)
    if ((rows_count *= puzzle.positions) > (std::uint64_t{1} << kMaxTableRings))
      bad(Error{fmt::format("n: the table has {}^n rows: at most 2^{} rows", puzzle.positions,
                            kMaxTableRings),
                "answer_too_large",
                {{"parameter", "n"}, {"max", std::uint64_t{1} << kMaxTableRings}}});
  // Written row by row (the bytes json_response would give), as they are sent: a tree of 2^16
  // rows held whole cost 30 MB.
  std::string text = answers::head(puzzle, n, Mode::single).dump();
  text.back() = ',';
  text += "\"rows\":[";
  Response r{200, "application/json", std::move(text)};
  r.more = std::make_shared<TableRows>(
      rows_count, [puzzle, target, n](std::uint64_t row, std::string& out) {
        family::Pieces s(n, 0);  // the row's state: its number's digits, piece 1 the lowest
        for (std::uint64_t i = 0; i < n; ++i, row /= puzzle.positions)
          s[i] = static_cast<std::uint8_t>(row % puzzle.positions);
        out += json_response(200, {{"distance", family::distance(puzzle, s, target).get_str()},
                                   {"state", family::format_pieces(s)}})
                   .body;
      });
  return r;
}

// A plan of more than kMaxPlanListed milestones is refused: its JSON would cost about 1 KB
// of memory a milestone.
template <class List>
std::uint64_t listed(const List& list) {
  std::uint64_t n = list.shown.size();
  for (const auto& step : list.shown) n += listed(step.parts);
  return n;
}
template <class List>
void check_plan_size(const List& list) {
  if (const auto n = listed(list); n > kMaxPlanListed)
    bad(Error{fmt::format("the plan lists {} milestones, more than the {} an answer may have: "
                          "choose a smaller depth or limit",
                          n, kMaxPlanListed),
              "answer_too_large",
              {{"milestones", n}, {"max", kMaxPlanListed}}});
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

// As `rings plan --puzzle --json`.
Response family_plan(const Params& p, const family::Puzzle& puzzle) {
  const auto options = plan_options(p);
  const auto s = pieces(p, puzzle, {{"state", ""}, {"to", "goal"}});
  const auto result = family::plan(puzzle, s[0], s[1], options);
  if (!result) bad(result.failure());
  check_plan_size(result->milestones);
  return json_response(200, answers::plan(puzzle, *result, s[0].size(), options.at));
}

// As `rings plot path|lengths|sierpinski --puzzle` and `rings animate --puzzle`: the same SVG. A
// path plot is bounded as the rings'.
Response family_plot(const Params& p, const family::Puzzle& pz) {
  const std::string kind = required(p, "kind");
  const auto s = [&] { return pieces(p, pz, {{"from", "start"}, {"to", "goal"}}); };
  Result<std::string> svg =
      Error{"kind must be path, lengths, hypercube, sierpinski or animate", "bad_kind"};
  if (kind == "path") {
    const auto ends = s();
    // Too many pieces to plot are refused by plot_path before any distance is computed.
    if (ends[0].size() <= kMaxPathPlotRings &&
        family::distance(pz, ends[0], ends[1]) > kMaxPlotMoves)
      bad("path_too_long",
          fmt::format("the path has more than {} moves: use rings plot path", kMaxPlotMoves));
    svg = plot_path(pz, ends[0], ends[1]);
  } else if (kind == "sierpinski") {
    if (pz.kind != family::Kind::hanoi)
      bad("bad_kind",
          fmt::format("kind: the Sierpinski graph is the state graph of the Towers of Hanoi, not "
                      "of {}: kind=path",
                      pz.name));
    const auto ends = s();
    svg = plot_sierpinski(pz, ends[0], ends[1]);
  } else if (kind == "animate") {
    const auto ends = s();
    svg = animate(pz, ends[0], ends[1]);
  } else if (kind == "lengths") {
    svg = plot_lengths(pz, number(p, "n", pz.positions == 2 ? 6 : 5, kMaxApiPieces));
  } else if (kind == "hypercube") {
    bad("bad_kind",
        fmt::format("kind: hypercube is drawn for the rings only, not for {}{}", pz.name,
                    pz.kind == family::Kind::hanoi ? " (its state graph: kind=sierpinski)"
                    : pz.ring_rule() ? " (it has the rings' rule: its states and moves are the "
                                       "rings', puzzle=rings)"
                                     : ""));
  }
  if (!svg) bad(svg.failure());
  return Response{200, "image/svg+xml", std::move(*svg)};
}

Response family_count(const Params& p, const family::Puzzle& pz) {
  const auto mod = modulus(p);  // modulo M: any n up to 2^64-1, as the rings'
  const auto n = number(p, "n", 0, mod ? UINT64_MAX : kMaxApiPieces);
  if (n == 0) {
    if (!param(p, "n")) required(p, "n");
    bad("no_pieces", fmt::format("n: {} needs at least 1 {}", pz.name, pz.piece));
  }
  return json_response(200, answers::count(pz, n, mod));
}

Response family_at(const Params& p, const family::Puzzle& pz) {
  const auto s = pieces(p, pz, {{"from", "start"}, {"to", "goal"}});
  descent_bound(pz, s[0].size());
  return json_response(200, answers::at(pz, s[0], s[1], mpz_class(whole_number(p, "k", ""), 10)));
}

Response hint(const Params& p) {
  const auto k = number(p, "k", 1, kMaxHints);
  return json_response(200,
                       answers::hint(problem(p, {{"state", ""}, {"to", "goal"}}), k, modulus(p)));
}

// As `rings plan`: the milestones of the solution to depth `depth`, at most `limit` a level,
// and those containing move `at`. The plan bounds its own size (kMaxPlanMilestones, kMaxPlanBits).
Response plan_of(const Params& p) {
  const PlanOptions options = plan_options(p);
  const auto s = states(p, {{"state", ""}, {"to", "goal"}});
  const auto result = plan(s[0], s[1], mode_of(p), options);
  if (!result) bad(result.failure());
  check_plan_size(result->milestones);
  return json_response(200, answers::plan(*result, s[0].size(), mode_of(p), options.at));
}

Response distance_of(const Params& p) {
  return json_response(
      200, answers::distance(problem(p, {{"from", "start"}, {"to", "goal"}}), modulus(p)));
}

// As `rings count`: exact up to kMaxApiPieces rings, modulo `mod` for up to 2^64-1.
Response count_of(const Params& p) {
  const auto mod = modulus(p);
  const auto n = number(p, "n", 0, mod ? UINT64_MAX : kMaxApiPieces);
  if (n == 0) {
    if (!param(p, "n")) required(p, "n");
    bad(Error{"n: the puzzle needs at least 1 ring", "no_rings", {{"parameter", "n"}}});
  }
  return json_response(200, answers::count(n, mode_of(p), mod));
}

// As `rings at`: the state after k optimal moves (k of any size).
Response at(const Params& p) {
  const auto s = states(p, {{"from", "start"}, {"to", "goal"}});
  const auto k_text = required(p, "k");
  if (k_text.empty() || k_text.find_first_not_of("0123456789") != std::string::npos ||
      k_text.size() > 40'000)
    bad("bad_number", fmt::format("k must be a whole number, found {}", quote_input(k_text, 40)));
  return json_response(
      200, answers::at(s[0], s[1], mpz_class(k_text, 10), mode_of(p), notation_of(p), modulus(p)));
}

// As `rings table`: every state of n rings and its distance to `to` (n at most kMaxTableRings).
Response table(const Params& p) {
  const auto s = states(p, {{"to", "goal"}});
  if (s[0].size() > kMaxTableRings)
    bad(Error{fmt::format("n: the table has 2^n rows: at most {} rings", kMaxTableRings),
              "answer_too_large",
              {{"parameter", "n"}, {"rings", s[0].size()}, {"max", kMaxTableRings}}});
  const auto n = s[0].size();
  const mpz_class target = rank(s[0]);
  const Mode mode = mode_of(p);
  const Notation notation = notation_of(p);
  // Written row by row (the bytes json_response would give), as they are sent: a tree of 2^16
  // rows held whole cost 30 MB.
  std::string text = answers::head(family::catalogue().front(), n, mode).dump();
  text.back() = ',';
  text += "\"rows\":[";
  Response r{200, "application/json", std::move(text)};
  r.more = std::make_shared<TableRows>(
      std::uint64_t{1} << n, [n, target, mode, notation](std::uint64_t v, std::string& out) {
        const State st = State::from_words(n, {v});
        out += json_response(
                   200, answers::table_row(st, position_distance(rank(st), target, mode), notation))
                   .body;
      });
  return r;
}

// The solution in one of `rings solve`'s text formats (the same writer), its first `limit` moves
// (a states list: the start state, then one line a move), and never more than kMaxText bytes.
answers::SolveFormat text_format(const std::string& name, const char* what) {
  if (name == "moves") return answers::SolveFormat::moves;
  if (name == "toggles") return answers::SolveFormat::toggles;
  if (name == "states") return answers::SolveFormat::states;
  bad("bad_format",
      fmt::format("{}: moves, toggles, states{}, found {}", what,
                  std::string_view(what) == "format" ? " or json" : "", quote_input(name, 40)));
}

Response solution_text(const Params& p, const std::string& name) {
  const auto format = text_format(name, "format");
  if (param(p, "offset").value_or("0") != "0")
    bad("bad_offset", "offset: the text formats start at the first move (leave out offset)");
  const auto s = states(p, {{"from", "start"}, {"to", "goal"}});
  const auto limit = number(p, "limit", kDefaultPage, kMaxTextMoves);
  const std::size_t lines = limit + (format == answers::SolveFormat::states ? 1 : 0);
  // Its first `lines` lines (with none, any number: limit=0 of moves), within kMaxText bytes.
  return text_answer(
      [from = s[0], to = s[1], mode = mode_of(p), format,
       notation = notation_of(p)](const answers::TextSink& sink) {
        answers::write_solution(from, to, mode, format, notation, sink);
      },
      lines, kMaxText);
}

Response solve_page(const Params& p) {
  if (const auto format = param(p, "format"); format && *format != "json")
    return solution_text(p, *format);
  const auto s = states(p, {{"from", "start"}, {"to", "goal"}});
  const Mode mode = mode_of(p);
  const auto limit = number(p, "limit", kDefaultPage, kMaxPage);
  mpz_class offset;
  const auto offset_text = param(p, "offset").value_or("0");
  if (offset_text.empty() || offset_text.find_first_not_of("0123456789") != std::string::npos ||
      offset_text.size() > 40'000)
    bad("bad_number",
        fmt::format("offset must be a whole number, found {}", quote_input(offset_text, 40)));
  offset.set_str(offset_text, 10);
  const mpz_class count = distance(s[0], s[1], mode);
  if (offset > count)
    bad("past_end", fmt::format("offset {} is past the end: the solution has {} moves",
                                quote_input(offset_text, 40), count.get_str()));
  json moves = json::array();
  if (limit > 0)
    solve(state_after(s[0], s[1], offset, mode), s[1], mode, [&](const Move& m) {
      check_stop();
      moves.push_back(answers::move(m));
      return moves.size() < limit;
    });
  json out = answers::solution_head(s[0], s[1], mode, notation_of(p), count, offset_text);
  out["moves"] = std::move(moves);
  return json_response(200, out);
}

// As `rings verify`: the list's format is detected from its first line, and a states list
// starts with its start state.
Response verify(const Request& r) {
  const auto& p = r.params;
  auto format = parse_list_format(param(p, "format").value_or("detect"));
  if (!format) bad(format.failure());
  // The list may say its ring count (a states list's first line, a JSON "rings").
  const auto s =
      states(p, {{"from", "start"}, {"to", "goal"}}, rings_of_list(r.body, notation_of(p)));
  ListChecker checker(s[0], s[1], mode_of(p), *format, notation_of(p), param(p, "from").has_value(),
                      param(p, "to").has_value());
  const bool replay = flag(p, "replay");
  // write=F: the list's legal moves written again in F, as `rings solve` writes (the page
  // exports a game's moves in the format chosen).
  const auto write = param(p, "write");
  const auto write_format = write ? std::optional(text_format(*write, "write")) : std::nullopt;
  if (replay || write) checker.keep_moves(kMaxReplay);
  if (auto checked = checker.feed(r.body); !checked) bad(checked.failure());
  json out = answers::verify(checker.report(), s[0].size(), mode_of(p));
  if (replay) {  // the page plays the list on the board, move by move
    json moves = json::array();
    for (const Move& m : checker.kept_moves()) moves.push_back(answers::move(m));
    out["replay"] = std::move(moves);
  }
  if (!write_format) return json_response(200, out);
  const auto as = write_format.value_or(answers::SolveFormat::moves);
  Generate text = [from = s[0], kept = checker.kept_moves(), as,
                   notation = notation_of(p)](const answers::TextSink& sink) {
    answers::write_move_list(from, kept, as, notation, sink);
  };
  const auto size = measure(text, 0, kMaxWrittenText);
  if (size.over) too_large("the list written again (write=)", kMaxWrittenText);
  return with_text(std::move(out), std::move(text), size.length);
}

Response state_info(const Params& p) {
  const auto s = states(p, {{"state", ""}, {"to", "goal"}});
  const Mode mode = mode_of(p);
  json legal = json::array();
  for (const auto& m : legal_moves(s[0], mode)) {
    json j = answers::move(m);
    const Reason why = why_legal(s[0], m, mode);
    j["reason"] = to_string(why);
    j["why"] = answers::reason(why);
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
    if (!r) bad(r.failure());
    ring = *r;
  }
  State after = s[0];
  // A ring outside the puzzle is a legal question with the answer "no": why_illegal says why.
  const Move m =
      ring >= 1 && ring <= after.size() ? toggle_move(after, ring, pair) : Move::single(ring, true);
  const Mode mode = mode_of(p);
  const auto illegal = why_illegal(after, m, mode);
  const Reason why = illegal ? *illegal : why_legal(after, m, mode);
  json out = {{"legal", !illegal},
              {"move", answers::move(m)},
              {"reason", to_string(why)},
              {"why", answers::reason(why)}};
  if (!illegal) {
    apply(after, m);
    out["state"] = format_state(after, notation_of(p));
  }
  return json_response(200, out);
}

// The pictures of `rings plot` and `rings animate`, as SVG. A path plot is bounded here so that
// one request stays quick.
Response plot(const Params& p) {
  const std::string kind = required(p, "kind");
  const Mode mode = mode_of(p);
  Result<std::string> svg =
      Error{"kind must be path, lengths, hypercube, sierpinski or animate", "bad_kind"};
  if (kind == "path" || kind == "animate") {
    const auto s = states(p, {{"from", "start"}, {"to", "goal"}});
    if (kind == "animate") {
      svg = animate(s[0], s[1], mode);
    } else if (distance(s[0], s[1], mode) > kMaxPlotMoves) {
      bad("path_too_long",
          fmt::format("the path has more than {} moves: use rings plot path", kMaxPlotMoves));
    } else {
      // States are plotted as numbers: Cleve's when asked, else their decimal values.
      const bool cleve = notation_of(p) == Notation::cleve;
      svg = plot_path(s[0], s[1], mode, cleve ? Notation::cleve : Notation::decimal);
    }
  } else if (kind == "lengths") {
    svg = plot_lengths(number(p, "n", 6, kMaxLengthsRings), mode);
  } else if (kind == "hypercube") {
    svg = plot_hypercube(number(p, "n", 4, kMaxHypercubeRings));
  } else if (kind == "sierpinski") {
    // The Towers of Hanoi's picture: without puzzle= it is Hanoi's, with puzzle=rings refused.
    if (param(p, "puzzle"))
      bad("bad_kind",
          "kind: the Sierpinski graph is the state graph of the Towers of Hanoi (puzzle=hanoi)");
    Params hanoi = p;
    hanoi["puzzle"] = "hanoi";
    const auto q = problem(hanoi, {{"from", "start"}, {"to", "goal"}});
    svg = plot_sierpinski(q.puzzle, q.digits[0], q.digits[1]);
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

// The API: one row a path, with its method and its answer (the rings' and the family's until they
// are one).
struct Route {
  std::string_view path;
  std::string_view method;
  Response (*rings)(const Request&);
  Response (*family)(const Request&, const family::Puzzle&);
};

template <Response (*F)(const Params&)>
Response on_params(const Request& r) {
  return F(r.params);
}
template <Response (*F)(const Params&, const family::Puzzle&)>
Response on_params(const Request& r, const family::Puzzle& pz) {
  return F(r.params, pz);
}

constexpr Route kRoutes[] = {
    {"/api/puzzles", "GET", puzzles, nullptr},
    {"/api/errors", "GET", errors, nullptr},
    {"/api/hint", "GET", on_params<hint>, nullptr},
    {"/api/distance", "GET", on_params<distance_of>, nullptr},
    {"/api/count", "GET", on_params<count_of>, on_params<family_count>},
    {"/api/at", "GET", on_params<at>, on_params<family_at>},
    {"/api/table", "GET", on_params<table>, on_params<family_table>},
    {"/api/solve", "GET", on_params<solve_page>, on_params<family_solve>},
    {"/api/verify", "POST", verify, family_verify},
    {"/api/state", "GET", on_params<state_info>, on_params<family_state>},
    {"/api/move", "GET", on_params<move>, on_params<family_move>},
    {"/api/plot", "GET", on_params<plot>, on_params<family_plot>},
    {"/api/plan", "GET", on_params<plan_of>, on_params<family_plan>},
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
    if (route->family)
      if (const auto puzzle = puzzle_of(r.params)) return route->family(r, *puzzle);
    return route->rings(r);
  } catch (const BadRequest& e) {
    return error(400, e.error);
  } catch (const std::bad_alloc&) {
    return error(400, Error{"the request needs more memory than the server has", "out_of_memory"});
  }
}

}  // namespace rings::serve
