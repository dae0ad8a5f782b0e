// rings hint STATE [--to B] [-k K] [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::cli {
namespace {

struct HintOptions {
  StateOptions states;
  std::string state;
  std::optional<std::string> to, rings, mod;
  std::string k = "1";
  std::string puzzle = "rings";
  bool json = false;
};

int run_hint(const HintOptions& o, Output& out) {
  const auto k = parse_count(o.k, "-k", kMaxHints);
  if (!k) fail(fmt::format("{} (use rings solve for whole solutions)", k.error()));
  const auto mod = modulus_of(o.mod);
  const auto q = problem(o.puzzle, o.rings, {{"STATE", o.state}, {"--to", o.to, "goal"}}, o.states);
  std::string text;
  {
    Progress progress(fmt::format("hint ({} {}): finding {} moves", q.pieces, q.puzzle.pieces, *k));
    text = o.json ? answers::hint(q, *k, mod).dump() + "\n" : answers::hint_text(q, *k, mod);
  }
  out.write(text);
  return kOk;
}

}  // namespace

void setup_hint(CLI::App& app, int& status) {
  auto o = std::make_shared<HintOptions>();
  auto* cmd = app.add_subcommand(
      "hint",
      "The next optimal move(s) toward the target, with the rule that allows each, and "
      "how many moves remain after them");
  cmd->add_option("STATE", o->state, "The current state: 0s and 1s (ring N first) or @FILE")
      ->required();
  cmd->add_option("--to", o->to, "Target state (default: off)");
  cmd->add_option("-k", o->k, "How many moves to show (default 1)")->option_text("K");
  add_rings_option(*cmd, o->rings);
  add_mod_option(*cmd, o->mod, "how many moves remain");
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_hint(*o, out);
  });
}

}  // namespace rings::cli
