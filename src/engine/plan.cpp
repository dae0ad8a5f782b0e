#include "rings/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "rings/position.hpp"

namespace rings {
namespace {

// The planner works on the walk as if it went up the path: a walk down from rank r to rank t is
// the walk up from ~r to ~t (complemented in max(N, 3) bits: that flips only ring N of the
// state, and maps the double-move shortcuts, positions 8q+[0,2] and 8q+[5,7], onto each other),
// so one set of formulas serves both directions.
//
// A stretch (a, b] of the walk (positions a < b, the moves a+1..b) is one of:
//   list:   the rings below some ring go from a to b. Its milestones are `pivot`s: the highest
//           differing ring h, then every ring j < h whose rank bit j-1 is set in b; pivot i ends
//           at b with its rank bits below i-1 cleared (where ring i has just moved).
//   pivot:  ring `ring` moves at b: the preparation (a, b-1] (a list), then the move (b-1, b].
//   pair:   double moves: the pivots of rings 2 (off) and 1 of a list as one: the preparation
//           of ring 2 (a, b-2], then rings 1+2 off (b-2, b].
//   prep:   a list milestone: its goal is the state at b of its top ring h and below.
enum class Kind : std::uint8_t { pivot, pair, prep };

struct Stretch {
  Kind kind;
  Ring ring;  // pivot: the ring that moves; prep: the highest ring that changes
  mpz_class a, b;
};

// b with its bits below `bit` cleared.
mpz_class cleared_below(const mpz_class& b, mp_bitcnt_t bit) {
  mpz_class out;
  mpz_fdiv_q_2exp(out.get_mpz_t(), b.get_mpz_t(), bit);
  mpz_mul_2exp(out.get_mpz_t(), out.get_mpz_t(), bit);
  return out;
}

// The highest ring whose rank bit differs between a and b (a != b).
Ring top_ring(const mpz_class& a, const mpz_class& b) {
  const mpz_class x = a ^ b;
  return mpz_sizeinbase(x.get_mpz_t(), 2);
}

bool bit(const mpz_class& x, mp_bitcnt_t i) { return mpz_tstbit(x.get_mpz_t(), i); }

class Planner {
 public:
  Planner(const State& from, const State& to, Mode mode, const PlanOptions& options)
      : n_(from.size()), mode_(mode), options_(options) {
    r_ = rank(from);
    t_ = rank(to);
    down_ = r_ > t_;
    if (down_) {
      // At least 3 bits, so that the complement maps the shortcuts (positions mod 8) onto
      // each other.
      mpz_class mask;
      mpz_setbit(mask.get_mpz_t(), std::max<std::uint64_t>(n_, 3));
      mask -= 1;
      r_ ^= mask;
      t_ ^= mask;
    }
    bits_ = mpz_sizeinbase(position_distance(r_, t_, mode_).get_mpz_t(), 2);
  }

  const mpz_class& start() const { return r_; }
  const mpz_class& end() const { return t_; }

  // The position after move `k` of the solution.
  mpz_class after(const mpz_class& k) const { return advance(r_, t_, k, mode_); }

  // Lists the milestones of the list (a, b] down to `depth` levels; `at` is the position after
  // the move to be found (inside (a, b]) or null; `path` receives the indices containing it.
  Result<PlanList> list(const mpz_class& a, const mpz_class& b, std::uint64_t depth,
                        const mpz_class* at, std::vector<std::uint64_t>& path) {
    const Ring h = top_ring(a, b);
    // Pivots h, then each ring j < h with bit j-1 of b set, highest first.
    PlanList out;
    out.count = 1 + below_count(b, h - 1);
    const bool merged = merges(b, h);
    if (merged) --out.count;
    std::optional<std::uint64_t> at_index;
    Ring at_ring = 0;
    if (at) {
      at_ring = pivot_containing(b, h, *at);
      if (merged && at_ring == 1) at_ring = 2;
      // Its index: the pivots above it (h, and the set bits of b between them).
      at_index = at_ring == h ? 0 : 1 + below_count_between(b, at_ring, h - 1);
      path.push_back(*at_index);
    }
    mpz_class prev = a;
    std::uint64_t index = 0;
    auto emit = [&](Ring ring, std::uint64_t i, const mpz_class& from) -> Result<bool> {
      const bool pair = merged && ring == 2;
      const mpz_class e = pair ? b : cleared_below(b, ring - 1);
      const bool here = at_index && *at_index == i;
      auto step = node(Stretch{pair ? Kind::pair : Kind::pivot, ring, from, e}, i, depth,
                       here ? at : nullptr, path);
      if (!step) return step.failure();
      out.shown.push_back(std::move(*step));
      prev = e;
      return true;
    };
    for (Ring ring = h; ring >= 1 && index < options_.limit; --ring) {
      if (ring != h && !bit(b, ring - 1)) continue;
      if (merged && ring == 1) break;  // part of the pair
      if (auto ok = emit(ring, index, prev); !ok) return ok.failure();
      ++index;
    }
    if (at_index && *at_index >= index) {
      // Past the limit: the milestone containing the move, found directly.
      const Ring above = at_ring == h ? 0 : higher_pivot(b, h, at_ring);
      const mpz_class from = above ? cleared_below(b, above - 1) : a;
      if (auto ok = emit(at_ring, *at_index, from); !ok) return ok.failure();
    }
    return out;
  }

