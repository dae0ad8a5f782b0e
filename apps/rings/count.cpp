// rings count N [--double] [--mod M]
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "rings/position.hpp"

namespace rings::cli {
namespace {

// The exact count of 2^N needs N bits and about 0.3 N digits: the same limit as a state's.
constexpr std::uint64_t kMaxExactRings = kMaxRings;

struct CountOptions {
  std::string n;
  bool double_moves = false;
  std::optional<std::string> mod;
};

int run_count(const CountOptions& o, Output& out) {
  const auto n = parse_count(o.n, "the number of rings");
  if (!n) fail(n.error());
  if (*n == 0) fail("the puzzle needs at least 1 ring, found 0");
  const Mode mode = o.double_moves ? Mode::double_moves : Mode::single;
  if (o.mod) {
    out.print("{}\n", count_mod(*n, mode, parse_modulus(*o.mod)));
    return kOk;
  }
  if (*n > kMaxExactRings)
    fail(
        fmt::format("the exact count for {} rings has about {} digits, too many to print (at most "
                    "{} rings); use --mod M for the count modulo M",
                    *n, static_cast<std::uint64_t>(*n * 0.30103) + 1, kMaxExactRings));
  std::string digits;
  {
    Progress progress(fmt::format("count {}: computing", *n));
    const mpz_class c = count(*n, mode);
    progress.stage(
        fmt::format("count {}: writing {} digits", *n, mpz_sizeinbase(c.get_mpz_t(), 10)));
    digits = c.get_str();
  }
  out.write(digits);
  out.put('\n');
  return kOk;
}

}  // namespace

void setup_count(CLI::App& app, int& status) {
  auto o = std::make_shared<CountOptions>();
  auto* cmd = app.add_subcommand(
      "count", "The number of moves to remove all N rings (OEIS A000975; A051049 with --double)");
  cmd->add_option("N", o->n, "Number of rings")->required();
  cmd->add_flag("--double", o->double_moves, "Count rings 1+2 moving together as one move");
  cmd->add_option("--mod", o->mod, "Print the count modulo M (N may then be up to 2^64 - 1)");
  cmd->callback([o, &status] {
    Output out;
    status = run_count(*o, out);
  });
}

}  // namespace rings::cli
