// rings verify [N] [--from A] [--to B] [FILE]: checks a move list, streamed.
#include "rings/verify.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"

namespace rings::cli {
namespace {

struct VerifyOptions {
  StateOptions states;
  std::vector<std::string> args;  // [N] [FILE]
  std::optional<std::string> from, to, rings;
  std::string format = "detect";
  std::string puzzle = "rings";
  bool json = false;
};

int run_verify(const VerifyOptions& o, Output& out) {
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
  int fd = 0;
  if (file && *file != "-") {
    fd = ::open(file->c_str(), O_RDONLY);
    if (fd < 0) fail(fmt::format("cannot open '{}': {}", *file, std::strerror(errno)));
  }
  LineReader lines(fd);
  std::string_view block;
  // Without N or a state, a states list's first line or a JSON list's own count gives the
  // piece count, as a state in digits does (the list is read first only then).
  const auto pieces = rings_given(n, o.rings);
  const bool peek = !pieces && !o.from && !o.to;
  bool more_input = peek && lines.next_block(block);
  std::optional<std::uint64_t> listed;
  if (more_input) {
    const auto puzzle = family::parse_puzzle(o.puzzle);
    if (puzzle) listed = answers::pieces_of_list(*puzzle, block, notation_of(o.states), *format);
  }
  const auto q = problem(o.puzzle, pieces, {{"--from", o.from, "start"}, {"--to", o.to, "goal"}},
                         o.states, listed);
  if (*format == ListFormat::toggles && q.puzzle.positions != 2)
    fail(fmt::format("--format toggles is for puzzles of two positions; {} has {}", q.puzzle.name,
                     q.puzzle.positions));
  answers::ListCheck checker(q, *format, o.from.has_value(), o.to.has_value());
  {
    Progress progress(fmt::format("verify ({} {})", q.pieces, q.puzzle.pieces));
    struct stat st {};
    const bool sized = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    progress.set_total(sized ? std::uint64_t(st.st_size) : 0, "bytes read");
    if (!peek) more_input = lines.next_block(block);
    for (; more_input; more_input = lines.next_block(block)) {
      progress.add(block.size());
      const auto more = checker.feed(block);
      if (!more) fail(more.error());
      if (!*more) break;
    }
  }
  if (fd > 0) ::close(fd);
  const auto report = checker.report();
  out.write(o.json ? report.json.dump() : report.text);
  out.put('\n');
  return report.json["ok"].get<bool>() ? kOk : kNegative;
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
                  "The list's format: moves, toggles, states, json (default: "
                  "detected from the first line)");
  add_rings_option(*cmd, o->rings);
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_verify(*o, out);
  });
}

}  // namespace rings::cli
