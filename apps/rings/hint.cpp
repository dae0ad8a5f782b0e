// rings hint STATE [--to B] [-k K] [--double]
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::cli {
namespace {

constexpr std::uint64_t kMaxHints = 1'000'000;

struct HintOptions {
  StateOptions states;
  std::string state;
  std::optional<std::string> to, rings;
  std::string k = "1";
};

int run_hint(const HintOptions& o, Output& out) {
  const auto k = parse_count(o.k, "-k", kMaxHints);
  if (!k) fail(fmt::format("{} (use rings solve for whole solutions)", k.error()));
  const auto [from, to] = endpoints(o.rings, o.state, o.to, notation_of(o.states), "STATE");
  const Mode mode = mode_of(o.states);
  std::vector<Hint> hs;
  std::string left;  // moves left after them
  {
    Progress progress(fmt::format("hint ({} rings): finding {} moves", from.size(), *k));
    hs = hints(from, to, *k, mode);
    progress.stage(fmt::format("hint ({} rings): counting the moves left", from.size()));
    State after = from;
    for (const auto& h : hs) apply(after, h.move);
    left = distance(after, to, mode).get_str();
  }
  for (const auto& h : hs) out.print("{}  ({})\n", to_string(h.move), h.reason);
  out.print("{} move{} remain{}\n", left, left == "1" ? "" : "s", left == "1" ? "s" : "");
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
  cmd->add_option("-k", o->k, "How many moves to show (default 1)");
  cmd->add_option("-n,--rings", o->rings, "Number of rings (needed for decimal states)");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_hint(*o, out);
  });
}

}  // namespace rings::cli
