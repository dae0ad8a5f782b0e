// The distances between fixed arrangements as linear recurrences, and the counts they give.
#include "family_recurrence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>
#include <memory>
#include <string>

#include "rings/position.hpp"

namespace rings::family {
namespace detail {
namespace {

// a * b mod m.
std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
#if defined(__SIZEOF_INT128__)
  __extension__ using wide = unsigned __int128;
  return static_cast<std::uint64_t>(static_cast<wide>(a) * b % m);
#else
  // Doubling and adding: plain 64-bit arithmetic where there is no 128-bit type.
  a %= m;
  std::uint64_t r = 0;
  for (; b; b >>= 1) {
    if (b & 1) r = r >= m - a ? r - (m - a) : r + a;
    a = a >= m - a ? a - (m - a) : a + a;
  }
  return r;
#endif
}

std::uint64_t addmod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return a >= m - b ? a - (m - b) : a + b;  // a, b < m
}

std::uint64_t powmod(std::uint64_t b, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1 % m;
  for (b %= m; e; e >>= 1, b = mulmod(b, b, m))
    if (e & 1) r = mulmod(r, b, m);
  return r;
}

// The shortest linear recurrence of s modulo the prime p (Berlekamp-Massey): c_1..c_d with
// s_n = sum c_i s_{n-i} mod p.
std::vector<std::uint64_t> berlekamp_massey(const std::vector<std::uint64_t>& s, std::uint64_t p) {
  std::vector<std::uint64_t> c{1}, b{1};
  std::size_t len = 0, shift = 1;
  std::uint64_t last = 1;
  for (std::size_t n = 0; n < s.size(); ++n) {
    std::uint64_t d = s[n];
    for (std::size_t i = 1; i <= len; ++i) d = addmod(d, mulmod(c[i], s[n - i], p), p);
    if (d == 0) {
      ++shift;
      continue;
    }
    const std::uint64_t coef = mulmod(d, powmod(last, p - 2, p), p);
    const auto old = c;
    if (c.size() < b.size() + shift) c.resize(b.size() + shift, 0);
    for (std::size_t i = 0; i < b.size(); ++i)
      c[i + shift] = addmod(c[i + shift], p - mulmod(coef, b[i], p), p);
    if (2 * len <= n) {
      len = n + 1 - len;
      b = old;
      last = d;
      shift = 1;
    } else {
      ++shift;
    }
  }
  c.resize(len + 1, 0);
  std::vector<std::uint64_t> out(len);
  for (std::size_t i = 1; i <= len; ++i) out[i - 1] = c[i] ? p - c[i] : 0;
  return out;
}

// Polynomials modulo q = x^d - c_1 x^(d-1) - ... - c_d over the ring `R` (coefficients lowest
// first, d of them): x^i = sum_j c_j x^(i-j) for i >= d folds the high coefficients down.
template <class R>
void fold(std::vector<typename R::T>& q, std::size_t top, std::size_t d, const R& r) {
  for (std::size_t i = top; i >= d; --i) {
    if (r.is_zero(q[i])) continue;
    for (std::size_t j = 1; j <= d; ++j) r.add_mul(q[i - j], q[i], j - 1);
    q[i] = r.zero();
  }
}

// a b mod q.
template <class R>
std::vector<typename R::T> mul_mod(const std::vector<typename R::T>& a,
                                   const std::vector<typename R::T>& b, std::size_t d, const R& r) {
  std::vector<typename R::T> prod(2 * d, r.zero());
  for (std::size_t i = 0; i < d; ++i) {
    if (r.is_zero(a[i])) continue;
    for (std::size_t j = 0; j < d; ++j)
      if (!r.is_zero(b[j])) r.add_product(prod[i + j], a[i], b[j], false);
  }
  fold(prod, 2 * d - 2, d, r);
  prod.resize(d);
  return prod;
}

// p = x p mod q.
template <class R>
void times_x(std::vector<typename R::T>& p, std::size_t d, const R& r) {
  p.push_back(r.zero());
  for (std::size_t i = d; i >= 1; --i) std::swap(p[i], p[i - 1]);
  fold(p, d, d, r);
  p.resize(d);
}

// x^e modulo q, over the ring `R` (its coefficients, lowest first).
template <class R>
std::vector<typename R::T> power_of_x(std::uint64_t e, std::size_t d, const R& r) {
  using T = typename R::T;
  std::vector<T> p(d, r.zero()), prod(2 * d, r.zero());
  if (d == 0) return p;
  p[0] = r.one();
  // x^i = sum_j c_j x^(i-j) for i >= d: fold the high coefficients down.
  const auto reduce = [&](std::vector<T>& q, std::size_t top) {
    for (std::size_t i = top; i >= d; --i) {
      if (r.is_zero(q[i])) continue;
      for (std::size_t j = 1; j <= d; ++j) r.add_mul(q[i - j], q[i], j - 1);
      q[i] = r.zero();
    }
  };
  for (int bit = 63; bit >= 0; --bit) {
    if (!((e >> bit) != 0)) continue;
    // p = p^2
    for (auto& z : prod) z = r.zero();
    for (std::size_t i = 0; i < d; ++i) {
      if (r.is_zero(p[i])) continue;
      r.add_product(prod[2 * i], p[i], p[i], false);
      for (std::size_t j = i + 1; j < d; ++j) r.add_product(prod[i + j], p[i], p[j], true);
    }
    reduce(prod, 2 * d - 2);
    std::copy(prod.begin(), prod.begin() + d, p.begin());
    if (e >> bit & 1) {  // p = x p
      for (std::size_t i = d; i >= 1; --i) prod[i] = p[i - 1];
      prod[0] = r.zero();
      reduce(prod, d);
      std::copy(prod.begin(), prod.begin() + d, p.begin());
    }
  }
  return p;
}

// The integers, for power_of_x.
struct Integers {
  using T = mpz_class;
  const std::vector<std::int64_t>& c;
  T zero() const { return T(); }
  T one() const { return T(1); }
  bool is_zero(const T& z) const { return sgn(z) == 0; }
  void add_mul(T& to, const T& z, std::size_t j) const {  // to += c_(j+1) z
    const std::int64_t k = c[j];
    if (k > 0) mpz_addmul_ui(to.get_mpz_t(), z.get_mpz_t(), static_cast<unsigned long>(k));
    if (k < 0) mpz_submul_ui(to.get_mpz_t(), z.get_mpz_t(), static_cast<unsigned long>(-k));
  }
  void add_product(T& to, const T& a, const T& b, bool twice) const {
    if (twice) {
      mpz_class t = a * b;
      mpz_addmul_ui(to.get_mpz_t(), t.get_mpz_t(), 2);
    } else {
      mpz_addmul(to.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    }
  }
};

// The integers modulo m, for power_of_x.
struct Modular {
  using T = std::uint64_t;
  std::vector<std::uint64_t> c;  // the coefficients modulo m
  std::uint64_t m;
  T zero() const { return 0; }
  T one() const { return 1 % m; }
  bool is_zero(T z) const { return z == 0; }
  void add_mul(T& to, T z, std::size_t j) const { to = addmod(to, mulmod(c[j], z, m), m); }
  void add_product(T& to, T a, T b, bool twice) const {
    const T t = mulmod(a, b, m);
    to = addmod(to, t, m);
    if (twice) to = addmod(to, t, m);
  }
};

// a b mod q over the integers; for big coefficients by one multiplication of whole numbers
// (Kronecker: each polynomial's value at 2^s, s bits a coefficient of the product, which are
// read back signed), d multiplications' worth instead of d^2.
std::vector<mpz_class> product_mod(const std::vector<mpz_class>& a, const std::vector<mpz_class>& b,
                                   std::size_t d, const Integers& ring) {
  std::size_t bits_a = 0, bits_b = 0;
  for (std::size_t i = 0; i < d; ++i) {
    bits_a = std::max(bits_a, mpz_sizeinbase(a[i].get_mpz_t(), 2));
    bits_b = std::max(bits_b, mpz_sizeinbase(b[i].get_mpz_t(), 2));
  }
  if (d < 3 || std::min(bits_a, bits_b) < 4096) return mul_mod(a, b, d, ring);
  const std::size_t s = bits_a + bits_b + std::bit_width(d) + 2;  // |product coefficient| < 2^(s-1)
  const auto pack = [&](const std::vector<mpz_class>& p) {
    mpz_class z;
    for (std::size_t i = d; i-- > 0;) {
      mpz_mul_2exp(z.get_mpz_t(), z.get_mpz_t(), s);
      z += p[i];
    }
    return z;
  };
  mpz_class z = pack(a) * pack(b);
  std::vector<mpz_class> prod(2 * d);
  mpz_class r;
  for (std::size_t k = 0; k + 1 < 2 * d; ++k) {
    mpz_fdiv_r_2exp(r.get_mpz_t(), z.get_mpz_t(), s);
    if (mpz_tstbit(r.get_mpz_t(), s - 1)) {  // negative: r - 2^s
      mpz_class top;
      mpz_setbit(top.get_mpz_t(), s);
      r -= top;
    }
    z -= r;
    mpz_fdiv_q_2exp(z.get_mpz_t(), z.get_mpz_t(), s);
    prod[k] = r;
  }
  fold(prod, 2 * d - 2, d, ring);
  prod.resize(d);
  return prod;
}

// v as a GMP number, where long may have 32 bits (wasm32).
mpz_class from_i64(std::int64_t v) {
  if (v >= LONG_MIN && v <= LONG_MAX) return mpz_class(static_cast<long>(v));
  const mpz_class a =
      to_mpz(v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v));
  return v < 0 ? mpz_class(-a) : a;
}

// sum_{e < hi} u(e) x^e modulo q (coefficients c; u(e) points to the coefficient, or is null
// for 0), or nothing when it is 0: by halves, each
// reduced modulo q and the upper one joined by x^h mod q (O(d^2 M(n) log n)); Horner's rule
// on blocks of kBlock, where the numbers are small.
// (`words`, when given, holds u as machine words: a block is then first tried in words, while
// the numbers stay far from overflowing.)
template <class Coefficient>
std::optional<std::vector<mpz_class>> reduce_by_halves(
    const std::vector<std::int64_t>& c, std::uint64_t hi, Coefficient u,
    const std::vector<std::int64_t>* words = nullptr) {
  using Poly = std::vector<mpz_class>;
  const std::size_t d = c.size();
  const Integers ring{c};
  std::vector<Poly> powers;  // x^(2^i) mod q
  Poly x(d);
  x[0] = 1;
  times_x(x, d, ring);
  powers.push_back(std::move(x));
  std::uint64_t size = 1;
  unsigned top = 0;
  while (size < hi) {
    size *= 2;
    ++top;
    if (size < hi) powers.push_back(product_mod(powers.back(), powers.back(), d, ring));
  }
  constexpr std::uint64_t kBlock = 64;
  const auto reduce = [&](const auto& self, std::uint64_t start, std::uint64_t len,
                          unsigned level) -> std::optional<Poly> {
    if (start >= hi) return std::nullopt;
    if (len <= kBlock) {
      if (words) {
        std::int64_t coefficient_bound = 1;
        for (const auto k : c) coefficient_bound = std::max(coefficient_bound, k < 0 ? -k : k);
        const std::int64_t most = (std::int64_t{1} << 60) / (coefficient_bound * (d + 1));
        std::array<std::int64_t, 64> w{};
        bool any = false, fits = d <= w.size();
        for (std::uint64_t e = std::min(start + len, hi); fits && e-- > start;) {
          const std::int64_t top = w[d - 1];  // w = x w + u(e)
          for (std::size_t i = d - 1; i >= 1; --i) w[i] = w[i - 1];
          w[0] = 0;
          for (std::size_t j = 1; j <= d; ++j) w[d - j] += c[j - 1] * top;
          w[0] += (*words)[e];
          for (std::size_t i = 0; i < d; ++i) {
            fits = fits && w[i] < most && w[i] > -most;
            any = any || w[i];
          }
        }
        if (fits) {
          if (!any) return std::nullopt;
          Poly p(d);
          for (std::size_t i = 0; i < d; ++i) p[i] = from_i64(w[i]);
          return p;
        }
      }
      std::optional<Poly> p;
      for (std::uint64_t e = std::min(start + len, hi); e-- > start;) {
        if (p) times_x(*p, d, ring);
        if (const mpz_class* k = u(e)) {
          if (!p) p.emplace(d);
          (*p)[0] += *k;
        }
      }
      return p;  // (exponents from hi on are 0)
    }
    auto low = self(self, start, len / 2, level - 1);
    const auto high = self(self, start + len / 2, len / 2, level - 1);
    if (!high) return low;
    auto shifted = product_mod(*high, powers[level - 1], d, ring);
    if (low)
      for (std::size_t i = 0; i < d; ++i) shifted[i] += (*low)[i];
    return shifted;
  };
  return reduce(reduce, 0, size, top);
}

// z mod m (0 <= result < m) for any 64-bit m, where long may have 32 bits (wasm32).
std::uint64_t mod_u64(const mpz_class& z, std::uint64_t m) {
  if (m <= ~0UL) return mpz_fdiv_ui(z.get_mpz_t(), static_cast<unsigned long>(m));
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), z.get_mpz_t(), to_mpz(m).get_mpz_t());
  return to_u64(r);
}

