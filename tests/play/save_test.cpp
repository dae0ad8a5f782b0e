// Save files: exact round trips, refusal of foreign and corrupt files, atomic writes.
#include "save.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rings_game.hpp"

namespace rings::play {
namespace {

namespace fs = std::filesystem;

// A game with moves, a goal switch and taken-back steps: everything a save must keep.
Game eventful_game() {
  Game g(rings_puzzle(), *family::parse_pieces(rings_puzzle(), "1011011", 7), family::all_at(7, 0),
         Mode::double_moves);
  for (int i = 0; i < 5; ++i) g.step();
  g.play(g.moves_of(1).front());  // off the optimal path
  g.switch_goal();
  for (int i = 0; i < 3; ++i) g.step();
  g.undo();
  g.undo();
  g.note_hint();
  return g;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh empty directory for one test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "rings-play-test-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(Save, ResumesTheGameExactly) {
  const Game g = eventful_game();
  const auto text = to_save_text(g);
  ASSERT_TRUE(text.starts_with(kSaveHeader));
  auto back = from_save_text(text);
  ASSERT_TRUE(back) << back.error();
  Game& r = *back;
  EXPECT_EQ(r.state(), g.state());
  EXPECT_EQ(r.goal(), g.goal());
  EXPECT_EQ(r.mode(), g.mode());
  EXPECT_EQ(r.moves_made(), g.moves_made());
  EXPECT_EQ(r.leg_moves(), g.leg_moves());
  EXPECT_EQ(r.optimum(), g.optimum());
  EXPECT_EQ(r.is_on_optimal_path(), g.is_on_optimal_path());
  EXPECT_EQ(r.cursor(), g.cursor());
  EXPECT_EQ(r.aids(), g.aids());  // the help taken counts after resuming too
  EXPECT_EQ(r.aids(), (Aids{1, 2, 3}));
  EXPECT_EQ(to_save_text(r), text);
  // The redo and undo histories came back too.
  Game g2 = g;
  while (g2.redo()) ASSERT_TRUE(r.redo());
  EXPECT_FALSE(r.redo());
  EXPECT_EQ(r.state(), g2.state());
  while (g2.undo()) ASSERT_TRUE(r.undo());
  EXPECT_FALSE(r.undo());
  EXPECT_EQ(r.state(), g2.state());
  EXPECT_EQ(r.goal(), g2.goal());
}

TEST(Save, RefusesAForeignFile) {
  for (std::string_view text : {"", "hello\n", "111\n", "{\"rings\": 5}\n"}) {
    auto r = from_save_text(text);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().find("not a rings play save file"), std::string::npos) << r.error();
  }
}

TEST(Save, ReadsTheFirstVersionWithoutAids) {
  std::string text = to_save_text(eventful_game());
  text.replace(0, kSaveHeader.size(), kSaveHeaderV1);
  text.erase(text.find("aids "), text.find("end") - text.find("aids "));
  auto r = from_save_text(text);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->state(), eventful_game().state());
  EXPECT_EQ(r->aids(), Aids{});
}

// Files written before the game had one type for every puzzle: a rings game (v2, with a double
// move and a goal switch) and a Towers of Hanoi game (v3) load as they were, and are written
// back the same.
TEST(Save, LoadsTheFilesOfEarlierVersions) {
  const std::string_view v2 =
      "rings play save v2\nrings 5\nmode double\nstart 11111\ngoal 00000\ncursor 2\nsteps 3\n"
      "rings 1+2 off\nring 4 off\ngoal\naids 1 0 0\nend\n";
  auto rings = from_save_text(v2);
  ASSERT_TRUE(rings) << rings.error();
  EXPECT_EQ(rings->puzzle().name, "rings");
  EXPECT_EQ(rings->mode(), Mode::double_moves);
  EXPECT_EQ(family::format_pieces(rings->state()), "10100");
  EXPECT_EQ(rings->moves_made(), 2u);
  EXPECT_EQ(rings->aids(), (Aids{1, 0, 0}));
  EXPECT_TRUE(rings->can_redo());
  EXPECT_EQ(to_save_text(*rings), v2);
  ASSERT_TRUE(rings->redo());
  EXPECT_EQ(family::format_pieces(rings->goal()), "11111");  // the goal switch

  const std::string_view v3 =
      "rings play save v3\npuzzle hanoi\npieces 3\nstart 000\ngoal 222\ncursor 1\nsteps 1\n"
      "disc 1 from peg 0 to peg 2\naids 0 0 0\nend\n";
  auto hanoi = from_save_text(v3);
  ASSERT_TRUE(hanoi) << hanoi.error();
  EXPECT_EQ(hanoi->puzzle().name, "hanoi");
  EXPECT_EQ(family::format_pieces(hanoi->state()), "002");
  EXPECT_EQ(to_save_text(*hanoi), v3);
}

