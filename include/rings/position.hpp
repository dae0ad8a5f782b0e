// Positions on the Gray path, exact distances and counts (GMP), and counts modulo M.
//
// The 2^N states form one path in binary-reflected Gray code order, from all-off (position 0)
// to only-ring-N-on (position 2^N - 1). The position (rank) of a state is its inverse Gray code.
// With double moves the path gains a shortcut in every aligned block of four positions: rings 1
// and 2 go on or off together between positions 8k and 8k+2, and between 8k+5 and 8k+7.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "rings/state.hpp"

namespace rings {

/// `x` as a big number on every target: gmpxx converts from `unsigned long`, which has 32 bits
/// on wasm32 (the page's engine), so a std::uint64_t must go through mpz_import there.
inline mpz_class to_mpz(std::uint64_t x) {
  if constexpr (sizeof(unsigned long) >= sizeof x) {
    return mpz_class(static_cast<unsigned long>(x));
  } else {
    mpz_class m;
    mpz_import(m.get_mpz_t(), 1, 1, sizeof x, 0, 0, &x);
    return m;
  }
}

/// `x` (0 <= x < 2^64) as a std::uint64_t on every target: gmpxx's get_ui() gives an
/// `unsigned long`, 32 bits on wasm32, so there it goes through mpz_export.
inline std::uint64_t to_u64(const mpz_class& x) {
  if constexpr (sizeof(unsigned long) >= sizeof(std::uint64_t)) {
    return x.get_ui();
  } else {
    std::uint64_t v = 0;
    mpz_export(&v, nullptr, -1, sizeof v, 0, 0, x.get_mpz_t());
    return v;
  }
}

/// The position of `state` on the Gray path, as words (least significant first): the inverse
/// Gray code, computed a word at a time.
std::vector<std::uint64_t> rank_words(const State& state);

/// The position of `state` on the Gray path from all-off, exact.
mpz_class rank(const State& state);

/// The state at `position` on the path of `rings` rings. Requires 0 <= position < 2^rings.
State unrank(const mpz_class& position, std::uint64_t rings);

/// The number of optimal moves between the states at two positions of the same path.
mpz_class position_distance(const mpz_class& a, const mpz_class& b, Mode mode);

/// The optimal number of moves between two states of the same size.
///
///     distance(State::all_on(9), State::all_off(9), Mode::single) == 341
mpz_class distance(const State& a, const State& b, Mode mode);

/// The number of moves to remove all `rings` rings: floor(2^(N+1)/3) (OEIS A000975) for single
/// moves, 2^(N-1) - [N even] (OEIS A051049) for double moves.
mpz_class count(std::uint64_t rings, Mode mode);

/// count(rings, mode) modulo `modulus` (>= 1), for any N up to 2^64 - 1, without big numbers.
std::uint64_t count_mod(std::uint64_t rings, Mode mode, std::uint64_t modulus);

/// The position reached after `k` optimal moves from position `from` toward position `to`
/// (k no more than the distance between them).
mpz_class advance(const mpz_class& from, const mpz_class& to, const mpz_class& k, Mode mode);

}  // namespace rings
