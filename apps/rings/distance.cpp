// rings distance A B [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "family_cli.hpp"
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
  if (const auto p = family_puzzle(o.puzzle, o.states))
    return family_distance(*p, o.a, o.b, o.rings, modulus_of(o.mod), o.json, out);
  const Notation notation = notation_of(o.states);
  const auto mod = modulus_of(o.mod);
  std::vector<std::string> texts(2);  // moved in (an initializer list would copy them)
  texts[0] = state_text(o.a, "A");
  texts[1] = state_text(o.b, "B");
  const auto n = ring_count(o.rings ? std::optional(parse_rings(*o.rings)) : std::nullopt, texts,
                            {"A", "B"}, notation);
  std::string text;
  {
    Progress progress(fmt::format("distance ({} rings)", n));
    const State a = parse_state_or_fail(texts[0], n, notation, "A");
    const State b = parse_state_or_fail(texts[1], n, notation, "B");
    const auto answer = answers::distance(a, b, mode_of(o.states), mod);
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
