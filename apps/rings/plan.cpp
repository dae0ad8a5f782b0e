// rings plan STATE [--to B] [--double] [--depth D] [--limit L] [--at P] [--json]
#include "rings/plan.hpp"

#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "progress.hpp"

namespace rings::cli {
namespace {

using answers::json;

struct PlanCommandOptions {
  StateOptions states;
  std::string state;
  std::optional<std::string> to, rings, at;
  std::string depth = std::to_string(kDefaultPlanDepth);
  std::string limit = std::to_string(kDefaultPlanLimit);
  std::string puzzle = "rings";
  bool json = false;
};

// The tree, two spaces a level: "first, to take ring 7 off (moves 1–22):" for a milestone whose
// parts follow, "then take ring 7 off (move 22)" for one without; milestones left out are one
// line "then 3 more milestones (moves 30–80)". With --at, "> " marks the milestones holding
// the move. Written from the plan's JSON answer, the one shape of every puzzle's plans.
class TreeWriter {
 public:
  TreeWriter(Output& out, const json& at_path, bool marked)
      : out_(out), at_(at_path.get<std::vector<std::uint64_t>>()), marked_(marked) {}

  // A level: its listed milestones (each with its index in the level, so a gap is milestones
  // left out) and how many it has, over the moves first..last.
  void list(const json& level, std::uint64_t count, const mpz_class& first, const mpz_class& last,
            std::size_t depth, bool on_path) {
    std::uint64_t next = 0;
    mpz_class next_move = first;
    for (const json& m : level) {
      const auto index = m["index"].get<std::uint64_t>();
      const mpz_class m_first(m["first"].get<std::string>()), m_last(m["last"].get<std::string>());
      if (index > next) gap(index - next, next_move, m_first - 1, depth);
      const bool here = on_path && depth < at_.size() && at_[depth] == index;
      const bool parts = m.contains("milestones");
      line(
          depth, here,
          fmt::format("{}{}{} ({}){}", index == 0 ? "first" : "then", parts ? ", to " : " ",
                      m["text"].get<std::string>(), moves_text(m_first, m_last), parts ? ":" : ""));
      if (parts)
        list(m["milestones"], std::stoull(m["count"].get<std::string>()), m_first, m_last,
             depth + 1, here);
      next = index + 1;
      next_move = m_last + 1;
    }
    if (count > next) gap(count - next, next_move, last, depth);
  }

 private:
  void gap(std::uint64_t count, const mpz_class& first, const mpz_class& last, std::size_t depth) {
    line(depth, false,
         fmt::format("then {} more milestone{} ({})", count, count == 1 ? "" : "s",
                     moves_text(first, last)));
  }
  std::string moves_text(const mpz_class& first, const mpz_class& last) {
    if (first == last) return "move " + decimal_(first);
    std::string text = "moves " + decimal_(first) + "\u2013";
    return text + decimal_(last);
  }
  void line(std::size_t depth, bool here, const std::string& text) {
    if (marked_) out_.write(here ? "> " : "  ");
    out_.write(std::string(2 * depth, ' '));
    out_.write(text);
    out_.put('\n');
  }

  Output& out_;
  std::vector<std::uint64_t> at_;
  bool marked_;
  answers::Decimals decimal_;
};

int run_plan(const PlanCommandOptions& o, Output& out) {
  const auto depth = parse_count(o.depth, "--depth");
  if (!depth) fail(depth.error());
  const auto limit = parse_count(o.limit, "--limit");
  if (!limit) fail(limit.error());
  PlanOptions options{*depth, *limit, std::nullopt};
  if (o.at) {
    const std::string_view text = *o.at;
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
      fail(fmt::format("--at must be a whole number of moves, found {}", quote_input(text, 60)));
    if (text.size() > kMaxRings / 3 + 2) fail("--at is too large");
    options.at = mpz_class(*o.at, 10);
  }
  const auto q = problem(o.puzzle, o.rings, {{"STATE", o.state}, {"--to", o.to, "goal"}}, o.states);
  json plan;
  {
    Progress progress(fmt::format("plan ({} {})", q.pieces, q.puzzle.pieces));
    auto answer = answers::plan(q, options);
    if (!answer) fail(answer.error());
    plan = std::move(*answer);
  }
  if (o.json) {
    out.write(plan.dump());
    out.put('\n');
    return kOk;
  }
  const std::string moves = plan["moves"].get<std::string>();
  if (moves == "0") {
    out.write("0 moves: the state is the target\n");
    return kOk;
  }
  const auto count = std::stoull(plan["count"].get<std::string>());
  out.print("{} move{} in {} milestone{}:\n", moves, moves == "1" ? "" : "s", count,
            count == 1 ? "" : "s");
  TreeWriter tree(out, plan.contains("at") ? plan["at"]["path"] : json::array(),
                  options.at.has_value());
  tree.list(plan["milestones"], count, 1, mpz_class(moves), 0, true);
  return kOk;
}

}  // namespace

void setup_plan(CLI::App& app, int& status) {
  auto o = std::make_shared<PlanCommandOptions>();
  auto* cmd = app.add_subcommand(
      "plan",
      "The optimal solution as a tree of milestones with their moves (to take ring 7 off: "
      "first take rings 1-5 off, then ring 7); each level partitions its parent's moves");
  cmd->add_option("STATE", o->state, "The current state: 0s and 1s (ring N first) or @FILE")
      ->required();
  cmd->add_option("--to", o->to, "Target state (default: off)");
  cmd->add_option(
         "--depth", o->depth,
         fmt::format("How many levels of milestones to list (default {})", kDefaultPlanDepth))
      ->option_text("D");
  cmd->add_option("--limit", o->limit,
                  fmt::format("The most milestones listed per level (default {}); the others "
                              "are counted on one line",
                              kDefaultPlanLimit))
      ->option_text("L");
  cmd->add_option("--at", o->at,
                  "Mark (with >) the milestones that contain move P, at every level, listing "
                  "them even past the limit")
      ->option_text("P");
  add_rings_option(*cmd, o->rings);
  add_json_flag(*cmd, o->json);
  add_puzzle_option(*cmd, o->puzzle);
  add_state_options(*cmd, o->states);
  cmd->callback([o, &status] {
    Output out;
    status = run_plan(*o, out);
  });
}

}  // namespace rings::cli
