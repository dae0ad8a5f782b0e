// The family's puzzles in the game: the model (moves legal as the engine says, hints on the
// optimal path, auto-play in count(N) moves), the controls (picker, destination question), the
// save files and the picture.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "game.hpp"
#include "records.hpp"
#include "save.hpp"
#include "screen.hpp"
#include "session.hpp"

namespace rings::play {
namespace {

using family::PieceMove;

family::Puzzle puzzle(std::string_view name) {
  auto p = family::parse_puzzle(name);
  EXPECT_TRUE(p) << name;
  return *p;
}

Game new_game(std::string_view name, std::uint64_t n) {
  const auto p = puzzle(name);
  return Game(p, family::all_at(n, p.start), family::all_at(n, p.goal));
}

GameMove of(const PieceMove& m) { return {m.piece, m.from, m.to, false}; }
PieceMove piece_move(const GameMove& m) { return {m.piece, m.from, m.to}; }

struct Case {
  std::string_view name;
  std::uint64_t pieces;
  std::uint64_t published;  // the moves for the published size; 0: 2^N - 1 (Hanoi)
};
// The published sizes and counts (docs/family.md).
constexpr Case kCases[] = {
    {"spin-out", 7, 85},         {"brain", 8, 170},           {"hexadecimal:1110", 8, 170},
    {"hexadecimal:1111", 8, 8},  {"hexadecimal:0111", 8, 16}, {"hexadecimal:0000", 8, 20},
    {"hexadecimal:1011", 8, 26}, {"elephant", 5, 114},        {"hanoi", 6, 63},
};

TEST(PuzzleGame, AutoPlayFollowsTheEnginesSolutionAndReachesTheGoalInCountMoves) {
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.name);
    Game g = new_game(c.name, c.pieces);
    const mpz_class count = family::count(g.puzzle(), c.pieces);
    EXPECT_EQ(count, c.published);
    EXPECT_EQ(g.remaining(), count);
    std::vector<PieceMove> path;
    family::solve(g.puzzle(), g.state(), g.goal(), [&](const PieceMove& m) {
      path.push_back(m);
      return true;
    });
    std::size_t k = 0;
    while (!g.is_solved()) {
      const auto hint = g.hint();
      ASSERT_TRUE(hint);
      ASSERT_LT(k, path.size());
      EXPECT_EQ(hint->move, of(path[k])) << "move " << k + 1;  // the hint is the optimal path's
      EXPECT_EQ(hint->reason,
                family::to_string(g.puzzle(), family::why_legal(g.puzzle(), g.state(), path[k])));
      EXPECT_FALSE(family::why_illegal(g.puzzle(), g.state(), path[k]));
      const mpz_class before = g.remaining();
      ASSERT_TRUE(g.step());
      EXPECT_EQ(g.remaining(), before - 1);
      EXPECT_TRUE(g.is_on_optimal_path());
      ++k;
    }
    EXPECT_EQ(mpz_class(g.moves_made()), count);
    EXPECT_EQ(g.aids().auto_moves, g.moves_made());
    EXPECT_FALSE(g.hint());
    EXPECT_FALSE(g.step());
  }
}

TEST(PuzzleGame, EveryLegalMoveIsTheEnginesAndAnIllegalOneChangesNothing) {
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.name);
    Game g = new_game(c.name, 4);
    std::mt19937_64 rng(7);
    for (int step = 0; step < 40; ++step) {
      const auto legal = family::legal_moves(g.puzzle(), g.state());
      std::size_t offered = 0;
      for (std::uint64_t i = 1; i <= g.pieces(); ++i) {
        for (const auto& m : g.moves_of(i)) {
          EXPECT_NE(std::find(legal.begin(), legal.end(), piece_move(m)), legal.end());
          ++offered;
        }
        if (g.moves_of(i).empty()) {  // refused with the engine's reason, nothing changed
          const auto before = g.state();
          const auto why = g.play(g.blocked_move(i));
          ASSERT_TRUE(why);
          EXPECT_EQ(why->why, family::to_string(
                                  g.puzzle(), *family::why_illegal(g.puzzle(), before,
                                                                   piece_move(g.blocked_move(i)))));
          EXPECT_EQ(g.state(), before);
        }
      }
      EXPECT_EQ(offered, legal.size());
      ASSERT_FALSE(g.play(of(legal[rng() % legal.size()])));
      EXPECT_EQ(g.remaining(), family::distance(g.puzzle(), g.state(), g.goal()));
    }
  }
}

