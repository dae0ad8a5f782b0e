// rings verify [N] [--from A] [--to B] [FILE]: checks a move list, streamed.
#include "rings/verify.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cli.hpp"
#include "commands.hpp"

namespace rings::cli {
namespace {

struct VerifyOptions {
  StateOptions states;
  std::vector<std::string> args;  // [N] [FILE]
  std::optional<std::string> from, to;
  std::string format = "detect";
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
  auto [from, to] = endpoints(n, o.from, o.to, notation);

  int fd = 0;
  if (file && *file != "-") {
    fd = ::open(file->c_str(), O_RDONLY);
    if (fd < 0) fail(fmt::format("cannot open '{}': {}", *file, std::strerror(errno)));
  }
  LineReader lines(fd);
  MoveListParser parser(from.size(), *format, notation);
  std::optional<Verifier> verifier;  // made at the first item: a states list starts with a state
  std::string_view line;
  while (lines.next(line)) {
    auto item = parser.parse_line(line);
    if (!item) fail(item.error());
    if (const auto* toggle = std::get_if<Toggle>(&*item); toggle && verifier) {
      if (!verifier->step(*toggle)) break;  // the bulk of a toggles list: no visit
      continue;
    }
    if (std::holds_alternative<std::monostate>(*item)) continue;
    if (!verifier) {
      // The states format starts with the start state.
      if (auto* first = std::get_if<State>(&*item);
          first && parser.format() == ListFormat::states) {
        if (o.from && *first != from)
          fail(fmt::format("the list starts at {}, not at --from {}",
                           format_state(*first, notation), format_state(from, notation)));
        verifier.emplace(*first, to, mode);
        continue;
      }
      verifier.emplace(from, to, mode);
    }
    const bool ok = std::visit(
        [&](auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, Move> || std::is_same_v<T, Toggle>)
            return verifier->step(x);
          else if constexpr (std::is_same_v<T, State>)
            return verifier->step_to(x);
          else
            return true;
        },
        *item);
    if (!ok) break;
  }
  if (fd > 0) ::close(fd);
  if (!verifier) verifier.emplace(from, to, mode);

  const VerifyReport r = verifier->report();
  if (!r.legal) {
    out.print("move {}: illegal: {}\n", r.illegal_move, r.rule);
    return kNegative;
  }
  out.print("ok: {} move{}, ", r.moves, r.moves == 1 ? "" : "s");
  if (!r.reached) {
    out.print("target not reached ({} more moves needed)\n", r.remaining.get_str());
    return kNegative;
  }
  if (r.optimal)
    out.print("target reached, optimal\n");
  else
    out.print("target reached, not optimal ({} moves suffice)\n", r.optimum.get_str());
  return kOk;
}

}  // namespace

void setup_verify(CLI::App& app, int& status) {
  auto o = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify",
      "Check a move list (moves, toggles or states; from FILE or standard input) "
      "against the rules: ok, or the first illegal move and the rule it breaks");
  cmd->add_option("N FILE", o->args, "Number of rings, and the file (default: standard input)")
      ->expected(0, 2);
  cmd->add_option("--from", o->from,
                  "Start state (default: on; in the states format, the "
                  "list's first line)");
  cmd->add_option("--to", o->to, "Target state (default: off)");
  cmd->add_option("--format", o->format,
                  "The list's format: moves, toggles, states (default: "
                  "detected from the first line)");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_verify(*o, out);
  });
}

}  // namespace rings::cli
