#include "rings/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <utility>

#include "chars.hpp"

namespace rings {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool starts_with_word(std::string_view& s, std::string_view word) {
  if (s.substr(0, word.size()) != word) return false;
  s.remove_prefix(word.size());
  s = trim(s);
  return true;
}

// A decimal number at the front of s (consumed); nothing when there is none or it overflows.
std::optional<std::uint64_t> take_number(std::string_view& s) {
  std::size_t i = 0;
  std::uint64_t v = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    if (v > (UINT64_MAX - (s[i] - '0')) / 10) return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  if (i == 0) return std::nullopt;
  s.remove_prefix(i);
  return v;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// The words of a line, split at blanks, commas and semicolons, in lower case.
std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto sep = [](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';';
    };
    while (i < s.size() && sep(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !sep(s[i])) ++i;
    if (i > start) out.push_back(lower(s.substr(start, i - start)));
  }
  return out;
}

bool has_word(const std::vector<std::string>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

constexpr std::string_view kFormats =
    " (a move list is moves 'ring 3 off', toggles '3', states, or JSON as rings solve --json "
    "writes it)";

}  // namespace

Result<ListFormat> parse_list_format(std::string_view name) {
  if (name == "detect" || name == "auto") return ListFormat::detect;
  if (name == "moves") return ListFormat::moves;
  if (name == "toggles") return ListFormat::toggles;
  if (name == "states") return ListFormat::states;
  if (name == "json") return ListFormat::json;
  return Error{fmt::format("unknown list format {}: expected moves, toggles, states or json",
                           quote_input(name)),
               "unknown_list_format",
               {{"found", printable(name, 100)}}};
}

Result<ListItem> MoveListParser::parse_line(std::string_view line) {
  ++line_;
  const std::string_view s = trim(line);
  if (s.empty()) return ListItem{};
  if (format_ == ListFormat::detect) {
    const auto words = words_of(s);
    const bool bits =
        s.size() == rings_ && s.find_first_not_of("01") == s.npos && (rings_ > 1 || s == "0");
    const bool numbered =
        (notation_ == Notation::decimal || notation_ == Notation::cleve) && all_digits(s);
    format_ = has_word(words, "ring") || has_word(words, "rings") || has_word(words, "on") ||
                      has_word(words, "off") || lower(s).find("ring") != std::string::npos
                  ? ListFormat::moves
              : bits || numbered ? ListFormat::states
                                 : ListFormat::toggles;
  }
  const auto moves_before = moves_;
  Result<ListItem> item = format_ == ListFormat::moves     ? parse_move(s)
                          : format_ == ListFormat::toggles ? parse_toggle(s)
                                                           : [&]() -> Result<ListItem> {
    auto st = parse_state(s, rings_, notation_);
    if (!st) return st.failure();
    return ListItem{std::move(*st)};
  }();
  if (!item) {
    moves_ = moves_before;  // the lenient reading may take the line again
    return item.failure().within(fmt::format("line {}", line_), "line", line_);
  }
  return item;
}

Result<bool> MoveListParser::parse_lenient(std::string_view line, std::vector<ListItem>& out) {
  if (format_ == ListFormat::states || format_ == ListFormat::json) return false;
  const auto words = words_of(line);
  std::uint64_t moves = moves_;
  for (std::size_t i = 0; i < words.size();) {
    std::string_view w = words[i];
    if (w.size() > 1 && w.back() == ':' && all_digits(w.substr(0, w.size() - 1))) {
      std::string_view digits = w.substr(0, w.size() - 1);
      const auto number = take_number(digits);
      if (!number || *number != moves + 1) return false;  // the strict error says more
      ++i;
      continue;
    }
    if (w == "ring" || w == "rings") {
      if (++i == words.size()) return false;
      w = words[i];
    }
    const bool pair = w == "1+2";
    std::string_view digits = w;
    const auto ring = pair ? std::optional<std::uint64_t>(1) : take_number(digits);
    if (!ring || (!pair && !digits.empty()) || *ring == 0 || *ring > rings_) return false;
    ++i;
    ++moves;
    if (i < words.size() && (words[i] == "on" || words[i] == "off")) {
      const bool on = words[i++] == "on";
      out.push_back(pair ? Move::pair(on) : Move::single(*ring, on));
    } else {
      out.push_back(Toggle{*ring, pair});
    }
  }
  moves_ = moves;
  return !out.empty();
}

Result<ListItem> MoveListParser::parse_move(std::string_view s) {
  const std::string_view original = s;
  ++moves_;
  if (s[0] >= '0' && s[0] <= '9') {  // "12: ring 3 off": the number must count the moves
    const auto number = take_number(s);
    if (!number || s.empty() || s[0] != ':')
      return Error{
          fmt::format("expected a move like '12: ring 3 off', found {}", quote_input(original)),
          "bad_move",
          {{"found", printable(original, 40)}}};
    if (*number != moves_)
      return Error{fmt::format("move numbered {} where move {} was expected", *number, moves_),
                   "wrong_move_number",
                   {{"number", *number}, {"expected", moves_}}};
    s = trim(s.substr(1));
  }
  bool pair = false;
  Ring ring = 1;
  if (starts_with_word(s, "rings")) {
    if (!starts_with_word(s, "1+2"))
      return Error{fmt::format("only rings 1+2 move together, found {}", quote_input(original)),
                   "bad_pair",
                   {{"found", printable(original, 40)}}};
    pair = true;
  } else if (starts_with_word(s, "ring")) {
    const auto r = take_number(s);
    if (!r || *r == 0 || *r > rings_)
      return Error{
          fmt::format("expected a ring from 1 to {}, found {}", rings_, quote_input(original)),
          "bad_ring",
          {{"rings", rings_}, {"found", printable(original, 40)}}};
    ring = *r;
    s = trim(s);
  } else {
    return Error{fmt::format("expected a move like 'ring 3 off', found {}", quote_input(original)),
                 "bad_move",
                 {{"found", printable(original, 40)}}};
  }
  if (s != "on" && s != "off")
    return Error{
        fmt::format("expected 'on' or 'off' after the ring, found {}", quote_input(original)),
        "bad_direction",
        {{"found", printable(original, 40)}}};
  const bool on = s == "on";
  return ListItem{pair ? Move::pair(on) : Move::single(ring, on)};
}

Result<ListItem> MoveListParser::parse_toggle(std::string_view s) {
  ++moves_;
  if (s == "1+2") return ListItem{Toggle{1, true}};
  std::string_view rest = s;
  const auto ring = take_number(rest);
  if (!ring || !rest.empty() || *ring == 0 || *ring > rings_)
    return Error{
        fmt::format("expected a ring number from 1 to {} or 1+2, found {}", rings_, quote_input(s)),
        "bad_toggle",
        {{"rings", rings_}, {"found", printable(s, 40)}}};
  return ListItem{Toggle{*ring, false}};
}

bool Verifier::fail(const Reason& rule) {
  failed_ = true;
  rule_ = rule;
  return false;
}

bool Verifier::step(const Move& move) {
  if (failed_) return false;
  const Ring k = move.ring();
  // Fast path: a single move of a ring up to 64 needs only the lowest word.
  if (!move.is_pair() && k >= 1 && k <= 64 && k <= state_.size()) {
    std::uint64_t& w = state_.words()[0];
    const std::uint64_t bit = std::uint64_t{1} << (k - 1);
    const std::uint64_t below = bit - 1;
    if (((w & bit) != 0) != move.on() && (k == 1 || (w & below) == (bit >> 1))) {
      w ^= bit;
      ++moves_;
      return true;
    }
  } else if (!move.is_pair() && k > 64) {
    if (step_high(move)) return true;
  } else if (is_legal(state_, move, mode_)) {
    apply(state_, move);
    ++moves_;
    return true;
  }
  return fail(*why_illegal(state_, move, mode_));
}

Ring Verifier::lowest_high() {
  if (highs_.empty() && known_to_ < state_.size()) {
    // The next ring on above known_to_ (ring r is bit r-1), or none: known up to N.
    const auto words = std::as_const(state_).words();
    std::size_t i = known_to_ / 64;
    std::uint64_t w = words[i] & (~std::uint64_t{0} << (known_to_ % 64));
    while (w == 0 && ++i < words.size()) w = words[i];
    known_to_ = w == 0 ? state_.size() : i * 64 + std::countr_zero(w) + 1;
    if (w != 0) highs_.push_back(known_to_);
  }
  return highs_.empty() ? 0 : highs_.front();
}

// A single move of ring k > 64: legal when ring k-1 is the lowest ring on (ring 65: when
// ring 64 is), which moving ring k does not change; k is then the second lowest, if on.
bool Verifier::step_high(const Move& move) {
  const Ring k = move.ring();
  if (k > state_.size() || state_.is_on(k) == move.on()) return false;
  const std::uint64_t low_word = state_.words()[0];
  if (k == 65 ? low_word != std::uint64_t{1} << 63 : low_word != 0 || lowest_high() != k - 1)
    return false;
  state_.toggle(k);
  const auto second = k == 65 ? highs_.begin() : highs_.begin() + 1;
  if (move.on())
    highs_.insert(second, k);
  else if (second != highs_.end() && *second == k)
    highs_.erase(second);
  known_to_ = std::max(known_to_, k);
  ++moves_;
  return true;
}

namespace {

// The rings in which two states of the same size differ: how many (counted up to 3) and the
// first two, lowest first.
struct Difference {
  std::uint64_t count = 0;
  Ring first = 0;
  Ring second = 0;
};

Difference differing_rings(const State& from, const State& next) {
  const auto a = from.words();
  const auto b = next.words();
  Difference d;
  for (std::size_t i = 0; i < a.size() && d.count <= 2; ++i) {
    for (std::uint64_t x = a[i] ^ b[i]; x && d.count <= 2; x &= x - 1) {
      (d.count == 0 ? d.first : d.second) = i * 64 + std::countr_zero(x) + 1;
      ++d.count;
    }
  }
  return d;
}

// The move that took `before` to `after`, one legal move apart.
Move move_made(const State& before, const State& after) {
  const Difference d = differing_rings(before, after);
  return d.count == 2 ? Move::pair(after.is_on(1)) : Move::single(d.first, after.is_on(d.first));
}

}  // namespace

bool Verifier::step_to(const State& next) {
  if (failed_) return false;
  // One ring (or rings 1+2 in double mode) may change.
  const Difference d = differing_rings(state_, next);
  if (d.count == 0) return fail(Reason{Rule::no_change, Move(), mode_});
  if (d.count == 2 && d.first == 1 && d.second == 2 && mode_ == Mode::double_moves)
    return step(Move::pair(next.is_on(1)));
  if (d.count > 1) return fail(Reason{Rule::several_change, Move(), mode_, 0, d.count});
  return step(Move::single(d.first, next.is_on(d.first)));
}

VerifyReport Verifier::report() const {
  VerifyReport r;
  r.moves = moves_;
  r.legal = !failed_;
  r.illegal_move = failed_ ? moves_ + 1 : 0;
  r.rule = rule_;
  r.reached = state_ == to_;
  r.optimum = distance(start_, to_, mode_);
  r.remaining = distance(state_, to_, mode_);
  r.optimal = r.legal && r.reached && r.optimum == to_mpz(moves_);
  return r;
}

ListChecker::ListChecker(State from, State to, Mode mode, ListFormat format, Notation notation,
                         bool from_given, bool to_given)
    : parser_(from.size(), format, notation),
      to_given_(to_given),
      from_(std::move(from)),
      to_(std::move(to)),
      mode_(mode),
      notation_(notation),
      from_given_(from_given) {}

Result<bool> ListChecker::feed(std::string_view text) {
  // Below this the fast paths' set-up (a state's text, a move number's) is not worth it.
  constexpr std::size_t kFastRun = 256;
  while (!text.empty() && !stopped_) {
    if (verifier_ && text.size() >= kFastRun && kept_.size() >= keep_) {
      switch (parser_.format()) {
        case ListFormat::toggles:
          text.remove_prefix(take_toggles(text));
          break;
        case ListFormat::moves:
          text.remove_prefix(take_moves(text));
          break;
        case ListFormat::states:
          text.remove_prefix(take_states(text));
          break;
        case ListFormat::detect:
        case ListFormat::json:
          break;
      }
      if (text.empty()) break;
    }
    const void* nl = std::memchr(text.data(), '\n', text.size());
    const std::size_t end = nl ? static_cast<const char*>(nl) - text.data() : text.size();
    auto ok = feed_line(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
    if (!ok) return ok;
  }
  return !stopped_;
}

namespace {

// Whether moving ring k (1..64) is allowed by the rings below it, in the lowest word w: ring
// k-1 on and rings 1..k-2 off (nothing for ring 1).
bool free_to_move(std::uint64_t w, Ring k) {
  const std::uint64_t bit = std::uint64_t{1} << (k - 1);
  return (w & (bit - 1)) == (bit >> 1);
}

// Rings 1+2 move together when both are on or both off.
bool pair_free(std::uint64_t w) { return ((w ^ (w >> 1)) & 1) == 0; }

using detail::eight_chars, detail::kOnes, detail::kZeros;

// The decimal text of a move number, counted up in place.
class MoveNumber {
 public:
  explicit MoveNumber(std::uint64_t n) {
    const fmt::format_int text(n);
    width_ = text.size();
    std::memcpy(digits_, text.data(), width_);
  }
  bool starts(const char* p) const { return std::memcmp(p, digits_, width_) == 0; }
  std::size_t width() const { return width_; }
  void next() {
    std::size_t i = width_;
    while (i > 0 && digits_[i - 1] == '9') digits_[--i] = '0';
    if (i > 0) {
      ++digits_[i - 1];
      return;
    }
    std::memmove(digits_ + 1, digits_, width_++);
    digits_[0] = '1';
  }

 private:
  char digits_[24];
  std::size_t width_;
};

}  // namespace

// Toggles: "5\n", "12\n", "1+2\n" (double mode). Each ring's rule is one test on the lowest word.
std::size_t ListChecker::take_toggles(std::string_view text) {
  Verifier& v = *verifier_;
  const std::uint64_t top = std::min<std::uint64_t>(v.state_.size(), 64);
  const bool pairs = mode_ == Mode::double_moves && top >= 2;
  std::uint64_t w = v.state_.words()[0];
  const char* p = text.data();
  const char* const end = p + text.size();
  const std::uint64_t top_digit = std::min<std::uint64_t>(top, 9);
  std::uint64_t moves = 0;
  while (end - p >= 8) {
    // Most lines of a long list are one digit: four at a time when the next 8 bytes are so.
    const std::uint64_t v = eight_chars(p);
    if ((v & 0xff00ff00ff00ff00) == 0x0a000a000a000a00) {
      int i = 0;
      for (; i < 4; ++i) {
        const Ring k = ((v >> (16 * i)) & 0xff) - '0';
        if (k - 1 >= top_digit || !free_to_move(w, k)) break;
        w ^= std::uint64_t{1} << (k - 1);
      }
      p += 2 * i;
      moves += i;
      if (i < 4) break;  // that line goes to the general path
      continue;
    }
    const unsigned d0 = static_cast<unsigned char>(p[0] - '0');
    const unsigned d1 = static_cast<unsigned char>(p[1] - '0');
    Ring k;
    std::size_t length;
    std::uint64_t flip;
    if (d0 - 1 < 9 && p[1] == '\n') {
      k = d0;
      length = 2;
    } else if (d0 - 1 < 9 && d1 < 10 && p[2] == '\n') {
      k = d0 * 10 + d1;
      length = 3;
    } else if (pairs && std::memcmp(p, "1+2\n", 4) == 0) {
      k = 1;
      length = 4;
    } else {
      break;
    }
    if (length == 4) {
      if (!pair_free(w)) break;
      flip = 3;
    } else {
      if (k > top || !free_to_move(w, k)) break;
      flip = std::uint64_t{1} << (k - 1);
    }
    w ^= flip;
    p += length;
    ++moves;
  }
  v.state_.words()[0] = w;
  v.moves_ += moves;
  parser_.line_ += moves;
  parser_.moves_ += moves;
  return p - text.data();
}

// Moves: "12: ring 3 off\n" (the number must be the move's) or "ring 3 off\n"; "rings 1+2 on\n".
std::size_t ListChecker::take_moves(std::string_view text) {
  Verifier& v = *verifier_;
  const std::uint64_t top = std::min<std::uint64_t>(v.state_.size(), 64);
  const bool pairs = mode_ == Mode::double_moves && top >= 2;
  std::uint64_t w = v.state_.words()[0];
  MoveNumber number(parser_.moves_ + 1);
  const char* p = text.data();
  const char* const end = p + text.size();
  std::uint64_t moves = 0;
  while (end - p >= 64) {  // the longest line taken: a 20-digit number and "rings 1+2 off"
    const char* q = p;
    if (static_cast<unsigned char>(q[0] - '0') < 10) {
      if (!number.starts(q) || q[number.width()] != ':' || q[number.width() + 1] != ' ') break;
      q += number.width() + 2;
    }
    if (std::memcmp(q, "ring", 4) != 0) break;
    Ring k;
    std::uint64_t flip;
    if (q[4] == ' ') {
      const unsigned d0 = static_cast<unsigned char>(q[5] - '0');
      const unsigned d1 = static_cast<unsigned char>(q[6] - '0');
      if (d0 - 1 < 9 && q[6] == ' ') {
        k = d0;
        q += 7;
      } else if (d0 - 1 < 9 && d1 < 10 && q[7] == ' ') {
        k = d0 * 10 + d1;
        q += 8;
      } else {
        break;
      }
      if (k > top || !free_to_move(w, k)) break;
      flip = std::uint64_t{1} << (k - 1);
    } else if (pairs && std::memcmp(q + 4, "s 1+2 ", 6) == 0 && pair_free(w)) {
      k = 1;
      flip = 3;
      q += 10;
    } else {
      break;
    }
    const bool on = std::memcmp(q, "on\n", 3) == 0;
    if (!on && std::memcmp(q, "off\n", 4) != 0) break;
    if (((w >> (k - 1)) & 1) == on) break;  // the ring is already there: illegal
    w ^= flip;
    p = q + (on ? 3 : 4);
    number.next();
    ++moves;
  }
  v.state_.words()[0] = w;
  v.moves_ += moves;
  parser_.line_ += moves;
  parser_.moves_ += moves;
  return p - text.data();
}

// States in 0s and 1s: each line is compared with the one before, 8 characters at a time; the
// one character that differs names the ring (two: rings 1+2 in double mode).
std::size_t ListChecker::take_states(std::string_view text) {
  Verifier& v = *verifier_;
  const std::uint64_t n = v.state_.size();
  if (notation_ != Notation::binary && notation_ != Notation::ring1_first) return 0;
  if (text.size() <= n) return 0;
  const std::string start = format_state(v.state_, notation_);
  const auto ring_at = [&](std::size_t i) -> Ring {
    return notation_ == Notation::binary ? n - i : i + 1;
  };
  const bool pairs = mode_ == Mode::double_moves && n >= 2;
  std::uint64_t w = v.state_.words()[0];
  const char* prev = start.data();
  const char* p = text.data();
  const char* const end = p + text.size();
  std::uint64_t moves = 0;
  while (static_cast<std::size_t>(end - p) > n && p[n] == '\n') {
    // The characters that differ (up to 3 found) and whether all are 0 or 1.
    std::size_t diff[3], diffs = 0;
    std::uint64_t bad = 0;
    std::size_t i = 0;
    for (; i + 8 <= n && diffs < 3; i += 8) {
      const std::uint64_t a = eight_chars(p + i);
      bad |= (a & ~kOnes) ^ kZeros;
      if (a != eight_chars(prev + i))
        for (std::size_t j = i; j < i + 8 && diffs < 3; ++j)
          if (p[j] != prev[j]) diff[diffs++] = j;
    }
    for (; i < n && diffs < 3; ++i) {
      bad |= (p[i] & ~1) ^ '0';
      if (p[i] != prev[i]) diff[diffs++] = i;
    }
    if (bad != 0 || diffs == 0 || diffs == 3) break;
    const Ring k = ring_at(diff[0]);
    if (diffs == 1) {
      if (k > 64 || !free_to_move(w, k)) break;
      w ^= std::uint64_t{1} << (k - 1);
    } else {
      if (!pairs || std::min(k, ring_at(diff[1])) != 1 || std::max(k, ring_at(diff[1])) != 2 ||
          !pair_free(w))
        break;
      w ^= 3;
    }
    prev = p;
    p += n + 1;
    ++moves;
  }
  v.state_.words()[0] = w;
  v.moves_ += moves;
  parser_.line_ += moves;
  return p - text.data();
}

Result<bool> ListChecker::feed_line(std::string_view line) {
  if (parser_.format() == ListFormat::json) return feed_json(line);
  const std::string_view t = trim(line);
  if (parser_.format() == ListFormat::detect && !t.empty()) {
    if (t[0] == '{' || t[0] == '[') {
      parser_.set_format(ListFormat::json);
      return feed_json(line);
    }
    // One ring: "1" first is a toggle ("1\n1\n…") or the start of a states list ("1\n0\n…"):
    // the next line tells.
    if (from_.size() == 1 && t == "1" && !pending_one_) {
      pending_one_ = true;
      return true;
    }
    if (pending_one_) {
      pending_one_ = false;
      parser_.set_format(t == "0" ? ListFormat::states : ListFormat::toggles);
      auto first = feed_line("1");
      if (!first || !*first) return first;
    }
  }
  auto item = parser_.parse_line(line);
  if (!item) {
    std::vector<ListItem> items;
    const auto lenient = parser_.parse_lenient(line, items);
    if (!lenient || !*lenient) {
      Error e = item.failure();
      e.message += kFormats;
      return e;
    }
    for (const auto& i : items) {
      auto ok = feed_item(i);
      if (!ok || !*ok) return ok;
    }
    return true;
  }
  return feed_item(*item);
}

Result<bool> ListChecker::feed_item(const ListItem& item) {
  if (std::holds_alternative<std::monostate>(item)) return true;
  if (!verifier_) {
    const State* first = std::get_if<State>(&item);
    if (first && parser_.format() == ListFormat::states) {
      if (from_given_ && *first != from_)
        return Error{fmt::format("the list starts at {}, not at the start state {}",
                                 format_state(*first, notation_), format_state(from_, notation_)),
                     "wrong_list_start",
                     {{"found", format_state(*first, notation_)},
                      {"start", format_state(from_, notation_)}}};
      verifier_.emplace(*first, to_, mode_);
      return true;
    }
    verifier_.emplace(from_, to_, mode_);
  }
  const bool keep = kept_.size() < keep_;
  std::optional<State> before;
  if (keep) before = verifier_->state();
  if (const auto* m = std::get_if<Move>(&item))
    stopped_ = !verifier_->step(*m);
  else if (const auto* t = std::get_if<Toggle>(&item))
    stopped_ = !verifier_->step(*t);
  else
    stopped_ = !verifier_->step_to(std::get<State>(item));
  if (keep && !stopped_) kept_.push_back(move_made(*before, verifier_->state()));
  return !stopped_;
}

// A JSON list, read token by token as it streams (no line holds more than a token's worth of
// state): the objects with a "ring" (or "piece") are the moves; the top object's "from" and "to"
// are the start and target when the user did not name them.
Result<bool> ListChecker::feed_json(std::string_view line) {
  const std::uint64_t number = parser_.line() + ++json_.lines;
  // The error `e` at this line, with the formats a list may be written in.
  const auto error = [&](Error e) {
    e = e.within(fmt::format("line {}", number), "line", number);
    e.message += kFormats;
    return e;
  };
  std::size_t i = 0;
  while (i < line.size() && !stopped_) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '{' || c == '[') {
      ++json_.depth;
      if (c == '{' && (json_.move_depth == 0 || json_.depth == json_.move_depth)) {
        json_.ring.reset();
        json_.on.reset();
        json_.pair = false;
      }
      json_.key.clear();
      json_.after_colon = false;
      ++i;
    } else if (c == '}' || c == ']') {
      if (c == '}' && json_.depth == json_.move_depth && json_.ring) {
        if (!json_.on)
          return error({"a move needs \"to\": \"on\" or \"off\"", "json_no_direction"});
        const Move m = json_.pair ? Move::pair(*json_.on) : Move::single(*json_.ring, *json_.on);
        json_.ring.reset();
        auto ok = feed_item(ListItem{m});
        if (!ok) return ok;
      }
      if (--json_.depth < 0) return error({"unbalanced JSON", "json_unbalanced"});
      json_.key.clear();
      ++i;
    } else if (c == ',') {
      json_.key.clear();
      json_.after_colon = false;
      ++i;
    } else if (c == ':') {
      json_.after_colon = true;
      ++i;
    } else if (c == '"') {
      std::size_t end = i + 1;
      while (end < line.size() && line[end] != '"') end += line[end] == '\\' ? 2 : 1;
      if (end >= line.size())
        return error({"a JSON string does not end on its line", "json_open_string"});
      const std::string_view token = line.substr(i + 1, end - i - 1);
      if (json_.after_colon) {
        auto ok = json_value(token, true);
        if (!ok) return error(ok.failure());
      } else {
        json_.key = token;
      }
      json_.after_colon = false;
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) ||
                                   line[end] == '+' || line[end] == '-' || line[end] == '.'))
        ++end;
      if (end == i)
        return error({fmt::format("unexpected {} in JSON", quote_input(line.substr(i, 1))),
                      "json_unexpected",
                      {{"found", printable(line.substr(i, 1), 16)}}});
      auto ok = json_value(line.substr(i, end - i), false);
      if (!ok) return error(ok.failure());
      json_.after_colon = false;
      i = end;
    }
  }
  return !stopped_;
}