TEST(PuzzleGame, UndoAndRedoRestoreEveryMove) {
  Game g = new_game("hanoi", 3);
  g.step();
  g.step();
  const auto after_two = g.state();
  ASSERT_TRUE(g.undo());
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.state(), g.start());
  EXPECT_EQ(g.aids().undos, 2u);
  EXPECT_FALSE(g.undo());
  ASSERT_TRUE(g.redo());
  ASSERT_TRUE(g.redo());
  EXPECT_EQ(g.state(), after_two);
  EXPECT_EQ(g.moves_made(), 2u);
  g.undo();
  ASSERT_FALSE(g.play({1, 2, 1, false}));  // a new move drops the redo history
  EXPECT_FALSE(g.can_redo());
}

void type(Session& s, std::initializer_list<int> keys) {
  for (int k : keys) s.handle(k);
}

TEST(PuzzleSession, ThePickerStartsEachPuzzleAndUndoGoesBack) {
  Session s(new_game("rings", 5), 1);
  s.handle('m');
  EXPECT_EQ(s.phase(), Phase::picker);
  type(s, {kKeyDown, kKeyDown, kKeyDown, kKeyDown, kKeyDown, kKeyEnter});  // hanoi
  EXPECT_EQ(s.picker()->step, 2);
  type(s, {'4', kKeyEnter});
  EXPECT_EQ(s.game().puzzle().name, "hanoi");
  EXPECT_EQ(s.pieces(), 4u);
  EXPECT_EQ(s.remaining(), 15);
  EXPECT_EQ(s.phase(), Phase::play);
  // The hexadecimal puzzle asks for its key; Enter alone takes the default count.
  type(s, {'m', '4', '1', '0', '1', '1', kKeyEnter, kKeyEnter});
  EXPECT_EQ(s.game().puzzle().name, "hexadecimal:1011");
  EXPECT_EQ(s.pieces(), 8u);
  EXPECT_EQ(s.remaining(), 26);  // the published count for key 1011
  // A bad key or count is refused and asked again; Esc leaves the game as it was.
  type(s, {'m', '4', '1', '2', kKeyEnter});
  EXPECT_EQ(s.picker()->step, 1);
  type(s, {kKeyEscape});
  EXPECT_EQ(s.game().puzzle().name, "hexadecimal:1011");
  type(s, {'m', '6', '0', kKeyEnter});
  EXPECT_TRUE(s.is_error());
  EXPECT_EQ(s.phase(), Phase::picker);
  type(s, {kKeyEscape});
  // Every change of puzzle is undone, back to the rings.
  s.handle('u');
  EXPECT_EQ(s.game().puzzle().name, "hanoi");
  s.handle('u');
  EXPECT_EQ(s.game().puzzle().name, "rings");
  EXPECT_EQ(s.game().pieces(), 5u);
  // And the rings from the picker: all on, goal all off; Enter alone, the game's 5.
  type(s, {'m', '1', '7', kKeyEnter});
  EXPECT_EQ(s.game().puzzle().name, "rings");
  EXPECT_EQ(s.game().pieces(), 7u);
  EXPECT_EQ(s.remaining(), 85);
  EXPECT_EQ(s.game().state(), family::all_at(7, 1));
  type(s, {'m', '1', kKeyEnter});
  EXPECT_EQ(s.game().pieces(), 5u);
}

TEST(PuzzleSession, HintsUseThePuzzlesWordsAndSpacePlaysThem) {
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.name);
    Session s(new_game(c.name, 4), 1);
    std::uint64_t played = 0;
    while (!s.is_solved()) {
      const auto expected =
          family::hints(s.game().puzzle(), s.game().state(), s.game().goal(), 1).front();
      s.handle('h');
      const auto& p = s.game().puzzle();
      EXPECT_NE(s.message().find(family::to_string(p, expected.move)), std::string::npos)
          << s.message();
      EXPECT_NE(s.message().find(family::to_string(p, expected.reason)), std::string::npos)
          << s.message();
      EXPECT_EQ(s.selected(), expected.move.piece);
      s.handle(' ');
      if (s.phase() == Phase::destination) s.handle('0' + expected.move.to);
      ASSERT_FALSE(s.is_error()) << s.message();
      EXPECT_EQ(s.game().last_step()->move.to, expected.move.to);
      ++played;
    }
    EXPECT_EQ(mpz_class(played), family::count(s.game().puzzle(), 4));
    EXPECT_NE(s.message().find("Moved"), std::string::npos);
  }
}

