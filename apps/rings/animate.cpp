// rings animate [N] [--from A] [--to B] [--puzzle P] -o FILE.svg: the rings (or the pieces of a
// puzzle of the family) moving along the optimal solution, as an animated SVG.
#include "cli.hpp"
#include "commands.hpp"
#include "rings/render.hpp"
#include "write_output.hpp"

namespace rings::cli {
namespace {

struct AnimateOptions {
  StateOptions states;
  std::optional<std::string> n, from, to;
  std::string output;
  std::string puzzle = "rings";
};

void run_animate(const AnimateOptions& o) {
  const auto q =
      problem(o.puzzle, o.n, {{"--from", o.from, "start"}, {"--to", o.to, "goal"}}, o.states);
  auto svg = q.in_bits() ? animate(q.bits[0], q.bits[1], q.mode)
                         : animate(q.puzzle, q.digits[0], q.digits[1]);
  if (!svg) fail(svg.error());
  write_output(o.output, *svg);
}

}  // namespace

void setup_animate(CLI::App& app, int& status) {
  auto o = std::make_shared<AnimateOptions>();
  auto* cmd = app.add_subcommand(
      "animate",
      "An animated SVG of the rings (or, with --puzzle, the pieces of any puzzle of the family) "
      "moving along the optimal solution (at most 2000 moves)");
  cmd->add_option("N", o->n,
                  "Number of rings or pieces, at most 32, or discs, at most 10 (optional when a "
                  "state is in digits)");
  cmd->add_option("--from", o->from, "Start state (default: on, all rings on; the puzzle's start)");
  cmd->add_option("--to", o->to, "Target state (default: off, all rings off; the puzzle's goal)");
  cmd->add_option("-o,--output", o->output, "The SVG file to write (- for standard output)")
      ->required();
  add_state_options(*cmd, o->states);
  add_puzzle_option(*cmd, o->puzzle);
  cmd->callback([o, &status] {
    run_animate(*o);
    status = kOk;
  });
}

}  // namespace rings::cli