Result<bool> ListChecker::json_value(std::string_view token, bool is_string) {
  const std::string& key = json_.key;
  if (json_.depth == 1 && is_string && (key == "from" || key == "to")) {
    // The list's own start and target, unless the user named them.
    const bool from = key == "from";
    if (from ? from_given_ || verifier_ : to_given_) return true;
    auto st = parse_state(token, from_.size(), notation_);
    if (!st) return st.failure().within(fmt::format("\"{}\"", key), "key", key);
    (from ? from_ : json_.to.emplace()) = std::move(*st);
    return true;
  }
  // Every puzzle's moves name their piece; the rings' also their ring (the same number).
  const bool ring = key == "ring" || key == "piece";
  if (!ring && key != "to" && key != "double") return true;
  if (json_.move_depth == 0 && ring) json_.move_depth = json_.depth;
  if (json_.depth != json_.move_depth) return true;
  if (ring) {
    if (token == "1+2") {
      json_.ring = 1;
      json_.pair = true;
      return true;
    }
    std::string_view digits = token;
    const auto r = take_number(digits);
    if (!r || !digits.empty() || *r == 0 || *r > from_.size())
      return Error{
          fmt::format("expected a ring from 1 to {}, found {}", from_.size(), quote_input(token)),
          "bad_ring",
          {{"rings", from_.size()}, {"found", printable(token, 40)}}};
    json_.ring = *r;
  } else if (key == "to") {
    if (token != "on" && token != "off")
      return Error{fmt::format("expected \"on\" or \"off\", found {}", quote_input(token)),
                   "bad_direction",
                   {{"found", printable(token, 40)}}};
    json_.on = token == "on";
  } else {
    json_.pair = token == "true";
  }
  return true;
}

