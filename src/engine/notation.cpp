#include "rings/notation.hpp"

#include <fmt/format.h>
#include <gmpxx.h>

#include <algorithm>

#include "chars.hpp"

namespace rings {

namespace {

// The length of the well-formed UTF-8 character at the start of `s` (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s) {
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = at(0);
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    n = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    n = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    n = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  }
  if (n == 0 || s.size() < n || at(1) < low || at(1) > high) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if ((at(i) & 0xc0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max) {
  std::string out;
  const auto escape = [&](std::string_view bytes) {
    for (const char c : bytes) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
  };
  for (std::size_t i = 0; i < text.size() && out.size() <= max;) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (byte < 0x20 || byte == 0x7f)
        escape(text.substr(i, 1));
      else
        out += text[i];
      ++i;
      continue;
    }
    // C1 controls (U+0080..U+009F, such as CSI, U+009B) act like escape sequences on many
    // terminals, and a byte that is not UTF-8 may be one in an 8-bit terminal: both as \xNN.
    const std::size_t n = utf8_length(text.substr(i));
    if (n == 0 || (n == 2 && byte == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0))
      escape(text.substr(i, n ? n : 1));
    else
      out += text.substr(i, n);
    i += n ? n : 1;
  }
  if (out.size() <= max) return out;
  // Cut on a character boundary, not inside a UTF-8 sequence.
  std::size_t cut = max - 3;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xc0) == 0x80) --cut;
  out.resize(cut);
  return out + "...";
}

std::string quote_input(std::string_view text, std::size_t max) {
  return "'" + printable(text, max + 2) + "'";
}

namespace {

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::string shown(char c) {
  if (c >= 0x20 && c < 0x7f) return fmt::format("'{}'", c);
  return fmt::format("byte 0x{:02x}", static_cast<unsigned char>(c));
}

// The character at s[i] as a field of an error: the whole UTF-8 character ('２' rather than its
// first byte), printable.
std::string character_at(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  const std::size_t n = lead < 0xc0 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
  return printable(s.substr(i, n), 16);
}

std::string rings_word(std::uint64_t n) { return fmt::format("{} ring{}", n, n == 1 ? "" : "s"); }

using detail::eight_chars, detail::kOnes, detail::kZeros;

// Multiplying the low bits of eight bytes by these gathers them into the top byte: character k
// as bit k, or as bit 7-k.
constexpr std::uint64_t kInOrder = 0x0102040810204080, kReversed = 0x8040201008040201;

Result<State> parse_bits(std::string_view s, std::optional<std::uint64_t> rings, bool ring1_first) {
  if (s.size() > kMaxRings)
    return Error{fmt::format("a state of {} rings is too large (at most {})", s.size(), kMaxRings),
                 "too_many_rings",
                 {{"rings", s.size()}, {"max", kMaxRings}}};
  // Eight characters at a time: each must be 0x30 or 0x31.
  std::uint64_t bad = 0;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) bad |= (eight_chars(&s[i]) & ~kOnes) ^ kZeros;
  if (bad) i = 0;
  for (; i < s.size(); ++i)
    if (s[i] != '0' && s[i] != '1')
      return Error{fmt::format("position {}: expected 0 or 1, found {}", i + 1, shown(s[i])),
                   "bad_digit",
                   {{"position", i + 1}, {"found", character_at(s, i)}}};
  if (rings && s.size() != *rings)
    return Error{fmt::format("the state has {} but the puzzle has {}", rings_word(s.size()),
                             rings_word(*rings)),
                 "wrong_length",
                 {{"found", s.size()}, {"rings", *rings}}};
  const std::uint64_t n = s.size();
  State state(n);
  auto words = state.words();
  // Whole words of 64 characters: ring 1 first, word j is characters 64j.. (character 64j+c is
  // bit c); ring N first, it is the 64 characters ending at n-64j (the last is bit 0).
  const std::size_t whole = n / 64;
  for (std::size_t j = 0; j < whole; ++j) {
    const char* p = s.data() + (ring1_first ? 64 * j : n - 64 * (j + 1));
    std::uint64_t w = 0;
    for (int g = 0; g < 8; ++g) {
      const std::uint64_t bits = eight_chars(p + 8 * g) & kOnes;
      w |= ring1_first ? ((bits * kInOrder) >> 56) << (8 * g)
                       : ((bits * kReversed) >> 56) << (8 * (7 - g));
    }
    words[j] = w;
  }
  for (std::uint64_t bit = 64 * whole; bit < n; ++bit) {
    // Character i is ring n-i (canonical) or ring i+1 (ring 1 first): bit n-1-i or i.
    const std::uint64_t i = ring1_first ? bit : n - 1 - bit;
    words[bit >> 6] |= std::uint64_t(s[i] - '0') << (bit & 63);
  }
  return state;
}

