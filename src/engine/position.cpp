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

// Shortcut starts (positions 8k and 8k+5) in [0, x]; 0 for x < 0.
mpz_class shortcuts_upto(const mpz_class& x) {
  if (sgn(x) < 0) return 0;
  mpz_class q = x >> 3;
  const unsigned long r = mpz_fdiv_ui(x.get_mpz_t(), 8);
  return 2 * q + 1 + (r >= 5 ? 1 : 0);
}

// Shortcuts lying wholly inside [lo, hi].
mpz_class shortcuts_within(const mpz_class& lo, const mpz_class& hi) {
  if (hi - lo < 2) return 0;
  return shortcuts_upto(hi - 2) - shortcuts_upto(lo - 1);
}

using u128 = unsigned __int128;

std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<u128>(a) * b % m);
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
    sum = (sum + mulmod(power, sum, m)) % m;  // len -> 2 len
    power = mulmod(power, power, m);
    if ((terms >> bit) & 1) {  // len -> len + 1
      sum = (sum + power) % m;
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
  if (!out.empty() && state.size() % 64) out.back() &= (std::uint64_t{1} << (state.size() % 64)) - 1;
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
  mpz_class d = hi - lo;
  if (mode == Mode::double_moves) d -= shortcuts_within(lo, hi);
  return d;
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
  return rings % 2 ? p : (p + m - 1) % m;
}

mpz_class advance(const mpz_class& from, const mpz_class& to, const mpz_class& k, Mode mode) {
  const bool up = from <= to;
  if (mode == Mode::single) return up ? mpz_class(from + k) : mpz_class(from - k);
  // Each shortcut used saves one move: find the least p with k moves from `from` to p, by
  // iterating p = from + k + shortcuts(from, p) (it grows by a quarter each round).
  mpz_class p = up ? mpz_class(from + k) : mpz_class(from - k);
  for (;;) {
    const mpz_class saved = up ? shortcuts_within(from, p) : shortcuts_within(p, from);
    const mpz_class next = up ? mpz_class(from + k + saved) : mpz_class(from - k - saved);
    if (next == p) break;
    p = next;
  }
  // The middle of a shortcut is passed over: the walk lands on its far end.
  const mpz_class beyond = up ? mpz_class(p + 1) : mpz_class(p - 1);
  if ((up ? beyond <= to : beyond >= to) && position_distance(from, beyond, mode) == k) return beyond;
  return p;
}

}  // namespace rings
