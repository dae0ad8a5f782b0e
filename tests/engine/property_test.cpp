// Random property tests for large N: the closed forms and the streamed walk agree.
#include <gtest/gtest.h>

#include <random>

#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"

namespace rings {
namespace {

State random_state(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<std::uint64_t> w((n + 63) / 64);
  for (auto& x : w) x = rng();
  return State::from_words(n, std::move(w));
}

mpz_class random_below(const mpz_class& bound, gmp_randclass& r) { return r.get_z_range(bound); }

class Large : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(Large, RankUnrankRoundTrip) {
  const std::uint64_t n = GetParam();
  std::mt19937_64 rng(n);
  gmp_randclass gr(gmp_randinit_default);
  gr.seed(n);
  mpz_class states;
  mpz_ui_pow_ui(states.get_mpz_t(), 2, n);
  for (int i = 0; i < 10; ++i) {
    const State s = random_state(n, rng);
    ASSERT_EQ(unrank(rank(s), n), s);
    const mpz_class r = random_below(states, gr);
    ASSERT_EQ(rank(unrank(r, n)), r);
  }
}

TEST_P(Large, DistanceIsSymmetricAndAddsUpAlongThePath) {
  const std::uint64_t n = GetParam();
  std::mt19937_64 rng(n + 1);
  gmp_randclass gr(gmp_randinit_default);
  gr.seed(n + 1);
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (int i = 0; i < 10; ++i) {
      const State a = random_state(n, rng), b = random_state(n, rng);
      const mpz_class d = distance(a, b, mode);
      ASSERT_EQ(distance(b, a, mode), d);
      if (d == 0) continue;
      const mpz_class k = random_below(d, gr);
      const State c = state_after(a, b, k, mode);
      ASSERT_EQ(distance(a, c, mode), k);
      ASSERT_EQ(distance(c, b, mode), d - k);
      ASSERT_EQ(state_after(a, b, d, mode), b);
    }
  }
}

// The first moves streamed from a random state are legal and pass through state_after(k).
TEST_P(Large, StateAfterMatchesTheStreamedSolution) {
  const std::uint64_t n = GetParam();
  std::mt19937_64 rng(n + 2);
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (int i = 0; i < 5; ++i) {
      const State a = random_state(n, rng), b = random_state(n, rng);
      State s = a;
      std::uint64_t k = 0;
      solve(a, b, mode, [&](const Move& m) {
        EXPECT_TRUE(is_legal(s, m, mode)) << to_string(m);
        apply(s, m);
        ++k;
        if (k % 97 == 0) {
          EXPECT_EQ(state_after(a, b, k, mode), s);
        }
        return k < 2000;
      });
      ASSERT_EQ(state_after(a, b, k, mode), s);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Rings, Large, ::testing::Values(64, 65, 1000, 100000));

// Walks that cross a word of the rank: ring 65 and above move exactly where the ruler says.
TEST(Property, WalksAcrossWordBoundaries) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    for (std::uint64_t n : {65, 70, 129}) {
      for (unsigned word = 1; word <= (n - 1) / 64; ++word) {
        mpz_class mid;
        mpz_ui_pow_ui(mid.get_mpz_t(), 2, 64 * word);
        const mpz_class below = mid - 9, above = mid + 9;
        for (auto [lo, hi] : {std::pair{below, above}, std::pair{above, below}}) {
          const State a = unrank(lo, n), b = unrank(hi, n);
          State s = a;
          std::uint64_t moves = 0;
          bool high_ring = false;
          ASSERT_TRUE(solve(a, b, mode, [&](const Move& m) {
            EXPECT_TRUE(is_legal(s, m, mode)) << to_string(m) << " n=" << n;
            high_ring |= m.ring() == 64 * word + 1;
            apply(s, m);
            ++moves;
            return true;
          }));
          EXPECT_EQ(s, b);
          EXPECT_TRUE(high_ring);
          EXPECT_EQ(distance(a, b, mode), moves);
        }
      }
    }
  }
}

TEST(Property, MillionRingStates) {
  const std::uint64_t n = 1'000'000;
  std::mt19937_64 rng(3);
  const State a = random_state(n, rng), b = random_state(n, rng);
  const mpz_class d = distance(a, b, Mode::single);
  EXPECT_EQ(d, abs(rank(a) - rank(b)));
  const auto h = hints(a, b, 3, Mode::single);
  ASSERT_EQ(h.size(), 3u);
  State s = a;
  for (const auto& x : h) {
    ASSERT_TRUE(is_legal(s, x.move, Mode::single));
    apply(s, x.move);
  }
  EXPECT_EQ(distance(s, b, Mode::single), d - 3);
}

}  // namespace
}  // namespace rings
