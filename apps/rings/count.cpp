// rings count N [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "family_cli.hpp"
#include "progress.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

// The exact count of 2^N needs N bits and about 0.3 N digits: the same limit as a state's.
constexpr std::uint64_t kMaxExactRings = kMaxRings;

struct CountOptions {
  std::optional<std::string> n, rings, mod;
  std::string puzzle = "rings";
  bool double_moves = false, json = false;
};

int run_count(const CountOptions& o, Output& out) {
  if (const auto p = family_puzzle(o.puzzle, StateOptions{"binary", o.double_moves}))
    return family_count(*p, rings_given(o.n, o.rings), modulus_of(o.mod), o.json, out);
  const auto text = rings_given(o.n, o.rings);
  if (!text) fail("missing N: give the number of rings (see rings count --help)");
  // The engine's one reader of a count (any N up to 2^64 - 1: the exact count is bounded below).
  const auto n = std::optional(read_or_fail(family::catalogue().front(), *text, "N", UINT64_MAX));
  const Mode mode = o.double_moves ? Mode::double_moves : Mode::single;
  const auto mod = modulus_of(o.mod);
  if (!mod && *n > kMaxExactRings)
    fail(
        fmt::format("the exact count for {} rings has about {} digits, too many to print (at most "
                    "{} rings); use --mod M for the count modulo M",
                    *n, static_cast<std::uint64_t>(*n * 0.30103) + 1, kMaxExactRings));
  std::string answer;
  {
    Progress progress(fmt::format("count {}: computing", *n));
    if (o.json)
      answer = answers::count(*n, mode, mod).dump();
    else if (mod)
      answer = fmt::format("{}", count_mod(*n, mode, *mod));
    else
      answer = count(*n, mode).get_str();
  }
  out.write(answer);
  out.put('\n');
  return kOk;
}

}  // namespace

void setup_count(CLI::App& app, int& status) {
  auto o = std::make_shared<CountOptions>();
  auto* cmd = app.add_subcommand(
      "count", "The number of moves to remove all N rings (OEIS A000975; A051049 with --double)");
  cmd->add_option("N", o->n, "Number of rings");
  add_rings_option(*cmd, o->rings);
  cmd->add_flag("--double", o->double_moves, "Count rings 1+2 moving together as one move");
  add_mod_option(*cmd, o->mod, "the count (N may then be up to 2^64 - 1)");
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  cmd->callback([o, &status] {
    Output out;
    status = run_count(*o, out);
  });
}

}  // namespace rings::cli
