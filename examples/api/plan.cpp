// rings/plan.hpp: the optimal solution as a tree of milestones, each with its moves.
#include "rings/plan.hpp"

#include <fmt/format.h>

#include <string>

// The milestones of a level, indented under their parent.
void print(const rings::PlanList& list, int level) {
  for (const rings::PlanStep& step : list.shown) {
    const rings::Milestone& m = step.milestone;
    const std::string moves = m.is_move() ? "move " + m.first.get_str()
                                          : "moves " + m.first.get_str() + "-" + m.last.get_str();
    fmt::print("{:{}}{} ({})\n", "", 2 * level, to_string(m), moves);
    print(step.parts, level + 1);
  }
}

int main() {
  using namespace rings;
  // Five rings off, two levels deep (the default depth).
  auto plan5 = plan(State::all_on(5), State::all_off(5), Mode::single);
  fmt::print("{} moves in {} milestones\n", plan5->moves.get_str(), plan5->milestones.count);
  print(plan5->milestones, 0);

  // Which milestones contain move 30 of nine rings, level by level (depth 3, 2 a level).
  PlanOptions options;
  options.depth = 3;
  options.limit = 2;
  options.at = 30;
  auto plan9 = plan(State::all_on(9), State::all_off(9), Mode::single, options);
  const PlanList* list = &plan9->milestones;
  for (const std::uint64_t index : plan9->at)
    for (const PlanStep& step : list->shown)
      if (step.index == index) {
        fmt::print("move 30 is in milestone {}: {}\n", index, to_string(step.milestone));
        list = &step.parts;
        break;
      }

  // Errors are values.
  options.at = 342;
  fmt::print("{}\n", plan(State::all_on(9), State::all_off(9), Mode::single, options).error());
}
