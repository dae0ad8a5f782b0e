// rings verify [N] [--from A] [--to B] [FILE]: checks a move list, streamed.
#include "rings/verify.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"

namespace rings::cli {
namespace {

struct VerifyOptions {
  StateOptions states;
  std::vector<std::string> args;  // [N] [FILE]
  std::optional<std::string> from, to, rings;
  std::string format = "detect";
  bool json = false;
};

int run_verify(const VerifyOptions& o, Output& out) {
  const Notation notation = notation_of(o.states);
  const Mode mode = mode_of(o.states);
  auto format = parse_list_format(o.format);
  if (!format) fail(format.error());
  std::optional<std::string> n, file;
  for (const auto& a : o.args) {
    const bool number = !a.empty() && a.find_first_not_of("0123456789") == std::string::npos;
    if (number && !n && !file)
      n = a;
    else if (!file)
      file = a;
    else
      fail(fmt::format("unexpected argument '{}': give at most N and one FILE", a));
  }
  auto [from, to] = endpoints(rings_given(n, o.rings), o.from, o.to, notation);

  int fd = 0;
  if (file && *file != "-") {
    fd = ::open(file->c_str(), O_RDONLY);
    if (fd < 0) fail(fmt::format("cannot open '{}': {}", *file, std::strerror(errno)));
  }
  LineReader lines(fd);
  ListChecker checker(from, to, mode, *format, notation, o.from.has_value());
  std::string_view block;
  while (lines.next_block(block)) {
    const auto more = checker.feed(block);
    if (!more) fail(more.error());
    if (!*more) break;
  }
  if (fd > 0) ::close(fd);
  const VerifyReport r = checker.report();
  out.write(o.json ? answers::verify(r).dump() : report_text(r));
  out.put('\n');
  return r.legal && r.reached ? kOk : kNegative;
}

// CLI11 2.1 writes the optional pair as "[N FILE(0x)]": say what may be given.
class VerifyUsage : public CLI::Formatter {
  std::string make_usage(const CLI::App*, std::string name) const override {
    return "Usage: " + name + " [OPTIONS] [N] [FILE]\n";
  }
};

}  // namespace

void setup_verify(CLI::App& app, int& status) {
  auto o = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify",
      "Check a move list (moves, toggles or states; from FILE or standard input) "
      "against the rules: ok, or the first illegal move and the rule it breaks");
  cmd->add_option("N FILE", o->args, "Number of rings, and the file (default: standard input)")
      ->expected(0, 2);
  cmd->formatter(std::make_shared<VerifyUsage>());
  cmd->add_option("--from", o->from,
                  "Start state (default: on; in the states format, the "
                  "list's first line)");
  cmd->add_option("--to", o->to, "Target state (default: off)");
  cmd->add_option("--format", o->format,
                  "The list's format: moves, toggles, states (default: "
                  "detected from the first line)");
  add_rings_option(*cmd, o->rings);
  add_json_flag(*cmd, o->json);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_verify(*o, out);
  });
}

}  // namespace rings::cli
