// The picture: fits the terminal, full drawing or compact strip, ASCII fallback, the score.
#include "screen.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "rings/notation.hpp"
#include "rings_game.hpp"

namespace rings::play {
namespace {

std::uint64_t count_on(const Pieces& s) { return std::uint64_t(std::count(s.begin(), s.end(), 1)); }

Session session(std::uint64_t n, std::uint64_t seed = 3) {
  std::mt19937_64 rng(seed);
  return Session(game(random_pieces(rings_puzzle(), n, off(n), rng), off(n)), seed);
}

std::string joined(const Screen& s) {
  std::string out;
  for (const auto& l : s.lines) out += l + "\n";
  return out;
}

bool contains(const Screen& s, std::string_view text) {
  return joined(s).find(text) != std::string::npos;
}

// Whether the screen's text holds `text` wrapped any way: runs of spaces and line ends are one
// space.
bool says(const Screen& s, std::string_view text) {
  std::string words;
  for (char ch : joined(s))
    if (ch != ' ' && ch != '\n')
      words += ch;
    else if (!words.empty() && words.back() != ' ')
      words += ' ';
  return words.find(text) != std::string::npos;
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

// 80x18 is where the message line used to disappear.
constexpr std::pair<int, int> kSizes[] = {{30, 10}, {40, 15}, {80, 18}, {80, 24}, {200, 50}};

std::vector<Mark> marks_of(const Screen& s, Style style) {
  std::vector<Mark> out;
  for (const auto& m : s.marks)
    if (m.style == style) out.push_back(m);
  return out;
}

// The ring drawn at (row, col), found through the mouse's hit areas.
Ring ring_marked(const Screen& s, const Mark& m) { return ring_at(s, m.row, m.col); }

TEST(Screen, EveryRingCountFitsEverySizeAndShowsTheScore) {
  for (auto [w, h] : kSizes)
    for (std::uint64_t n : {1, 2, 5, 9, 12, 19, 20, 40, 100, 1000, 100000}) {
      Session s = session(n);
      const Screen screen = render(s, w, h, true);
      expect_fits(screen, w, h);
      const std::string state = family::format_pieces(s.game().state());
      EXPECT_TRUE(contains(screen, "State  " + state.substr(0, std::min<int>(w - 10, 40))))
          << n << " at " << w << "x" << h << "\n"
          << joined(screen);
      const std::string remaining = s.game().remaining().get_str().substr(0, 5);
      EXPECT_TRUE(contains(screen, "Moves")) << n << " at " << w << "x" << h;
      EXPECT_TRUE(contains(screen, remaining)) << n << " at " << w << "x" << h << "\n"
                                               << joined(screen);
    }
}

TEST(Screen, FeedbackComesFirstOnSmallTerminals) {
  for (auto [w, h] : kSizes) {
    Session s(game(on(5), off(5)), 1);
    s.handle('3');
    const Screen screen = render(s, w, h, true);
    expect_fits(screen, w, h);
    // The whole refusal, wrapped, and the numbers the player needs.
    std::string text;
    for (const auto& l : screen.lines) text += l.empty() ? "" : l.substr(1) + " ";
    EXPECT_NE(text.find("Not allowed: ring 3 needs ring 2 on and ring 1 off; ring 1 is on."),
              std::string::npos)
        << w << "x" << h << "\n"
        << joined(screen);
    EXPECT_NE(text.find("21"), std::string::npos) << w << "x" << h;
    EXPECT_TRUE(contains(screen, "State  11111")) << w << "x" << h;
    EXPECT_FALSE(marks_of(screen, Style::illegal).empty()) << w << "x" << h;
  }
}

TEST(Screen, BelowAUsableSizeItSaysSo) {
  Session s = session(5);
  for (auto [w, h] : {std::pair{19, 24}, std::pair{80, 6}, std::pair{10, 3}}) {
    const Screen screen = render(s, w, h, true);
    expect_fits(screen, w, h);
    std::string text;
    for (const auto& l : screen.lines) text += l + " ";
    EXPECT_TRUE(text.starts_with("Too small")) << joined(screen);
    EXPECT_FALSE(contains(screen, "State")) << w << "x" << h;
  }
}

TEST(Screen, CellsGrowWithTheTerminal) {
  Session s = session(5);
  // The width of a ring's box: the longest run of "─" on its top row.
  const auto box_width = [](const Screen& screen) {
    std::size_t best = 0;
    for (const auto& l : screen.lines)
      for (std::size_t at = l.find("╭"); at != std::string::npos; at = l.find("╭", at + 1))
        best = std::max(best, columns(l.substr(at, l.find("╮", at) - at)) + 1);
    return best;
  };
  const auto rows_used = [](const Screen& screen) {
    return std::count_if(screen.lines.begin(), screen.lines.end(),
                         [](const std::string& l) { return l.find("│") != std::string::npos; });
  };
  const Screen small = render(s, 40, 15, true), normal = render(s, 80, 24, true),
               big = render(s, 200, 50, true);
  EXPECT_LT(box_width(small), box_width(normal));
  EXPECT_LT(box_width(normal), box_width(big));
  EXPECT_LT(rows_used(normal), rows_used(big));
}

TEST(Screen, EveryRingIsDrawnOnOrOffAsTheStateSays) {
  for (auto [w, h] : kSizes) {
    Session s = session(9);
    const Screen screen = render(s, w, h, true);
    std::size_t crossings = 0, strip_on = 0;
    for (const auto& l : screen.lines) {
      for (std::size_t at = l.find("╪"); at != std::string::npos; at = l.find("╪", at + 1))
        ++crossings;
      for (std::size_t at = l.find("●"); at != std::string::npos; at = l.find("●", at + 1))
        ++strip_on;
    }
    // Full rings cross the shuttle twice each; the strip shows one ● each.
    EXPECT_TRUE(crossings == 2 * count_on(s.game().state()) ||
                (crossings == 0 && strip_on == count_on(s.game().state())))
        << w << "x" << h << "\n"
        << joined(screen);
  }
}

TEST(Screen, AWindowOfRingsFollowsTheSelectionAndSaysWhatIsOffScreen) {
  Session s = session(1000);
  for (char k : std::string("401")) s.handle(k);
  ASSERT_EQ(s.selected(), 401u);
  const Screen screen = render(s, 80, 24, true);
  expect_fits(screen, 80, 24);
  EXPECT_TRUE(contains(screen, "╪") || contains(screen, "╭")) << joined(screen);
  EXPECT_TRUE(contains(screen, "Ring 401 selected")) << joined(screen);
  const std::uint64_t high = 401 + screen.rings_in_view / 2, low = high - screen.rings_in_view + 1;
  EXPECT_TRUE(contains(screen, fmt::format("off-screen: 1000–{} ◀ ▶ {}–1", high + 1, low - 1)))
      << joined(screen);
  EXPECT_GE(screen.rings_in_view, 16u);
  // The selected ring's number is drawn, marked, and a click on it means ring 401.
  const auto selected = marks_of(screen, Style::selected);
  ASSERT_FALSE(selected.empty());
  for (const auto& m : selected) EXPECT_EQ(ring_marked(screen, m), 401u);
  bool number = false;  // the number row holds digits and spaces only: bytes are columns
  for (const auto& m : selected)
    number =
        number || screen.lines[m.row].substr(std::size_t(m.col), std::size_t(m.width)) == "401";
  EXPECT_TRUE(number) << joined(screen);
}

TEST(Screen, TheChainOfTheRuleIsMarked) {
  // 11111: ring 3 needs ring 2 on (it is) and ring 1 off (it is not).
  Session s(game(on(5), off(5)), 1);
  s.handle('3');
  const Screen screen = render(s, 80, 24, true);
  std::set<Ring> hinted, illegal;
  for (const auto& m : marks_of(screen, Style::hinted))
    if (Ring r = ring_marked(screen, m)) hinted.insert(r);
  for (const auto& m : marks_of(screen, Style::illegal))
    if (Ring r = ring_marked(screen, m)) illegal.insert(r);
  EXPECT_EQ(hinted, (std::set<Ring>{2}));
  EXPECT_TRUE(illegal.count(1)) << joined(screen);
}

// The columns where `glyph` stands in `line`, in terminal columns.
std::vector<int> columns_of(const std::string& line, std::string_view glyph) {
  std::vector<int> out;
  for (std::size_t at = line.find(glyph); at != std::string::npos; at = line.find(glyph, at + 1))
    out.push_back(int(columns(line.substr(0, at))));
  return out;
}

TEST(Screen, EachRingStandsOnItsPostAndTheRulesChainRunsAlongTheBase) {
  for (auto [w, h] : {std::pair{80, 18}, std::pair{80, 24}, std::pair{200, 50}}) {
    // 11111: ring 3 is refused (ring 1 is on); ring 2 may move (ring 1 is on).
    for (const auto& [key, style] :
         {std::pair{'3', Style::illegal}, std::pair{'2', Style::hinted}}) {
      Session s(game(on(5), off(5)), 1);
      s.handle(key == '3' ? '3' : kKeyLeft);  // '2' would move ring 2: select it instead
      ASSERT_EQ(s.selected(), Ring(key - '0'));
      const Screen screen = render(s, w, h, true);
      expect_fits(screen, w, h);
      // The base: the row of the posts' feet, one a ring, ring 5 on the left.
      std::size_t base = 0;
      while (base < screen.lines.size() && columns_of(screen.lines[base], "┴").empty()) ++base;
      ASSERT_LT(base, screen.lines.size()) << w << "x" << h << "\n" << joined(screen);
      const auto feet = columns_of(screen.lines[base], "┴");
      ASSERT_EQ(feet.size(), 5u) << screen.lines[base];
      // Each post rises from its foot to the ring's bottom edge (┬), through │ on every row.
      for (int foot : feet) {
        std::size_t row = base;
        while (row > 0) {
          --row;
          const auto& l = screen.lines[row];
          const auto tops = columns_of(l, "┬");
          if (std::find(tops.begin(), tops.end(), foot) != tops.end()) break;
          const auto sides = columns_of(l, "│");
          ASSERT_NE(std::find(sides.begin(), sides.end(), foot), sides.end())
              << "no post at column " << foot << " of row " << row << " at " << w << "x" << h
              << "\n"
              << joined(screen);
        }
        EXPECT_GT(row, 0u);
      }
      // The chain: from the selected ring's post to ring 1's, along the base, red when the
      // move is refused and cyan when the rule allows it.
      const int from = feet[5 - (key - '0')], to = feet[4];
      bool chain = false;
      for (const auto& m : marks_of(screen, style))
        chain = chain || (m.row == int(base) && m.col == from && m.col + m.width == to + 1);
      EXPECT_TRUE(chain) << key << " at " << w << "x" << h << "\n" << joined(screen);
    }
  }
}

TEST(Screen, APairSelectionMarksBothRings) {
  Session s(game(bits("0011"), off(4), Mode::double_moves), 1);
  s.handle('h');
  const Screen screen = render(s, 80, 24, true);
  std::set<Ring> selected;
  for (const auto& m : marks_of(screen, Style::selected))
    if (Ring r = ring_marked(screen, m)) selected.insert(r);
  EXPECT_EQ(selected, (std::set<Ring>{1, 2}));
  EXPECT_TRUE(contains(screen, "Rings 1+2 selected")) << joined(screen);
}

TEST(Screen, TheGoalTheDecimalStateAndTheTitle) {
  Session s(game(bits("10110"), off(5), Mode::single), 1);
  const Screen screen = render(s, 80, 24, true);
  EXPECT_TRUE(contains(
      screen, "Cleve  " + format_state(family::to_state(s.game().state()), Notation::cleve)))
      << joined(screen);
  // The goal under each ring, marked where the ring is not there yet.
  EXPECT_EQ(marks_of(screen, Style::goal).size(), count_on(s.game().state()));
  EXPECT_EQ(screen.title,
            "rings play: 5 rings, " + s.game().remaining().get_str() + " moves to go");
}

TEST(Screen, AMovingRingIsDrawnOnItsWay) {
  Session s = session(5);
  s.handle('1');
  ASSERT_TRUE(s.moving());
  for (auto [w, h] : kSizes) {
    const Screen moving = render(s, w, h, true);
    EXPECT_FALSE(marks_of(moving, Style::moving).empty()) << w << "x" << h;
  }
  const Screen during = render(s, 80, 24, true);
  s.end_animation();
  const Screen after = render(s, 80, 24, true);
  EXPECT_TRUE(marks_of(after, Style::moving).empty());
  EXPECT_NE(joined(during), joined(after));
}

TEST(Screen, TheCursorStandsWhereTheStateIsTyped) {
  Session s = session(5);
  EXPECT_FALSE(render(s, 80, 24, true).cursor);
  for (char k : std::string("n011")) s.handle(k);
  for (auto [w, h] : kSizes) {
    const Screen screen = render(s, w, h, true);
    ASSERT_TRUE(screen.cursor) << w << "x" << h;
    const auto [row, col] = *screen.cursor;
    EXPECT_EQ(screen.lines[row], " Start: 011");
    EXPECT_EQ(col, 11);
    // The selected ring is named above the picture's text, never under the prompt.
    for (int r = row + 1; r < h; ++r)
      EXPECT_FALSE(screen.lines[r].starts_with(" Ring ")) << w << "x" << h << "\n"
                                                          << joined(screen);
  }
}

TEST(Screen, TheTitleFitsEveryWidth) {
  Session s = session(1000);
  for (int w = kMinWidth; w <= 80; ++w) {
    const Screen screen = render(s, w, 24, true);
    expect_fits(screen, w, 24);
    EXPECT_TRUE(screen.lines[0].starts_with(" rings play")) << w << ": " << screen.lines[0];
    EXPECT_EQ(screen.lines[0].find("…"), std::string::npos) << w << ": " << screen.lines[0];
    // The corner keys are whole or absent; the help's key goes last, and shows wherever the
    // title leaves it room (a new player at 30 columns still learns where the keys are).
    const auto& title = screen.lines[0];
    if (title.find("q quit") != std::string::npos) {
      EXPECT_NE(title.find("? help  q quit"), std::string::npos) << w << ": " << title;
    }
    if (columns(title) + 6 + 3 <= std::size_t(w)) {
      EXPECT_NE(title.find("? help"), std::string::npos) << w << ": " << title;
    }
  }
}

TEST(Screen, TheHelpKeyIsNamedAtEverySizeWhileSolvedToo) {
  // A long solved line and message take the key bar's room at 40x15: the title gives way.
  Session solved(game(on(5), off(5)), 1);
  solved.handle('1');
  solved.handle('h');
  solved.handle('a');
  while (solved.tick()) {
  }
  solved.set_message(
      "Moved ring 1 off. Your best for 5 rings: 21 moves with 1 hint and "
      "auto-play (20 of 21 moves) (the optimum).");
  Session refused(game(on(5), off(5)), 1);
  refused.handle('3');
  for (const Session* s : {&solved, &refused})
    for (auto [w, h] : kSizes) {
      const Screen screen = render(*s, w, h, true);
      expect_fits(screen, w, h);
      EXPECT_TRUE(contains(screen, "? help")) << w << "x" << h << "\n" << joined(screen);
    }
}

TEST(Screen, TheKeyBarFollowsTheModeAndWrapsWhole) {
  const auto bar = [](const Session& s, int w) {
    const Screen screen = render(s, w, 24, true);
    std::string text;
    for (const auto& l : screen.lines) text += l + "\n";
    return text;
  };
  Session s = session(5);
  for (int w : {30, 40, 60, 80}) {
    const std::string text = bar(s, w);
    for (std::string_view item :
         {"h hint", "a auto", "u undo", "r redo", "g goal", "n new", "R reset", "s save", "q quit"})
      EXPECT_NE(text.find(item), std::string::npos) << item << " at " << w << "\n" << text;
  }
  s.handle('a');
  EXPECT_NE(bar(s, 80).find("p pause  f finish now"), std::string::npos) << bar(s, 80);
  s.handle('p');
  EXPECT_NE(bar(s, 80).find("p go on"), std::string::npos);
  s.handle('a');
  s.handle('n');
  EXPECT_NE(bar(s, 80).find("Esc cancel"), std::string::npos);
  EXPECT_EQ(bar(s, 80).find("h hint"), std::string::npos);
  s.handle(kKeyEscape);
  s.handle('1');
  s.handle('q');
  EXPECT_NE(bar(s, 80).find("y quit without saving"), std::string::npos);
}

TEST(Screen, AsciiOnlyWhenTheTerminalIsNotUnicode) {
  Session s = session(9);
  s.handle('3');  // a refusal: the engine's reason has an en dash ("rings 1–2")
  s.handle('h');
  for (auto [w, h] : kSizes)
    for (const Screen& screen : {render(s, w, h, false), render(session(300), w, h, false)})
      for (const auto& l : screen.lines)
        for (unsigned char c : l) ASSERT_LT(c, 0x80) << l;
}

TEST(Screen, SolvedSaysHowAgainstTheOptimum) {
  Session by_hand(game(on(2), off(2)), 1);
  by_hand.handle('2');
  by_hand.handle('1');
  EXPECT_TRUE(contains(render(by_hand, 80, 24, true),
                       "★ Solved in 2 moves by hand: the optimum. A perfect game!"));

  Session perfect(game(on(4), off(4)), 1);
  perfect.handle('a');
  while (perfect.tick()) {
  }
  const Screen autoplayed = render(perfect, 80, 24, true);
  EXPECT_TRUE(
      contains(autoplayed, "Solved in 10 moves with auto-play (10 of 10 moves): the optimum."))
      << joined(autoplayed);
  EXPECT_FALSE(contains(autoplayed, "perfect"));

  Session detour(game(on(4), off(4)), 1);
  detour.handle('1');  // with 4 rings the way starts with ring 2: two more moves in all
  detour.handle('h');
  detour.handle('a');
  while (detour.tick()) {
  }
  EXPECT_TRUE(says(render(detour, 80, 24, true),
                   "Solved in 12 moves with 1 hint and auto-play (11 of 12 moves); the "
                   "optimum is 10."))
      << joined(render(detour, 80, 24, true));
  EXPECT_TRUE(contains(render(detour, 80, 24, true), "On an optimal path: no"));
  EXPECT_FALSE(marks_of(render(detour, 80, 24, true), Style::solved).empty());
}

TEST(Screen, AGoalReachedWithoutAMoveIsNoPerfectGame) {
  // The goal switched to all on where every ring is on.
  Session s(game(on(5), off(5)), 1);
  s.handle('g');
  ASSERT_TRUE(s.is_solved());
  for (auto [w, h] : kSizes) {
    const Screen screen = render(s, w, h, true);
    EXPECT_TRUE(says(screen, "★ At the goal already: g switches it, n starts a new game."))
        << w << "x" << h << "\n"
        << joined(screen);
    EXPECT_FALSE(contains(screen, "perfect")) << w << "x" << h;
  }
}

TEST(Screen, HelpListsTheKeysAndRulesInPagesThatFit) {
  Session s = session(5);
  s.handle('?');
  for (auto [w, h] : kSizes) {
    Session help = s;
    std::string all;
    for (int page = 0;; ++page) {
      const Screen screen = render(help, w, h, true);
      expect_fits(screen, w, h);
      // The pages' text, without the title and the key bar, so a sentence reads across pages.
      for (std::size_t i = 1; i < screen.lines.size(); ++i)
        if (screen.lines[i].find("space more") == std::string::npos &&
            screen.lines[i].find("other key: back") == std::string::npos &&
            !screen.lines[i].empty())
          all += screen.lines[i] + "\n";
      help.set_help_pages(screen.help_pages);
      if (page + 1 >= screen.help_pages) break;
      help.handle(' ');
      ASSERT_TRUE(help.is_help_shown());
    }
    help.handle(' ');
    EXPECT_FALSE(help.is_help_shown());
    // Every key and rule is on some page, wrapped but whole.
    std::string words;  // the text with every run of spaces and line ends as one space
    for (char ch : all)
      if (ch != ' ' && ch != '\n')
        words += ch;
      else if (!words.empty() && words.back() != ' ')
        words += ' ';
    for (std::string_view key :
         {"hint", "auto-play", "undo", "goal", "new game", "quit", "Ctrl-L", "PgUp", "finish now"})
      EXPECT_NE(words.find(key), std::string::npos) << key << " at " << w << "x" << h << all;
    EXPECT_NE(words.find("Ring 1 can always be put on or taken off."), std::string::npos)
        << w << "x" << h << "\n"
        << all;
  }
}

TEST(Screen, HelpPagesBreakBetweenEntries) {
  Session s = session(5);
  s.handle('?');
  for (auto [w, h] : kSizes) {
    Session help = s;
    std::vector<std::string> pages;  // each page's words, runs of spaces and line ends as one
    for (int page = 0; page < 20 && help.is_help_shown(); ++page) {
      const Screen screen = render(help, w, h, true);
      help.set_help_pages(screen.help_pages);
      std::string words;
      for (std::size_t i = 1; i + 1 < screen.lines.size(); ++i)
        for (char ch : screen.lines[i] + "\n")
          if (ch != ' ' && ch != '\n')
            words += ch;
          else if (!words.empty() && words.back() != ' ')
            words += ' ';
      pages.push_back(words);
      help.handle(' ');
    }
    // Each entry is read whole on one page (none is longer than a page at these sizes).
    for (std::string_view entry :
         {"m pick a puzzle of the family and its size",
          "h hint: the next optimal move, and the rule that allows it",
          "n R new game (a random start, or type one); reset to the start",
          "q quit (asks first when the game is not saved)",
          "Ring k > 1 moves only when ring k-1 is on and rings 1 to k-2 are all off."})
      EXPECT_TRUE(
          std::any_of(pages.begin(), pages.end(),
                      [&](const std::string& p) { return p.find(entry) != std::string::npos; }))
          << entry << " at " << w << "x" << h;
  }
}

}  // namespace
}  // namespace rings::play

namespace rings::play {
namespace {

TEST(Screen, AHugeCountKeepsToOneLineAndTheSelectionIsNamedWithoutAPicture) {
  Session s(game(on(1000), off(1000)), 1);
  s.handle(kKeyHome);
  const Screen narrow = render(s, 30, 10, true);
  expect_fits(narrow, 30, 10);
  EXPECT_TRUE(contains(narrow, "Moves 0 · left 71433…(301d)\n")) << joined(narrow);
  EXPECT_TRUE(contains(narrow, "═●═")) << joined(narrow);  // room for the strip
  // Too short for any picture: the selected ring is said in words.
  const Screen flat = render(s, 30, 7, true);
  expect_fits(flat, 30, 7);
  EXPECT_FALSE(contains(flat, "═")) << joined(flat);
  EXPECT_TRUE(contains(flat, "Ring 1000 selected (on)")) << joined(flat);
}

}  // namespace
}  // namespace rings::play