TEST(Save, RefusesAnotherVersion) {
  std::string text = to_save_text(eventful_game());
  text.replace(0, kSaveHeader.size(), "rings play save v4");
  auto r = from_save_text(text);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("another version"), std::string::npos) << r.error();
  text.replace(0, kSaveHeader.size(), kPuzzleSaveHeader);  // v3 names its puzzle on line 2
  auto other = from_save_text(text);
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().find("line 2: expected 'puzzle ...'"), std::string::npos)
      << other.error();
}

TEST(Save, RefusesEveryTruncation) {
  const std::string text = to_save_text(eventful_game());
  const auto end = text.rfind("end");
  for (std::size_t len = 0; len < end + 2; ++len)
    EXPECT_FALSE(from_save_text(std::string_view(text).substr(0, len))) << len;
}

TEST(Save, RefusesCorruptLinesSayingWhere) {
  const std::string good = to_save_text(eventful_game());
  struct Case {
    std::string from, to, error;
  };
  const Case cases[] = {
      {"rings 7", "rings seven", "line 2:"},
      {"rings 7", "rings 2000000", "line 2: rings is too large"},
      {"mode double", "mode triple", "line 3: mode must be single or double"},
      {"start 1011011", "start 10110a1", "line 4: start: position 6"},
      {"start 1011011", "start 101101", "line 4:"},
      {"cursor 8", "cursor 99", "past the last step"},
      {"\nring 1 off\n", "\nring 1 of\n", "line {}: "},
      {"\nring 1 off\n", "\nring 5 off\n", "not a legal move here"},
      {"\nend\n", "\nend\nmore\n", "after 'end'"},
      {"aids 1 2 3", "aids 1 2", "line {}: expected 'aids HINTS UNDOS AUTO-MOVES'"},
      {"aids 1 2 3", "aids 1 -2 3", "line {}: expected 'aids"},
      {"aids 1 2 3", "aids 1 2 3 4", "line {}: expected 'aids"},
      {"aids 1 2 3\n", "", "expected 'aids ...'"},
  };
  for (const auto& c : cases) {
    std::string text = good;
    const auto at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from << " in\n" << good;
    text.replace(at, c.from.size(), c.to);
    // "{}" stands for the number of the line changed.
    const auto line = std::count(text.begin(), text.begin() + at + 1, '\n') + 1;
    const std::string error = fmt::format(fmt::runtime(c.error), line);
    auto r = from_save_text(text);
    ASSERT_FALSE(r) << c.to;
    EXPECT_NE(r.error().find(error), std::string::npos) << r.error() << " vs " << error;
  }
}

TEST(Save, WritesAtomicallyAndLeavesNoTemporaryFile) {
  TempDir dir;
  const auto file = dir.path / "game.txt";
  { std::ofstream(file) << "old contents\n"; }
  const auto text = to_save_text(eventful_game());
  ASSERT_FALSE(write_file_atomically(file.string(), text));
  EXPECT_EQ(read(file), text);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
  auto loaded = load_game(file.string());
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(to_save_text(*loaded), text);
}

