#include "rings/notation.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>

namespace rings {
namespace {

std::string error_of(std::string_view text, std::optional<std::uint64_t> n, Notation notation) {
  auto r = parse_state(text, n, notation);
  return r ? "(parsed)" : r.error();
}

TEST(Notation, CanonicalBinaryIsRingNFirst) {
  const State s = *parse_state("110", std::nullopt, Notation::binary);
  EXPECT_TRUE(s.is_on(3));
  EXPECT_TRUE(s.is_on(2));
  EXPECT_FALSE(s.is_on(1));
  EXPECT_EQ(format_state(s, Notation::binary), "110");
  EXPECT_EQ(format_state(s, Notation::ring1_first), "011");
  EXPECT_EQ(format_state(s, Notation::decimal), "6");
  EXPECT_EQ(format_state(s, Notation::cleve), "1");  // only ring 1 is off
  EXPECT_EQ(*parse_state("011", std::nullopt, Notation::ring1_first), s);
  EXPECT_EQ(*parse_state("6", 3, Notation::decimal), s);
  EXPECT_EQ(*parse_state("1", 3, Notation::cleve), s);
}

TEST(Notation, OnOffAndWhiteSpace) {
  EXPECT_EQ(*parse_state("on", 9, Notation::binary), State::all_on(9));
  EXPECT_EQ(*parse_state(" off\n", 9, Notation::decimal), State::all_off(9));
  EXPECT_EQ(*parse_state("  101\n", std::nullopt, Notation::binary),
            *parse_state("101", 3, Notation::binary));
  EXPECT_EQ(format_state(State::all_on(6), Notation::cleve), "0");
  EXPECT_EQ(format_state(State::all_off(6), Notation::cleve), "63");
}

TEST(Notation, ErrorsSayWhatAndWhere) {
  EXPECT_EQ(error_of("1021", 4, Notation::binary), "position 3: expected 0 or 1, found '2'");
  EXPECT_EQ(error_of("", 4, Notation::binary), "the state is empty");
  EXPECT_EQ(error_of("   ", std::nullopt, Notation::binary), "the state is empty");
  EXPECT_EQ(error_of("101", 4, Notation::binary),
            "the state has 3 rings but the puzzle has 4 rings");
  EXPECT_EQ(error_of("on", std::nullopt, Notation::binary),
            "'on' needs the number of rings (give N or a state in binary)");
  EXPECT_EQ(error_of("8", 3, Notation::decimal),
            "the decimal state does not fit in 3 rings (at most 2^3 - 1)");
  EXPECT_EQ(error_of("12x", 8, Notation::decimal),
            "position 3: expected a decimal digit, found 'x'");
  EXPECT_EQ(error_of("5", std::nullopt, Notation::cleve),
            "a cleve state needs the number of rings (give N)");
  EXPECT_EQ(error_of("10\x01", 3, Notation::binary),
            "position 3: expected 0 or 1, found byte 0x01");
  EXPECT_EQ(error_of("1", 0, Notation::binary), "the puzzle needs at least 1 ring");
  EXPECT_EQ(error_of(std::string(400, '9'), 1000, Notation::decimal),
            "the decimal state does not fit in 1000 rings (at most 2^1000 - 1)");
  EXPECT_FALSE(parse_notation("hex").ok());
  EXPECT_EQ(parse_notation("hex").error(),
            "unknown notation 'hex': expected binary, ring1-first, decimal or cleve");
}

TEST(Notation, RoundTripsEveryNotationForLargeStates) {
  std::mt19937_64 rng(5);
  for (std::uint64_t n : {1, 63, 64, 65, 200, 5000}) {
    std::vector<std::uint64_t> w((n + 63) / 64);
    for (auto& x : w) x = rng();
    const State s = State::from_words(n, w);
    for (Notation nt :
         {Notation::binary, Notation::ring1_first, Notation::decimal, Notation::cleve}) {
      auto back = parse_state(format_state(s, nt), n, nt);
      ASSERT_TRUE(back.ok()) << back.error();
      ASSERT_EQ(*back, s) << notation_name(nt) << " n=" << n;
      ASSERT_EQ(*parse_notation(notation_name(nt)), nt);
    }
  }
}

// Long states are read eight characters at a time: the error still names the first bad one.
TEST(Notation, TheFirstBadCharacterOfALongState) {
  for (std::size_t at : {0, 7, 8, 63, 64, 130, 199}) {
    std::string s(200, '1');
    s[at] = at % 2 ? '2' : '/';  // the characters around '0' and '1'
    s[199] = 'x';
    EXPECT_EQ(error_of(s, 200, Notation::ring1_first),
              fmt::format("position {}: expected 0 or 1, found '{}'", at + 1, s[at]));
  }
}

TEST(Notation, RingsWrittenInTheStateItself) {
  EXPECT_EQ(rings_written(" 10110\n", Notation::binary), 5u);
  EXPECT_EQ(rings_written("1a1", Notation::ring1_first), 3u);  // parse_state reports the 'a'
  EXPECT_EQ(rings_written("on", Notation::binary), std::nullopt);
  EXPECT_EQ(rings_written("off", Notation::binary), std::nullopt);
  EXPECT_EQ(rings_written("  ", Notation::binary), std::nullopt);
  EXPECT_EQ(rings_written("101", Notation::decimal), std::nullopt);
  EXPECT_EQ(rings_written("101", Notation::cleve), std::nullopt);
}

TEST(Notation, Counts) {
  EXPECT_EQ(*parse_count("42", "N"), 42u);
  EXPECT_EQ(parse_count("4x", "N").error(), "N must be a whole number, found '4x'");
  EXPECT_EQ(parse_count("-1", "N").error(), "N must be a whole number, found '-1'");
  EXPECT_EQ(parse_count("99999999999999999999", "N").error(),
            "N is too large: 99999999999999999999 (at most 18446744073709551615)");
  EXPECT_EQ(parse_count("11", "k", 10).error(), "k is too large: 11 (at most 10)");
}

}  // namespace
}  // namespace rings

// Error messages quote input: what could act on a terminal is shown as \xNN bytes, the rest of
// UTF-8 as it is.
TEST(Notation, PrintableEscapesControlsInEveryForm) {
  EXPECT_EQ(rings::printable("a\x1b[2J\x7f", 100), "a\\x1b[2J\\x7f");
  // C1 controls: CSI as a raw byte and as UTF-8 (U+009B), and U+0085 (NEL).
  EXPECT_EQ(rings::printable("\x9b"
                             "31m",
                             100),
            "\\x9b31m");
  EXPECT_EQ(rings::printable("\xc2\x9b"
                             "31m \xc2\x85",
                             100),
            "\\xc2\\x9b31m \\xc2\\x85");
  // Not UTF-8: stray continuation bytes, an overlong NUL, a surrogate, a cut sequence.
  EXPECT_EQ(rings::printable("\x80\xc0\x80\xed\xa0\x80\xe4\xb9", 100),
            "\\x80\\xc0\\x80\\xed\\xa0\\x80\\xe4\\xb9");
  // Printable UTF-8 (U+00A0 and up) is kept.
  const std::string text =
      "ring \xc2\xa0\xc3\xa9 \xe4\xb9\x9d\xe9\x80\xa3\xe7\x92\xb0 \xf0\x9f\x92\x8d";
  EXPECT_EQ(rings::printable(text, 100), text);
  // Applying it twice changes nothing, cut or not.
  for (const std::string s : {std::string("\x9b\xc2\x9b\x01 x"), std::string(300, '\x9b')})
    EXPECT_EQ(rings::printable(rings::printable(s, 50), 50), rings::printable(s, 50));
}