// Where the Towers of Hanoi have two shortest ways to the goal (a goal given by --to: toward a
// tower the way is unique), the hint says so and which it gives (as rings distance --json
// does); elsewhere it says nothing of the kind.
TEST(PuzzleSession, AHintSaysWhenAnotherWayIsAsShort) {
  const auto hanoi = puzzle("hanoi");
  const family::Pieces goal = {1, 2, 1, 0};
  int tied = 0;
  for (std::uint32_t v = 0; v < 81; ++v) {
    family::Pieces s(4);
    for (std::uint32_t i = 0, w = v; i < 4; ++i, w /= 3) s[i] = std::uint8_t(w % 3);
    if (s == goal) continue;
    bool tie = false;
    family::distance(hanoi, s, goal, &tie);
    Session session(Game(hanoi, s, goal), 1);
    session.handle('h');
    const auto& m = session.message();
    EXPECT_EQ(m.find("As short: disc") != std::string::npos, tie) << family::format_pieces(s) << m;
    if (tie) {
      ++tied;
      std::uint64_t k = 4;
      while (s[k - 1] == goal[k - 1]) --k;
      EXPECT_NE(m.find("As short: disc " + std::to_string(k) +
                       " by the third peg; the hint "
                       "moves it directly."),
                std::string::npos)
          << m;
    }
  }
  EXPECT_GT(tied, 0);
}

TEST(PuzzleSession, ATwoWayPieceAsksWhereAndARefusalSaysWhy) {
  Session s(new_game("hanoi", 3), 1);
  s.handle('1');  // disc 1 may go to peg 1 or peg 2
  EXPECT_EQ(s.phase(), Phase::destination);
  EXPECT_NE(s.message().find("peg 1"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("peg 2"), std::string::npos) << s.message();
  s.handle('2');
  EXPECT_EQ(family::format_pieces(s.game().state()), "002");
  s.handle('3');  // disc 3 cannot move while discs 1 and 2 are on it
  EXPECT_TRUE(s.is_error());
  EXPECT_NE(s.message().find("Not allowed: disc 3 may go"), std::string::npos) << s.message();
  EXPECT_EQ(family::format_pieces(s.game().state()), "002");
  s.handle('u');
  EXPECT_EQ(s.message(), "Undone: disc 1 from peg 0 to peg 2.");
  s.handle('r');
  EXPECT_EQ(s.message(), "Redone: disc 1 from peg 0 to peg 2.");
  // An elephant facing right turns up or down: Esc leaves it.
  Session e(Game(puzzle("elephant"), {1, 2}, {2, 2}), 1);
  e.handle('1');
  EXPECT_EQ(e.phase(), Phase::destination);
  e.handle(kKeyEscape);
  EXPECT_EQ(e.game().moves_made(), 0u);
}

TEST(PuzzleSession, AutoPlayFinishesAndTheRecordNamesThePuzzle) {
  Session s(new_game("elephant", 3), 1);
  std::vector<Record> records;
  s.on_solved([&](const Record& r) {
    records.push_back(r);
    return std::string("Kept.");
  });
  s.handle('a');
  while (s.tick()) {
  }
  EXPECT_TRUE(s.is_solved());
  ASSERT_EQ(records.size(), 1u);
  const auto count = family::count(puzzle("elephant"), 3).get_ui();
  EXPECT_EQ(records[0], (Record{"elephant", 3, Mode::single, count, count, {0, 0, count}}));
  EXPECT_NE(s.message().find("Kept."), std::string::npos);
}

// g switches the goal in every puzzle, as for the rings: every piece at its goal becomes every
// piece at its start, and back; undo, the score and the save file follow.
TEST(PuzzleSession, TheGoalSwitchesInEveryPuzzle) {
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.name);
    const auto p = puzzle(c.name);
    Session s(new_game(c.name, 3), 1);
    s.handle('a');
    while (s.tick()) {
    }
    ASSERT_TRUE(s.is_solved());
    s.handle('g');
    EXPECT_EQ(s.game().goal(), family::all_at(3, p.start));
    EXPECT_EQ(s.remaining(), family::count(p, 3));  // back to the start, as far
    EXPECT_EQ(s.game().leg_moves(), 0u);
    EXPECT_EQ(s.message(),
              fmt::format("New goal: {}.", family::format_pieces(family::all_at(3, p.start))));
    const std::string text = to_save_text(s.game());
    EXPECT_NE(text.find("\ngoal\n"), std::string::npos) << text;
    auto back = from_save_text(text);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->goal(), s.game().goal());
    s.handle('u');
    EXPECT_EQ(s.message(), fmt::format("Undone: the goal switch (the goal is {} now).",
                                       family::format_pieces(family::all_at(3, p.goal))));
    EXPECT_TRUE(s.is_solved());
  }
}