Result<State> parse_decimal(std::string_view s, std::uint64_t n, bool cleve) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9')
      return Error{
          fmt::format("position {}: expected a decimal digit, found {}", i + 1, shown(s[i])),
          "bad_decimal_digit",
          {{"position", i + 1}, {"found", character_at(s, i)}}};
  const auto too_large = [&] {
    return Error{fmt::format("the {} state does not fit in {} (at most 2^{} - 1)",
                             cleve ? "cleve" : "decimal", rings_word(n), n),
                 "state_too_large",
                 {{"notation", std::string(cleve ? "cleve" : "decimal")}, {"rings", n}}};
  };
  // 2^n has fewer than n/3 + 2 digits: refuse longer text before converting it.
  const auto first = s.find_first_not_of('0');
  if (first != std::string_view::npos && s.size() - first > n / 3 + 2) return too_large();
  const mpz_class v(std::string(s), 10);
  if (v != 0 && mpz_sizeinbase(v.get_mpz_t(), 2) > n) return too_large();
  std::vector<std::uint64_t> words((n + 63) / 64, 0);
  mpz_export(words.data(), nullptr, -1, 8, 0, 0, v.get_mpz_t());
  if (cleve)
    for (auto& w : words) w = ~w;
  return State::from_words(n, std::move(words));
}

std::string to_decimal(const State& s) {
  mpz_class v;
  const auto w = s.words();
  mpz_import(v.get_mpz_t(), w.size(), -1, 8, 0, 0, w.data());
  return v.get_str(10);
}

}  // namespace

Result<Notation> parse_notation(std::string_view name) {
  if (name == "binary") return Notation::binary;
  if (name == "ring1-first") return Notation::ring1_first;
  if (name == "decimal") return Notation::decimal;
  if (name == "cleve") return Notation::cleve;
  return Error{fmt::format("unknown notation {}: expected binary, ring1-first, decimal or cleve",
                           quote_input(name)),
               "unknown_notation",
               {{"found", printable(name, 100)}}};
}

std::string_view notation_name(Notation notation) {
  switch (notation) {
    case Notation::binary:
      return "binary";
    case Notation::ring1_first:
      return "ring1-first";
    case Notation::decimal:
      return "decimal";
    case Notation::cleve:
      return "cleve";
  }
  return "binary";
}

Result<State> parse_state(std::string_view text, std::optional<std::uint64_t> rings,
                          Notation notation) {
  const std::string_view s = trim(text);
  if (s.empty()) return Error{"the state is empty", "empty_state"};
  if (rings && *rings == 0) return Error{"the puzzle needs at least 1 ring", "no_rings"};
  if (rings && *rings > kMaxRings)
    return Error{fmt::format("{} rings do not fit in memory (at most {})", *rings, kMaxRings),
                 "too_many_rings",
                 {{"rings", *rings}, {"max", kMaxRings}}};
  if (s == "on" || s == "off") {
    if (!rings)
      return Error{
          fmt::format("{} needs the number of rings (give N or a state in binary)", quote_input(s)),
          "needs_rings",
          {{"found", std::string(s)}}};
    return s == "on" ? State::all_on(*rings) : State::all_off(*rings);
  }
  switch (notation) {
    case Notation::binary:
      return parse_bits(s, rings, false);
    case Notation::ring1_first:
      return parse_bits(s, rings, true);
    case Notation::decimal:
    case Notation::cleve:
      if (!rings)
        return Error{
            fmt::format("a {} state needs the number of rings (give N)", notation_name(notation)),
            "needs_rings",
            {{"notation", std::string(notation_name(notation))}}};
      return parse_decimal(s, *rings, notation == Notation::cleve);
  }
  return Error{"unknown notation", "unknown_notation"};
}

std::optional<std::uint64_t> rings_written(std::string_view text, Notation notation) {
  if (notation != Notation::binary && notation != Notation::ring1_first) return std::nullopt;
  const std::string_view s = trim(text);
  if (s.empty() || s == "on" || s == "off") return std::nullopt;
  return s.size();
}

void append_binary(std::string& out, const State& state) {
  const auto words = state.words();
  const std::size_t start = out.size();
  out.resize(start + state.size());
  char* p = out.data() + start;
  for (std::uint64_t ring = state.size(); ring >= 1; --ring)
    *p++ = char('0' + ((words[(ring - 1) >> 6] >> ((ring - 1) & 63)) & 1));
}

std::string format_state(const State& state, Notation notation) {
  std::string out;
  switch (notation) {
    case Notation::binary:
      append_binary(out, state);
      break;
    case Notation::ring1_first:
      append_binary(out, state);
      std::reverse(out.begin(), out.end());
      break;
    case Notation::decimal:
      out = to_decimal(state);
      break;
    case Notation::cleve: {
      std::vector<std::uint64_t> w(state.words().begin(), state.words().end());
      for (auto& x : w) x = ~x;
      out = to_decimal(State::from_words(state.size(), std::move(w)));
      break;
    }
  }
  return out;
}

Result<std::uint64_t> parse_count(std::string_view text, std::string_view what, std::uint64_t max) {
  const std::string_view s = trim(text);
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return Error{fmt::format("{} must be a whole number, found {}", what, quote_input(text)),
                 "not_a_number",
                 {{"name", std::string(what)}, {"found", printable(text, 100)}}};
  std::uint64_t v = 0;
  const auto too_large = [&] {
    return Error{fmt::format("{} is too large: {} (at most {})", what, s, max),
                 "too_large",
                 {{"name", std::string(what)}, {"found", printable(s, 40)}, {"max", max}}};
  };
  for (char c : s) {
    if (v > (UINT64_MAX - (c - '0')) / 10) return too_large();
    v = v * 10 + (c - '0');
  }
  if (v > max) return too_large();
  return v;
}

}  // namespace rings
