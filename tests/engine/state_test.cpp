#include "rings/state.hpp"

#include <gtest/gtest.h>

namespace rings {
namespace {

TEST(State, AllOnKeepsBitsAboveRingNClear) {
  for (std::uint64_t n : {1, 5, 63, 64, 65, 127, 128, 129}) {
    const State s = State::all_on(n);
    EXPECT_EQ(s.count_on(), n) << n;
    EXPECT_EQ(s.words().size(), (n + 63) / 64);
    for (Ring r = 1; r <= n; ++r) ASSERT_TRUE(s.is_on(r));
    EXPECT_EQ(State::all_off(n).count_on(), 0u);
  }
}

TEST(State, SetAndToggleAcrossWords) {
  State s(130);
  s.set(64, true);
  s.set(65, true);
  s.toggle(130);
  EXPECT_TRUE(s.is_on(64));
  EXPECT_TRUE(s.is_on(65));
  EXPECT_TRUE(s.is_on(130));
  EXPECT_EQ(s.words()[0], std::uint64_t{1} << 63);
  EXPECT_EQ(s.words()[1], 1u);
  EXPECT_EQ(s.words()[2], 2u);
  EXPECT_EQ(s.lowest_on(), 64u);
  s.set(64, false);
  EXPECT_EQ(s.lowest_on(), 65u);
  s.toggle(65);
  EXPECT_EQ(s.lowest_on(), 130u);
  s.toggle(130);
  EXPECT_EQ(s.lowest_on(), 0u);
}

TEST(State, FromWordsClearsTailAndCompares) {
  const State a = State::from_words(3, {0xff});
  EXPECT_EQ(a, State::all_on(3));
  EXPECT_NE(a, State::all_on(4));
  EXPECT_NE(State::from_words(3, {5}), State::from_words(3, {4}));
}

}  // namespace
}  // namespace rings