// sum_{e < hi} u(e) 2^e, by halves joined by shifts (u as for reduce_by_halves).
template <class Coefficient>
mpz_class value_at_two(std::uint64_t hi, Coefficient u) {
  constexpr std::uint64_t kBlock = 128;
  const auto value = [&](const auto& self, std::uint64_t start, std::uint64_t len) -> mpz_class {
    mpz_class v;
    if (start >= hi) return v;
    if (len <= kBlock) {
      for (std::uint64_t e = std::min(start + len, hi); e-- > start;) {
        v *= 2;
        if (const mpz_class* k = u(e)) v += *k;
      }
      return v;
    }
    v = self(self, start + len / 2, len / 2);
    mpz_mul_2exp(v.get_mpz_t(), v.get_mpz_t(), len / 2);
    return v + self(self, start, len / 2);
  };
  std::uint64_t size = 1;
  while (size < hi) size *= 2;
  return value(value, 0, size);
}

constexpr std::uint64_t kPrime = (std::uint64_t{1} << 61) - 1;
// Levels computed exactly: until the routes have not changed for 2 dim + 16 levels (then the
// recurrence found holds for ever, given the routes), at least kMinLevels, at most kMaxLevels.
constexpr std::uint64_t kMinLevels = 64, kMaxLevels = 1024;

}  // namespace