std::vector<Move> ListChecker::kept_moves() const {
  if (pending_one_ && keep_ > 0) return {toggle_move(from_, 1)};  // the list "1" alone
  return kept_;
}

VerifyReport ListChecker::report() const {
  if (pending_one_) {  // the list was "1" alone: one toggle of ring 1
    ListChecker whole = *this;
    whole.pending_one_ = false;
    whole.parser_.set_format(ListFormat::toggles);
    (void)whole.feed_item(ListItem{Toggle{1, false}});
    return whole.report();
  }
  Verifier v = verifier_ ? *verifier_ : Verifier(from_, to_, mode_);
  if (json_.to) v.set_target(*json_.to);
  return v.report();
}

std::optional<std::uint64_t> rings_of_list(std::string_view text, Notation notation) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = trim(text.substr(0, nl));
    text = nl == text.npos ? std::string_view() : text.substr(nl + 1);
    if (line.empty()) continue;
    if (line[0] == '{' || line[0] == '[') {
      for (const std::string_view key : {"\"rings\":", "\"rings\": "}) {
        const auto at = line.find(key);
        if (at == line.npos) continue;
        std::string_view rest = line.substr(at + key.size());
        if (const auto n = take_number(rest)) return n;
      }
      const auto from = line.find("\"from\":\"");
      if (from == line.npos) return std::nullopt;
      const auto state = line.substr(from + 8);
      return rings_written(state.substr(0, state.find('"')), notation);
    }
    const bool bits = notation == Notation::binary || notation == Notation::ring1_first;
    if (bits && line.find_first_not_of("01") == line.npos && line != "1") return line.size();
    return std::nullopt;
  }
  return std::nullopt;
}

std::string report_text(const VerifyReport& r) {
  if (!r.legal) return fmt::format("move {}: illegal: {}", r.illegal_move, to_string(r.rule));
  std::string out = fmt::format("ok: {} move{}, ", r.moves, r.moves == 1 ? "" : "s");
  if (!r.reached)
    return out + fmt::format("target not reached ({} more move{} needed)", r.remaining.get_str(),
                             r.remaining == 1 ? "" : "s");
  if (r.optimal) return out + "target reached, optimal";
  return out + fmt::format("target reached, not optimal ({} move{} suffice{})", r.optimum.get_str(),
                           r.optimum == 1 ? "" : "s", r.optimum == 1 ? "s" : "");
}

}  // namespace rings
