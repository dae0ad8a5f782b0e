// rings puzzles [--json] [--names]: the catalogue, every puzzle the engine knows.
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"

namespace rings::cli {
namespace {

struct PuzzlesOptions {
  bool json = false, names = false;
};

int run_puzzles(const PuzzlesOptions& o, Output& out) {
  if (o.json) {
    out.write(answers::puzzles().dump());
    out.put('\n');
    return kOk;
  }
  for (const family::Puzzle& p : family::catalogue()) {
    if (o.names) {
      out.print("{}\n", p.name);
      continue;
    }
    std::string positions;
    for (std::uint8_t d = 0; d < p.positions; ++d)
      positions += fmt::format("{}{} {}", d ? ", " : "", d, p.position_names[d]);
    out.print("{:<18} {}, usually {} {} ({} positions: {}; start {}, goal {})\n", p.name, p.title,
              p.default_size, p.pieces, p.positions, positions, p.start, p.goal);
  }
  return kOk;
}

}  // namespace

void setup_puzzles(CLI::App& app, int& status) {
  auto o = std::make_shared<PuzzlesOptions>();
  auto* cmd = app.add_subcommand(
      "puzzles",
      "The puzzles rings knows, each with its pieces, positions, start and goal (any of them for "
      "--puzzle; a name with a key, as its pattern in --json shows, takes any key)");
  add_json_flag(*cmd, o->json);
  cmd->add_flag("--names", o->names, "Only their names, one a line (for scripts and completions)")
      ->excludes("--json");
  cmd->callback([o, &status] {
    Output out;
    status = run_puzzles(*o, out);
  });
}

}  // namespace rings::cli
