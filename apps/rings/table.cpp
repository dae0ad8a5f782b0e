// rings table N: every state (in decimal order) and its distance to the target.
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "family_cli.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

constexpr std::uint64_t kMaxTableRings = 32;

struct TableOptions {
  StateOptions states;
  std::optional<std::string> n, rings, to;
  std::string puzzle = "rings";
  bool json = false;
};

// A family puzzle's table: every state in counting order (piece 1 the lowest digit), at most
// 2^kMaxTableRings lines as for the rings; JSON as /api/table?puzzle=.
int run_family_table(const family::Puzzle& p, const TableOptions& o, Output& out) {
  const auto n_text = rings_given(o.n, o.rings);
  if (!n_text && !o.to)
    fail(fmt::format("missing N: give the number of {} (see rings table --help)", p.pieces));
  const auto target = ends(p, n_text, std::nullopt, o.to).to;
  const std::uint64_t n = target.size();
  std::uint64_t rows = 1;
  for (std::uint64_t i = 0; i < n; ++i)
    if ((rows *= p.positions) > (std::uint64_t{1} << kMaxTableRings))
      fail(fmt::format("the table has {}^N lines: at most 2^{}", p.positions, kMaxTableRings));
  if (o.json) {
    auto head = answers::head(p, n, Mode::single).dump();
    head.back() = ',';
    out.write(head);
    out.write("\"rows\":[");
  }
  family::Pieces s(n, 0);
  for (std::uint64_t row = 0; row < rows; ++row) {
    const auto state = family::format_pieces(s);
    const auto d = family::distance(p, s, target).get_str();
    if (o.json)
      out.print(R"({}{}{{"distance":"{}","state":"{}"}})", row ? "," : "", "\n", d, state);
    else
      out.print("{} {}\n", state, d);
    for (std::uint64_t i = 0; i < n && ++s[i] == p.positions; ++i) s[i] = 0;
  }
  if (o.json) out.write("\n]}\n");
  return kOk;
}

int run_table(const TableOptions& o, Output& out) {
  if (const auto p = family_puzzle(o.puzzle, o.states)) return run_family_table(*p, o, out);
  const Notation notation = notation_of(o.states);
  const auto text = rings_given(o.n, o.rings);
  if (!text) fail("missing N: give the number of rings (see rings table --help)");
  const auto n = parse_count(*text, "the number of rings", kMaxTableRings);
  if (!n) fail(fmt::format("{}: the table has 2^N lines", n.error()));
  if (*n == 0) fail("the puzzle needs at least 1 ring, found 0");
  const State to =
      parse_state_or_fail(o.to ? state_text(*o.to, "--to") : "off", *n, notation, "--to");
  const mpz_class target = rank(to);
  const Mode mode = mode_of(o.states);
  // JSON as the API's /api/table: the answer's head, then one row a line (2^32 rows stream).
  if (o.json) {
    auto head = answers::head(family::catalogue().front(), *n, mode).dump();
    head.back() = ',';
    out.write(head);
    out.write("\"rows\":[");
  }
  for (std::uint64_t v = 0; v < (std::uint64_t{1} << *n); ++v) {
    const State s = State::from_words(*n, {v});
    const mpz_class d = position_distance(rank(s), target, mode);
    if (o.json)
      out.print("{}\n{}", v ? "," : "", answers::table_row(s, d, notation).dump());
    else
      out.print("{} {}\n", format_state(s, notation), d.get_str());
  }
  if (o.json) out.write("\n]}\n");
  return kOk;
}

}  // namespace

void setup_table(CLI::App& app, int& status) {
  auto o = std::make_shared<TableOptions>();
  auto* cmd = app.add_subcommand(
      "table",
      "Every state of N rings (in decimal order) and its distance to all-off: the data "
      "of Cleve Moler's bar chart of path lengths");
  cmd->add_option("N", o->n, "Number of rings (at most 32)");
  add_rings_option(*cmd, o->rings);
  add_json_flag(*cmd, o->json);
  cmd->add_option("--to", o->to, "Target state (default: off)");
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_table(*o, out);
  });
}

}  // namespace rings::cli