 private:
  // How many bits of b below bit `below` are set.
  static std::uint64_t below_count(const mpz_class& b, mp_bitcnt_t below) {
    mpz_class low;
    mpz_fdiv_r_2exp(low.get_mpz_t(), b.get_mpz_t(), below);
    return mpz_popcount(low.get_mpz_t());
  }
  // How many bits of b in [from, below) are set.
  static std::uint64_t below_count_between(const mpz_class& b, mp_bitcnt_t from,
                                           mp_bitcnt_t below) {
    return below_count(b, below) - below_count(b, from);
  }

  // Double moves: whether the list's last pivots are ring 2 going off and ring 1 (one move of
  // rings 1+2 off).
  bool merges(const mpz_class& b, Ring h) const {
    if (mode_ != Mode::double_moves || h < 2 || !bit(b, 0)) return false;
    if (h > 2 && !bit(b, 1)) return false;
    return !ring_on(cleared_below(b, 1), 2);
  }

  // The pivot of the list ending at b (top ring h) whose stretch holds position q: the highest
  // pivot i with i-1 <= max(d, z), where d is the highest bit in which b and q differ and z the
  // trailing zeros of q (its end, b with bits below i-1 cleared, is then >= q).
  static Ring pivot_containing(const mpz_class& b, Ring h, const mpz_class& q) {
    const mpz_class x = b ^ q;
    const std::uint64_t d = x == 0 ? 0 : mpz_sizeinbase(x.get_mpz_t(), 2) - 1;
    const std::uint64_t z = mpz_scan1(q.get_mpz_t(), 0);
    const std::uint64_t m = x == 0 ? z : std::max(d, z);
    if (h - 1 <= m) return h;
    mpz_class low;
    mpz_fdiv_r_2exp(low.get_mpz_t(), b.get_mpz_t(), m + 1);
    return mpz_sizeinbase(low.get_mpz_t(), 2);  // the highest set bit at or below m, plus 1
  }

  // The pivot just above ring i in the list ending at b with top ring h.
  static Ring higher_pivot(const mpz_class& b, Ring h, Ring i) {
    mpz_class low;
    mpz_fdiv_r_2exp(low.get_mpz_t(), b.get_mpz_t(), h - 1);
    mpz_fdiv_q_2exp(low.get_mpz_t(), low.get_mpz_t(), i);
    if (low == 0) return h;
    return i + mpz_scan1(low.get_mpz_t(), 0) + 1;
  }

  // Whether ring i is on in the state at position p.
  bool ring_on(const mpz_class& p, Ring i) const {
    return bit(p, i - 1) != (i < n_ ? bit(p, i) : down_);
  }

  // The moves of the solution up to position p.
  mpz_class moves_to(const mpz_class& p) const { return position_distance(r_, p, mode_); }

  Result<PlanStep> node(const Stretch& s, std::uint64_t index, std::uint64_t depth,
                        const mpz_class* at, std::vector<std::uint64_t>& path) {
    if (auto ok = detail::count_listed(listed_, bits_); !ok) return ok.failure();
    PlanStep step;
    step.index = index;
    Milestone& m = step.milestone;
    m.first = moves_to(s.a) + 1;
    m.last = moves_to(s.b);
    if (m.is_move()) {
      // One move: ring ctz(b)+1, or rings 1+2 where two single moves are one double move.
      m.pair = s.b - s.a == 2;
      m.ring = m.pair ? 1 : mpz_scan1(s.b.get_mpz_t(), 0) + 1;
      m.on = ring_on(s.b, m.ring);
      return step;
    }
    if (s.kind == Kind::prep) {
      m.goal = ring_on(s.b, s.ring) ? Goal::only_ring : Goal::clear;
      m.ring = s.ring;
    } else {
      m.pair = s.kind == Kind::pair;
      m.ring = m.pair ? 1 : s.ring;
      m.on = ring_on(s.b, m.ring);
    }
    if (depth <= 1) return step;
    if (s.kind == Kind::prep) {
      auto parts = list(s.a, s.b, depth - 1, at, path);
      if (!parts) return parts.failure();
      step.parts = std::move(*parts);
      return step;
    }
    // A pivot: its preparation (if any), then its move (two single moves for rings 1+2).
    const mpz_class move_from = s.b - (s.kind == Kind::pair ? 2 : 1);
    std::uint64_t i = 0;
    const bool at_move = at && *at > move_from;
    if (move_from > s.a) {
      auto prep = preparation(s.a, move_from, i, depth - 1, at_move ? nullptr : at, path);
      if (!prep) return prep.failure();
      step.parts.shown.push_back(std::move(*prep));
      ++i;
    }
    step.parts.count = i + 1;
    if (at_move) path.push_back(i);
    if (i >= options_.limit && !at_move) return step;
    auto move = node(Stretch{Kind::pivot, s.ring, move_from, s.b}, i, 1, nullptr, path);
    if (!move) return move.failure();
    step.parts.shown.push_back(std::move(*move));
    return step;
  }