mpz_class LinearSequence::weighted_sum(const std::vector<std::uint8_t>& w) const {
  mpz_class sum;
  for (std::size_t j = 0; j < std::min(w.size(), known_.size()); ++j)
    if (w[j]) mpz_addmul_ui(sum.get_mpz_t(), known_[j].get_mpz_t(), w[j]);
  const std::size_t d = c_.size();
  if (w.size() <= known_.size() || d == 0) return sum;
  // The rest is sum_r [W mod q]_r a_(from + r), W = sum_j w_j x^(j - from).
  const std::uint64_t lo = known_.size() - from_, hi = w.size() - from_;
  static const auto small = [] {  // the weights as numbers
    std::array<mpz_class, 256> out;
    for (unsigned i = 0; i < out.size(); ++i) out[i] = i;
    return out;
  }();
  const auto r = reduce_by_halves(c_, hi, [&](std::uint64_t e) -> const mpz_class* {
    return e >= lo && w[from_ + e] ? &small[w[from_ + e]] : nullptr;
  });
  if (r)
    for (std::size_t i = 0; i < d; ++i)
      mpz_addmul(sum.get_mpz_t(), (*r)[i].get_mpz_t(), known_[from_ + i].get_mpz_t());
  return sum;
}

mpz_class LinearSequence::at(std::uint64_t n) const {
  if (n < known_.size()) return known_[n];
  const std::size_t d = c_.size();
  const auto r = power_of_x(n - from_, d, Integers{c_});
  mpz_class sum;
  for (std::size_t i = 0; i < d; ++i)
    mpz_addmul(sum.get_mpz_t(), r[i].get_mpz_t(), known_[from_ + i].get_mpz_t());
  return sum;
}

