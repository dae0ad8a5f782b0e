// rings distance A B [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"

namespace rings::cli {
namespace {

struct DistanceOptions {
  StateOptions states;
  std::string a, b;
  std::optional<std::string> rings, mod;
  std::string puzzle = "rings";
  bool json = false;
};

int run_distance(const DistanceOptions& o, Output& out) {
  const auto q = problem(o.puzzle, o.rings, {{"A", o.a}, {"B", o.b}}, o.states);
  std::string text;
  {
    Progress progress(fmt::format("distance ({} {})", q.pieces, q.puzzle.pieces));
    const auto answer = answers::distance(q, modulus_of(o.mod));
    text = o.json ? answer.dump() : answer["distance"].get<std::string>();
  }
  out.write(text);
  out.put('\n');
  return kOk;
}

}  // namespace

void setup_distance(CLI::App& app, int& status) {
  auto o = std::make_shared<DistanceOptions>();
  auto* cmd = app.add_subcommand("distance", "The optimal number of moves between two states");
  cmd->add_option("A", o->a, "A state: 0s and 1s (ring N first), on, off, or @FILE")->required();
  cmd->add_option("B", o->b, "Another state of the same puzzle")->required();
  add_rings_option(*cmd, o->rings);
  add_mod_option(*cmd, o->mod, "the distance");
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_distance(*o, out);
  });
}

}  // namespace rings::cli