TEST(Save, AFailedWriteLeavesTheOldFile) {
  TempDir dir;
  const auto file = dir.path / "missing-dir" / "game.txt";
  const auto error = write_file_atomically(file.string(), "x");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("missing-dir"), std::string::npos) << *error;
  // A directory in the way of the rename: the write fails and nothing is left behind.
  fs::create_directory(dir.path / "taken");
  { std::ofstream(dir.path / "taken" / "inside") << "keep"; }
  ASSERT_TRUE(write_file_atomically((dir.path / "taken").string(), "x"));
  EXPECT_EQ(read(dir.path / "taken" / "inside"), "keep");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
}

TEST(Save, LoadNamesTheFileAndRefusesADeviceThatNeverEnds) {
  auto missing = load_game("/nonexistent/game.txt");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot open '/nonexistent/game.txt'"), std::string::npos);
  auto zero = load_game("/dev/zero");
  ASSERT_FALSE(zero);
  EXPECT_NE(zero.error().find("'/dev/zero' is not a regular file (a device)"), std::string::npos)
      << zero.error();
}

TEST(Save, LoadRefusesAFifoWithoutWaitingForAWriter) {
  TempDir dir;
  const auto fifo = dir.path / "game.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto r = load_game(fifo.string());  // would block forever if it opened the FIFO for reading
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("is not a regular file (a FIFO)"), std::string::npos) << r.error();
  auto d = load_game(dir.path.string());
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().find("(a directory)"), std::string::npos) << d.error();
}

TEST(Save, LoadRefusesAFileBiggerThanTheLimitWithoutReadingIt) {
  TempDir dir;
  const auto big = dir.path / "big.txt";
  {
    std::ofstream out(big);
    out << kSaveHeader << "\n";
  }
  fs::resize_file(big, kMaxSaveBytes + 1);  // sparse: no disk taken
  auto r = load_game(big.string());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find(fmt::format("is {} bytes, more than the {} bytes", kMaxSaveBytes + 1,
                                       kMaxSaveBytes)),
            std::string::npos)
      << r.error();
  auto small = read_regular_file(big.string(), 100);
  ASSERT_FALSE(small);
  fs::resize_file(big, 100);
  EXPECT_TRUE(read_regular_file(big.string(), 100));
}

TEST(Save, RemovesTheTemporaryFilesOfKilledSavesOnly) {
  TempDir dir;
  const auto file = dir.path / "game.txt";
  // A save killed with kill -9 leaves its temporary file; its process is gone. Another
  // process's temporary file, still being written, must stay, and so must other names.
  pid_t dead = ::fork();
  if (dead == 0) ::_exit(0);
  ASSERT_GT(dead, 0);
  ::waitpid(dead, nullptr, 0);
  const auto stale = dir.path / fmt::format(".game.txt.rings-tmp-{}-abcdef", dead);
  const auto live = dir.path / fmt::format(".game.txt.rings-tmp-{}-ghijkl", ::getppid());
  const auto other = dir.path / fmt::format(".other.txt.rings-tmp-{}-abcdef", dead);
  for (const auto& p : {stale, live, other}) std::ofstream(p) << "partial";
  ASSERT_FALSE(write_file_atomically(file.string(), "saved\n"));
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(other));
  EXPECT_EQ(read(file), "saved\n");
}

TEST(Save, RefusesToWriteAGameBiggerThanItCouldRead) {
  TempDir dir;
  const auto file = dir.path / "game.txt";
  Game g(rings_puzzle(), family::all_at(9, 1), family::all_at(9, 0));
  ASSERT_FALSE(save_game(file.string(), g));
  const std::string saved = read(file);
  for (int i = 0; i < 100; ++i) g.step();
  const auto size = to_save_text(g).size();
  const auto error = save_game(file.string(), g, size - 1);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(fmt::format("more than the {} bytes a save file may have", size - 1)),
            std::string::npos)
      << *error;
  EXPECT_EQ(read(file), saved);  // the earlier save is still there
  EXPECT_FALSE(save_game(file.string(), g, size));
}

}  // namespace
}  // namespace rings::play
