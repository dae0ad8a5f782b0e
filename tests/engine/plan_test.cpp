// The plan's milestones against the solution itself: they partition their parent's moves, each
// goal is the state reached after its last move, one-move milestones are the solution's moves,
// and the milestones containing a move contain it.
#include "rings/plan.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings {
namespace {

State state_of(std::uint64_t n, std::uint64_t bits) { return State::from_words(n, {bits}); }

// A solution to check milestones against: every state and move for short ones, state_after for
// long ones.
class Walk {
 public:
  Walk(const State& from, const State& to, Mode mode) : from_(from), to_(to), mode_(mode) {
    moves_count_ = distance(from, to, mode);
    if (moves_count_ <= 5000) {
      states_.push_back(from);
      solve(from, to, mode, [&](const Move& m) {
        moves_.push_back(m);
        states_.push_back(states_.back());
        apply(states_.back(), m);
        return true;
      });
    }
  }
  const mpz_class& moves() const { return moves_count_; }
  State after(const mpz_class& k) const {
    if (!states_.empty()) return states_[k.get_ui()];
    return state_after(from_, to_, k, mode_);
  }
  // Move k (1-based).
  Move move(const mpz_class& k) const {
    if (!moves_.empty()) return moves_[k.get_ui() - 1];
    Move found;
    solve(after(k - 1), to_, mode_, [&](const Move& m) {
      found = m;
      return false;
    });
    return found;
  }
  bool short_walk() const { return !states_.empty(); }