std::uint64_t LinearSequence::at_mod(std::uint64_t n, std::uint64_t m) const {
  assert(m >= 1);
  const auto mod = [&](const mpz_class& z) { return mod_u64(z, m); };
  if (n < known_.size()) return mod(known_[n]);
  const std::size_t d = c_.size();
  Modular ring{{}, m};
  for (const auto k : c_)
    ring.c.push_back(k >= 0 ? static_cast<std::uint64_t>(k) % m
                            : (m - static_cast<std::uint64_t>(-k) % m) % m);
  const auto r = power_of_x(n - from_, d, ring);
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < d; ++i) sum = addmod(sum, mulmod(r[i], mod(known_[from_ + i]), m), m);
  return sum;
}

Recurrence::Recurrence(const Puzzle& p) : arrangements_(p, true) {
  // The arrangements: every edge's, every uniform one, and those below them.
  const Arrangements& arr = arrangements_;
  const auto& edge_type = arr.edge_type;
  const std::size_t T = types();
  dim_ = T * (T - 1) / 2 + 1;

  // The routes of a piece from a to b as in family_solve.cpp: directly, or by one other
  // position (the arrangements each move needs).
  const auto edge = [&](std::uint8_t a, std::uint8_t b) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < p.edges.size(); ++i)
      if ((p.edges[i].a == a && p.edges[i].b == b) || (p.edges[i].a == b && p.edges[i].b == a))
        return edge_type[i];
    return std::nullopt;
  };
  const std::size_t n = positions_ = p.positions;
  auto& routes = routes_;
  routes.resize(n * n);
  for (std::uint8_t a = 0; a < n; ++a)
    for (std::uint8_t b = 0; b < n; ++b) {
      if (a == b) continue;
      if (const auto e = edge(a, b)) routes[a * n + b].push_back({1, *e, *e});
      for (std::uint8_t c = 0; c < n; ++c)
        if (c != a && c != b)
          if (const auto e1 = edge(a, c), e2 = edge(c, b); e1 && e2)
            routes[a * n + b].push_back({2, *e1, *e2});
    }

  // The levels, exactly, and the route each pair takes at each.
  cc_.emplace_back(dim_ - 1);
  std::vector<std::uint8_t> choice(dim_ - 1), last;
  std::uint64_t settled = 0;  // the first level of the current run of unchanged routes
  const auto get = [&](const std::vector<mpz_class>& v, std::size_t s, std::size_t t) {
    static const mpz_class zero;
    return s == t ? zero : v[pair(s, t)];
  };
  for (std::uint64_t m = 1; m <= kMaxLevels; ++m) {
    const auto& prev = cc_.back();
    std::vector<mpz_class> v(dim_ - 1);
    bool connected = true;
    for (std::size_t s = 0; s < T; ++s)
      for (std::size_t t = s + 1; t < T; ++t) {
        const std::size_t i = pair(s, t), ns = arr.next[s], nt = arr.next[t];
        if (arr.top[s] == arr.top[t]) {
          v[i] = get(prev, ns, nt);
          choice[i] = 0;
          continue;
        }
        const auto& list = routes[arr.top[s] * n + arr.top[t]];
        if (list.empty()) connected = false;
        for (std::size_t r = 0; r < list.size(); ++r) {
          const auto& route = list[r];
          mpz_class cost = get(prev, ns, route.u0) + get(prev, route.u1, nt) + route.moves;
          if (route.moves == 2) cost += get(prev, route.u0, route.u1);
          if (r == 0 || cost < v[i]) {  // ties keep the earlier route, as the solver does
            v[i] = std::move(cost);
            choice[i] = static_cast<std::uint8_t>(1 + r);
          }
        }
      }
    if (!connected) break;  // (a rule whose positions are not all joined: no recurrence)
    cc_.push_back(std::move(v));
    choices_.push_back(choice);
    if (choice != last) settled = m - 1;
    last = choice;
    if (m >= kMinLevels && m - settled >= 2 * dim_ + 16) {
      stable_ = settled;
      break;
    }
  }
}

std::size_t Recurrence::pair(std::size_t s, std::size_t t) const {
  if (s > t) std::swap(s, t);
  // Pairs (s, t), s < t, row by row.
  const std::size_t T = types();
  return s * T - s * (s + 1) / 2 + (t - s - 1);
}

Below normalized(Below b) {
  while (b.length && b.digits[b.length - 1] == b.rest) b.digits[--b.length] = 0;
  return b;
}

Arrangements::Arrangements(const Puzzle& p, bool uniform) {
  for (const auto& e : p.edges) edge_type.push_back(intern(e.below));
  if (uniform)
    for (std::uint8_t d = 0; d < p.positions; ++d) intern(Below{0, {}, d});
  for (std::size_t i = 0; i < types.size(); ++i) {  // closed under "the pieces below"
    Below b = types[i];
    top.push_back(b.length ? b.digits[0] : b.rest);
    if (b.length) {
      std::rotate(b.digits.begin(), b.digits.begin() + 1, b.digits.end());
      b.digits[3] = 0;
      --b.length;
    }
    next.push_back(intern(b));
  }
}

std::optional<std::size_t> Arrangements::find(const Below& b) const {
  const auto it = std::find(types.begin(), types.end(), normalized(b));
  if (it == types.end()) return std::nullopt;
  return it - types.begin();
}

