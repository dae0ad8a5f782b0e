// The one reader of a question (rings/problem.hpp): the same states as the puzzle's own state
// readers, the bounds of the puzzle's value, and one code per refusal for every puzzle.
#include "rings/problem.hpp"

#include <gtest/gtest.h>

#include <string>

namespace rings {
namespace {

Result<Problem> read(std::string_view puzzle, std::optional<std::string_view> n,
                     std::vector<StateText> states, std::string_view notation = "binary",
                     bool double_moves = false) {
  ProblemText q{.puzzle = puzzle,
                .states = std::move(states),
                .notation = notation,
                .double_moves = double_moves};
  q.pieces = n;
  return read_problem(q);
}

TEST(Problem, EveryPuzzleReadsItsStartAndGoalAsItsOwnReaderDoes) {
  for (const auto& p : family::catalogue()) {
    for (std::uint64_t n : {1, 2, 5}) {
      const auto q = read(p.name, std::to_string(n), {{"--from", "start"}, {"--to", "goal"}});
      ASSERT_TRUE(q.ok()) << p.name << ": " << q.error();
      EXPECT_EQ(q->pieces, n);
      EXPECT_EQ(q->puzzle.name, p.name);
      const auto start = family::all_at(n, p.start), goal = family::all_at(n, p.goal);
      if (q->in_bits()) {
        ASSERT_EQ(q->bits.size(), 2u);
        EXPECT_TRUE(q->digits.empty());
        EXPECT_EQ(family::from_state(q->bits[0]), start) << p.name;
        EXPECT_EQ(family::from_state(q->bits[1]), goal) << p.name;
      } else {
        ASSERT_EQ(q->digits.size(), 2u);
        EXPECT_TRUE(q->bits.empty());
        EXPECT_EQ(q->digits[0], start) << p.name;
        EXPECT_EQ(q->digits[1], goal) << p.name;
      }
    }
  }
}

TEST(Problem, EveryStateOfSmallSizesIsTheOwnReadersState) {
  for (const auto& p : family::catalogue()) {
    std::uint64_t states = 1;
    for (int i = 0; i < 4; ++i) states *= p.positions;
    for (std::uint64_t v = 0; v < states; ++v) {
      std::string text;
      for (std::uint64_t x = v, i = 0; i < 4; ++i, x /= p.positions)
        text.insert(text.begin(), static_cast<char>('0' + x % p.positions));
      // The count comes from the state written in digits.
      const auto q = read(p.name, std::nullopt, {{"A", text}, {"B", "goal"}});
      ASSERT_TRUE(q.ok()) << p.name << " " << text << ": " << q.error();
      EXPECT_EQ(q->pieces, 4u);
      const auto own = family::parse_pieces(p, text, 4);
      ASSERT_TRUE(own.ok());
      if (q->in_bits()) {
        EXPECT_EQ(q->bits[0], *parse_state(text, 4, Notation::binary));
        EXPECT_EQ(family::from_state(q->bits[0]), *own);
      } else {
        EXPECT_EQ(q->digits[0], *own);
      }
    }
  }
}

TEST(Problem, TheRingsNotationsAndDoubleMoves) {
  const auto q = read("rings", "6", {{"--from", "0"}, {"--to", "off"}}, "cleve", true);
  ASSERT_TRUE(q.ok()) << q.error();
  EXPECT_EQ(q->mode, Mode::double_moves);
  EXPECT_EQ(q->notation, Notation::cleve);
  EXPECT_EQ(q->bits[0], State::all_on(6));  // Cleve's 0: every ring engaged
  EXPECT_EQ(q->bits[1], State::all_off(6));
  // Another puzzle has neither: its value says so.
  auto bad = read("hanoi", "3", {{"--from", "start"}}, "binary", true);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.failure().code, "no_double_moves");
  bad = read("spin-out", "3", {{"--from", "start"}}, "decimal");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.failure().code, "no_notation");
  bad = read("rings", "3", {{"--from", "start"}}, "roman");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.failure().code, "unknown_notation");
}

TEST(Problem, OneCodePerRefusalForEveryPuzzle) {
  for (const auto& p : family::catalogue()) {
    auto q = read(p.name, "0", {{"--from", "start"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.failure().code, "no_pieces") << p.name;
    q = read(p.name, std::to_string(p.max_size + 1), {{"--from", "start"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.failure().code, "too_many_pieces") << p.name;
    EXPECT_NE(q.error().find(std::to_string(p.max_size)), std::string::npos) << q.error();
    q = read(p.name, std::nullopt, {{"--from", "start"}, {"--to", "goal"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.failure().code, "needs_pieces") << p.name;
    q = read(p.name, std::nullopt, {{"STATE", "  "}, {"--to", "goal"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.failure().code, "empty_state") << p.name;
    EXPECT_EQ(q.error(), "STATE: the state is empty");
    q = read(p.name, "x", {{"--from", "start"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.failure().code, "not_a_number") << p.name;
    // A state's own error, named by the input it came from.
    q = read(p.name, "3", {{"--from", "9"}});
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.error().substr(0, 8), "--from: ") << q.error();
  }
  const auto unknown = read("chess", "3", {});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.failure().code, "unknown_puzzle");
}

TEST(Problem, TheCountFromNThenAStateThenTheList) {
  ProblemText q{.puzzle = "hanoi", .states = {{"--from", "start"}, {"--to", "goal"}}};
  q.pieces_listed = 7;
  auto p = read_problem(q);
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->pieces, 7u);
  q.states[1].text = "2222";  // a state written in digits comes before the list
  p = read_problem(q);
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(p->pieces, 4u);
  q.pieces = "4";
  p = read_problem(q);
  ASSERT_TRUE(p.ok());
  q.pieces = "5";  // N and a state disagree: the state's reader says so
  p = read_problem(q);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.failure().code, "wrong_piece_count");
}

TEST(Problem, AFrontEndMayLowerTheBoundNeverRaiseIt) {
  ProblemText q{
      .puzzle = "rings", .states = {{"from", "start"}}, .max_pieces = 10, .names = kParameterNames};
  q.pieces = "11";
  auto p = read_problem(q);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.failure().code, "too_many_pieces");
  EXPECT_EQ(p.error().substr(0, 3), "n: ");
  q.pieces = std::nullopt;
  q.states[0].text = "11111111111";  // a state's own length is bounded too
  p = read_problem(q);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.failure().code, "too_many_pieces");
  q.max_pieces = UINT64_MAX;
  p = read_problem(q);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->max_pieces, family::catalogue().front().max_size);
}

}  // namespace
}  // namespace rings