TEST(PuzzleSave, ResumesExactlyAndOldSavesStillLoadAsRings) {
  Game g = new_game("elephant", 4);
  g.step();
  g.step();
  g.step();
  g.undo();
  g.note_hint();
  const std::string text = to_save_text(g);
  EXPECT_TRUE(
      text.starts_with("rings play save v3\npuzzle elephant\npieces 4\nstart 0000\n"
                       "goal 2222\ncursor 2\nsteps 3\nelephant 1 from up to right\n"))
      << text;
  auto back = from_save_text(text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->state(), g.state());
  ASSERT_EQ(back->history().size(), g.history().size());
  for (std::size_t i = 0; i < g.history().size(); ++i)
    EXPECT_EQ(back->history()[i].move, g.history()[i].move);
  EXPECT_EQ(back->cursor(), 2u);
  EXPECT_EQ(back->aids(), g.aids());
  // An edited, illegal move is refused with its line.
  std::string bad = text;
  bad.replace(bad.find("elephant 1 from up to right"), 27, "elephant 3 from up to right");
  auto refused = from_save_text(bad);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("line 8:"), std::string::npos) << refused.error();
  for (std::size_t len = 0; len + 1 < text.size(); len += 7)
    EXPECT_FALSE(from_save_text(text.substr(0, len))) << len;

  // Through files: a v3 file loads as its puzzle, a v2 file as the rings.
  const auto dir =
      std::filesystem::temp_directory_path() / ("rings-puzzle-save-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto v3 = (dir / "hanoi.txt").string(), v2 = (dir / "rings.txt").string();
  Game h = new_game("hexadecimal:0111", 8);
  h.step();
  ASSERT_FALSE(save_game(v3, h));
  Game r = new_game("rings", 3);
  r.step();
  ASSERT_FALSE(save_game(v2, r));
  auto loaded3 = load_game(v3);
  ASSERT_TRUE(loaded3) << loaded3.error();
  EXPECT_EQ(loaded3->puzzle().name, "hexadecimal:0111");
  EXPECT_EQ(loaded3->state(), h.state());
  auto loaded2 = load_game(v2);
  ASSERT_TRUE(loaded2) << loaded2.error();
  EXPECT_EQ(loaded2->puzzle().name, "rings");
  EXPECT_EQ(loaded2->state(), r.state());
  EXPECT_TRUE(read_regular_file(v2, kMaxSaveBytes)->starts_with("rings play save v2\nrings 3\n"));
  std::filesystem::remove_all(dir);
}

std::string joined(const Screen& s) {
  std::string out;
  for (const auto& l : s.lines) out += l + "\n";
  return out;
}

TEST(PuzzleScreen, EachPuzzleIsDrawnInItsWordsAtEverySize) {
  constexpr std::pair<int, int> kSizes[] = {{30, 10}, {40, 15}, {80, 24}, {200, 50}};
  for (const auto& c : kCases) {
    for (const auto& [w, h] : kSizes) {
      SCOPED_TRACE(fmt::format("{} {}x{}", c.name, w, h));
      Session s(new_game(c.name, c.pieces), 1);
      s.handle('h');
      const Screen screen = render(s, w, h, true);
      ASSERT_EQ(screen.lines.size(), std::size_t(h));
      for (const auto& l : screen.lines) EXPECT_LE(columns(l), std::size_t(w)) << l;
      const std::string text = joined(screen);
      EXPECT_NE(text.find("State"), std::string::npos) << text;
      // The hint, in the puzzle's words, survives every size.
      const auto& p = s.game().puzzle();
      EXPECT_NE(text.find("Hint: " + std::string(p.piece)), std::string::npos) << text;
      EXPECT_NE(screen.title.find(std::string(p.pieces)), std::string::npos) << screen.title;
      if (w >= 80) {
        EXPECT_NE(text.find(std::string(p.title)), std::string::npos) << text;
        if (p.kind == family::Kind::hanoi) {
          for (auto peg : {"peg 0", "peg 1", "peg 2"}) EXPECT_NE(text.find(peg), std::string::npos);
        }
        if (p.kind == family::Kind::elephant) {  // every position named beside the elephants
          for (auto pos : {"up", "right", "down"})
            EXPECT_NE(text.find(std::string(pos) + "  "), std::string::npos) << text;
        }
        if (p.kind == family::Kind::brain) {
          for (auto pos : {" out", " in "}) EXPECT_NE(text.find(pos), std::string::npos) << text;
        }
      }
      // Every piece in view can be clicked: the click selects it.
      for (const auto& hit : screen.hits) {
        EXPECT_GE(hit.ring, 1u);
        EXPECT_LE(hit.ring, s.pieces());
      }
      EXPECT_FALSE(screen.hits.empty()) << text;
    }
  }
}