  // The preparation (a, e]: a list milestone, or its one milestone when the list has one (with
  // double moves, "take rings 1 and 2 off" is the pair's milestone).
  Result<PlanStep> preparation(const mpz_class& a, const mpz_class& e, std::uint64_t index,
                               std::uint64_t depth, const mpz_class* at,
                               std::vector<std::uint64_t>& path) {
    if (at) path.push_back(index);
    const Ring h = top_ring(a, e);
    if (h == 2 && merges(e, h)) return node(Stretch{Kind::pair, 2, a, e}, index, depth, at, path);
    return node(Stretch{Kind::prep, h, a, e}, index, depth, at, path);
  }

  std::uint64_t n_;
  Mode mode_;
  PlanOptions options_;
  mpz_class r_, t_;
  bool down_ = false;
  std::uint64_t bits_ = 1;
  std::uint64_t listed_ = 0;
};

// "rings 1–5", "rings 1 and 2", "ring 1".
std::string rings_up_to(Ring k) {
  if (k == 1) return "ring 1";
  if (k == 2) return "rings 1 and 2";
  return fmt::format("rings 1\u2013{}", k);
}

}  // namespace

std::string_view goal_code(Goal goal) {
  static constexpr std::string_view kCodes[kGoalCount] = {"ring", "only_ring", "clear"};
  return kCodes[static_cast<std::size_t>(goal)];
}

std::string to_string(const Milestone& m) {
  switch (m.goal) {
    case Goal::ring:
      if (m.pair) return m.on ? "put rings 1+2 on" : "take rings 1+2 off";
      return m.on ? fmt::format("put ring {} on", m.ring) : fmt::format("take ring {} off", m.ring);
    case Goal::only_ring:
      return fmt::format("put ring {} on with {} off", m.ring, rings_up_to(m.ring - 1));
    case Goal::clear:
      return fmt::format("take {} off", rings_up_to(m.ring));
  }
  return "unknown goal";
}

Result<Plan> plan(const State& from, const State& to, Mode mode, const PlanOptions& options) {
  if (options.depth == 0) return Error{"the depth must be at least 1", "bad_depth"};
  if (options.limit == 0) return Error{"the limit must be at least 1", "bad_limit"};
  Planner planner(from, to, mode, options);
  Plan out;
  out.moves = position_distance(planner.start(), planner.end(), mode);
  if (options.at && (*options.at < 1 || *options.at > out.moves))
    return Error{fmt::format("move {} is not in the solution: it has {} move{}",
                             options.at->get_str(), out.moves.get_str(), out.moves == 1 ? "" : "s"),
                 "not_in_solution",
                 {{"at", options.at->get_str()}, {"moves", out.moves.get_str()}}};
  if (out.moves == 0) return out;
  std::optional<mpz_class> q;
  if (options.at) q = planner.after(*options.at);
  auto top = planner.list(planner.start(), planner.end(), options.depth, q ? &*q : nullptr, out.at);
  if (!top) return top.failure();
  out.milestones = std::move(*top);
  return out;
}

Result<bool> detail::count_listed(std::uint64_t& listed, std::uint64_t bits) {
  if (++listed <= kMaxPlanMilestones && listed * bits <= kMaxPlanBits) return true;
  const auto most = std::min(kMaxPlanMilestones, kMaxPlanBits / bits);
  if (most == 0)
    return Error{
        fmt::format(
            "the plan's move numbers have {} bits, too many to list (at most {} bits in all)", bits,
            kMaxPlanBits),
        "plan_too_large",
        {{"most", std::uint64_t{0}}}};
  return Error{
      fmt::format("the plan lists more than {} milestones{}: choose a smaller depth or limit", most,
                  bits > 64 ? fmt::format(" of {}-bit move numbers", bits) : ""),
      "plan_too_large",
      {{"most", most}}};
}

}  // namespace rings