 private:
  State from_, to_;
  Mode mode_;
  mpz_class moves_count_;
  std::vector<State> states_;
  std::vector<Move> moves_;
};

bool touches(const Move& m, Ring ring) { return m.ring() == ring || (m.is_pair() && ring == 2); }

std::string where(const Milestone& m) {
  return to_string(m) + " (moves " + m.first.get_str() + "-" + m.last.get_str() + ")";
}

// Checks a list of milestones covering moves first..last, to the depth it was listed. Listed
// milestones with consecutive indices must meet; a gap in the indices must leave moves out.
void check_list(const PlanList& list, const mpz_class& first, const mpz_class& last,
                const Walk& walk, std::uint64_t limit) {
  ASSERT_FALSE(list.shown.empty());
  ASSERT_EQ(list.shown.size(), std::min<std::uint64_t>(list.count, limit));
  mpz_class next = first;
  std::uint64_t next_index = 0;
  for (const PlanStep& step : list.shown) {
    const Milestone& m = step.milestone;
    SCOPED_TRACE(where(m));
    EXPECT_EQ(step.index, next_index);
    EXPECT_EQ(m.first, next);  // the milestones partition their parent's moves
    next_index = step.index + 1;
    ASSERT_LE(m.first, m.last);
    ASSERT_GE(m.first, first);
    ASSERT_LE(m.last, last);
    next = m.last + 1;
    // The goal is the state after the last move.
    const State s = walk.after(m.last);
    switch (m.goal) {
      case Goal::ring:
        EXPECT_EQ(s.is_on(m.ring), m.on);
        if (m.pair) {
          EXPECT_EQ(s.is_on(2), m.on);
        }
        EXPECT_EQ(walk.move(m.last), m.move());  // it ends with the ring's move
        break;
      case Goal::only_ring:
        EXPECT_GE(m.ring, 2u);
        EXPECT_TRUE(s.is_on(m.ring));
        for (Ring r = 1; r < m.ring; ++r) EXPECT_FALSE(s.is_on(r)) << r;
        break;
      case Goal::clear:
        EXPECT_GE(m.ring, 2u);
        for (Ring r = 1; r <= m.ring; ++r) EXPECT_FALSE(s.is_on(r)) << r;
        break;
    }
    if (m.is_move()) {
      EXPECT_EQ(m.goal, Goal::ring);
      EXPECT_EQ(step.parts.count, 0u);
    }
    if (walk.short_walk()) {
      // Within a milestone only its ring and the rings below move, its own ring (or pair) last.
      const Ring top = m.pair ? 2 : m.ring;
      const State before = walk.after(m.first - 1);
      for (mpz_class k = m.first; k <= m.last; ++k) {
        const Move mv = walk.move(k);
        EXPECT_LE(mv.ring() + (mv.is_pair() ? 1 : 0), top) << k.get_str();
        if (m.goal == Goal::ring && !m.pair && k < m.last) {
          EXPECT_FALSE(touches(mv, m.ring));
        }
      }
      // The goal is a change: the milestone's top ring is not already there.
      if (m.goal != Goal::ring) {
        EXPECT_NE(before.is_on(m.ring), s.is_on(m.ring));
      }
    }
    if (step.parts.count) {
      EXPECT_FALSE(m.is_move());
      EXPECT_GE(step.parts.count, 2u);  // never a milestone made of one milestone
      check_list(step.parts, m.first, m.last, walk, limit);
    }
  }
  if (next_index == list.count)
    EXPECT_EQ(next, last + 1);
  else
    EXPECT_LE(next, last);
}

PlanOptions full() {
  PlanOptions o;
  o.depth = 1000;
  o.limit = 1000;
  return o;
}

// Every pair of states up to 6 rings, single and double moves: the whole tree.
TEST(Plan, EveryPairUpToSixRings) {
  for (const Mode mode : {Mode::single, Mode::double_moves})
    for (std::uint64_t n = 1; n <= 6; ++n)
      for (std::uint64_t a = 0; a < (1u << n); ++a)
        for (std::uint64_t b = 0; b < (1u << n); ++b) {
          const State from = state_of(n, a), to = state_of(n, b);
          SCOPED_TRACE(::testing::Message() << n << " rings " << a << " -> " << b
                                            << (mode == Mode::single ? "" : " double"));
          const Walk walk(from, to, mode);
          const PlanOptions o = full();
          auto p = plan(from, to, mode, o);
          ASSERT_TRUE(p) << p.error();
          ASSERT_EQ(p->moves, walk.moves());
          if (p->moves == 0) {
            EXPECT_EQ(p->milestones.count, 0u);
            continue;
          }
          check_list(p->milestones, 1, p->moves, walk, o.limit);
          // The top level: rings that reach their goal for good, highest first.
          Ring previous = n + 1;
          for (const auto& step : p->milestones.shown) {
            const Milestone& m = step.milestone;
            ASSERT_EQ(m.goal, Goal::ring);
            const Ring ring = m.pair ? 2 : m.ring;  // rings 1+2: ring 2's goal
            EXPECT_LT(ring, previous);
            previous = ring;
            EXPECT_EQ(m.on, to.is_on(ring));
            for (mpz_class k = m.last + 1; k <= p->moves; ++k)
              EXPECT_FALSE(touches(walk.move(k), ring));
          }
        }
}

// The milestones containing move P, at every level, for every P.
TEST(Plan, AtEveryMoveUpToSixRings) {
  for (const Mode mode : {Mode::single, Mode::double_moves})
    for (std::uint64_t n = 1; n <= 6; ++n)
      for (std::uint64_t a = 0; a < (1u << n); a += 3)
        for (std::uint64_t b = 0; b < (1u << n); b += 5) {
          const State from = state_of(n, a), to = state_of(n, b);
          const mpz_class moves = distance(from, to, mode);
          for (mpz_class at = 1; at <= moves; ++at)
            for (const std::uint64_t limit : {1, 2, 1000}) {
              SCOPED_TRACE(::testing::Message() << n << " rings " << a << " -> " << b << " at "
                                                << at.get_str() << " limit " << limit);
              PlanOptions o = full();
              o.limit = limit;
              o.at = at;
              auto p = plan(from, to, mode, o);
              ASSERT_TRUE(p) << p.error();
              // Follow the path down: each milestone is listed and holds the move; the last is
              // the move itself.
              const PlanList* list = &p->milestones;
              const Milestone* m = nullptr;
              ASSERT_FALSE(p->at.empty());
              for (const auto index : p->at) {
                ASSERT_LT(index, list->count);
                const PlanStep* found = nullptr;
                for (const auto& s : list->shown)
                  if (s.index == index) found = &s;
                ASSERT_NE(found, nullptr) << index;
                m = &found->milestone;
                EXPECT_LE(m->first, at);
                EXPECT_GE(m->last, at);
                // Listed: the first `limit` milestones and the one containing the move.
                EXPECT_LE(list->shown.size(), limit + 1);
                EXPECT_EQ(list->shown.size(),
                          std::min<std::uint64_t>(list->count, limit) + (index >= limit ? 1 : 0));
                list = &found->parts;
              }
              ASSERT_TRUE(m->is_move());
              EXPECT_EQ(m->first, at);
            }
        }
}

// Depth and limit list a part of the same tree.
TEST(Plan, DepthAndLimitListPartOfTheTree) {
  const State from = State::all_on(9), to = State::all_off(9);
  auto whole = plan(from, to, Mode::single, full());
  ASSERT_TRUE(whole);
  PlanOptions o;
  o.depth = 2;
  o.limit = 3;
  auto part = plan(from, to, Mode::single, o);
  ASSERT_TRUE(part);
  EXPECT_EQ(part->milestones.count, whole->milestones.count);
  ASSERT_EQ(part->milestones.shown.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& a = part->milestones.shown[i];
    const auto& b = whole->milestones.shown[i];
    EXPECT_EQ(to_string(a.milestone), to_string(b.milestone));
    EXPECT_EQ(a.milestone.first, b.milestone.first);
    EXPECT_EQ(a.milestone.last, b.milestone.last);
    EXPECT_EQ(a.parts.count, b.parts.count);
    for (const auto& child : a.parts.shown) EXPECT_EQ(child.parts.count, 0u);  // depth 2
  }
}

// Random states of more rings (across word boundaries): partition and goals to depth 4, and the
// milestones containing random moves.
TEST(Plan, RandomStatesOfMoreRings) {
  std::mt19937_64 rng(20261123);
  gmp_randclass grng(gmp_randinit_default);
  grng.seed(14);
  for (const std::uint64_t n : {7, 10, 12, 63, 64, 65, 129, 300})
    for (int trial = 0; trial < 6; ++trial)
      for (const Mode mode : {Mode::single, Mode::double_moves}) {
        std::vector<std::uint64_t> wa((n + 63) / 64), wb((n + 63) / 64);
        for (auto& w : wa) w = rng();
        for (auto& w : wb) w = rng();
        const State from = State::from_words(n, wa), to = State::from_words(n, wb);
        SCOPED_TRACE(::testing::Message()
                     << n << " rings, trial " << trial << (mode == Mode::single ? "" : " double"));
        const Walk walk(from, to, mode);
        PlanOptions o;
        o.depth = n <= 12 ? 1000 : 3;
        o.limit = n <= 12 ? 1000 : 40;
        auto p = plan(from, to, mode, o);
        ASSERT_TRUE(p) << p.error();
        ASSERT_EQ(p->moves, walk.moves());
        if (p->moves == 0) continue;
        check_list(p->milestones, 1, p->moves, walk, o.limit);
        for (int i = 0; i < 5; ++i) {
          o.at = mpz_class(grng.get_z_range(p->moves)) + 1;
          o.depth = 10;  // each level lists two milestones (the first and the one with the move)
          o.limit = 1;
          auto q = plan(from, to, mode, o);
          ASSERT_TRUE(q) << q.error();
          const PlanList* list = &q->milestones;
          const Milestone* m = nullptr;
          for (const auto index : q->at) {
            const PlanStep* found = nullptr;
            for (const auto& s : list->shown)
              if (s.index == index) found = &s;
            ASSERT_NE(found, nullptr);
            m = &found->milestone;
            EXPECT_LE(m->first, *o.at);
            EXPECT_GE(m->last, *o.at);
            list = &found->parts;
          }
          ASSERT_NE(m, nullptr);
          if (q->at.size() < o.depth) {  // the path ends at the move itself
            ASSERT_TRUE(m->is_move());
            EXPECT_EQ(walk.move(*o.at), m->move());
          }
        }
      }
}

TEST(Plan, Wording) {
  auto p = plan(State::all_on(7), State::all_off(7), Mode::single);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->moves, 85);
  ASSERT_EQ(p->milestones.count, 7u);
  const auto& first = p->milestones.shown[0];
  EXPECT_EQ(to_string(first.milestone), "take ring 7 off");
  EXPECT_EQ(first.milestone.last, 22);
  ASSERT_EQ(first.parts.count, 2u);
  EXPECT_EQ(to_string(first.parts.shown[0].milestone), "take rings 1\u20135 off");
  EXPECT_EQ(first.parts.shown[0].milestone.last, 21);
  EXPECT_EQ(to_string(p->milestones.shown[1].parts.shown[0].milestone),
            "put ring 5 on with rings 1\u20134 off");
  Milestone m;
  m.goal = Goal::only_ring;
  m.ring = 2;
  EXPECT_EQ(to_string(m), "put ring 2 on with ring 1 off");
  m.goal = Goal::clear;
  EXPECT_EQ(to_string(m), "take rings 1 and 2 off");
  m.goal = Goal::ring;
  m.pair = true;
  m.on = true;
  EXPECT_EQ(to_string(m), "put rings 1+2 on");
  EXPECT_EQ(goal_code(Goal::only_ring), "only_ring");
}

TEST(Plan, Errors) {
  const State s = State::all_on(5), t = State::all_off(5);
  PlanOptions o;
  o.depth = 0;
  EXPECT_FALSE(plan(s, t, Mode::single, o));
  o = {};
  o.limit = 0;
  EXPECT_FALSE(plan(s, t, Mode::single, o));
  o = {};
  o.at = 0;
  EXPECT_FALSE(plan(s, t, Mode::single, o));
  o.at = 22;
  auto p = plan(s, t, Mode::single, o);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error(), "move 22 is not in the solution: it has 21 moves");
  o.at = 21;
  EXPECT_TRUE(plan(s, t, Mode::single, o));
  o.at = 1;
  EXPECT_FALSE(plan(s, s, Mode::single, o));
  // Too much to list: every level of a 30-ring plan.
  o = full();
  o.limit = 1000;
  auto big = plan(State::all_on(30), State::all_off(30), Mode::single, o);
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().find("choose a smaller depth"), std::string::npos);
}

}  // namespace
}  // namespace rings
