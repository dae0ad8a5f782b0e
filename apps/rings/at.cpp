// rings at K [N] [--from A] [--to B]
#include "cli.hpp"
#include "commands.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::cli {
namespace {

struct AtOptions {
  StateOptions states;
  std::string k;
  std::optional<std::string> n, from, to;
};

int run_at(const AtOptions& o, Output& out) {
  const Notation notation = notation_of(o.states);
  const std::string_view ktext = o.k;
  if (ktext.empty() || ktext.find_first_not_of("0123456789") != std::string_view::npos)
    fail(fmt::format("K must be a whole number of moves, found '{}'", o.k));
  if (ktext.size() > kMaxRings / 3 + 2) fail("K is too large");
  const mpz_class k(o.k, 10);
  const auto [from, to] = endpoints(o.n, o.from, o.to, notation);
  const Mode mode = mode_of(o.states);
  const mpz_class total = distance(from, to, mode);
  if (k > total) {
    out.flush();
    fmt::print(stderr, "rings: step {} is past the end: the solution has {} moves\n", o.k,
               total.get_str());
    return kNegative;
  }
  out.write(format_state(state_after(from, to, k, mode), notation));
  out.put('\n');
  return kOk;
}

}  // namespace

void setup_at(CLI::App& app, int& status) {
  auto o = std::make_shared<AtOptions>();
  auto* cmd = app.add_subcommand("at", "The state after K optimal moves (exit 1 past the end)");
  cmd->add_option("K", o->k, "Number of moves made (any size)")->required();
  cmd->add_option("N", o->n, "Number of rings (optional when a state is given in 0s and 1s)");
  cmd->add_option("--from", o->from, "Start state (default: on)");
  cmd->add_option("--to", o->to, "Target state (default: off)");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_at(*o, out);
  });
}

}  // namespace rings::cli
