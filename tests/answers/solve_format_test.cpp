// The fast text of `rings solve` (apps/rings/solve_format.cpp: whole blocks, in-place counters,
// lines patched in registers) must equal the engine's streamed moves formatted one at a time.
#include "solve_format.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "answers.hpp"
#include "rings/position.hpp"
#include "rings/problem.hpp"
#include "rings/solve.hpp"

namespace rings::answers {
namespace {

std::string fast(const State& from, const State& to, Mode mode, SolveFormat format,
                 Notation notation = Notation::binary) {
  std::string out;
  write_solution(from, to, mode, format, notation, [&](std::string_view s) { out.append(s); });
  return out;
}

// Each move of rings::solve, formatted on its own as SPEC.md describes.
std::string plain(const State& from, const State& to, Mode mode, SolveFormat format,
                  Notation notation = Notation::binary) {
  std::string out;
  State s = from;
  std::uint64_t k = 0;
  if (format == SolveFormat::states) out += format_state(s, notation) + "\n";
  if (format == SolveFormat::json)
    out += fmt::format(
        R"({{"count":"{}","double":{},"from":"{}","offset":"0","pieces":{},"puzzle":"rings",)"
        R"("rings":{},"tie":null,"to":"{}","moves":[)",
        distance(from, to, mode).get_str(), mode == Mode::double_moves,
        format_state(from, notation), from.size(), from.size(), format_state(to, notation));
  solve(from, to, mode, [&](const Move& m) {
    ++k;
    switch (format) {
      case SolveFormat::moves:
        out += fmt::format("{}: {}\n", k, to_string(m));
        break;
      case SolveFormat::toggles:
        out += m.is_pair() ? "1+2\n" : fmt::format("{}\n", m.ring());
        break;
      case SolveFormat::states:
        apply(s, m);
        out += format_state(s, notation) + "\n";
        break;
      case SolveFormat::json:
        out += k == 1 ? "\n" : ",\n";
        out += answers::move(m).dump();  // the one move serializer's text
        break;
    }
    return true;
  });
  if (format == SolveFormat::json) out += "\n]}\n";
  return out;
}

constexpr SolveFormat kFormats[] = {SolveFormat::moves, SolveFormat::toggles, SolveFormat::states,
                                    SolveFormat::json};

State random_state(std::uint64_t rings, std::mt19937_64& rng) {
  std::vector<std::uint64_t> words((rings + 63) / 64);
  for (auto& w : words) w = rng();
  return State::from_words(rings, std::move(words));
}

void expect_same(const State& from, const State& to, Mode mode, SolveFormat format,
                 Notation notation = Notation::binary) {
  const std::string want = plain(from, to, mode, format, notation);
  const std::string got = fast(from, to, mode, format, notation);
  ASSERT_EQ(got.size(), want.size())
      << format_state(from, Notation::binary) << " -> " << format_state(to, Notation::binary)
      << " format " << int(format) << " double " << (mode == Mode::double_moves);
  ASSERT_TRUE(got == want) << format_state(from, Notation::binary) << " -> "
                           << format_state(to, Notation::binary) << " format " << int(format)
                           << " double " << (mode == Mode::double_moves);
}

TEST(SolveFormat, AllOnToAllOffAndBackForEveryN) {
  for (std::uint64_t n = 1; n <= 18; ++n)
    for (const Mode mode : {Mode::single, Mode::double_moves})
      for (const SolveFormat format : kFormats) {
        expect_same(State::all_on(n), State::all_off(n), mode, format);
        expect_same(State::all_off(n), State::all_on(n), mode, format);
      }
}

TEST(SolveFormat, RandomStatesUpTo20Rings) {
  std::mt19937_64 rng(20);
  for (std::uint64_t n = 1; n <= 20; ++n)
    for (int i = 0; i < 6; ++i) {
      const State a = random_state(n, rng), b = random_state(n, rng);
      for (const Mode mode : {Mode::single, Mode::double_moves})
        for (const SolveFormat format : kFormats) expect_same(a, b, mode, format);
    }
}

TEST(SolveFormat, OtherNotations) {
  std::mt19937_64 rng(7);
  for (const Notation notation : {Notation::ring1_first, Notation::decimal, Notation::cleve})
    for (const std::uint64_t n : {5, 12, 40})
      for (const Mode mode : {Mode::single, Mode::double_moves}) {
        const State a = random_state(n, rng);
        const mpz_class r = rank(a);
        // At most half the path away, so that one of r + step and r - step is on it.
        const mpz_class step = std::min(mpz_class(3000), mpz_class(mpz_class(1) << (n - 1)));
        const State b = unrank(r + step < (mpz_class(1) << n) ? mpz_class(r + step) : r - step, n);
        expect_same(a, b, mode, SolveFormat::states, notation);
        expect_same(b, a, mode, SolveFormat::json, notation);
      }
}

// Lines of up to 63 rings are written a whole block at a time (rings 1..k's characters ORed
// with the rest): both line widths, both directions, both modes, both bit orders.
TEST(SolveFormat, ShortStatesInWholeBlocks) {
  std::mt19937_64 rng(31);
  for (const std::uint64_t n : {21, 31, 32, 47, 63})
    for (const Notation notation : {Notation::binary, Notation::ring1_first})
      for (const Mode mode : {Mode::single, Mode::double_moves}) {
        const State a = random_state(n, rng);
        const mpz_class r = rank(a);
        const mpz_class step = 5000 + rng() % 3000;
        const State b = unrank(r + step < (mpz_class(1) << n) ? mpz_class(r + step) : r - step, n);
        expect_same(a, b, mode, SolveFormat::states, notation);
        expect_same(b, a, mode, SolveFormat::states, notation);
      }
}

// States of more than 64 rings: blocks are cut in the lowest rank word; walks that stay in it,
// pass its top bit (the move of ring 64), or carry into the next word.
TEST(SolveFormat, ManyRingsAroundWordBoundaries) {
  std::mt19937_64 rng(64);
  const mpz_class word = mpz_class(1) << 64;
  for (const std::uint64_t n : {64, 70, 130})
    for (int high = 0; high < (n > 64 ? 3 : 1); ++high) {
      const mpz_class base = n > 64 ? mpz_class(high) * word : mpz_class(0);
      const std::pair<mpz_class, mpz_class> spans[] = {
          {base + 5, base + 300'000},
          {base + (word >> 1) - 100'000, base + (word >> 1) + 100'000},
          {base + word - 200'000, base + word - 1},
          {base + word - 50'000, base + word + 70'000},
      };
      for (const auto& [lo, hi] : spans) {
        if (hi >= (mpz_class(1) << n)) continue;
        const State a = unrank(lo, n), b = unrank(hi, n);
        for (const Mode mode : {Mode::single, Mode::double_moves})
          for (const SolveFormat format : {SolveFormat::moves, SolveFormat::toggles}) {
            expect_same(a, b, mode, format);
            expect_same(b, a, mode, format);
          }
      }
      // States of many rings, line patched in place.
      const State a = random_state(n, rng);
      expect_same(a, unrank(rank(a) ^ mpz_class(0xfff), n), Mode::single, SolveFormat::states);
    }
}

// A list of moves one made is written as the same moves of a solution are.
TEST(SolveFormat, MoveListAsASolution) {
  std::mt19937_64 rng(7);
  for (const Mode mode : {Mode::single, Mode::double_moves})
    for (int i = 0; i < 20; ++i) {
      const State a = random_state(9, rng), b = random_state(9, rng);
      std::vector<Move> moves;
      solve(a, b, mode, [&](const Move& m) {
        moves.push_back(m);
        return true;
      });
      for (const SolveFormat format :
           {SolveFormat::moves, SolveFormat::toggles, SolveFormat::states})
        for (const Notation notation : {Notation::binary, Notation::decimal}) {
          std::string out;
          write_move_list(a, moves, format, notation, [&](std::string_view s) { out.append(s); });
          EXPECT_EQ(out, fast(a, b, mode, format, notation));
        }
    }
}

// The family's lists (every puzzle but the rings, whose states are bits): the fast writer
// (slots made once, lines in registers, the rings' blocks for toggles of the rings' rule)
// against a line at a time through write_piece_move and answers::move.
std::string piece_plain(const Problem& q, SolveFormat format) {
  std::string out;
  if (format == SolveFormat::json) {
    out = solution_head(q).dump();
    out.back() = ',';
    out += "\"moves\":[\n";
  }
  family::Pieces s = q.digits[0];
  write_piece_start(s, format, out);
  std::uint64_t step = 0;
  family::solve(q.puzzle, q.digits[0], q.digits[1], [&](const family::PieceMove& m) {
    ++step;
    if (format == SolveFormat::json) {
      if (step > 1) out += ",\n";
      out += move(q.puzzle, m).dump();
    } else {
      write_piece_move(q.puzzle, step, m, s, format, out);
    }
    return true;
  });
  if (format == SolveFormat::json) out += step ? "\n]}\n" : "]}\n";
  return out;
}

Problem piece_problem(const family::Puzzle& p, const family::Pieces& a, const family::Pieces& b) {
  const std::string n = std::to_string(a.size());
  const std::string from = family::format_pieces(a), to = family::format_pieces(b);
  auto q = read_problem({.puzzle = p.name,
                         .pieces = n,
                         .states = {{"--from", from}, {"--to", to}},
                         .max_pieces = family::kMaxPieces});
  EXPECT_TRUE(q.ok()) << p.name << " " << from << " " << to;
  return *q;
}

void expect_same_pieces(const family::Puzzle& p, const family::Pieces& a, const family::Pieces& b) {
  const Problem q = piece_problem(p, a, b);
  for (const SolveFormat format : kFormats) {
    if (format == SolveFormat::toggles && p.positions != 2) continue;  // refused: no toggles
    std::string got;
    write_solution(q, format, [&](std::string_view s) { got.append(s); });
    const std::string want = piece_plain(q, format);
    ASSERT_EQ(got.size(), want.size()) << p.name << " " << family::format_pieces(a) << " -> "
                                       << family::format_pieces(b) << " format " << int(format);
    ASSERT_TRUE(got == want) << p.name << " " << family::format_pieces(a) << " -> "
                             << family::format_pieces(b) << " format " << int(format);
  }
}

family::Pieces random_pieces(const family::Puzzle& p, std::uint64_t n, std::mt19937_64& rng) {
  family::Pieces s(n);
  for (auto& d : s) d = static_cast<std::uint8_t>(rng() % p.positions);
  return s;
}

TEST(SolveFormat, FamilyStartToGoalAndBack) {
  for (const auto& p : family::catalogue()) {
    if (p.notations) continue;  // the rings: the tests above
    for (std::uint64_t n = 1; n <= 9; ++n) {
      const auto a = family::all_at(n, p.start), b = family::all_at(n, p.goal);
      expect_same_pieces(p, a, b);
      expect_same_pieces(p, b, a);
    }
  }
}

TEST(SolveFormat, FamilyRandomStates) {
  std::mt19937_64 rng(5);
  for (const auto& p : family::catalogue()) {
    if (p.notations) continue;
    for (const std::uint64_t n : {1, 2, 3, 5, 8, 11})
      for (int i = 0; i < 8; ++i)
        expect_same_pieces(p, random_pieces(p, n, rng), random_pieces(p, n, rng));
  }
}

// Other keys of the Hexadecimal Puzzle: their moves and arrangements differ from the catalogue's.
TEST(SolveFormat, FamilyHexadecimalKeys) {
  std::mt19937_64 rng(16);
  for (unsigned key = 0; key < 16; ++key) {
    const auto p = *family::parse_puzzle(fmt::format("hexadecimal:{:04b}", key));
    for (int i = 0; i < 4; ++i)
      expect_same_pieces(p, random_pieces(p, 7, rng), random_pieces(p, 7, rng));
  }
}

// Lines of 31/32 and 63/64 pieces (both register widths and the patched line), long walks
// whose toggles are written in whole blocks (the rings' rule), and only the low pieces apart so
// that the walks stay short.
TEST(SolveFormat, FamilyLineWidthsAndLongWalks) {
  std::mt19937_64 rng(64);
  for (const auto& p : family::catalogue()) {
    if (p.notations) continue;
    for (const std::uint64_t n : {15, 16, 30, 31, 32, 33, 62, 63, 64, 65, 200}) {
      const auto a = random_pieces(p, n, rng);
      auto b = a;
      const std::uint64_t low = std::min<std::uint64_t>(n, p.positions == 2 ? 18 : 11);
      for (std::uint64_t i = 0; i < low; ++i) b[i] = static_cast<std::uint8_t>(rng() % p.positions);
      expect_same_pieces(p, a, b);
    }
  }
}

// Piece numbers of seven digits (past the writer's table of numbers): one move of the Towers of
// Hanoi's disc 1,000,002, the discs below it all on the third peg.
TEST(SolveFormat, FamilyLargePieceNumbers) {
  const auto p = *family::parse_puzzle("hanoi");
  family::Pieces a = family::all_at(1'000'003, 2);
  a[1'000'001] = 0;
  auto b = a;
  b[1'000'001] = 1;
  expect_same_pieces(p, a, b);
}

}  // namespace
}  // namespace rings::answers
