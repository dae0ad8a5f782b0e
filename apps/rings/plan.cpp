// rings plan STATE [--to B] [--double] [--depth D] [--limit L] [--at P] [--json]
#include "rings/plan.hpp"

#include "answers.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "family_cli.hpp"
#include "progress.hpp"

namespace rings::cli {
namespace {

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
// the move.
class TreeWriter {
 public:
  TreeWriter(Output& out, const std::vector<std::uint64_t>& at, bool marked)
      : out_(out), at_(at), marked_(marked) {}

  std::string number(const mpz_class& x) { return decimal_(x); }

  // A level of the rings' plan (PlanList) or a family puzzle's (PiecePlanList), its goals worded
  // by `words`.
  template <class List, class Words>
  void list(const List& list, const mpz_class& first, const mpz_class& last, std::size_t level,
            bool on_path, const Words& words) {
    std::uint64_t next = 0;
    mpz_class next_move = first;
    for (const auto& step : list.shown) {
      if (step.index > next) gap(step.index - next, next_move, step.milestone.first - 1, level);
      const auto& m = step.milestone;
      const bool here = on_path && level < at_.size() && at_[level] == step.index;
      const bool parts = step.parts.count > 0;
      line(level, here,
           fmt::format("{}{}{} ({}){}", step.index == 0 ? "first" : "then", parts ? ", to " : " ",
                       words(m), moves_text(m.first, m.last), parts ? ":" : ""));
      if (parts) this->list(step.parts, m.first, m.last, level + 1, here, words);
      next = step.index + 1;
      next_move = m.last + 1;
    }
    if (list.count > next) gap(list.count - next, next_move, last, level);
  }

 private:
  void gap(std::uint64_t count, const mpz_class& first, const mpz_class& last, std::size_t level) {
    line(level, false,
         fmt::format("then {} more milestone{} ({})", count, count == 1 ? "" : "s",
                     moves_text(first, last)));
  }
  std::string moves_text(const mpz_class& first, const mpz_class& last) {
    if (first == last) return "move " + decimal_(first);
    std::string text = "moves " + decimal_(first) + "\u2013";
    return text + decimal_(last);
  }
  void line(std::size_t level, bool here, const std::string& text) {
    if (marked_) out_.write(here ? "> " : "  ");
    out_.write(std::string(2 * level, ' '));
    out_.write(text);
    out_.put('\n');
  }

  Output& out_;
  const std::vector<std::uint64_t>& at_;
  bool marked_;
  answers::Decimals decimal_;
};

// A plan, the rings' or a family puzzle's, as --json (`as_json`) or as the tree, its goals
// worded by `words`.
template <class Plan, class Json, class Words>
int write_plan(const Plan& p, bool json, bool marked, const Json& as_json, const Words& words,
               Output& out) {
  if (json) {
    out.write(as_json().dump());
    out.put('\n');
    return kOk;
  }
  if (p.moves == 0) {
    out.write("0 moves: the state is the target\n");
    return kOk;
  }
  TreeWriter tree(out, p.at, marked);
  const std::string moves = tree.number(p.moves);
  out.print("{} move{} in {} milestone{}:\n", moves, moves == "1" ? "" : "s", p.milestones.count,
            p.milestones.count == 1 ? "" : "s");
  tree.list(p.milestones, 1, p.moves, 0, true, words);
  return kOk;
}

// The plan of a family puzzle (--puzzle): from STATE (default --to: the goal).
int run_family_plan(const family::Puzzle& puzzle, const PlanCommandOptions& o,
                    const PlanOptions& options, Output& out) {
  const auto [from, to] = ends(puzzle, o.rings, o.state, o.to, "STATE");
  Progress progress(fmt::format("plan ({} {})", from.size(), puzzle.pieces));
  const auto p = family::plan(puzzle, from, to, options);
  if (!p) fail(p.error());
  return write_plan(
      *p, o.json, options.at.has_value(),
      [&] { return answers::plan(puzzle, *p, from.size(), options.at); },
      [&](const family::PieceMilestone& m) { return family::to_string(puzzle, m); }, out);
}

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
  if (const auto puzzle = family_puzzle(o.puzzle, o.states))
    return run_family_plan(*puzzle, o, options, out);
  const auto [from, to] = endpoints(o.rings, o.state, o.to, notation_of(o.states), "STATE");
  Progress progress(fmt::format("plan ({} rings)", from.size()));
  const auto p = plan(from, to, mode_of(o.states), options);
  if (!p) fail(p.error());
  return write_plan(
      *p, o.json, options.at.has_value(),
      [&] { return answers::plan(*p, from.size(), mode_of(o.states), options.at); },
      [](const Milestone& m) { return to_string(m); }, out);
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
