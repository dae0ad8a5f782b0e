// The optimal solution between any two states, streamed move by move; hints; the state after k
// moves.
#pragma once

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/state.hpp"

namespace rings {

namespace detail {

// Walks the Gray path from rank r to rank t (r < t when Up, r > t otherwise), a word of the
// rank at a time: moving up from rank p toggles ring ctz(p+1)+1, moving down toggles ring
// ctz(p)+1, and the ring goes on exactly when the rank bit above it is 0 (up) or 1 (down).
// With Pairs, the shortcut of the double-move convention is taken wherever it lies wholly on
// the way (positions 8k <-> 8k+2 and 8k+5 <-> 8k+7). O(1) amortised per move, no allocation.
template <bool Up, bool Pairs, class Sink>
bool walk(std::vector<std::uint64_t> r, const std::vector<std::uint64_t>& t, Sink& sink) {
  const std::size_t n = r.size();
  // Bit 0 of the word above word i (0 beyond the top).
  auto low_bit_above = [&](std::size_t i) -> std::uint64_t { return i + 1 < n ? r[i + 1] & 1 : 0; };
  for (;;) {
    const bool last = std::equal(r.begin() + 1, r.end(), t.begin() + 1);
    std::uint64_t lo = r[0];
    const std::uint64_t stop = last ? t[0] : (Up ? ~std::uint64_t{0} : 0);
    while (lo != stop) {
      if constexpr (Pairs) {
        const unsigned m = lo & 7;
        if (Up ? (m == 0 || m == 5) && stop - lo >= 2 : (m == 2 || m == 7) && lo - stop >= 2) {
          lo = Up ? lo + 2 : lo - 2;
          if (!sink(Move::pair(Up ? m == 0 : m == 7))) return false;
          continue;
        }
      }
      if constexpr (Up) ++lo;
      const unsigned z = std::countr_zero(lo);
      const std::uint64_t above = z < 63 ? (lo >> (z + 1)) & 1 : low_bit_above(0);
      if constexpr (!Up) --lo;
      if (!sink(Move::single(z + 1, Up ? above == 0 : above == 1))) return false;
    }
    if (last) return true;
    // Carry into (or borrow from) the higher words: one move of a ring above 64.
    std::size_t j = 1;
    if constexpr (Up) {
      r[0] = 0;
      while (++r[j] == 0) ++j;
    } else {
      r[0] = ~std::uint64_t{0};
      while (r[j] == 0) r[j++] = ~std::uint64_t{0};
    }
    const unsigned z = std::countr_zero(r[j]);
    const std::uint64_t above = z < 63 ? (r[j] >> (z + 1)) & 1 : low_bit_above(j);
    if constexpr (!Up) --r[j];
    if (!sink(Move::single(64 * j + z + 1, Up ? above == 0 : above == 1))) return false;
  }
}

}  // namespace detail

/// Streams the optimal solution from `from` to `to` (states of the same size) into `sink`, a
/// callable `bool(const Move&)` that returns false to stop. O(1) amortised work per move and no
/// memory that grows with the number of moves. Returns true when the walk reached `to`.
///
///     rings::solve(State::all_on(3), State::all_off(3), Mode::single,
///                  [](const Move& m) { fmt::print("{}\n", to_string(m)); return true; });
///     // ring 1 off, ring 3 off, ring 1 on, ring 2 off, ring 1 off
template <class Sink>
bool solve(const State& from, const State& to, Mode mode, Sink&& sink) {
  auto r = rank_words(from);
  const auto t = rank_words(to);
  if (r == t) return true;
  const bool up = std::lexicographical_compare(r.rbegin(), r.rend(), t.rbegin(), t.rend());
  if (mode == Mode::double_moves)
    return up ? detail::walk<true, true>(std::move(r), t, sink)
              : detail::walk<false, true>(std::move(r), t, sink);
  return up ? detail::walk<true, false>(std::move(r), t, sink)
            : detail::walk<false, false>(std::move(r), t, sink);
}

/// The state after `k` optimal moves from `from` toward `to`; k must not exceed
/// distance(from, to, mode).
State state_after(const State& from, const State& to, const mpz_class& k, Mode mode);

/// A suggested move with the rule that allows it.
struct Hint {
  Move move;
  Reason reason;
};

/// The next `k` optimal moves from `from` toward `to` (fewer when the target is nearer), each
/// with its reason.
std::vector<Hint> hints(const State& from, const State& to, std::uint64_t k, Mode mode);

}  // namespace rings
