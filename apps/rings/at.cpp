// rings at K [N] [--from A] [--to B] [--json [--mod M]]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"

namespace rings::cli {
namespace {

struct AtOptions {
  StateOptions states;
  std::string k;
  std::optional<std::string> n, rings, from, to, mod;
  std::string puzzle = "rings";
  bool json = false;
};

int run_at(const AtOptions& o, Output& out) {
  const std::string_view ktext = o.k;
  if (ktext.empty() || ktext.find_first_not_of("0123456789") != std::string_view::npos)
    fail(fmt::format("K must be a whole number of moves, found {}", quote_input(o.k, 60)));
  if (ktext.size() > kMaxRings / 3 + 2) fail("K is too large");
  const auto q = problem(o.puzzle, rings_given(o.n, o.rings),
                         {{"--from", o.from, "start"}, {"--to", o.to, "goal"}}, o.states);
  const auto answer = answers::at(q, mpz_class(o.k, 10), modulus_of(o.mod));
  if (!answer) fail(answer.error());
  const bool past = answer->contains("past_end");
  if (o.json) {
    out.write(answer->dump());
  } else if (past) {
    // A negative answer: on standard output like every answer, with status 1.
    const auto total = (*answer)["count"].get<std::string>();
    out.print("step {} is past the end: the solution has {} move{}", printable(o.k, 60), total,
              total == "1" ? "" : "s");
  } else {
    out.write((*answer)["state"].get<std::string>());
  }
  out.put('\n');
  return past ? kNegative : kOk;
}

}  // namespace

void setup_at(CLI::App& app, int& status) {
  auto o = std::make_shared<AtOptions>();
  auto* cmd = app.add_subcommand("at", "The state after K optimal moves (exit 1 past the end)");
  cmd->add_option("K", o->k, "Number of moves made (any size)")->required();
  cmd->add_option("N", o->n, "Number of rings (optional when a state is given in 0s and 1s)");
  add_rings_option(*cmd, o->rings);
  cmd->add_option("--from", o->from, "Start state (default: on)");
  cmd->add_option("--to", o->to, "Target state (default: off)");
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_mod_option(*cmd, o->mod, "the state's position on the Gray path (in --json)");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_at(*o, out);
  });
}

}  // namespace rings::cli
