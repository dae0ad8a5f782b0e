// rings distance A B [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"

namespace rings::cli {
namespace {

struct DistanceOptions {
  StateOptions states;
  std::string a, b;
  std::optional<std::string> rings, mod;
  bool json = false;
};

int run_distance(const DistanceOptions& o, Output& out) {
  const Notation notation = notation_of(o.states);
  const auto mod = modulus_of(o.mod);
  const std::vector<std::string> texts{state_text(o.a, "A"), state_text(o.b, "B")};
  const auto n = ring_count(o.rings ? std::optional(parse_rings(*o.rings)) : std::nullopt, texts,
                            {"A", "B"}, notation);
  const State a = parse_state_or_fail(texts[0], n, notation, "A");
  const State b = parse_state_or_fail(texts[1], n, notation, "B");
  const auto answer = answers::distance(a, b, mode_of(o.states), mod);
  out.write(o.json ? answer.dump() : answer["distance"].get<std::string>());
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
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_distance(*o, out);
  });
}

}  // namespace rings::cli
