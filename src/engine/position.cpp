#include "rings/position.hpp"

#include <cassert>

namespace rings {
namespace {

// Inverse Gray code within a word: bit i becomes the XOR of bits i..63.
std::uint64_t prefix_xor_down(std::uint64_t x) {
  x ^= x >> 1;
  x ^= x >> 2;
  x ^= x >> 4;
  x ^= x >> 8;
  x ^= x >> 16;
  x ^= x >> 32;
  return x;
}

mpz_class from_words(const std::vector<std::uint64_t>& words) {
  mpz_class z;
  mpz_import(z.get_mpz_t(), words.size(), -1, sizeof(std::uint64_t), 0, 0, words.data());
  return z;
}

// With double moves, count the moves of a walk by two potentials over positions p = 8q + r:
// moving up from a to b > a takes arrive(b) - leave(a) moves, as every shortcut (8q -> 8q+2,
// 8q+5 -> 8q+7) inside [a, b] saves one. A shortcut's middle (r = 1, 6) shares arrive() with its
// far end, and leave() with its near end.
constexpr int kArrive[8] = {0, 1, 1, 2, 3, 4, 5, 5};
constexpr int kLeave[8] = {0, 0, 1, 2, 3, 4, 4, 5};
// The positions a walk stops at, by potential mod 6 (the middles are passed over).
constexpr int kStop[6] = {0, 2, 3, 4, 5, 7};

mpz_class potential(const mpz_class& p, const int (&table)[8]) {
  const mpz_class q = p >> 3;
  return 6 * q + table[mpz_fdiv_ui(p.get_mpz_t(), 8)];
}

// The position with potential t: the far end of a shortcut rather than its middle.
mpz_class stop_at(const mpz_class& t) {
  mpz_class q, j;
  mpz_fdiv_qr_ui(q.get_mpz_t(), j.get_mpz_t(), t.get_mpz_t(), 6);
  return 8 * q + kStop[j.get_ui()];
}

std::uint64_t addmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return a >= m - b ? a - (m - b) : a + b;  // a, b < m: no overflow
}

// a * b mod m by doubling and adding: plain 64-bit arithmetic on every target (no __int128,
// which 32-bit targets lack). At most 64 steps; a count modulo m takes a few thousand.
std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  a %= m;
  std::uint64_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1) r = addmod(r, a, m);
    a = addmod(a, a, m);
  }
  return r;
}

std::uint64_t powmod(std::uint64_t base, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1 % m;
  base %= m;
  for (; e; e >>= 1) {
    if (e & 1) r = mulmod(r, base, m);
    base = mulmod(base, base, m);
  }
  return r;
}

// 1 + 4 + ... + 4^(terms-1) modulo m, by doubling the number of terms.
std::uint64_t sum_powers_of_4(std::uint64_t terms, std::uint64_t m) {
  std::uint64_t sum = 0, power = 1 % m;  // sum of `len` terms, and 4^len
  for (int bit = 63; bit >= 0; --bit) {
    sum = addmod(sum, mulmod(power, sum, m), m);  // len -> 2 len
    power = mulmod(power, power, m);
    if ((terms >> bit) & 1) {  // len -> len + 1
      sum = addmod(sum, power, m);
      power = mulmod(power, 4, m);
    }
  }
  return sum;
}

}  // namespace

std::vector<std::uint64_t> rank_words(const State& state) {
  const auto words = state.words();
  std::vector<std::uint64_t> out(words.size());
  std::uint64_t carry = 0;  // XOR of all bits above this word
  for (std::size_t i = words.size(); i-- > 0;) {
    std::uint64_t x = prefix_xor_down(words[i]);
    if (carry) x = ~x;
    out[i] = x;
    carry = x & 1;
  }
  if (!out.empty() && state.size() % 64)
    out.back() &= (std::uint64_t{1} << (state.size() % 64)) - 1;
  return out;
}

mpz_class rank(const State& state) { return from_words(rank_words(state)); }

State unrank(const mpz_class& position, std::uint64_t rings) {
  assert(sgn(position) >= 0 && mpz_sizeinbase(position.get_mpz_t(), 2) <= rings + (position == 0));
  std::vector<std::uint64_t> r((rings + 63) / 64, 0);
  std::size_t written = 0;
  if (!r.empty())
    mpz_export(r.data(), &written, -1, sizeof(std::uint64_t), 0, 0, position.get_mpz_t());
  for (std::size_t i = 0; i < r.size(); ++i) {
    const std::uint64_t above = i + 1 < r.size() ? r[i + 1] << 63 : 0;
    r[i] ^= (r[i] >> 1) | above;
  }
  return State::from_words(rings, std::move(r));
}

mpz_class position_distance(const mpz_class& a, const mpz_class& b, Mode mode) {
  const mpz_class& lo = a < b ? a : b;
  const mpz_class& hi = a < b ? b : a;
  if (mode == Mode::single || lo == hi) return hi - lo;
  return potential(hi, kArrive) - potential(lo, kLeave);
}

mpz_class distance(const State& a, const State& b, Mode mode) {
  assert(a.size() == b.size());
  return position_distance(rank(a), rank(b), mode);
}

mpz_class count(std::uint64_t rings, Mode mode) {
  if (rings == 0) return 0;
  mpz_class p;
  if (mode == Mode::single) {
    mpz_ui_pow_ui(p.get_mpz_t(), 2, rings + 1);
    return p / 3;
  }
  mpz_ui_pow_ui(p.get_mpz_t(), 2, rings - 1);
  return p - (rings % 2 == 0 ? 1 : 0);
}

std::uint64_t count_mod(std::uint64_t rings, Mode mode, std::uint64_t modulus) {
  assert(modulus >= 1);
  const std::uint64_t m = modulus;
  if (rings == 0 || m == 1) return 0;
  if (mode == Mode::single) {
    // floor(2^(N+1)/3) in binary is 1010...1 (N odd) or 1010...10 (N even).
    const std::uint64_t s = sum_powers_of_4(rings / 2 + rings % 2, m);
    return rings % 2 ? s : mulmod(s, 2, m);
  }
  const std::uint64_t p = powmod(2, rings - 1, m);
  return rings % 2 ? p : addmod(p, m - 1, m);
}

mpz_class advance(const mpz_class& from, const mpz_class& to, const mpz_class& k, Mode mode) {
  const bool up = from <= to;
  if (mode == Mode::single) return up ? mpz_class(from + k) : mpz_class(from - k);
  if (k == 0) return from;
  // Up: the last position p <= to with arrive(p) = leave(from) + k. Down: the first p >= to with
  // leave(p) = arrive(from) - k. Only where `to` is a shortcut's middle does the walk stop there.
  if (up) {
    const mpz_class p = stop_at(potential(from, kLeave) + k);
    return p < to ? p : to;
  }
  const mpz_class p = stop_at(potential(from, kArrive) - k);
  return p > to ? p : to;
}

}  // namespace rings
