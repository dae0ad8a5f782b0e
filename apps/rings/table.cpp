// rings table N: every state (in decimal order) and its distance to the target.
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

constexpr unsigned kMaxTableLog2 = 32;  // lines: 2^32 at most

struct TableOptions {
  StateOptions states;
  std::optional<std::string> n, rings, to;
  std::string puzzle = "rings";
  bool json = false;
};

int run_table(const TableOptions& o, Output& out) {
  const auto q = problem(o.puzzle, rings_given(o.n, o.rings), {{"--to", o.to, "goal"}}, o.states);
  if (!answers::TableRows::size(q.puzzle, q.pieces, kMaxTableLog2))
    fail(fmt::format("the table has {}^N lines: at most 2^{} ({} {})", q.puzzle.positions,
                     kMaxTableLog2, q.pieces, q.puzzle.pieces));
  // JSON as the API's /api/table: the answer's head, then one row a line (2^32 rows stream).
  if (o.json) {
    auto head = answers::head(q.puzzle, q.pieces, q.mode).dump();
    head.back() = ',';
    out.write(head);
    out.write("\"rows\":[");
  }
  answers::TableRows rows(q);
  std::string state, distance;
  for (bool first = true; rows.next(state, distance); first = false) {
    if (o.json)
      out.print(R"({}{}{{"distance":"{}","state":"{}"}})", first ? "" : ",", "\n", distance, state);
    else
      out.print("{} {}\n", state, distance);
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