std::size_t Arrangements::intern(const Below& b) {
  if (const auto i = find(b)) return *i;
  types.push_back(normalized(b));
  assert(types.size() <= 64);  // (the recursion's masks; a puzzle has at most 5)
  return types.size() - 1;
}

std::optional<LinearSequence> Recurrence::sequence(std::size_t s, std::size_t t) const {
  if (!stable_) return std::nullopt;
  std::vector<mpz_class> known;
  for (const auto& level : cc_) known.push_back(s == t ? mpz_class() : level[pair(s, t)]);
  const std::uint64_t from = *stable_;
  std::vector<std::uint64_t> tail;
  for (std::size_t m = from; m < known.size(); ++m) tail.push_back(mod_u64(known[m], kPrime));
  std::vector<std::int64_t> c;
  for (const auto k : berlekamp_massey(tail, kPrime)) {
    const std::int64_t v =
        k > kPrime / 2 ? -static_cast<std::int64_t>(kPrime - k) : static_cast<std::int64_t>(k);
    if (v > (std::int64_t{1} << 31) || -v > (std::int64_t{1} << 31)) return std::nullopt;
    c.push_back(v);
  }
  // The recurrence must hold exactly on every level computed past `from`: at least dim + d
  // terms of a sequence of a dim-dimensional linear system, so (Cayley-Hamilton) for ever.
  for (std::size_t m = from + c.size(); m < known.size(); ++m) {
    mpz_class sum;
    for (std::size_t i = 0; i < c.size(); ++i) sum += static_cast<long>(c[i]) * known[m - 1 - i];
    if (sum != known[m]) return std::nullopt;
  }
  return LinearSequence(std::move(known), from, std::move(c));
}

StateSums::StateSums(const Puzzle& p) : rec_(p) {
  if (!rec_.settled() || rec_.types() > 255) return;  // (a path keeps a type in a byte)
  const std::size_t T = rec_.types();
  sequence_of_.resize(T * (T - 1) / 2);
  for (std::size_t s = 0; s < T; ++s)
    for (std::size_t t = s + 1; t < T; ++t) {
      auto seq = rec_.sequence(s, t);
      if (!seq) return;
      const auto it = std::find(sequences_.begin(), sequences_.end(), *seq);
      sequence_of_[rec_.pair(s, t)] = it - sequences_.begin();
      if (it == sequences_.end()) sequences_.push_back(std::move(*seq));
    }
  // The route piece m takes from a toward t: one whose cost, plus the distance between where
  // the pieces below start for it and for any other route, is still no more than the other's
  // (strictly less than an earlier route's: the solver keeps the earlier on a tie). Then it
  // is the solver's choice for every state.
  const std::uint64_t levels = rec_.levels();
  winners_.assign(levels + 2, std::vector<std::uint8_t>(p.positions * T, 0));
  for (std::uint64_t m = 1; m <= levels + 1; ++m)
    for (std::uint8_t a = 0; a < p.positions; ++a)
      for (std::size_t t = 0; t < T; ++t) {
        if (a == rec_.top(t)) continue;
        const auto& routes = rec_.routes(a, rec_.top(t));
        const auto cost = [&](const Recurrence::Route& r) {
          mpz_class k = rec_.exact(m - 1, r.u1, rec_.next(t)) + r.moves;
          if (r.moves == 2) k += rec_.exact(m - 1, r.u0, r.u1);
          return k;
        };
        std::uint8_t found = 0;
        for (std::size_t i = 0; i < routes.size() && !found; ++i) {
          bool wins = true;
          for (std::size_t j = 0; j < routes.size() && wins; ++j) {
            if (j == i) continue;
            const mpz_class worst = rec_.exact(m - 1, routes[j].u0, routes[i].u0) + cost(routes[i]);
            const mpz_class other = cost(routes[j]);
            wins = j < i ? worst < other : worst <= other;
          }
          if (wins) found = static_cast<std::uint8_t>(1 + i);
        }
        if (!found) return;  // the route depends on the state: the ladder answers
        winners_[m][a * T + t] = found;
      }
  winners_[0] = winners_[1];
  steps_.assign(levels + 2, std::vector<Step>(p.positions * T));
  for (std::uint64_t m = 0; m <= levels + 1; ++m)
    for (std::uint8_t a = 0; a < p.positions; ++a)
      for (std::size_t t = 0; t < T; ++t) {
        Step& s = steps_[m][a * T + t];
        if (a == rec_.top(t)) {
          s.next = static_cast<std::uint8_t>(rec_.next(t));
          continue;
        }
        const auto& r = rec_.routes(a, rec_.top(t))[winners_[m][a * T + t] - 1];
        s.next = static_cast<std::uint8_t>(r.u0);
        s.moves = static_cast<std::uint8_t>(r.moves);
        if (r.u1 != rec_.next(t))
          s.g1 = static_cast<std::int16_t>(sequence_of_[rec_.pair(r.u1, rec_.next(t))]);
        if (r.moves == 2 && r.u0 != r.u1)
          s.g2 = static_cast<std::int16_t>(sequence_of_[rec_.pair(r.u0, r.u1)]);
      }
  share();
  // The routes past the levels known are the last level's: they must have settled.
  for (std::uint64_t m = levels + 1; m + 16 > levels + 1; --m)
    if (winners_[m] != winners_[levels + 1]) return;
  usable_ = true;
}

mpz_class StateSums::between(std::uint64_t m, std::size_t s, std::size_t t) const {
  if (s == t) return 0;
  if (m <= rec_.levels()) return rec_.exact(m, s, t);
  return sequences_[sequence_of_[rec_.pair(s, t)]].at(m);
}

