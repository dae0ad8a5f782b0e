// rings solve [N] [--from A] [--to B] [--format moves|toggles|states|json] [--double]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "rings/position.hpp"
#include "solve_format.hpp"

namespace rings::cli {
using answers::SolveFormat;
using answers::write_solution;
namespace {

struct SolveOptions {
  StateOptions states;
  std::optional<std::string> n, rings, from, to;
  std::string format = "moves";
  std::string puzzle = "rings";
  bool json = false;
};

// The format named, for `puzzle`: toggles only where a piece has two positions.
SolveFormat format_of(const std::string& name, const family::Puzzle& puzzle) {
  const bool toggles = puzzle.positions == 2;  // a piece number says the move
  if (name == "moves") return SolveFormat::moves;
  if (name == "toggles" && toggles) return SolveFormat::toggles;
  if (name == "states") return SolveFormat::states;
  if (name == "json") return SolveFormat::json;
  if (toggles)
    fail(fmt::format("unknown format '{}': expected moves, toggles, states or json", name));
  fail(
      fmt::format("unknown format '{}': expected moves, states or json ({} has no toggles: its "
                  "pieces have more than two positions)",
                  name, puzzle.name));
}

int run_solve(const SolveOptions& o, Output& out) {
  if (o.json && o.format != "moves" && o.format != "json")
    fail(fmt::format("--json and --format {} disagree: --json is --format json", o.format));
  const auto q = problem(o.puzzle, rings_given(o.n, o.rings),
                         {{"--from", o.from, "start"}, {"--to", o.to, "goal"}}, o.states);
  const SolveFormat format = o.json ? SolveFormat::json : format_of(o.format, q.puzzle);
  Progress progress(fmt::format("solve ({} {})", q.pieces, q.puzzle.pieces), true);
  if (progress.shown()) {
    const mpz_class total(answers::solution_head(q)["count"].get<std::string>());
    progress.set_total(total.fits_ulong_p() ? total.get_ui() : 0, "moves");
  }
  write_solution(q, format, [&](std::string_view s) {
    // A move a line (give or take the first state, or json's first and last lines).
    if (progress.shown()) progress.add(std::count(s.begin(), s.end(), '\n'));
    out.write(s);
  });
  return kOk;
}

}  // namespace

void setup_solve(CLI::App& app, int& status) {
  auto o = std::make_shared<SolveOptions>();
  auto* cmd = app.add_subcommand(
      "solve", "The optimal solution from one state to another, streamed one move a line");
  cmd->add_option("N", o->n, "Number of rings (optional when a state is given in 0s and 1s)");
  cmd->add_option("--from", o->from, "Start state (default: on, all rings on)");
  cmd->add_option("--to", o->to, "Target state (default: off, all rings off)");
  cmd->add_option("--format", o->format,
                  "moves (\"1: ring 1 off\"), toggles (ring numbers), states, or json")
      ->default_str("moves");
  add_rings_option(*cmd, o->rings);
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_solve(*o, out);
  });
}

}  // namespace rings::cli
