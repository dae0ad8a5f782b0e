// rings plot path|lengths|hypercube ... -o FILE.svg: the plots, as standalone SVG files.
#include "cli.hpp"
#include "commands.hpp"
#include "rings/render.hpp"
#include "write_output.hpp"

namespace rings::cli {
namespace {

struct PlotOptions {
  std::optional<std::string> n, from, to;
  std::string notation = "decimal";
  bool double_moves = false;
  std::string output;
};

Mode mode_of(const PlotOptions& o) { return o.double_moves ? Mode::double_moves : Mode::single; }

std::string checked(Result<std::string> svg) {
  if (!svg) fail(svg.error());
  return std::move(*svg);
}

std::uint64_t rings_of(const PlotOptions& o) {
  auto n = parse_count(*o.n, "the number of rings");
  if (!n) fail(n.error());
  return *n;
}

void run_path(const PlotOptions& o) {
  auto notation = parse_notation(o.notation);
  if (!notation) fail(notation.error());
  const auto [from, to] = endpoints(o.n, o.from, o.to, *notation);
  // States may be read in any notation; the axis shows Cleve's numbers or decimal ones.
  const Notation shown = *notation == Notation::cleve ? Notation::cleve : Notation::decimal;
  write_output(o.output, checked(plot_path(from, to, mode_of(o), shown)));
}

CLI::App* plot_command(CLI::App& plot, const char* name, const char* what, PlotOptions& o) {
  auto* cmd = plot.add_subcommand(name, what);
  cmd->add_option("-o,--output", o.output, "The SVG file to write (- for standard output)")
      ->required();
  return cmd;
}

}  // namespace

void setup_plot(CLI::App& app, int& status) {
  auto* plot = app.add_subcommand(
      "plot", "Plots as standalone SVG files: the optimal path, path lengths, the hypercube");
  plot->require_subcommand(1);

  auto path = std::make_shared<PlotOptions>();
  auto* cmd = plot_command(*plot, "path",
                           "The state's value at each step of the optimal path (Cleve Moler's "
                           "plot); long paths are thinned to one column a pixel",
                           *path);
  cmd->add_option("N", path->n, "Number of rings, at most 64 (optional when a state is in bits)");
  cmd->add_option("--from", path->from, "Start state (default: on, all rings on)");
  cmd->add_option("--to", path->to, "Target state (default: off, all rings off)");
  cmd->add_option("--notation", path->notation,
                  "How --from and --to are read, and the numbers plotted: cleve plots Cleve "
                  "Moler's numbers (bit i-1 set when ring i is off), any other decimal values")
      ->default_str("decimal");
  cmd->add_flag("--double", path->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  cmd->callback([path, &status] {
    run_path(*path);
    status = kOk;
  });

  auto lengths = std::make_shared<PlotOptions>();
  cmd = plot_command(*plot, "lengths",
                     "Bar chart of the optimal number of moves from every start state (in "
                     "decimal order) to all-off",
                     *lengths);
  cmd->add_option("N", lengths->n, "Number of rings, at most 16")->required();
  cmd->add_flag("--double", lengths->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  cmd->callback([lengths, &status] {
    write_output(lengths->output, checked(plot_lengths(rings_of(*lengths), mode_of(*lengths))));
    status = kOk;
  });

  auto cube = std::make_shared<PlotOptions>();
  cmd = plot_command(*plot, "hypercube",
                     "The N-cube of states, the legal moves among them and the Gray path from "
                     "all-off to only ring N on",
                     *cube);
  cmd->add_option("N", cube->n, "Number of rings, at most 6")->required();
  cmd->callback([cube, &status] {
    write_output(cube->output, checked(plot_hypercube(rings_of(*cube))));
    status = kOk;
  });
}

}  // namespace rings::cli