StateSums::Path StateSums::walk(const Pieces& x, std::uint64_t m, std::size_t t,
                                std::uint64_t& moves) const {
  // Down the levels: where piece j is not at the arrangement's digit, it takes its route, whose
  // cost is its moves, the distances of level j - 1 between the arrangements it passes (terms),
  // and the distance from x's pieces below to the arrangement its first move needs (the next
  // level's).
  Path p{&x, std::vector<std::uint8_t>(m + 1)};
  for (std::uint64_t j = m; j >= 1; --j) {
    p.tau[j] = static_cast<std::uint8_t>(t);
    const Step& s = step(j, x[j - 1], t);
    moves += s.moves;
    t = s.next;
  }
  return p;
}

template <class F>
void StateSums::terms(const Path& p, std::uint64_t j, F f) const {
  const Step& s = step(j, (*p.x)[j - 1], p.tau[j]);
  if (s.g1 >= 0) f(static_cast<std::size_t>(s.g1));
  if (s.g2 >= 0) f(static_cast<std::size_t>(s.g2));
}

mpz_class StateSums::to_type(const Pieces& x, std::uint64_t m, std::size_t t) const {
  std::uint64_t moves = 0;
  const Path p = walk(x, m, t, moves);
  return sum({&p}, m) + to_mpz(moves);
}

mpz_class StateSums::sum(const std::vector<const Path*>& paths, std::uint64_t m) const {
  mpz_class s;
  if (!shared_) {  // each sequence by itself
    std::vector<std::vector<std::uint8_t>> w(sequences_.size());
    for (std::uint64_t j = 1; j <= m; ++j)
      for (const Path* p : paths)
        terms(*p, j, [&](std::size_t g) {
          if (w[g].empty()) w[g].assign(m, 0);
          ++w[g][j - 1];
        });
    for (std::size_t g = 0; g < sequences_.size(); ++g)
      if (!w[g].empty()) s += sequences_[g].weighted_sum(w[g]);
    return s;
  }
  // The levels known exactly, term by term.
  const std::uint64_t known = rec_.levels() + 1, from = sequences_[0].from();
  for (std::uint64_t j = 1; j <= std::min(m, known); ++j)
    for (const Path* p : paths)
      terms(*p, j, [&](std::size_t g) { s += sequences_[g].known()[j - 1]; });
  if (m <= known) return s;
  // The rest: [x^(d-1)] of U = sum_g N_g W_g, W_g = sum_j w_g(j) x^(j - from), reduced
  // modulo q once;
  // its coefficients made as the reduction asks for them (from the paths: a byte a level).
  const std::size_t d = q_.size();
  mpz_class u;
  const auto coefficient = [&](std::uint64_t e) -> const mpz_class* {
    u = 0;
    for (std::size_t i = 0; i < d && i <= e + from; ++i) {
      const std::uint64_t level = e + from - i;  // (of the distances: piece level + 1 moves)
      if (level < known || level >= m) continue;
      for (const Path* p : paths) terms(*p, level + 1, [&](std::size_t g) { u += h_[g][i]; });
    }
    return sgn(u) ? &u : nullptr;
  };
  // With small h (most puzzles with the root 2), the coefficients once, as machine words.
  std::vector<std::int64_t> small;
  if (!small_h_.empty()) {
    small.assign(m - from + d - 1, 0);
    for (std::uint64_t level = known; level < m; ++level)
      for (const Path* p : paths)
        terms(*p, level + 1, [&](std::size_t g) {
          for (std::size_t i = 0; i < d; ++i) small[level - from + i] += small_h_[g][i];
        });
  }
  const auto word = [&](std::uint64_t e) -> const mpz_class* {
    if (!small[e]) return nullptr;
    u = from_i64(small[e]);
    return &u;
  };
  std::optional<std::vector<mpz_class>> r;
  if (!r_.empty()) {
    // R = (U mod r) + r(x) (U(2) - (U mod r)(2)) / r(2): of degree < d, U's residue modulo both.
    auto low = small.empty() ? reduce_by_halves(r_, m - from + d - 1, coefficient)
                             : reduce_by_halves(r_, m - from + d - 1, word, &small);
    const mpz_class at_two = small.empty() ? value_at_two(m - from + d - 1, coefficient)
                                           : value_at_two(m - from + d - 1, word);
    if (!low) low.emplace(d - 1);
    mpz_class low_at_two, r_at_two = 1;  // r(2) = 2^(d-1) - sum c'_i 2^(d-1-i)
    for (std::size_t i = d - 1; i-- > 0;) low_at_two = 2 * low_at_two + (*low)[i];
    for (const auto k : r_) r_at_two = 2 * r_at_two - static_cast<long>(k);
    mpz_class t = at_two - low_at_two;
    mpz_divexact(t.get_mpz_t(), t.get_mpz_t(), r_at_two.get_mpz_t());
    // r(x) = x^(d-1) - c'_1 x^(d-2) - ... - c'_(d-1)
    r.emplace(d);
    for (std::size_t i = 0; i + 1 < d; ++i)
      (*r)[i] = (*low)[i] - static_cast<long>(r_[d - 2 - i]) * t;
    (*r)[d - 1] = t;
  } else {
    r = small.empty() ? reduce_by_halves(q_, m - from + d - 1, coefficient)
                      : reduce_by_halves(q_, m - from + d - 1, word, &small);
  }
  if (!r) return s;
  return s + (*r)[d - 1];
}

