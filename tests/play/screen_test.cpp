// The picture: fits the terminal, full drawing or compact strip, ASCII fallback, the score.
#include "screen.hpp"

#include <gtest/gtest.h>

#include "rings/notation.hpp"

namespace rings::play {
namespace {

Session session(std::uint64_t n, std::uint64_t seed = 3) {
  std::mt19937_64 rng(seed);
  return Session(Game(random_state(n, State::all_off(n), rng), State::all_off(n), Mode::single),
                 seed);
}

std::string joined(const Screen& s) {
  std::string out;
  for (const auto& l : s.lines) out += l + "\n";
  return out;
}

bool contains(const Screen& s, std::string_view text) {
  return joined(s).find(text) != std::string::npos;
}

void expect_fits(const Screen& s, int width, int height) {
  ASSERT_EQ(s.lines.size(), std::size_t(height));
  for (const auto& l : s.lines) EXPECT_LE(columns(l), std::size_t(width)) << l;
  for (const auto& m : s.marks) {
    EXPECT_GE(m.row, 0);
    EXPECT_LT(m.row, height);
    EXPECT_GE(m.col, 0);
    EXPECT_LE(m.col + m.width, width);
  }
}

TEST(Screen, EveryRingCountFits80x24AndShowsTheScore) {
  for (std::uint64_t n : {1, 2, 5, 9, 12, 19, 20, 40, 100, 1000, 100000}) {
    Session s = session(n);
    const Screen screen = render(s, 80, 24, true);
    expect_fits(screen, 80, 24);
    EXPECT_TRUE(contains(screen, "Moves made: 0")) << n;
    EXPECT_TRUE(contains(screen, "Optimal moves remaining: ")) << n;
    EXPECT_TRUE(contains(screen, "On an optimal path: yes")) << n;
    const std::string state = format_state(s.game().state(), Notation::binary);
    EXPECT_TRUE(contains(screen, state.substr(0, 40))) << n;
  }
}

TEST(Screen, DrawsRingsWhenTheyFitAndACompactStripOtherwise) {
  EXPECT_TRUE(contains(render(session(9), 80, 24, true), "╪"));
  EXPECT_TRUE(contains(render(session(18), 80, 24, true), "╪"));
  const Screen narrow = render(session(30), 80, 24, true);
  EXPECT_FALSE(contains(narrow, "╪"));
  EXPECT_TRUE(contains(narrow, "30 rings, ring 30 first"));
  // A wider terminal draws them again, in bigger cells as the width allows.
  EXPECT_TRUE(contains(render(session(30), 200, 50, true), "╪"));
  EXPECT_TRUE(contains(render(session(5), 200, 50, true), "╪═══╪"));
  EXPECT_TRUE(contains(render(session(18), 80, 24, true), "╪═╪"));
}

TEST(Screen, EveryRingIsDrawnOnOrOffAsTheStateSays) {
  Session s = session(9);
  const Screen screen = render(s, 80, 24, true);
  // The bar row crosses exactly the rings that are on, two crossings each.
  std::size_t crossings = 0;
  for (const auto& l : screen.lines)
    for (std::size_t at = l.find("╪"); at != std::string::npos; at = l.find("╪", at + 1))
      ++crossings;
  EXPECT_EQ(crossings, 2 * s.game().state().count_on());
}

TEST(Screen, CompactStripFollowsTheSelectedRing) {
  Session s = session(5000);
  for (int i = 0; i < 4000; ++i) s.handle(kKeyLeft);
  ASSERT_EQ(s.selected(), 4001u);
  const Screen screen = render(s, 80, 24, true);
  expect_fits(screen, 80, 24);
  // The selected ring is marked, on a row whose label is the highest ring of the row.
  const auto mark = std::find_if(screen.marks.begin(), screen.marks.end(),
                                 [](const Mark& m) { return m.style == Style::reverse; });
  ASSERT_NE(mark, screen.marks.end());
  const std::string& row = screen.lines[mark->row];
  const std::uint64_t high = std::stoull(row);
  EXPECT_GE(high, 4001u);
  const std::string strip = row.substr(row.find(' ', row.find_first_not_of(' ')) + 1);
  EXPECT_EQ(high - (mark->col - (columns(row) - columns(strip))), 4001u);
}

TEST(Screen, AsciiOnlyWhenTheTerminalIsNotUnicode) {
  Session s = session(9);
  s.handle('3');  // a refusal: the engine's reason has an en dash ("rings 1–2")
  s.handle('h');
  for (const Screen& screen : {render(s, 80, 24, false), render(session(300), 80, 24, false)})
    for (const auto& l : screen.lines)
      for (unsigned char c : l) ASSERT_LT(c, 0x80) << l;
}

TEST(Screen, SolvedShowsTheCountAgainstTheOptimum) {
  Session perfect(Game(State::all_on(4), State::all_off(4), Mode::single), 1);
  perfect.handle('a');
  while (perfect.tick()) {
  }
  EXPECT_TRUE(contains(render(perfect, 80, 24, true), "Solved in 10 moves: the optimum."));

  Session detour(Game(State::all_on(4), State::all_off(4), Mode::single), 1);
  detour.handle('1');  // with 4 rings the way starts with ring 2: two more moves in all
  detour.handle('a');
  while (detour.tick()) {
  }
  EXPECT_TRUE(contains(render(detour, 80, 24, true), "Solved in 12 moves; the optimum is 10."));
  EXPECT_TRUE(contains(render(detour, 80, 24, true), "On an optimal path: no"));
}

TEST(Screen, HelpListsTheKeysAndRules) {
  Session s = session(5);
  s.handle('?');
  const Screen screen = render(s, 80, 24, true);
  expect_fits(screen, 80, 24);
  for (std::string_view key : {"1-9", "hint", "auto-play", "undo", "goal", "new game", "quit"})
    EXPECT_TRUE(contains(screen, key)) << key;
  EXPECT_TRUE(contains(screen, "Ring 1 can always be put on or taken off."));
}

}  // namespace
}  // namespace rings::play
