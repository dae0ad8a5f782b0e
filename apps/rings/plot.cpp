// rings plot path|lengths|hypercube|sierpinski ... [--puzzle P] -o FILE.svg: the plots, as
// standalone SVG files.
#include "cli.hpp"
#include "commands.hpp"
#include "rings/render.hpp"
#include "write_output.hpp"

namespace rings::cli {
namespace {

struct PlotOptions {
  std::optional<std::string> n, from, to, notation;
  bool double_moves = false;
  std::string output;
  std::string puzzle = "rings";
};

// The puzzle whose state graph is the Sierpinski graph: the catalogue's first the renderer
// draws so.
const family::Puzzle& sierpinski_puzzle() {
  const auto& all = family::catalogue();
  return *std::find_if(all.begin(), all.end(), [](const auto& pz) { return draws_sierpinski(pz); });
}

std::string checked(Result<std::string> svg) {
  if (!svg) fail(svg.error());
  return std::move(*svg);
}

// The question of a plot: the rings' states read in --notation (default decimal: the path's
// axis), every other puzzle's in digits.
Problem plot_problem(const PlotOptions& o, const std::vector<StateArg>& states) {
  const auto p = family::parse_puzzle(o.puzzle);
  const bool bits = p && p->notations;
  return problem(o.puzzle, o.n, states,
                 StateOptions{o.notation.value_or(bits ? "decimal" : "binary"), o.double_moves});
}

// The hypercube is the rings' picture, of states written in bits.
void rings_only(const PlotOptions& o, std::string_view what) {
  const auto p = family::parse_puzzle(o.puzzle);
  if (!p) fail(p.error());
  if (!p->notations)
    fail(fmt::format("{} is drawn for the rings only, not for {}{}", what, p->name,
                     draws_sierpinski(*p)
                         ? fmt::format(": the state graph of {} is rings plot sierpinski", p->title)
                     : p->ring_rule() ? fmt::format(": {} has the rings' rule, so its states and "
                                                    "moves are the rings' (rings plot hypercube N)",
                                                    p->name)
                                      : ": rings plot path draws any puzzle's solution"));
}

void run_path(const PlotOptions& o) {
  const auto q = plot_problem(o, {{"--from", o.from, "start"}, {"--to", o.to, "goal"}});
  if (!q.in_bits()) {
    write_output(o.output, checked(plot_path(q.puzzle, q.digits[0], q.digits[1])));
    return;
  }
  // States may be read in any notation; the axis shows Cleve's numbers or decimal ones.
  const Notation shown = q.notation == Notation::cleve ? Notation::cleve : Notation::decimal;
  write_output(o.output, checked(plot_path(q.bits[0], q.bits[1], q.mode, shown)));
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
      "plot",
      "Plots as standalone SVG files: the optimal path, path lengths, the hypercube, the "
      "Sierpinski graph");
  plot->require_subcommand(1);

  auto path = std::make_shared<PlotOptions>();
  auto* cmd = plot_command(*plot, "path",
                           "The state's value at each step of the optimal path (Cleve Moler's "
                           "plot); long paths are thinned to one column a pixel",
                           *path);
  cmd->add_option("N", path->n,
                  "Number of rings, at most 64, or pieces (64 of two positions, 40 of three; "
                  "optional when a state is in digits)");
  cmd->add_option("--from", path->from,
                  "Start state (default: on, all rings on; a family puzzle's start)");
  cmd->add_option("--to", path->to, "Target state (default: off, all rings off; the goal)");
  cmd->add_option("--notation", path->notation,
                  "How --from and --to are read, and the numbers plotted: cleve plots Cleve "
                  "Moler's numbers (bit i-1 set when ring i is off), any other decimal values")
      ->default_str("decimal");
  cmd->add_flag("--double", path->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  add_puzzle_option(*cmd, path->puzzle);
  cmd->callback([path, &status] {
    run_path(*path);
    status = kOk;
  });

  auto lengths = std::make_shared<PlotOptions>();
  cmd = plot_command(*plot, "lengths",
                     "Bar chart of the optimal number of moves from every start state (in "
                     "decimal order) to all-off (a family puzzle's goal)",
                     *lengths);
  cmd->add_option("N", lengths->n,
                  "Number of rings, at most 16, or pieces (16 of two positions, 10 of three)")
      ->required();
  cmd->add_flag("--double", lengths->double_moves,
                "Count rings 1 and 2 moving together (both on or both off) as one move");
  add_puzzle_option(*cmd, lengths->puzzle);
  cmd->callback([lengths, &status] {
    const auto q = plot_problem(*lengths, {});
    write_output(lengths->output, checked(q.in_bits() ? plot_lengths(q.pieces, q.mode)
                                                      : plot_lengths(q.puzzle, q.pieces)));
    status = kOk;
  });

  auto cube = std::make_shared<PlotOptions>();
  cmd = plot_command(*plot, "hypercube",
                     "The N-cube of states, the legal moves among them and the Gray path from "
                     "all-off to only ring N on",
                     *cube);
  cmd->add_option("N", cube->n, "Number of rings, at most 6")->required();
  add_puzzle_option(*cmd, cube->puzzle);
  cmd->callback([cube, &status] {
    rings_only(*cube, "the hypercube");
    write_output(cube->output, checked(plot_hypercube(plot_problem(*cube, {}).pieces)));
    status = kOk;
  });

  const family::Puzzle& drawn = sierpinski_puzzle();
  auto graph = std::make_shared<PlotOptions>();
  graph->puzzle = drawn.name;
  cmd = plot_command(*plot, "sierpinski",
                     "The state graph of a puzzle of three positions all joined (the Sierpinski "
                     "graph): every state, every legal move and the optimal path between two "
                     "states",
                     *graph);
  cmd->add_option("N", graph->n, "Number of discs, at most 6 (optional when a state is in digits)");
  cmd->add_option("--from", graph->from, "Start state (default: start, every disc on peg 0)");
  cmd->add_option("--to", graph->to, "Target state (default: goal, every disc on peg 2)");
  cmd->add_option("--puzzle", graph->puzzle,
                  fmt::format("The puzzle: {}, the only one drawn so", drawn.name))
      ->default_str(drawn.name)
      ->option_text("NAME");
  cmd->callback([graph, &status] {
    // Drawn for one puzzle alone (draws_sierpinski): the drawing says so of any other.
    const auto q =
        plot_problem(*graph, {{"--from", graph->from, "start"}, {"--to", graph->to, "goal"}});
    const auto digits = [&](std::size_t i) {
      return q.in_bits() ? family::from_state(q.bits[i]) : q.digits[i];
    };
    write_output(graph->output, checked(plot_sierpinski(q.puzzle, digits(0), digits(1))));
    status = kOk;
  });
}

}  // namespace rings::cli
