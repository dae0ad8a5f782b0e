// The commands for the family's puzzles: `rings count|distance|solve|hint|at|verify --puzzle P`.
#include "family_cli.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "answers.hpp"
#include "progress.hpp"
#include "solve_format.hpp"

namespace rings::cli {
namespace {

using family::Pieces;
using family::Puzzle;

std::string plural(const mpz_class& x, std::string_view one, std::string_view many) {
  return std::string(x == 1 ? one : many);
}

}  // namespace

std::uint64_t parse_pieces_count(const Puzzle& p, const std::string& text) {
  return read_or_fail(p, text, "N", p.max_size);
}

Ends ends(const Puzzle& p, const std::optional<std::string>& n,
          const std::optional<std::string>& from, const std::optional<std::string>& to,
          std::string_view from_name) {
  auto q = problem(p.name, n, {{from_name, from, "start"}, {"--to", to, "goal"}}, StateOptions{});
  if (q.in_bits()) return {family::from_state(q.bits[0]), family::from_state(q.bits[1])};
  return {std::move(q.digits[0]), std::move(q.digits[1])};
}

void add_puzzle_option(CLI::App& cmd, std::string& puzzle) {
  cmd.add_option("--puzzle", puzzle,
                 fmt::format("The puzzle: {} (docs/family.md)", family::puzzle_names()))
      ->default_str("rings")
      ->option_text("NAME");
}

std::optional<Puzzle> family_puzzle(const std::string& name, const StateOptions& states) {
  auto p = family::parse_puzzle(name);
  if (!p) fail(p.error());
  if (p->kind == family::Kind::rings) return std::nullopt;
  if (states.double_moves)
    fail(fmt::format("--double is a convention of the rings; {} has no double moves", p->name));
  if (states.notation != "binary")
    fail(fmt::format("--notation is for the rings; {} states are digits, {} N first", p->name,
                     p->piece));
  return std::move(*p);
}

int family_count(const Puzzle& p, const std::optional<std::string>& n,
                 std::optional<std::uint64_t> mod, bool json, Output& out) {
  if (!n) fail(fmt::format("missing N: give the number of {} (see rings count --help)", p.pieces));
  // Modulo M, any N up to 2^64 - 1 (the count's recurrence); exact, kMaxPieces.
  const std::uint64_t count = read_or_fail(p, *n, "N", mod ? UINT64_MAX : p.max_size);
  std::string text;
  {
    Progress progress(fmt::format("count {} ({})", count, p.name));
    const auto answer = answers::count(p, count, mod);
    text = json ? answer.dump() : answer["count"].get<std::string>();
  }
  out.write(text);
  out.put('\n');
  return kOk;
}

int family_solve(const Puzzle& p, const std::optional<std::string>& n,
                 const std::optional<std::string>& from_text,
                 const std::optional<std::string>& to_text, const std::string& format_name,
                 bool json, Output& out) {
  if (json && format_name != "moves" && format_name != "json")
    fail(fmt::format("--json and --format {} disagree: --json is --format json", format_name));
  const std::string format = json ? "json" : format_name;
  const bool toggles = p.positions == 2;  // a piece number says the move where two positions
  if (format != "moves" && format != "states" && format != "json" &&
      (format != "toggles" || !toggles))
    fail(toggles
             ? fmt::format("unknown format '{}': expected moves, toggles, states or json", format)
             : fmt::format("unknown format '{}': expected moves, states or json ({} has no "
                           "toggles: its pieces have more than two positions)",
                           format, p.name));
  const auto [from, to] = ends(p, n, from_text, to_text);
  Progress progress(fmt::format("solve ({} {})", from.size(), p.pieces), true);
  std::uint64_t step = 0;
  Pieces s = from;
  if (format == "json") {
    bool tied = false;
    const auto d = family::distance(p, from, to, &tied);
    auto head = answers::solution_head(p, from, to, d, "0", tied).dump();
    head.pop_back();  // the moves follow, streamed
    out.write(head);
    out.write(",\"moves\":[\n");  // a move a line, as the rings' list
  }
  // The text formats: the writer of /api/solve?puzzle=&format= too, a line at a time.
  const auto text = format == "states"    ? answers::SolveFormat::states
                    : format == "toggles" ? answers::SolveFormat::toggles
                                          : answers::SolveFormat::moves;
  std::string line;
  answers::write_piece_start(s, text, line);
  out.write(line);
  family::solve(p, from, to, [&](const family::PieceMove& m) {
    ++step;
    if (format != "json") {
      line.clear();
      answers::write_piece_move(p, step, m, s, text, line);
      out.write(line);
    } else {
      if (step > 1) out.write(",\n");
      out.write(answers::move(m).dump());
    }
    if (progress.shown()) progress.add(1);
    return true;
  });
  if (format == "json") out.write(step ? "\n]}\n" : "]}\n");
  return kOk;
}

int family_at(const Puzzle& p, const std::string& k, const std::optional<std::string>& n,
              const std::optional<std::string>& from_text,
              const std::optional<std::string>& to_text, bool json, Output& out) {
  const std::string_view ktext = k;
  if (ktext.empty() || ktext.find_first_not_of("0123456789") != std::string_view::npos)
    fail(fmt::format("K must be a whole number of moves, found {}", quote_input(k, 60)));
  if (ktext.size() > kMaxPieces + 2) fail("K is too large");
  const auto [from, to] = ends(p, n, from_text, to_text);
  if (const auto most = family::max_state_after_pieces(p); from.size() > most)
    fail(fmt::format("the state after K moves of {} {} is too large to find (at most {})",
                     from.size(), p.pieces, most));
  const auto answer = answers::at(p, from, to, mpz_class(k, 10));
  const bool past = answer.contains("past_end");
  if (json) {
    out.write(answer.dump());
  } else if (past) {
    const auto total = answer["count"].get<std::string>();
    out.print("step {} is past the end: the solution has {} move{}", printable(k, 60), total,
              total == "1" ? "" : "s");
  } else {
    out.write(answer["state"].get<std::string>());
  }
  out.put('\n');
  return past ? kNegative : kOk;
}

int family_verify(const Puzzle& p, const std::optional<std::string>& n,
                  const std::optional<std::string>& file, const std::optional<std::string>& from,
                  const std::optional<std::string>& to, ListFormat format, bool json, Output& out) {
  int fd = 0;
  if (file && *file != "-") {
    fd = ::open(file->c_str(), O_RDONLY);
    if (fd < 0) fail(fmt::format("cannot open '{}': {}", *file, std::strerror(errno)));
  }
  LineReader lines(fd);
  std::string_view block;
  bool more = lines.next_block(block);
  // Without N or a state, a states list's first line gives the count.
  std::optional<std::string> count = n;
  if (!count && !from && !to && more &&
      (format == ListFormat::detect || format == ListFormat::states)) {
    const auto first = block.substr(0, block.find('\n'));
    if (const auto w = family::pieces_written(first);
        w && first.find_first_not_of("0123456789 \t\r") == std::string_view::npos)
      count = std::to_string(*w);
  }
  const auto [start, target] = ends(p, count, from, to);
  family::ListChecker checker(p, start, target, from.has_value(), format);
  for (; more; more = lines.next_block(block)) {
    const auto going = checker.feed(block);
    if (!going) fail(going.error());
    if (!*going) break;
  }
  if (fd > 0) ::close(fd);
  const auto r = checker.report();
  out.write(json ? answers::verify(p, r, start.size()).dump() : family::report_text(p, r));
  out.put('\n');
  return r.legal && r.reached ? kOk : kNegative;
}

}  // namespace rings::cli
