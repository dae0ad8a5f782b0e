// rings distance A B [--double] [--mod M]
#include "cli.hpp"
#include "commands.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

struct DistanceOptions {
  StateOptions states;
  std::string a, b;
  std::optional<std::string> rings;
  std::optional<std::string> mod;
};

int run_distance(const DistanceOptions& o, Output& out) {
  const Notation notation = notation_of(o.states);
  std::optional<std::uint64_t> m;
  if (o.mod) m = parse_modulus(*o.mod);
  std::vector<std::string> texts(2);  // moved in (an initializer list would copy them)
  texts[0] = state_text(o.a, "A");
  texts[1] = state_text(o.b, "B");
  const auto n = ring_count(o.rings ? std::optional(parse_rings(*o.rings)) : std::nullopt, texts,
                            {"A", "B"}, notation);
  const State a = parse_state_or_fail(texts[0], n, notation, "A");
  const State b = parse_state_or_fail(texts[1], n, notation, "B");
  mpz_class d = distance(a, b, mode_of(o.states));
  if (m) d %= mpz_class(std::to_string(*m));
  out.write(d.get_str());
  out.put('\n');
  return kOk;
}

}  // namespace

void setup_distance(CLI::App& app, int& status) {
  auto o = std::make_shared<DistanceOptions>();
  auto* cmd = app.add_subcommand("distance", "The optimal number of moves between two states");
  cmd->add_option("A", o->a, "A state: 0s and 1s (ring N first), on, off, or @FILE")->required();
  cmd->add_option("B", o->b, "Another state of the same puzzle")->required();
  cmd->add_option("-n,--rings", o->rings, "Number of rings (needed for on/off/decimal states)");
  cmd->add_option("--mod", o->mod, "Print the distance modulo M");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_distance(*o, out);
  });
}

}  // namespace rings::cli
