// The plan of an optimal solution: its moves grouped into milestones, goals on the way ("take
// ring 7 off", "put ring 6 on with rings 1–5 off"), each with the range of moves that reaches
// it, and each made of smaller milestones down to single moves.
//
// The tree follows the Gray path. Between two states, the highest ring that differs moves
// exactly once; before it, the rings below are brought to "ring k-1 on, rings 1..k-2 off" (what
// its move needs); after it, the rings below go on to their goal the same way. So a solution is
// a list of `ring` milestones, one per ring that reaches its goal for good (rings high to low);
// a `ring` milestone is its preparation (an `only_ring` or `clear` milestone, or nothing) and the
// move itself; a preparation is again such a list. With double moves, "ring 1 on, ring 2 on" and
// "ring 2 off, ring 1 off" are one move of rings 1+2, and the milestones around them merge.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rings/result.hpp"
#include "rings/state.hpp"

namespace rings {

/// What a milestone reaches. Front ends word it from this code and `ring`/`on`/`pair`
/// (to_string in English).
enum class Goal : std::uint8_t {
  ring,       ///< ring `ring` goes `on` or off (rings 1+2 together when `pair`) with the
              ///< milestone's last move; the moves before it prepare that move
  only_ring,  ///< ring `ring` on and rings 1..`ring`-1 off (what ring `ring`+1 needs to move)
  clear,      ///< rings 1..`ring` off
};
inline constexpr std::size_t kGoalCount = 3;

/// The goal's code as it appears in JSON: "ring", "only_ring", "clear".
std::string_view goal_code(Goal goal);

/// A goal and the moves first..last (1-based, of the whole solution) that reach it. A milestone
/// of one move is that move (goal `ring`).
struct Milestone {
  Goal goal = Goal::ring;
  Ring ring = 1;      ///< the ring the goal names (1 for rings 1+2)
  bool on = false;    ///< Goal::ring: the direction
  bool pair = false;  ///< Goal::ring: rings 1+2 together (a double move)
  mpz_class first, last;

  bool is_move() const { return first == last; }
  /// The move of a one-move milestone.
  Move move() const { return pair ? Move::pair(on) : Move::single(ring, on); }
};

/// The goal in English: "take ring 7 off", "put rings 1+2 on", "put ring 6 on with rings 1–5
/// off", "take rings 1–5 off". The one English wording of milestones.
std::string to_string(const Milestone& milestone);

struct PlanStep;

/// One level of milestones (the whole solution's, or a milestone's parts): `count` milestones
/// that partition their parent's moves, of which `shown` are listed, in order, each with its
/// index. The ones left out (past the list limit) lie between the shown ones' ranges.
struct PlanList {
  std::uint64_t count = 0;
  std::vector<PlanStep> shown;
};

/// A listed milestone; its parts are listed when it is within the depth (and not a move).
struct PlanStep {
  std::uint64_t index = 0;
  Milestone milestone;
  PlanList parts;
};

/// How much of the tree to list. Depth 1 is the top level only; each level lists at most
/// `limit` milestones (the first ones) plus the one containing move `at`.
inline constexpr std::uint64_t kDefaultPlanDepth = 2;
inline constexpr std::uint64_t kDefaultPlanLimit = 64;
/// A plan lists at most this many milestones...
inline constexpr std::uint64_t kMaxPlanMilestones = 100'000;
/// ...and at most this many bits of move numbers (milestones times the bits of the distance):
/// writing them in decimal is the cost (0.2 s for the 192 milestones of a 100,000-ring plan at
/// depth 2; a 10^6-ring plan lists at most 33).
inline constexpr std::uint64_t kMaxPlanBits = std::uint64_t{1} << 25;

struct PlanOptions {
  std::uint64_t depth = kDefaultPlanDepth;  ///< >= 1
  std::uint64_t limit = kDefaultPlanLimit;  ///< >= 1
  std::optional<mpz_class> at;              ///< a move of the solution, 1..moves
};

/// A plan: the optimal number of moves, the milestones, and the milestones containing move
/// `at` (their indices, one per level: at[0] in `milestones`, at[1] in its parts...).
struct Plan {
  mpz_class moves;
  PlanList milestones;
  std::vector<std::uint64_t> at;
};

/// The plan of the optimal solution from `from` to `to` (states of the same size). Errors:
/// depth or limit 0, `at` outside 1..moves, a plan over kMaxPlanMilestones or kMaxPlanBits.
/// Work: O(N/64) word operations per listed milestone (plus O(N) bit tests per list).
///
///     plan(State::all_on(3), State::all_off(3), Mode::single)
///     // take ring 3 off (moves 1–2): take ring 1 off (move 1), take ring 3 off (move 2)
///     // take ring 2 off (moves 3–4): put ring 1 on (move 3), take ring 2 off (move 4)
///     // take ring 1 off (move 5)
Result<Plan> plan(const State& from, const State& to, Mode mode, const PlanOptions& options = {});

namespace detail {
/// Counts one more milestone listed in a plan (the rings' or a family puzzle's) whose move
/// numbers have `bits` bits: an error, saying what to change, once kMaxPlanMilestones or
/// kMaxPlanBits is passed.
Result<bool> count_listed(std::uint64_t& listed, std::uint64_t bits);
}  // namespace detail

}  // namespace rings
