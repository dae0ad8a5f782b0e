// The best game per ring count: ranking, the file's text, where it lives, keeping it.
#include "records.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace rings::play {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "rings-records-test-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Record solved(std::uint64_t moves, std::uint64_t optimum, Aids aids = {}) {
  return Record{"rings", 5, Mode::single, moves, optimum, aids};
}

TEST(Records, LessHelpThenFewerExtraMovesThenTheLongerPuzzle) {
  EXPECT_TRUE(is_better(solved(30, 21), solved(21, 21, {1, 0, 0})));  // by hand beats a hint
  EXPECT_TRUE(is_better(solved(21, 21, {0, 3, 0}), solved(21, 21, {1, 0, 0})));
  EXPECT_TRUE(is_better(solved(21, 21, {1, 0, 0}), solved(21, 21, {0, 0, 21})));
  EXPECT_TRUE(is_better(solved(21, 21), solved(12, 10)));  // the optimum wins
  EXPECT_TRUE(is_better(solved(21, 21), solved(10, 10)));  // then the longer one
  EXPECT_FALSE(is_better(solved(21, 21), solved(21, 21)));
  EXPECT_FALSE(is_better(solved(12, 10), solved(21, 21)));
}

TEST(Records, TextRoundTripsAndDamageIsRefusedWithItsLine) {
  const std::vector<Record> records{solved(21, 21),
                                    {"rings", 9, Mode::double_moves, 300, 256, {2, 1, 7}}};
  const std::string text = to_records_text(records);
  EXPECT_EQ(text,
            "rings play records v1\n"
            "rings 5 single moves 21 optimum 21 hints 0 undos 0 auto 0\n"
            "rings 9 double moves 300 optimum 256 hints 2 undos 1 auto 7\n");
  auto back = from_records_text(text);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, records);
  for (std::string_view bad : {"", "hello\n", "rings play records v1\nrings 5 single\n",
                               "rings play records v1\nrings 5 triple moves 1 optimum 1 hints 0 "
                               "undos 0 auto 0\n",
                               "rings play records v1\nrings 5 single moves 1 optimum 2 hints 0 "
                               "undos 0 auto 0\n"})
    EXPECT_FALSE(from_records_text(bad)) << bad;
  auto r = from_records_text("rings play records v1\n\nrings x\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("line 3:"), std::string::npos) << r.error();
}

TEST(Records, KeptInTheXdgStateDirectoryElseUnderHome) {
  EXPECT_EQ(records_path("/state", "/home/me"), "/state/rings/records");
  EXPECT_EQ(records_path("", "/home/me"), "/home/me/.local/state/rings/records");
  EXPECT_EQ(records_path("relative", "/home/me"), "/home/me/.local/state/rings/records");
  EXPECT_EQ(records_path(nullptr, "/home/me"), "/home/me/.local/state/rings/records");
  EXPECT_EQ(records_path(nullptr, nullptr), std::nullopt);
}

TEST(Records, KeepsTheBestPerRingCountAndLeavesADamagedFileAlone) {
  TempDir dir;
  const std::string path = (dir.path / "state" / "rings" / "records").string();
  auto first = keep_record(path, solved(25, 21, {1, 0, 0}));
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(*first, "Your first record for 5 rings.");
  auto worse = keep_record(path, solved(30, 21, {2, 0, 0}));
  ASSERT_TRUE(worse) << worse.error();
  EXPECT_EQ(*worse, "Your best for 5 rings: 25 moves with 1 hint (optimum 21).");
  auto better = keep_record(path, solved(21, 21));
  ASSERT_TRUE(better) << better.error();
  EXPECT_EQ(*better, "A new best for 5 rings!");
  ASSERT_TRUE(keep_record(path, {"rings", 6, Mode::single, 42, 42, {}}));
  EXPECT_EQ(read(path), to_records_text({solved(21, 21), {"rings", 6, Mode::single, 42, 42, {}}}));

  { std::ofstream(path) << "my notes\n"; }
  auto damaged = keep_record(path, solved(21, 21));
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().find("it is left as it is"), std::string::npos) << damaged.error();
  EXPECT_EQ(read(path), "my notes\n");
}

TEST(Records, KeptPerPuzzleAndPieceCount) {
  TempDir dir;
  const std::string path = (dir.path / "records").string();
  const Record rings5 = solved(21, 21);
  Record hanoi5{"hanoi", 5, Mode::single, 31, 31, {}};
  Record hex8{"hexadecimal:1110", 8, Mode::single, 170, 170, {0, 0, 170}};
  ASSERT_TRUE(keep_record(path, rings5));
  auto first = keep_record(path, hanoi5);
  ASSERT_TRUE(first) << first.error();
  EXPECT_EQ(*first, "Your first record for 5 discs of the Towers of Hanoi.");
  auto hex = keep_record(path, hex8);
  ASSERT_TRUE(hex) << hex.error();
  EXPECT_EQ(*hex, "Your first record for 8 bars of the Hexadecimal Puzzle (key 1110).");
  hanoi5.moves = 33;
  auto worse = keep_record(path, hanoi5);
  ASSERT_TRUE(worse) << worse.error();
  EXPECT_EQ(*worse,
            "Your best for 5 discs of the Towers of Hanoi: 31 moves by hand (the optimum).");
  EXPECT_EQ(read(path),
            "rings play records v1\n"
            "rings 5 single moves 21 optimum 21 hints 0 undos 0 auto 0\n"
            "hanoi 5 single moves 31 optimum 31 hints 0 undos 0 auto 0\n"
            "hexadecimal:1110 8 single moves 170 optimum 170 hints 0 undos 0 auto 170\n");
  auto back = from_records_text(read(path));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->size(), 3u);
  EXPECT_FALSE(
      from_records_text("rings play records v1\nchess 5 single moves 1 optimum 1 hints 0 "
                        "undos 0 auto 0\n"));
}

TEST(Records, RecordOfASolvedGame) {
  const auto rings = *family::parse_puzzle("rings");
  Game g(rings, family::all_at(4, 1), family::all_at(4, 0));
  g.note_hint();
  while (g.step()) {
  }
  const Record r = record_of(g);
  EXPECT_EQ(r, (Record{"rings", 4, Mode::single, 10, 10, {1, 0, 10}}));
  EXPECT_EQ(how_solved(r.aids, r.moves), "with 1 hint and auto-play (10 of 10 moves)");
  EXPECT_EQ(how_solved({}, 10), "by hand");
  EXPECT_EQ(how_solved({2, 3, 0}, 10), "with 2 hints and 3 undos");
  EXPECT_EQ(how_solved({0, 1, 4}, 10), "with 1 undo and auto-play (4 of 10 moves)");
}

}  // namespace
}  // namespace rings::play