void StateSums::share() {
  if (sequences_.empty()) return;
  const std::uint64_t from = sequences_[0].from();
  const std::size_t known = rec_.levels() + 1;
  for (const auto& seq : sequences_)
    if (seq.from() != from) return;
  // a = a generic combination of the sequences: its shortest recurrence is every one's.
  std::vector<mpz_class> a(known);
  for (std::size_t g = 0; g < sequences_.size(); ++g)
    for (std::size_t j = 0; j < known; ++j)
      a[j] += static_cast<long>(2 * g + 3) * sequences_[g].known()[j];
  std::vector<std::uint64_t> tail;
  for (std::size_t j = from; j < known; ++j) tail.push_back(mod_u64(a[j], kPrime));
  std::vector<std::int64_t> q;
  for (const auto k : berlekamp_massey(tail, kPrime)) {
    const std::int64_t v =
        k > kPrime / 2 ? -static_cast<std::int64_t>(kPrime - k) : static_cast<std::int64_t>(k);
    if (v > (std::int64_t{1} << 31) || -v > (std::int64_t{1} << 31)) return;
    q.push_back(v);
  }
  const std::size_t d = q.size();
  if (d == 0 || from + 2 * d > known) return;
  for (const auto& seq : sequences_)  // q holds exactly for every one (as sequence() checks)
    for (std::size_t j = from + d; j < known; ++j) {
      mpz_class sum;
      for (std::size_t i = 0; i < d; ++i) sum += static_cast<long>(q[i]) * seq.known()[j - 1 - i];
      if (sum != seq.known()[j]) return;
    }
  // Each sequence's weighted sum as one coefficient: with N_g the numerator of
  // sum_e a_g(from + e) x^(-e-1) = N_g(x) / q(x) (deg N_g < d, integer: from a_g's first d
  // terms), sum_e w_e a_g(from + e) = [x^(d-1)] (W N_g mod q). So the sum over every sequence
  // is [x^(d-1)] of (sum_g N_g W_g) mod q: one reduction, small multipliers.
  const std::size_t G = sequences_.size();
  const auto q_at = [&](std::size_t k) -> long {  // q's coefficient of x^k
    return k == d ? 1 : -static_cast<long>(q[d - k - 1]);
  };
  std::vector<std::vector<mpz_class>> h(G, std::vector<mpz_class>(d));
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t e = 0; e < d; ++e)
      for (std::size_t k = e + 1; k <= d; ++k)
        h[g][k - e - 1] += q_at(k) * sequences_[g].known()[from + e];
  // q = (x - 2) r, r's powers small: r's coefficients by synthetic division, and x^4096 mod r
  // of small coefficients (r's roots of modulus at most 1, so its numbers grow polynomially).
  {
    std::vector<std::int64_t> r;  // r = x^(d-1) - r_1 x^(d-2) - ...: the recurrence c'
    std::int64_t carry = 1;       // synthetic division of x^d - c_1 x^(d-1) - ... by x - 2
    std::vector<std::int64_t> coef(d + 1);
    coef[0] = 1;
    for (std::size_t i = 0; i < d; ++i) coef[i + 1] = -q[i];
    std::vector<std::int64_t> quotient{1};
    for (std::size_t i = 1; i < d; ++i) {
      carry = coef[i] + 2 * carry;
      quotient.push_back(carry);
    }
    const bool divides = d >= 2 && coef[d] + 2 * carry == 0;
    for (std::size_t i = 1; i < quotient.size(); ++i) r.push_back(-quotient[i]);
    if (divides) {
      const auto p = power_of_x(4096, r.size(), Integers{r});
      bool small = true;
      for (const auto& z : p) small = small && mpz_sizeinbase(z.get_mpz_t(), 2) < 64;
      if (small) r_ = std::move(r);
    }
  }
  if (!r_.empty()) binary_form(q);
  // Small h: each coefficient, a sum of at most 4 d of them (two paths, two distances a
  // level), fits a 64-bit word.
  bool fits = true;
  for (const auto& hg : h)
    for (const auto& z : hg)
      fits = fits && mpz_sizeinbase(z.get_mpz_t(), 2) + std::bit_width(4 * d) < 62;
  if (fits) {
    small_h_.assign(G, std::vector<std::int64_t>(d));
    for (std::size_t g = 0; g < G; ++g)
      for (std::size_t i = 0; i < d; ++i) {
        const bool negative = sgn(h[g][i]) < 0;
        const auto magnitude = static_cast<std::int64_t>(to_u64(abs(h[g][i])));
        small_h_[g][i] = negative ? -magnitude : magnitude;
      }
  }
  q_ = std::move(q);
  h_ = std::move(h);
  shared_ = true;
}

namespace {
// z (|z| < 2^63) as a word, where long may have 32 bits (wasm32).
std::int64_t to_i64(const mpz_class& z) {
  const auto magnitude = static_cast<std::int64_t>(to_u64(abs(z)));
  return sgn(z) < 0 ? -magnitude : magnitude;
}
}  // namespace

