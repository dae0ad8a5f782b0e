// rings count N [--double] [--mod M] [--json]
#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

struct CountOptions {
  std::optional<std::string> n, rings, mod;
  std::string puzzle = "rings";
  bool double_moves = false, json = false;
};

int run_count(const CountOptions& o, Output& out) {
  const auto n = rings_given(o.n, o.rings);
  if (!n) {
    const auto p = family::parse_puzzle(o.puzzle);
    fail(fmt::format("missing N: give the number of {} (see rings count --help)",
                     p ? p->pieces : "pieces"));
  }
  const auto q = problem(o.puzzle, n, {}, StateOptions{"binary", o.double_moves});
  const auto mod = modulus_of(o.mod);
  if (!mod && q.pieces > q.puzzle.max_size)
    fail(
        fmt::format("the exact count for {} {} has about {} digits, too many to print (at most "
                    "{} {}); use --mod M for the count modulo M",
                    q.pieces, q.puzzle.pieces, static_cast<std::uint64_t>(q.pieces * 0.30103) + 1,
                    q.puzzle.max_size, q.puzzle.pieces));
  std::string text;
  {
    Progress progress(fmt::format("count {}: computing", q.pieces));
    const auto answer = answers::count(q, mod);
    if (!answer) fail(answer.error());
    text = o.json ? answer->dump() : (*answer)["count"].get<std::string>();
  }
  out.write(text);
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
