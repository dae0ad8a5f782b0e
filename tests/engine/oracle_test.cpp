// BFS oracle = closed form = recursion = streamed solver = verifier.
#include "rings/oracle.hpp"

#include <gtest/gtest.h>

#include "rings/position.hpp"
#include "rings/solve.hpp"
#include "rings/verify.hpp"

namespace rings {
namespace {

const char* name(Mode mode) { return mode == Mode::single ? "single" : "double"; }

// For every pair of states up to 10 rings: the streamed solution is legal (checked by the
// verifier), reaches the target, has the BFS length, equals the closed-form distance, and is the
// same move list as the classic recursion.
void check_every_pair(Mode mode) {
  {
    for (unsigned n = 1; n <= 10; ++n) {
      for (std::uint32_t a = 0; a < (1u << n); ++a) {
        const auto bfs = oracle::bfs_distances(a, n, mode);
        const State from = State::from_words(n, {a});
        for (std::uint32_t b = 0; b < (1u << n); ++b) {
          const State to = State::from_words(n, {b});
          Verifier v(from, to, mode);
          std::vector<Move> streamed;
          ASSERT_TRUE(solve(from, to, mode, [&](const Move& m) {
            streamed.push_back(m);
            return v.step(m);
          }));
          const VerifyReport r = v.report();
          ASSERT_TRUE(r.legal) << name(mode) << " n=" << n << " a=" << a << " b=" << b << ": "
                               << to_string(r.rule);
          ASSERT_TRUE(r.reached);
          ASSERT_TRUE(r.optimal);
          ASSERT_EQ(static_cast<std::int64_t>(streamed.size()), bfs[b]);
          ASSERT_EQ(distance(from, to, mode), bfs[b]);
          ASSERT_EQ(oracle::recursive_solve(from, to, mode), streamed)
              << name(mode) << " n=" << n << " a=" << a << " b=" << b;
        }
      }
    }
  }
}

// For every state up to 16 rings: the closed-form distances to all-off and all-on are the BFS
// ones; the streamed solution has that many legal moves and ends on the target (every state up to
// 13 rings, every 61st beyond, to keep the run short).
TEST(Oracle, EveryPairUpToTenRingsSingleMoves) { check_every_pair(Mode::single); }
TEST(Oracle, EveryPairUpToTenRingsDoubleMoves) { check_every_pair(Mode::double_moves); }

TEST(Oracle, EveryStateUpToSixteenRings) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (unsigned n = 11; n <= 16; ++n) {
      const std::uint32_t all = (1u << n) - 1;
      const auto to_off = oracle::bfs_distances(0, n, mode);
      const auto to_on = oracle::bfs_distances(all, n, mode);
      for (std::uint32_t s = 0; s <= all; ++s) {
        const State from = State::from_words(n, {s});
        for (std::uint32_t target : {0u, all}) {
          const auto expected = (target ? to_on : to_off)[s];
          ASSERT_EQ(distance(from, State::from_words(n, {target}), mode), expected);
          if (n > 13 && s % 61) continue;
          std::uint32_t state = s;
          std::int64_t moves = 0;
          bool legal = true;
          solve(from, State::from_words(n, {target}), mode, [&](const Move& m) {
            // The rules, restated: ring 1 always; ring k when ring k-1 is the lowest ring on;
            // rings 1+2 when they are alike.
            const std::uint32_t below = (1u << (m.ring() - 1)) - 1;
            legal = m.is_pair() ? (state & 3u) == 0 || (state & 3u) == 3
                                : m.ring() == 1 || (state & below) == (1u << (m.ring() - 2));
            state ^= m.is_pair() ? 3u : 1u << (m.ring() - 1);
            ++moves;
            return legal;
          });
          ASSERT_TRUE(legal) << name(mode) << " n=" << n << " s=" << s;
          ASSERT_EQ(state, target);
          ASSERT_EQ(moves, expected) << name(mode) << " n=" << n << " s=" << s;
        }
      }
    }
  }
}

TEST(Oracle, RecursionIsTheClassicOneForAllOnToAllOff) {
  // Removing N rings: remove 1..N-2, remove N, put back 1..N-2, remove 1..N-1.
  const auto moves = oracle::recursive_solve(State::all_on(5), State::all_off(5), Mode::single);
  ASSERT_EQ(moves.size(), 21u);
  EXPECT_EQ(moves[5], Move::single(5, false));  // after removing rings 1..3 (5 moves)
}

}  // namespace
}  // namespace rings