TEST(PuzzleScreen, HanoiStacksTheDiscsOnTheirPegsSmallestOnTop) {
  Session s(Game(puzzle("hanoi"), {0, 2, 0, 0}, family::all_at(4, 2)), 1);
  const Screen screen = render(s, 80, 24, true);
  // Disc 4 under disc 3 under disc 1 on peg 0; disc 2 alone on peg 2: each disc's click area
  // is on its peg's third of the screen, the smaller above the larger.
  std::map<Ring, Hit> where;
  for (const auto& h : screen.hits) where[h.ring] = h;
  ASSERT_EQ(where.size(), 4u);
  EXPECT_LT(where[1].row, where[3].row);
  EXPECT_LT(where[3].row, where[4].row);
  EXPECT_LT(where[1].width, where[3].width);
  EXPECT_LT(where[4].col + where[4].width, 80 / 3 + 1);
  EXPECT_GE(where[2].col, 2 * 80 / 3);
  EXPECT_EQ(where[2].row, where[4].row);  // both at the bottom of their pegs
}

TEST(PuzzleScreen, APegsLabelSaysTheDiscsBelowWithinItsThird) {
  // 40x15 has room for 3 of the 4 discs on peg 0: its label says one more is below, whole.
  Session s(new_game("hanoi", 4), 1);
  s.handle('1');  // "Where to?": a shorter message than the start's, room for the pegs
  const Screen screen = render(s, 40, 15, true);
  const auto label =
      std::find_if(screen.lines.begin(), screen.lines.end(), [](const std::string& l) {
        return l.find("peg 1") != std::string::npos && l.find("peg 2") != std::string::npos;
      });
  ASSERT_NE(label, screen.lines.end()) << joined(screen);
  EXPECT_NE(label->find("peg 0 (+1"), std::string::npos) << joined(screen);
  EXPECT_LT(label->find("peg 0"), label->find("peg 1"));
}

TEST(PuzzleScreen, TheHelpGivesThePuzzlesRulesInItsWords) {
  Session s(new_game("hanoi", 5), 1);
  s.handle('?');
  std::string all;
  for (int page = 0; page < 10 && s.is_help_shown(); ++page) {
    const Screen screen = render(s, 200, 50, true);
    s.set_help_pages(screen.help_pages);
    all += joined(screen);
    s.handle(' ');
  }
  EXPECT_NE(all.find("Disc 1, the smallest, can always move."), std::string::npos) << all;
  EXPECT_NE(all.find("Start: every disc on peg 0. Goal: every disc on peg 2."), std::string::npos);
  EXPECT_NE(all.find("move the disc clicked"), std::string::npos) << all;
  EXPECT_NE(all.find("switch the goal between all on peg 2 and all on peg 0"), std::string::npos)
      << all;
  EXPECT_EQ(all.find("together (with --double)"), std::string::npos) << all;
  EXPECT_EQ(all.find("Ring 1 can always"), std::string::npos) << all;
}

TEST(PuzzleScreen, ThePickerListsThePuzzles) {
  Session s(new_game("rings", 5), 1);
  s.handle('m');
  for (const auto& [w, h] : {std::pair{40, 15}, std::pair{80, 24}}) {
    const std::string text = joined(render(s, w, h, true));
    for (auto name : {"rings", "spin-out", "brain", "hexadecimal", "elephant", "hanoi"})
      EXPECT_NE(text.find(name), std::string::npos) << text;
    EXPECT_NE(text.find("▸ 1 rings"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace rings::play
