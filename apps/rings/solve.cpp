// rings solve [N] [--from A] [--to B] [--format moves|toggles|states|json] [--double]
#include "cli.hpp"
#include "commands.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::cli {
namespace {

struct SolveOptions {
  StateOptions states;
  std::optional<std::string> n, from, to;
  std::string format = "moves";
};

const char* onoff(bool on) { return on ? "on" : "off"; }

int run_solve(const SolveOptions& o, Output& out) {
  const Notation notation = notation_of(o.states);
  const Mode mode = mode_of(o.states);
  if (o.format != "moves" && o.format != "toggles" && o.format != "states" && o.format != "json")
    fail(fmt::format("unknown format '{}': expected moves, toggles, states or json", o.format));
  const auto [from, to] = endpoints(o.n, o.from, o.to, notation);
  std::string& buf = out.buffer();

  if (o.format == "moves") {
    std::uint64_t k = 0;
    solve(from, to, mode, [&](const Move& m) {
      buf.append(fmt::format_int(++k).str()).append(": ");
      if (m.pair) buf.append("rings 1+2 ");
      else buf.append("ring ").append(fmt::format_int(m.ring).str()).push_back(' ');
      buf.append(onoff(m.on)).push_back('\n');
      out.maybe_flush();
      return true;
    });
  } else if (o.format == "toggles") {
    solve(from, to, mode, [&](const Move& m) {
      if (m.pair) buf.append("1+2\n");
      else buf.append(fmt::format_int(m.ring).str()).push_back('\n');
      out.maybe_flush();
      return true;
    });
  } else if (o.format == "states") {
    State s = from;
    const auto line = [&] {
      if (notation == Notation::binary) append_binary(buf, s);
      else buf.append(format_state(s, notation));
      buf.push_back('\n');
      out.maybe_flush();
    };
    line();
    solve(from, to, mode, [&](const Move& m) {
      apply(s, m);
      line();
      return true;
    });
  } else {
    out.print(R"({{"rings":{},"from":"{}","to":"{}","count":"{}","moves":[)", from.size(),
              format_state(from, notation), format_state(to, notation),
              distance(from, to, mode).get_str());
    bool first = true;
    solve(from, to, mode, [&](const Move& m) {
      buf.append(first ? "\n" : ",\n");
      first = false;
      if (m.pair) buf.append(R"({"ring":1,"double":true,"to":")");
      else buf.append(R"({"ring":)").append(fmt::format_int(m.ring).str()).append(R"(,"to":")");
      buf.append(onoff(m.on)).append("\"}");
      out.maybe_flush();
      return true;
    });
    out.write("\n]}\n");
  }
  return kOk;
}

}  // namespace

void setup_solve(CLI::App& app, int& status) {
  auto o = std::make_shared<SolveOptions>();
  auto* cmd = app.add_subcommand(
      "solve", "The optimal solution from one state to another, streamed one move a line");
  cmd->add_option("N", o->n, "Number of rings (optional when a state is given in 0s and 1s)");
  cmd->add_option("--from", o->from, "Start state (default: on, all rings on)");
  cmd->add_option("--to", o->to, "Target state (default: off, all rings off)");
  cmd->add_option("--format", o->format,
                  "moves (\"1: ring 1 off\"), toggles (ring numbers), states, or json")
      ->default_str("moves");
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_solve(*o, out);
  });
}

}  // namespace rings::cli