void StateSums::binary_form(const std::vector<std::int64_t>& q) {
  if (r_.empty() || r_.back() == 0) return;  // (small is followed down the levels: r_(d-1) != 0)
  // lead_g 2^(n - from) = sum_i rho_i a_g(n + i), r = sum_i rho_i x^i: r(E) a_g keeps only the
  // root 2's part (r(E) annihilates the rest), and that doubles a level.
  const std::size_t d = q.size(), e = d - 1;
  std::vector<std::int64_t> rho(d);
  rho[e] = 1;
  for (std::size_t k = 1; k <= e; ++k) rho[e - k] = -r_[k - 1];
  std::int64_t r2 = 0;
  for (std::size_t i = d; i-- > 0;) r2 = 2 * r2 + rho[i];
  if (r2 == 0) return;
  const std::int64_t sign = r2 < 0 ? -1 : 1;
  Binary b;
  b.scale = sign * r2;
  b.from = sequences_[0].from();
  b.r = r_;
  const std::size_t known = rec_.levels() + 1;
  for (const auto& seq : sequences_) {
    const auto& a = seq.known();
    mpz_class lead;
    for (std::size_t i = 0; i < d; ++i) lead += static_cast<long>(rho[i]) * a[b.from + i];
    if (sign < 0) lead = -lead;
    if (mpz_sizeinbase(lead.get_mpz_t(), 2) > 40) return;  // (numbers of words below)
    // small(n) = scale a(n) - lead 2^(n - from), checked against r's recurrence on every
    // level known.
    std::vector<mpz_class> small;
    for (std::size_t n = b.from; n < known; ++n) {
      mpz_class z;
      mpz_mul_2exp(z.get_mpz_t(), lead.get_mpz_t(), n - b.from);
      small.push_back(from_i64(b.scale) * a[n] - z);
    }
    for (std::size_t n = e; n < small.size(); ++n) {
      mpz_class z;
      for (std::size_t k = 1; k <= e; ++k) z += static_cast<long>(r_[k - 1]) * small[n - k];
      if (z != small[n]) return;
    }
    std::vector<std::int64_t> first;
    for (std::size_t i = 0; i < e; ++i) {
      if (mpz_sizeinbase(small[i].get_mpz_t(), 2) > 40) return;
      first.push_back(to_i64(small[i]));
    }
    b.lead.push_back(to_i64(lead));
    b.small.push_back(std::move(first));
  }
  binary_ = std::move(b);
}

mpz_class StateSums::distance(const Pieces& x, const Pieces& y, bool* tied,
                              std::uint8_t* choice) const {
  if (tied) *tied = false;
  std::uint64_t k = x.size();
  while (k >= 1 && x[k - 1] == y[k - 1]) --k;
  if (k == 0) return 0;
  // The top piece's routes (as the solver's top level): each costs the distance from x's
  // pieces below to the arrangement its first move needs, its moves, and the distance from the
  // arrangement its last move needs to y's: both paths' weights summed at once.
  std::optional<mpz_class> best;
  int ties = 0;
  const auto& routes = rec_.routes(x[k - 1], y[k - 1]);
  for (std::size_t i = 0; i < routes.size(); ++i) {
    const auto& r = routes[i];
    std::uint64_t moves = r.moves;
    const Path from = walk(x, k - 1, r.u0, moves), to = walk(y, k - 1, r.u1, moves);
    mpz_class cost = sum({&from, &to}, k - 1) + to_mpz(moves);
    if (r.moves == 2) cost += between(k - 1, r.u0, r.u1);
    if (!best || cost < *best) {
      best = std::move(cost);
      ties = 1;
      if (choice) *choice = static_cast<std::uint8_t>(1 + i);
    } else if (cost == *best) {
      ++ties;
    }
  }
  if (tied) *tied = ties > 1;
  return best ? *best : mpz_class();
}

std::shared_ptr<const StateSums> state_sums(const Puzzle& p) {
  // The rule as a key: two puzzles with the same positions and edges share their sums.
  std::string key(1, static_cast<char>(p.positions));
  for (const auto& e : p.edges) {
    key += {static_cast<char>(e.a), static_cast<char>(e.b), static_cast<char>(e.below.length),
            static_cast<char>(e.below.rest)};
    for (const auto d : e.below.digits) key += static_cast<char>(d);
  }
  thread_local std::vector<std::pair<std::string, std::shared_ptr<const StateSums>>> cache;
  for (const auto& [k, sums] : cache)
    if (k == key) return sums;
  if (cache.size() >= 8) cache.erase(cache.begin());
  cache.emplace_back(key, std::make_shared<const StateSums>(p));
  return cache.back().second;
}

}  // namespace detail

namespace {

// The count's sequence: the distances between the uniform start and goal.
std::optional<detail::LinearSequence> count_sequence(const Puzzle& p) {
  const detail::Recurrence r(p);
  return r.sequence(r.uniform(p.start), r.uniform(p.goal));
}

}  // namespace

mpz_class count(const Puzzle& p, std::uint64_t n) {
  // Start and goal of the puzzles of the rings' rule are all 1 and all 0 (either way): the
  // rings' count.
  if (p.ring_rule()) return rings::count(n, Mode::single);
  if (const auto seq = count_sequence(p)) return seq->at(n);
  return distance(p, all_at(n, p.start), all_at(n, p.goal));
}

Result<std::uint64_t> count_mod(const Puzzle& p, std::uint64_t n, std::uint64_t modulus) {
  if (modulus == 0) return Error{"the modulus must be at least 1", "bad_modulus"};
  if (p.ring_rule()) return rings::count_mod(n, Mode::single, modulus);
  if (const auto seq = count_sequence(p)) return seq->at_mod(n, modulus);
  if (n > kMaxPieces)
    return Error{fmt::format("the count of {} modulo M is known for at most {} {}", p.name,
                             kMaxPieces, p.pieces),
                 "too_many_pieces",
                 {{"max", kMaxPieces}}};
  return detail::mod_u64(count(p, n), modulus);
}

}  // namespace rings::family
