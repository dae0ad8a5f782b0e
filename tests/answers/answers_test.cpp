// The JSON serializer's helpers (src/answers): the decimal writer of a plan's move numbers.
#include "answers.hpp"

#include <gtest/gtest.h>

#include <random>

namespace rings::answers {
namespace {

// Numbers near each other and far apart, across carries and borrows of every length, each
// written as GMP writes it.
TEST(Decimals, WriteWhatGmpWrites) {
  std::mt19937_64 rng(14);
  gmp_randclass big(gmp_randinit_default);
  big.seed(14);
  Decimals decimal;
  mpz_class x = 0;
  for (int i = 0; i < 20000; ++i) {
    switch (rng() % 6) {
      case 0:  // far away: a fresh conversion
        x = big.get_z_bits(rng() % 2000);
        break;
      case 1:  // a power of ten and its neighbours: carries and borrows through every digit
        mpz_ui_pow_ui(x.get_mpz_t(), 10, rng() % 60);
        x += static_cast<long>(rng() % 3) - 1;
        break;
      case 2:
        x += rng() >> 1;  // up to 2^63 - 1 away
        break;
      case 3:
        x -= rng() >> 1;
        break;
      default:
        x += static_cast<long>(rng() % 21) - 10;
    }
    if (x < 0) x = -x;
    ASSERT_EQ(decimal(x), x.get_str()) << i;
  }
  EXPECT_EQ(decimal(0), "0");
  EXPECT_EQ(decimal(1), "1");
  EXPECT_EQ(decimal(mpz_class("1000000000000000000000")), "1000000000000000000000");
  EXPECT_EQ(decimal(mpz_class("999999999999999999999")), "999999999999999999999");
  EXPECT_EQ(decimal(mpz_class("10")), "10");
}

}  // namespace
}  // namespace rings::answers
