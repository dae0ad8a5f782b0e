// ListChecker's fast paths (long runs of lines in the exact shapes `rings solve` writes) against
// the same checker fed one line at a time, which never takes them: same report, same first
// illegal move and rule, same error, for random lists with bad lines at random places.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/verify.hpp"

namespace rings {
namespace {

struct Outcome {
  std::string answer;  // "stopped", "went on" or the error
  std::string report;
  std::uint64_t moves = 0;
};

Outcome outcome(const ListChecker& c, const Result<bool>& fed) {
  return {fed ? (*fed ? "went on" : "stopped") : fed.error(), report_text(c.report()),
          c.report().moves};
}

// The whole text in pieces of whole lines cut at random (the fast paths run inside a piece).
Outcome in_pieces(const std::string& text, const ListChecker& fresh, std::mt19937_64& rng) {
  ListChecker c = fresh;
  Result<bool> fed = true;
  std::size_t at = 0;
  while (at < text.size() && fed && *fed) {
    std::size_t cut = std::min(text.size(), at + 1 + rng() % 5000);
    cut = text.find('\n', cut);
    cut = cut == std::string::npos ? text.size() : cut + 1;
    fed = c.feed(std::string_view(text).substr(at, cut - at));
    at = cut;
  }
  return outcome(c, fed);
}

// Line by line: each piece is shorter than a fast run, so only the general path reads it.
Outcome by_line(const std::vector<std::string>& lines, const ListChecker& fresh) {
  ListChecker c = fresh;
  Result<bool> fed = true;
  for (const auto& line : lines) {
    fed = c.feed(line + "\n");
    if (!fed || !*fed) break;
  }
  return outcome(c, fed);
}

// A random state whose low rings are all off now and then (so that rings above 64 move).
State random_state(std::uint64_t n, std::mt19937_64& rng) {
  std::vector<std::uint64_t> words((n + 63) / 64);
  for (auto& w : words) w = rng();
  if (rng() % 3 == 0) words[0] = 0;
  if (rng() % 5 == 0 && words.size() > 1) words[0] = std::uint64_t{1} << 63;
  return State::from_words(n, std::move(words));
}

// A legal walk of `length` moves from `from` that never undoes its last move: it runs along the
// Gray path (the ruler sequence long lists are made of), in double mode taking pair moves or not.
std::vector<Move> walk(State s, Mode mode, std::size_t length, std::mt19937_64& rng) {
  std::vector<Move> out;
  std::optional<Move> last;  // none yet
  while (out.size() < length) {
    const LegalMoves legal = legal_moves(s, mode);
    std::vector<Move> choices;
    for (const Move& m : legal)
      if (!last || m.ring() != last->ring() || m.is_pair() != last->is_pair())
        choices.push_back(m);  // no undoing
    if (choices.empty()) choices.assign(legal.begin(), legal.end());
    const Move m = choices[rng() % choices.size()];
    apply(s, m);
    out.push_back(m);
    last = m;
  }
  return out;
}

std::string line_of(const Move& m, const State& after, ListFormat format, Notation notation,
                    std::uint64_t number, bool numbered) {
  switch (format) {
    case ListFormat::toggles:
      return m.is_pair() ? "1+2" : std::to_string(m.ring());
    case ListFormat::moves:
      return (numbered ? std::to_string(number) + ": " : "") + to_string(m);
    default:
      return format_state(after, notation);
  }
}

// A line that may be wrong: another ring, the wrong direction, a bad number or character,
// white space, an empty line, a ring out of range, two rings at once...
std::string damaged(std::string line, const Move& m, std::uint64_t n, std::mt19937_64& rng) {
  switch (rng() % 8) {
    case 0:
      return std::to_string(1 + rng() % std::min<std::uint64_t>(n, 70));
    case 1:
      return "ring " + std::to_string(1 + rng() % std::min<std::uint64_t>(n, 70)) +
             (rng() % 2 ? " on" : " off");
    case 2:
      return line + (rng() % 2 ? "\r" : " ");
    case 3:
      return "";
    case 4:
      if (!line.empty()) line[rng() % line.size()] = "01x2 :+9"[rng() % 8];
      return line;
    case 5:
      return std::to_string(n + 1 + rng() % 3);
    case 6:
      return m.is_pair() ? "rings 1+2 " + std::string(m.on() ? "off" : "on") : "rings 1+2 on";
    default:
      if (!line.empty()) line.erase(rng() % line.size(), 1);
      return line;
  }
}

void check_many(std::uint64_t n, ListFormat format, Notation notation, int lists) {
  std::mt19937_64 rng(n * 131 + static_cast<int>(format) * 7 + static_cast<int>(notation));
  for (int i = 0; i < lists; ++i) {
    const Mode mode = i % 2 ? Mode::double_moves : Mode::single;
    const bool numbered = rng() % 3 != 0;
    const State from = random_state(n, rng);
    const std::vector<Move> moves = walk(from, mode, 200 + rng() % 3000, rng);
    State s = from;
    std::vector<State> before;  // the state before each move
    std::vector<std::string> lines;
    const bool states = format == ListFormat::states;
    if (states) lines.push_back(format_state(from, notation));
    for (std::size_t j = 0; j < moves.size(); ++j) {
      before.push_back(s);
      apply(s, moves[j]);
      lines.push_back(line_of(moves[j], s, format, notation, j + 1, numbered));
    }
    // Half the lists stay legal to the end; the others get up to three damaged lines (in a
    // states list, often one ring changed that may not move).
    if (i % 4 >= 2)
      for (int d = 0, count = 1 + rng() % 3; d < count; ++d) {
        const std::size_t j = rng() % moves.size(), at = j + states;
        if (states && rng() % 2) {
          State t = before[j];
          t.toggle(1 + rng() % std::min<std::uint64_t>(n, 70));
          lines[at] = format_state(t, notation);
        } else {
          lines[at] = damaged(lines[at], moves[j], n, rng);
        }
      }
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    if (rng() % 2) text.pop_back();  // a last line without its newline
    const State to = rng() % 2 ? s : random_state(n, rng);
    const ListChecker fresh(from, to, mode, format, notation, format == ListFormat::states);
    const Outcome fast = in_pieces(text, fresh, rng);
    const Outcome slow = by_line(lines, fresh);
    ASSERT_EQ(fast.answer, slow.answer) << n << " rings, list " << i;
    ASSERT_EQ(fast.report, slow.report) << n << " rings, list " << i;
    ASSERT_EQ(fast.moves, slow.moves) << n << " rings, list " << i;
  }
}

class FastPaths : public testing::TestWithParam<std::uint64_t> {};

TEST_P(FastPaths, Toggles) { check_many(GetParam(), ListFormat::toggles, Notation::binary, 40); }
TEST_P(FastPaths, Moves) { check_many(GetParam(), ListFormat::moves, Notation::binary, 40); }
TEST_P(FastPaths, StatesRingNFirst) {
  check_many(GetParam(), ListFormat::states, Notation::binary, 40);
}
TEST_P(FastPaths, StatesRing1First) {
  check_many(GetParam(), ListFormat::states, Notation::ring1_first, 40);
}

INSTANTIATE_TEST_SUITE_P(VerifyFast, FastPaths, testing::Values(2, 5, 9, 10, 63, 64, 65, 130, 1000),
                         [](const auto& info) { return std::to_string(info.param) + "Rings"; });

// A long optimal list read in big pieces is taken by the fast paths from end to end (the line
// by line reading above is the reference); its report names the right count.
TEST(VerifyFast, LongOptimalListsInEveryFormat) {
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (ListFormat format : {ListFormat::toggles, ListFormat::moves, ListFormat::states}) {
      const std::uint64_t n = 16;
      const State from = State::all_on(n), to = State::all_off(n);
      std::string text =
          format == ListFormat::states ? format_state(from, Notation::binary) + "\n" : "";
      State s = from;
      std::uint64_t number = 0;
      while (s != to) {
        const LegalMoves legal = legal_moves(s, mode);
        // the optimal move: the one that lowers the distance
        for (const Move& m : legal) {
          State t = s;
          apply(t, m);
          if (distance(t, to, mode) < distance(s, to, mode)) {
            s = t;
            text += line_of(m, s, format, Notation::binary, ++number, true) + "\n";
            break;
          }
        }
      }
      ListChecker c(from, to, mode, format, Notation::binary);
      ASSERT_TRUE(*c.feed(text));
      EXPECT_EQ(report_text(c.report()),
                fmt::format("ok: {} moves, target reached, optimal", number));
    }
}

}  // namespace
}  // namespace rings
