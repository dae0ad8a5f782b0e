// rings animate [N] [--from A] [--to B] -o FILE.svg: the rings moving along the optimal
// solution, as an animated SVG.
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
};

void run_animate(const AnimateOptions& o) {
  const Notation notation = notation_of(o.states);
  const auto [from, to] = endpoints(o.n, o.from, o.to, notation);
  auto svg = animate(from, to, mode_of(o.states));
  if (!svg) fail(svg.error());
  write_output(o.output, *svg);
}

}  // namespace

void setup_animate(CLI::App& app, int& status) {
  auto o = std::make_shared<AnimateOptions>();
  auto* cmd = app.add_subcommand(
      "animate",
      "An animated SVG of the rings moving along the optimal solution (at most 2000 "
      "moves)");
  cmd->add_option("N", o->n, "Number of rings, at most 32 (optional when a state is in bits)");
  cmd->add_option("--from", o->from, "Start state (default: on, all rings on)");
  cmd->add_option("--to", o->to, "Target state (default: off, all rings off)");
  cmd->add_option("-o,--output", o->output, "The SVG file to write (- for standard output)")
      ->required();
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    run_animate(*o);
    status = kOk;
  });
}

}  // namespace rings::cli
