// The distances between fixed arrangements as linear recurrences, and the counts they give.
#include "family_recurrence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

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

Below normalized(Below b) {
  while (b.length && b.digits[b.length - 1] == b.rest) b.digits[--b.length] = 0;
  return b;
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

// x^e modulo x^d - c_1 x^(d-1) - ... - c_d, over the ring `R` (its coefficients, lowest first).
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

// z mod m (0 <= result < m) for any 64-bit m, where long may have 32 bits (wasm32).
std::uint64_t mod_u64(const mpz_class& z, std::uint64_t m) {
  if (m <= ~0UL) return mpz_fdiv_ui(z.get_mpz_t(), static_cast<unsigned long>(m));
  mpz_class r;
  mpz_fdiv_r(r.get_mpz_t(), z.get_mpz_t(), to_mpz(m).get_mpz_t());
  return to_u64(r);
}

constexpr std::uint64_t kPrime = (std::uint64_t{1} << 61) - 1;
// Levels computed exactly: until the routes have not changed for 2 dim + 16 levels (then the
// recurrence found holds for ever, given the routes), at least kMinLevels, at most kMaxLevels.
constexpr std::uint64_t kMinLevels = 64, kMaxLevels = 1024;

}  // namespace

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

Recurrence::Recurrence(const Puzzle& p) {
  // The arrangements: every edge's, every uniform one, and those below them.
  const auto intern = [&](const Below& b) {
    const Below nb = normalized(b);
    const auto it = std::find(types_.begin(), types_.end(), nb);
    if (it != types_.end()) return static_cast<std::size_t>(it - types_.begin());
    types_.push_back(nb);
    return types_.size() - 1;
  };
  std::vector<std::size_t> edge_type;
  for (const auto& e : p.edges) edge_type.push_back(intern(e.below));
  for (std::uint8_t d = 0; d < p.positions; ++d) intern(Below{0, {}, d});
  for (std::size_t i = 0; i < types_.size(); ++i) {
    Below b = types_[i];
    top_.push_back(b.length ? b.digits[0] : b.rest);
    if (b.length) {
      std::rotate(b.digits.begin(), b.digits.begin() + 1, b.digits.end());
      b.digits[3] = 0;
      --b.length;
    }
    next_.push_back(intern(b));
  }
  const std::size_t T = types_.size();
  dim_ = T * (T - 1) / 2 + 1;

  // The routes of a piece from a to b as in family_solve.cpp: directly, or by one other
  // position (the arrangements each move needs).
  struct Route {
    std::size_t moves, u0, u1;
  };
  const auto edge = [&](std::uint8_t a, std::uint8_t b) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < p.edges.size(); ++i)
      if ((p.edges[i].a == a && p.edges[i].b == b) || (p.edges[i].a == b && p.edges[i].b == a))
        return edge_type[i];
    return std::nullopt;
  };
  const std::size_t n = p.positions;
  std::vector<std::vector<Route>> routes(n * n);
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
        const std::size_t i = pair(s, t), ns = next_[s], nt = next_[t];
        if (top_[s] == top_[t]) {
          v[i] = get(prev, ns, nt);
          choice[i] = 0;
          continue;
        }
        const auto& list = routes[top_[s] * n + top_[t]];
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
  const std::size_t T = types_.size();
  return s * T - s * (s + 1) / 2 + (t - s - 1);
}

std::optional<std::size_t> Recurrence::type(const Below& b) const {
  const auto it = std::find(types_.begin(), types_.end(), normalized(b));
  if (it == types_.end()) return std::nullopt;
  return it - types_.begin();
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

}  // namespace detail

namespace {

// The count's sequence: the distances between the uniform start and goal.
std::optional<detail::LinearSequence> count_sequence(const Puzzle& p) {
  const detail::Recurrence r(p);
  return r.sequence(r.uniform(p.start), r.uniform(p.goal));
}

}  // namespace

mpz_class count(const Puzzle& p, std::uint64_t n) {
  // Start and goal of Spin-Out and The Brain are all 1 and all 0 (either way): the rings' count.
  if (p.ring_rule()) return rings::count(n, Mode::single);
  if (const auto seq = count_sequence(p)) return seq->at(n);
  return distance(p, all_at(n, p.start), all_at(n, p.goal));
}

Result<std::uint64_t> count_mod(const Puzzle& p, std::uint64_t n, std::uint64_t modulus) {
  if (modulus == 0) return Error{"the modulus must be at least 1"};
  if (p.ring_rule()) return rings::count_mod(n, Mode::single, modulus);
  if (const auto seq = count_sequence(p)) return seq->at_mod(n, modulus);
  if (n > kMaxPieces)
    return Error{fmt::format("the count of {} modulo M is known for at most {} {}", p.name,
                             kMaxPieces, p.pieces)};
  return detail::mod_u64(count(p, n), modulus);
}

}  // namespace rings::family
