// The value types of the engine: a State of N rings and a Move.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace rings {

/// A ring number, 1-based: ring 1 is at the free end of the bar and can always move.
using Ring = std::uint64_t;

/// The most rings a State may hold (about 125 MB of bits). Front ends refuse more up front.
inline constexpr std::uint64_t kMaxRings = 1'000'000'000;

/// Which moves count as one move.
///   single:       one ring at a time (the classic rules).
///   double_moves: also rings 1 and 2 together, when both are on or both are off.
enum class Mode : std::uint8_t { single, double_moves };

/// A move: one ring goes on or off, or (double-move convention) rings 1 and 2 go together.
/// Layout: `ring_` is the ring (1-based; 1 for the pair), `on_` the direction (true = onto the
/// bar), `pair_` marks rings 1+2. Built only through the named constructors, so a pair move is
/// always rings 1+2:
///
///     Move::single(3, false)  // ring 3 off
///     Move::pair(true)        // rings 1+2 on
class Move {
 public:
  /// Ring 1 off (a placeholder; real moves come from the named constructors).
  constexpr Move() = default;
  /// Ring `ring` goes on (`on`) or off. A ring outside the puzzle may be named: the rules then
  /// say it is not a ring of this puzzle.
  static constexpr Move single(Ring ring, bool on) { return Move(ring, on, false); }
  /// Rings 1 and 2 together (double moves only).
  static constexpr Move pair(bool on) { return Move(1, on, true); }

  constexpr Ring ring() const { return ring_; }
  constexpr bool on() const { return on_; }
  constexpr bool is_pair() const { return pair_; }
  /// The same ring(s) the other way: what undoes this move.
  constexpr Move reversed() const { return Move(ring_, !on_, pair_); }

  friend constexpr bool operator==(const Move&, const Move&) = default;

 private:
  constexpr Move(Ring ring, bool on, bool pair) : ring_(ring), on_(on), pair_(pair) {}

  Ring ring_ = 1;
  bool on_ = false;
  bool pair_ = false;
};

/// A position of N rings, packed 64 rings a word.
/// Layout: ring i is bit (i-1) % 64 of word (i-1) / 64; 1 = on the bar. Bits above ring N in
/// the last word are always 0, so states compare word by word.
/// Read as a binary number, the words are the canonical notation: `110` = rings 3 and 2 on.
class State {
 public:
  State() = default;
  /// N rings, all off.
  explicit State(std::uint64_t rings) : rings_(rings), words_((rings + 63) / 64, 0) {}

  static State all_off(std::uint64_t rings) { return State(rings); }
  static State all_on(std::uint64_t rings) {
    State s(rings);
    for (auto& w : s.words_) w = ~std::uint64_t{0};
    s.clear_tail();
    return s;
  }
  /// The state whose words are `words` (extra bits above ring N are cleared).
  static State from_words(std::uint64_t rings, std::vector<std::uint64_t> words) {
    State s;
    s.rings_ = rings;
    s.words_ = std::move(words);
    s.words_.resize((rings + 63) / 64, 0);
    s.clear_tail();
    return s;
  }

  std::uint64_t size() const { return rings_; }
  bool is_on(Ring r) const {
    assert(r >= 1 && r <= rings_);
    return (words_[(r - 1) >> 6] >> ((r - 1) & 63)) & 1;
  }
  void set(Ring r, bool on) {
    assert(r >= 1 && r <= rings_);
    const auto bit = std::uint64_t{1} << ((r - 1) & 63);
    auto& w = words_[(r - 1) >> 6];
    w = on ? (w | bit) : (w & ~bit);
  }
  void toggle(Ring r) {
    assert(r >= 1 && r <= rings_);
    words_[(r - 1) >> 6] ^= std::uint64_t{1} << ((r - 1) & 63);
  }

  std::span<const std::uint64_t> words() const { return words_; }
  /// Mutable words; the caller keeps the bits above ring N at 0.
  std::span<std::uint64_t> words() { return words_; }

  /// The lowest ring that is on, or 0 when every ring is off.
  Ring lowest_on() const {
    for (std::size_t i = 0; i < words_.size(); ++i)
      if (words_[i]) return i * 64 + std::countr_zero(words_[i]) + 1;
    return 0;
  }
  std::uint64_t count_on() const {
    std::uint64_t n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }

  friend bool operator==(const State&, const State&) = default;

 private:
  void clear_tail() {
    if (rings_ % 64) words_.back() &= (std::uint64_t{1} << (rings_ % 64)) - 1;
  }

  std::uint64_t rings_ = 0;
  std::vector<std::uint64_t> words_;
};

}  // namespace rings
