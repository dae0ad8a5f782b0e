#include "rings/position.hpp"

#include <gtest/gtest.h>

#include <random>

#include "rings/oracle.hpp"

namespace rings {
namespace {

TEST(Position, RankIsTheDistanceFromAllOffByBreadthFirstSearch) {
  for (unsigned n = 1; n <= 16; ++n) {
    const auto bfs = oracle::bfs_distances(0, n, Mode::single);
    for (std::uint32_t s = 0; s < (1u << n); ++s) {
      const State state = State::from_words(n, {s});
      ASSERT_EQ(rank(state), bfs[s]) << "n=" << n << " s=" << s;
      ASSERT_EQ(unrank(bfs[s], n), state);
    }
  }
}

TEST(Position, CountsMatchBreadthFirstSearchFromAllOn) {
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (unsigned n = 1; n <= 16; ++n) {
      const auto bfs = oracle::bfs_distances((1u << n) - 1, n, mode);
      EXPECT_EQ(count(n, mode), bfs[0]) << n;
    }
}

TEST(Position, CountModuloAgreesWithExactCount) {
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> moduli{
      1, 2, 3, 6, 7, 8, 9, 10, 12, 1000000007, 1ull << 32, (1ull << 63) + 5, ~0ull, ~0ull - 1};
  for (int i = 0; i < 20; ++i) moduli.push_back(rng() | 1);
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (std::uint64_t n : {1, 2, 3, 4, 5, 63, 64, 65, 100, 127, 128, 129, 1000, 4097})
      for (std::uint64_t m : moduli) {
        const mpz_class exact = count(n, mode) % mpz_class(std::to_string(m));
        ASSERT_EQ(mpz_class(std::to_string(count_mod(n, mode, m))), exact)
            << "n=" << n << " m=" << m;
      }
}

TEST(Position, CountModuloForAstronomicalN) {
  // floor(2^(N+1)/3) in binary alternates 1010...: its low byte is known whatever N is.
  const std::uint64_t n = 1'000'000'000'000'000'000ull;  // even
  EXPECT_EQ(count_mod(n, Mode::single, 1u << 8), 0b10101010u);
  EXPECT_EQ(count_mod(n + 1, Mode::single, 1u << 8), 0b01010101u);
  EXPECT_EQ(count_mod(n, Mode::double_moves, 1u << 8), 255u);  // 2^(N-1) - 1
  // 2^(N-1) mod 10^9+7 by GMP for the odd N.
  mpz_class expected;
  const mpz_class e(std::to_string(n)), m(1000000007);
  mpz_powm(expected.get_mpz_t(), mpz_class(2).get_mpz_t(), e.get_mpz_t(), m.get_mpz_t());
  EXPECT_EQ(count_mod(n + 1, Mode::double_moves, 1000000007), expected.get_ui());
}

TEST(Position, DistancesBetweenEveryPairMatchBreadthFirstSearch) {
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (unsigned n = 1; n <= 10; ++n)
      for (std::uint32_t a = 0; a < (1u << n); ++a) {
        const auto bfs = oracle::bfs_distances(a, n, mode);
        const State sa = State::from_words(n, {a});
        for (std::uint32_t b = 0; b < (1u << n); ++b)
          ASSERT_EQ(distance(sa, State::from_words(n, {b}), mode), bfs[b])
              << "n=" << n << " a=" << a << " b=" << b;
      }
}

TEST(Position, RankAndUnrankAcrossWordsForLargeN) {
  std::mt19937_64 rng(11);
  for (std::uint64_t n : {64, 65, 128, 1000, 100000}) {
    for (int i = 0; i < 20; ++i) {
      std::vector<std::uint64_t> w((n + 63) / 64);
      for (auto& x : w) x = rng();
      const State s = State::from_words(n, w);
      const mpz_class r = rank(s);
      ASSERT_LT(mpz_sizeinbase(r.get_mpz_t(), 2), n + 1);
      ASSERT_EQ(unrank(r, n), s);
      // Inverse Gray code: bit i of the rank is the parity of rings i+1..N.
      for (std::uint64_t bit : {std::uint64_t{0}, n / 2, n - 1}) {
        std::uint64_t parity = 0;
        for (Ring ring = bit + 1; ring <= n; ++ring) parity ^= s.is_on(ring);
        ASSERT_EQ(mpz_tstbit(r.get_mpz_t(), bit), parity);
      }
    }
  }
  EXPECT_EQ(rank(State::all_on(1'000'000)), count(1'000'000, Mode::single));
}

TEST(Position, AdvanceLandsOnTheWalksPositions) {
  // With double moves the walk skips the middle of each shortcut it takes.
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to) {
        const mpz_class d = position_distance(from, to, mode);
        mpz_class prev = from;
        for (mpz_class k = 1; k <= d; ++k) {
          const mpz_class p = advance(from, to, k, mode);
          ASSERT_EQ(position_distance(from, p, mode), k);
          ASSERT_EQ(position_distance(p, to, mode), d - k);
          ASSERT_EQ(position_distance(prev, p, mode), 1);
          prev = p;
        }
        ASSERT_EQ(prev, to);
      }
}

}  // namespace
}  // namespace rings
