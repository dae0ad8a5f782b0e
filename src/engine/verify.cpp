#include "rings/verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

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

}  // namespace

Result<ListFormat> parse_list_format(std::string_view name) {
  if (name == "detect" || name == "auto") return ListFormat::detect;
  if (name == "moves") return ListFormat::moves;
  if (name == "toggles") return ListFormat::toggles;
  if (name == "states") return ListFormat::states;
  return Error{
      fmt::format("unknown list format {}: expected moves, toggles or states", quote_input(name))};
}

Result<ListItem> MoveListParser::parse_line(std::string_view line) {
  ++line_;
  const std::string_view s = trim(line);
  if (s.empty()) return ListItem{};
  if (format_ == ListFormat::detect) {
    const bool bits = s.size() == rings_ && rings_ > 1 && s.find_first_not_of("01") == s.npos;
    format_ = s.find("ring") != s.npos ? ListFormat::moves
              : bits                   ? ListFormat::states
                                       : ListFormat::toggles;
  }
  Result<ListItem> item = format_ == ListFormat::moves     ? parse_move(s)
                          : format_ == ListFormat::toggles ? parse_toggle(s)
                                                           : [&]() -> Result<ListItem> {
    auto st = parse_state(s, rings_, notation_);
    if (!st) return Error{st.error()};
    return ListItem{std::move(*st)};
  }();
  if (!item) return Error{fmt::format("line {}: {}", line_, item.error())};
  return item;
}

Result<ListItem> MoveListParser::parse_move(std::string_view s) {
  const std::string_view original = s;
  ++moves_;
  if (s[0] >= '0' && s[0] <= '9') {  // "12: ring 3 off": the number must count the moves
    const auto number = take_number(s);
    if (!number || s.empty() || s[0] != ':')
      return Error{
          fmt::format("expected a move like '12: ring 3 off', found {}", quote_input(original))};
    if (*number != moves_)
      return Error{fmt::format("move numbered {} where move {} was expected", *number, moves_)};
    s = trim(s.substr(1));
  }
  bool pair = false;
  Ring ring = 1;
  if (starts_with_word(s, "rings")) {
    if (!starts_with_word(s, "1+2"))
      return Error{fmt::format("only rings 1+2 move together, found {}", quote_input(original))};
    pair = true;
  } else if (starts_with_word(s, "ring")) {
    const auto r = take_number(s);
    if (!r || *r == 0 || *r > rings_)
      return Error{
          fmt::format("expected a ring from 1 to {}, found {}", rings_, quote_input(original))};
    ring = *r;
    s = trim(s);
  } else {
    return Error{fmt::format("expected a move like 'ring 3 off', found {}", quote_input(original))};
  }
  if (s != "on" && s != "off")
    return Error{
        fmt::format("expected 'on' or 'off' after the ring, found {}", quote_input(original))};
  const bool on = s == "on";
  return ListItem{pair ? Move::pair(on) : Move::single(ring, on)};
}

Result<ListItem> MoveListParser::parse_toggle(std::string_view s) {
  ++moves_;
  if (s == "1+2") return ListItem{Toggle{1, true}};
  std::string_view rest = s;
  const auto ring = take_number(rest);
  if (!ring || !rest.empty() || *ring == 0 || *ring > rings_)
    return Error{fmt::format("expected a ring number from 1 to {} or 1+2, found {}", rings_,
                             quote_input(s))};
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

bool Verifier::step_to(const State& next) {
  if (failed_) return false;
  // Find the rings that differ: one ring (or rings 1+2 in double mode) may change.
  const auto a = std::as_const(state_).words();
  const auto b = next.words();
  std::uint64_t changed = 0;
  Ring ring = 0, second = 0;
  for (std::size_t i = 0; i < a.size() && changed <= 2; ++i) {
    for (std::uint64_t d = a[i] ^ b[i]; d && changed <= 2; d &= d - 1) {
      (changed == 0 ? ring : second) = i * 64 + std::countr_zero(d) + 1;
      ++changed;
    }
  }
  if (changed == 0) return fail(Reason{Rule::no_change, Move(), mode_});
  if (changed == 2 && ring == 1 && second == 2 && mode_ == Mode::double_moves)
    return step(Move::pair(next.is_on(1)));
  if (changed > 1) return fail(Reason{Rule::several_change, Move(), mode_, 0, changed});
  return step(Move::single(ring, next.is_on(ring)));
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
  r.optimal = r.legal && r.reached && r.optimum == moves_;
  return r;
}

ListChecker::ListChecker(State from, State to, Mode mode, ListFormat format, Notation notation,
                         bool from_given)
    : parser_(from.size(), format, notation),
      from_(std::move(from)),
      to_(std::move(to)),
      mode_(mode),
      notation_(notation),
      from_given_(from_given) {}

Result<bool> ListChecker::feed(std::string_view text) {
  while (!text.empty() && !stopped_) {
    // Lines of a long list are a few characters: look for the newline by hand before memchr.
    std::size_t end = 0;
    while (end < text.size() && end < 8 && text[end] != '\n') ++end;
    if (end == 8) {
      const void* nl = std::memchr(text.data() + 8, '\n', text.size() - 8);
      end = nl ? static_cast<const char*>(nl) - text.data() : text.size();
    }
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    Ring ring;
    if (verifier_ && parser_.take_toggle(line, ring)) {
      stopped_ = !verifier_->step(toggle_move(verifier_->state(), ring));
      continue;
    }
    auto ok = feed_line(line);
    if (!ok) return ok;
  }
  return !stopped_;
}

Result<bool> ListChecker::feed_line(std::string_view line) {
  auto item = parser_.parse_line(line);
  if (!item) return Error{item.error()};
  if (std::holds_alternative<std::monostate>(*item)) return true;
  if (!verifier_) {
    const State* first = std::get_if<State>(&*item);
    if (first && parser_.format() == ListFormat::states) {
      if (from_given_ && *first != from_)
        return Error{fmt::format("the list starts at {}, not at the start state {}",
                                 format_state(*first, notation_), format_state(from_, notation_))};
      verifier_.emplace(*first, to_, mode_);
      return true;
    }
    verifier_.emplace(from_, to_, mode_);
  }
  if (const auto* m = std::get_if<Move>(&*item))
    stopped_ = !verifier_->step(*m);
  else if (const auto* t = std::get_if<Toggle>(&*item))
    stopped_ = !verifier_->step(*t);
  else
    stopped_ = !verifier_->step_to(std::get<State>(*item));
  return !stopped_;
}

VerifyReport ListChecker::report() const {
  return verifier_ ? verifier_->report() : Verifier(from_, to_, mode_).report();
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
