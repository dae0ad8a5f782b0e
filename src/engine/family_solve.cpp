// The family's exact solver: distances, the optimal solution streamed, the state after K moves.
//
// The recursion. The pieces above the highest piece k that differs between two states never move
// on a shortest path (the rule of a piece looks only below it, so any path projects onto pieces
// 1..k). Piece k walks from its position to its target through its position graph (the rule's
// edges: a direct move, or by the third position); each move of it along edge e needs the pieces
// below in e's fixed arrangement C(e). So a route a -> p1 -> ... -> b costs
//     d(lower, C(e1)) + 1 + d(C(e1), C(e2)) + 1 + ... + 1 + d(C(er), target's lower)
// and the distance is the least over the simple routes (a route that comes back to a position
// is never shorter: cut the loop and the pieces below can go straight). The fixed arrangements
// (a few digits, then one digit repeated: Below) are closed under "the pieces below the top
// one", so one pass from piece 1 up computes, level by level, the distance from a state's lower
// pieces to every fixed arrangement, and between every two fixed arrangements: a handful of
// big-number additions per level.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <memory>
#include <utility>

#include "family_recurrence.hpp"
#include "rings/family.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::family {
namespace {

// A shared, immutable big number: most values of a level are those of the level below (a
// piece that need not move), so they are shared, not copied. The count is not atomic (a value
// never leaves the thread that made it; shared_ptr's atomic counts cost more than the
// arithmetic), and freed numbers keep their limbs for the next (a free list per thread).
class Value {
 public:
  Value() = default;  // zero
  Value(const Value& o) : node_(o.node_) {
    if (node_) ++node_->refs;
  }
  Value(Value&& o) noexcept : node_(std::exchange(o.node_, nullptr)) {}
  Value& operator=(Value o) noexcept {
    std::swap(node_, o.node_);
    return *this;
  }
  ~Value() {
    if (node_ && --node_->refs == 0) recycle(node_);
  }

  /// A fresh number to fill in (its old value is garbage).
  static std::pair<Value, mpz_class*> make() {
    auto& free = free_list();
    Node* n;
    if (free.empty()) {
      n = new Node;
    } else {
      n = free.back();
      free.pop_back();
    }
    n->refs = 1;
    Value v;
    v.node_ = n;
    return {std::move(v), &n->v};
  }

  const mpz_class* get() const { return node_ ? &node_->v : &zero(); }
  const mpz_class& operator*() const { return *get(); }
  explicit operator bool() const { return node_ != nullptr; }
  void reset() { *this = Value(); }

 private:
  struct Node {
    mpz_class v;
    std::uint32_t refs = 0;
  };
  struct FreeList : std::vector<Node*> {
    ~FreeList() {
      for (Node* n : *this) delete n;
    }
  };
  static FreeList& free_list() {
    thread_local FreeList list;
    return list;
  }
  static const mpz_class& zero() {
    static const mpz_class z;
    return z;
  }
  static void recycle(Node* n) {
    auto& free = free_list();
    if (free.size() < 4096)
      free.push_back(n);
    else
      delete n;
  }
  Node* node_ = nullptr;
};

const Value& zero() {
  static const Value z;
  return z;
}

// A route of the moving piece through its position graph: `length` moves along edges[i] from
// at[i] to at[i+1].
struct Route {
  std::uint8_t length = 0;
  std::array<std::uint8_t, 2> edges{};
  std::array<std::uint8_t, 3> at{};
};

// The puzzle's fixed arrangements (types) and routes, numbered.
class Model {
 public:
  explicit Model(const Puzzle& p)
      : positions_(p.positions), edges_(p.edges), arrangements_(p, false) {
    const detail::Arrangements& arr = arrangements_;
    const std::size_t n = p.positions;
    routes_.resize(n * n);
    for (std::uint8_t a = 0; a < n; ++a)
      for (std::uint8_t b = 0; b < n; ++b) {
        if (a == b) continue;
        auto& list = routes_[a * n + b];
        if (const auto e = edge(a, b)) list.push_back(Route{1, {*e, 0}, {a, b, 0}});
        for (std::uint8_t c = 0; c < n; ++c) {
          if (c == a || c == b) continue;
          const auto e1 = edge(a, c), e2 = edge(c, b);
          if (e1 && e2) list.push_back(Route{2, {*e1, *e2}, {a, c, b}});
        }
      }
    // The pairs needed: those a route's pieces below pass between, from any state, closed
    // under the recursion.
    std::vector<bool> needed(arr.types.size() * arr.types.size());
    std::vector<std::pair<std::size_t, std::size_t>> work;
    const auto need = [&](std::size_t s, std::size_t t) {
      if (s == t) return;
      if (s > t) std::swap(s, t);
      if (needed[s * arr.types.size() + t]) return;
      needed[s * arr.types.size() + t] = true;
      work.emplace_back(s, t);
    };
    const auto route_pairs = [&](std::uint8_t a, std::uint8_t b, std::optional<std::size_t> from,
                                 std::optional<std::size_t> to) {
      for (const auto& r : routes(a, b)) {
        const std::size_t u0 = edge_type(r.edges[0]), u1 = edge_type(r.edges[r.length - 1]);
        if (r.length == 2) need(u0, u1);
        if (from) need(*from, u0);
        if (to) need(u1, *to);
      }
    };
    for (std::uint8_t a = 0; a < n; ++a)
      for (std::uint8_t b = 0; b < n; ++b) {
        if (a == b) continue;
        route_pairs(a, b, std::nullopt, std::nullopt);      // the top piece, between two states
        for (std::size_t t = 0; t < arr.types.size(); ++t)  // a state's pieces to arrangement t
          if (arr.top[t] == b) route_pairs(a, b, std::nullopt, arr.next[t]);
      }
    while (!work.empty()) {
      const auto [s, t] = work.back();
      work.pop_back();
      pairs_.emplace_back(s, t);
      if (arr.top[s] == arr.top[t])
        need(arr.next[s], arr.next[t]);
      else
        route_pairs(arr.top[s], arr.top[t], arr.next[s], arr.next[t]);
    }
  }

  std::size_t types() const { return arrangements_.types.size(); }
  std::uint8_t top(std::size_t t) const { return arrangements_.top[t]; }
  std::size_t next(std::size_t t) const { return arrangements_.next[t]; }
  std::size_t edge_type(std::size_t e) const { return arrangements_.edge_type[e]; }
  const Below& type(std::size_t t) const { return arrangements_.types[t]; }
  /// The arrangement "every piece at d" when `s` is that and the model has it (a puzzle's
  /// start or goal, often): the recursion then treats it as a fixed end.
  std::optional<std::size_t> uniform(const Pieces& s) const {
    if (s.empty() || std::find_if(s.begin(), s.end(), [&](auto d) { return d != s[0]; }) != s.end())
      return std::nullopt;
    return arrangements_.find(Below{0, {}, s[0]});
  }

  /// The pairs of arrangements (s < t) whose distance the recursion asks for.
  const std::vector<std::pair<std::size_t, std::size_t>>& pairs() const { return pairs_; }
  const std::vector<Route>& routes(std::uint8_t a, std::uint8_t b) const {
    return routes_[a * positions_ + b];
  }

 private:
  std::optional<std::uint8_t> edge(std::uint8_t a, std::uint8_t b) const {
    for (std::size_t i = 0; i < edges_.size(); ++i) {
      const auto& e = edges_[i];
      if ((e.a == a && e.b == b) || (e.a == b && e.b == a)) return static_cast<std::uint8_t>(i);
    }
    return std::nullopt;
  }

  std::size_t positions_;
  std::vector<Edge> edges_;
  detail::Arrangements arrangements_;
  std::vector<std::vector<Route>> routes_;
  std::vector<std::pair<std::size_t, std::size_t>> pairs_;
};

// The distances at one level m (pieces 1..m): from the lower pieces of state x (and y) to every
// fixed arrangement, and between every two.
struct Values {
  std::vector<Value> x, y, cc;  // cc[s * T + t], symmetric, 0 on the diagonal
};

// floor(z / 2^shift) for a z of at most shift + 62 bits: the top bits that rank routes without
// adding big numbers.
std::uint64_t top_bits(const mpz_class& z, std::size_t shift) {
  const mp_size_t n = static_cast<mp_size_t>(mpz_size(z.get_mpz_t()));
  const auto limb = static_cast<mp_size_t>(shift / GMP_NUMB_BITS);
  const unsigned bit = shift % GMP_NUMB_BITS;
  if (limb >= n) return 0;
  const mp_limb_t* p = mpz_limbs_read(z.get_mpz_t());
  // 64 bits from `bit` on, in limbs of 64 bits or (the page's WebAssembly build) 32.
  std::uint64_t v = 0;
  for (mp_size_t i = limb, at = 0; i < n && at < 64 + static_cast<mp_size_t>(bit);
       ++i, at += GMP_NUMB_BITS) {
    const std::uint64_t w = p[i];
    const mp_size_t pos = at - static_cast<mp_size_t>(bit);  // where w's bit 0 lands in v
    v |= pos < 0 ? w >> -pos : pos < 64 ? w << pos : 0;
  }
  return v;
}

// z += c, touching only the limbs the carry reaches (mpz_add_ui passes over all of them).
void add_small(mpz_class& z, mp_limb_t c) {
  const mp_size_t n = mpz_size(z.get_mpz_t());
  mp_limb_t* p = mpz_limbs_modify(z.get_mpz_t(), n + 1);
  mp_size_t i = 0;
  for (; i < n && c; ++i) {
    p[i] += c;
    c = p[i] < c;
  }
  if (c) p[n] = c;
  mpz_limbs_finish(z.get_mpz_t(), c ? n + 1 : n);
}

// The values a level needs: bit t of x (y) the distance from x's (y's) pieces to arrangement t,
// bit i of cc that of the pair Model::pairs()[i]. A query needs far fewer than all: with one
// route between two positions (positions joined in a line, not a ring) one value a level of
// each state.
struct Need {
  std::uint64_t x = 0, y = 0, cc = 0;
  static Need all() { return {~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0}}; }
};

// One step of the recursion, level m-1 -> m, and the route chosen for each answer (0: piece m
// does not move; 1 + i: routes(a, b)[i]).
class Ladder {
 public:
  Ladder(const Model& model, const Pieces* x, const Pieces* y)
      : model_(model), x_(x), y_(y), t_(model.types()) {}

  Values start() const {
    Values v;
    if (x_) v.x.assign(t_, zero());
    if (y_) v.y.assign(t_, zero());
    v.cc.assign(t_ * t_, zero());
    return v;
  }

  std::size_t types() const { return t_; }

  // The values at level m from those at m-1; the routes chosen go to `choices` (x: T bytes,
  // y: T bytes, cc: T*T bytes) when given. Only the values `need` names are computed (the
  // others stay 0: no level above asks for them).
  Values step(std::uint64_t m, const Values& prev, std::uint8_t* choices,
              const Need& need = Need::all()) const {
    memo_.clear();
    Values v;
    const std::size_t T = t_;
    const auto cc = [&](std::size_t s, std::size_t t) -> const Value& {
      return prev.cc[s * T + t];
    };
    v.cc.assign(T * T, zero());
    for (std::size_t i = 0; i < model_.pairs().size(); ++i) {
      if (!(need.cc >> i & 1)) continue;
      const auto [s, t] = model_.pairs()[i];
      std::uint8_t c = 0;
      const std::size_t ns = model_.next(s), nt = model_.next(t);
      Value val = model_.top(s) == model_.top(t)
                      ? cc(ns, nt)
                      : best(
                            model_.top(s), model_.top(t),
                            [&](std::size_t u) -> const Value& { return cc(ns, u); },
                            [&](std::size_t u) -> const Value& { return cc(u, nt); }, prev, c);
      v.cc[s * T + t] = v.cc[t * T + s] = std::move(val);
      if (choices) choices[2 * T + s * T + t] = choices[2 * T + t * T + s] = c;
    }
    const auto side = [&](const Pieces* p, const std::vector<Value>& lower, std::vector<Value>& out,
                          std::uint8_t* ch, std::uint64_t need) {
      out.resize(T);
      const std::uint8_t a = (*p)[m - 1];
      for (std::size_t t = 0; t < T; ++t) {
        if (!(need >> t & 1)) continue;
        std::uint8_t c = 0;
        const std::size_t nt = model_.next(t);
        out[t] =
            a == model_.top(t)
                ? lower[nt]
                : best(
                      a, model_.top(t), [&](std::size_t u) -> const Value& { return lower[u]; },
                      [&](std::size_t u) -> const Value& { return cc(u, nt); }, prev, c);
        if (ch) ch[t] = c;
      }
    };
    if (x_) side(x_, prev.x, v.x, choices, need.x);
    if (y_) side(y_, prev.y, v.y, choices ? choices + T : nullptr, need.y);
    memo_.clear();  // its keys point into `prev`, which may go
    return v;
  }

  // The least cost over the routes from a to b: src(u) is the distance from where the lower
  // pieces start to arrangement u, dst(u) from arrangement u to where they end.
  template <class Src, class Dst>
  Value best(std::uint8_t a, std::uint8_t b, Src src, Dst dst, const Values& prev,
             std::uint8_t& choice) const {
    const auto& routes = model_.routes(a, b);
    const std::size_t T = t_;
    const auto terms = [&](const Route& r, std::array<const mpz_class*, 3>& out) {
      const std::size_t u0 = model_.edge_type(r.edges[0]);
      const std::size_t u1 = model_.edge_type(r.edges[r.length - 1]);
      out[0] = src(u0).get();
      out[1] = r.length == 2 ? prev.cc[u0 * T + u1].get() : zero().get();
      out[2] = dst(u1).get();
    };
    const auto exact = [&](const Route& r) {
      std::array<const mpz_class*, 3> t{};
      terms(r, t);
      // The same sum asked twice in a level (three positions all joined) is added once.
      std::array<const mpz_class*, 3> key = t;
      std::sort(key.begin(), key.end());
      for (const auto& [k, len, value] : memo_)
        if (k == key && len == r.length) return value;
      auto [v, z] = Value::make();
      std::array<mpz_srcptr, 3> terms{};  // those not 0 (t[1] is 0 for a direct move)
      std::size_t count = 0;
      for (const auto* term : t)
        if (sgn(*term)) terms[count++] = term->get_mpz_t();
      if (count == 0)
        mpz_set_ui(z->get_mpz_t(), 0);
      else if (count == 1)
        mpz_set(z->get_mpz_t(), terms[0]);
      else
        mpz_add(z->get_mpz_t(), terms[0], terms[1]);
      if (count == 3) mpz_add(z->get_mpz_t(), z->get_mpz_t(), terms[2]);
      add_small(*z, r.length);
      memo_.push_back({key, r.length, v});
      return std::move(v);
    };
    std::size_t chosen = 0;
    if (routes.size() > 1) {
      // Rank by the sums' top 62 bits (in units of 2^shift, each sum's estimate at most 4
      // below it: three terms cut, and the constant); add exactly only where two are too close
      // to tell apart. A route is direct or by one other position.
      std::array<std::array<const mpz_class*, 3>, 4> t{};
      std::size_t bits = 0;
      for (std::size_t i = 0; i < routes.size(); ++i) {
        terms(routes[i], t[i]);
        for (const auto* z : t[i]) bits = std::max(bits, mpz_sizeinbase(z->get_mpz_t(), 2));
      }
      const std::size_t shift = bits > 62 ? bits - 62 : 0;
      std::array<std::uint64_t, 4> est{};
      for (std::size_t i = 0; i < routes.size(); ++i) {
        est[i] = shift ? 0 : routes[i].length;  // exact when shift is 0
        for (const auto* z : t[i]) est[i] += top_bits(*z, shift);
      }
      const std::uint64_t slack = shift ? 4 : 1;
      Value best_value;
      for (std::size_t i = 1; i < routes.size(); ++i) {
        if (est[i] >= est[chosen] + slack) continue;
        if (est[i] + slack <= est[chosen]) {
          chosen = i;
          best_value.reset();
          continue;
        }
        if (!best_value) best_value = exact(routes[chosen]);
        Value v = exact(routes[i]);
        if (*v < *best_value) {  // ties keep the earlier route: the direct move first
          chosen = i;
          best_value = std::move(v);
        }
      }
      choice = static_cast<std::uint8_t>(1 + chosen);
      return best_value ? best_value : exact(routes[chosen]);
    }
    choice = 1;
    return exact(routes[0]);
  }

  // Whether two or more routes from a to b cost `least` (a few additions: asked once, at the
  // top).
  template <class Src, class Dst>
  bool tied(std::uint8_t a, std::uint8_t b, Src src, Dst dst, const Values& prev,
            const mpz_class& least) const {
    const auto& routes = model_.routes(a, b);
    int found = 0;
    for (const auto& r : routes) {
      const std::size_t u0 = model_.edge_type(r.edges[0]);
      const std::size_t u1 = model_.edge_type(r.edges[r.length - 1]);
      mpz_class len = *src(u0) + *dst(u1) + r.length;
      if (r.length == 2) len += *prev.cc[u0 * t_ + u1];
      found += len == least;
    }
    return found > 1;
  }

 private:
  const Model& model_;
  const Pieces* x_;
  const Pieces* y_;
  std::size_t t_;
  struct Memo {
    std::array<const mpz_class*, 3> key;
    std::uint8_t length;
    Value value;
  };
  mutable std::vector<Memo> memo_;  // the sums of the current level
};

// The highest piece where two states differ, or 0.
std::uint64_t top_difference(const Pieces& a, const Pieces& b) {
  for (std::uint64_t k = a.size(); k >= 1; --k)
    if (a[k - 1] != b[k - 1]) return k;
  return 0;
}

PieceMove ring_move(const Move& m) {
  return PieceMove{m.ring(), static_cast<std::uint8_t>(m.on() ? 0 : 1),
                   static_cast<std::uint8_t>(m.on() ? 1 : 0)};
}

// One end of a segment of the walk: the state x, the state y, or a fixed arrangement.
struct End {
  enum Kind : std::uint8_t { x, y, type } kind = x;
  std::uint8_t t = 0;  // (a puzzle has at most 64 arrangements: Model; two bytes a frame's end)
  End() = default;
  End(Kind k, std::size_t type = 0) : kind(k), t(static_cast<std::uint8_t>(type)) {}
};

// The whole recursion between x and y, up to the top moving piece k: the route choices of every
// level, the distance, and (for state_after) the values of every level on demand.
class Plan {
 public:
  /// What the plan keeps of every level besides the distance: nothing, the values between
  /// fixed arrangements (state_after: the states' own values are then found by subtraction on
  /// the way down), or all of them (the planner).
  enum class Keep : std::uint8_t { none, cc, all };

  Plan(const Puzzle& p, const Pieces& x, const Pieces& y, bool keep_choices, Keep keep,
       bool sums_at_any_size = false)
      : model_(p),
        x_type_(model_.uniform(x)),
        y_type_(model_.uniform(y)),
        ladder_(model_, x_type_ ? nullptr : &x, y_type_ ? nullptr : &y),
        cc_ladder_(model_, nullptr, nullptr),
        keep_(keep),
        x_(x),
        y_(y),
        k_(top_difference(x, y)) {
    if (x_type_) root_from_ = End{End::type, *x_type_};
    if (y_type_) root_to_ = End{End::type, *y_type_};
    if (k_ == 0) {
      distance_ = zero();
      return;
    }
    // A walk of many pieces: the routes and the distance come from the sums of the
    // arrangements' sequences (family_recurrence.hpp), without the levels below the top.
    if (keep_choices && keep == Keep::none && (k_ >= detail::kSumsFrom || sums_at_any_size)) {
      auto sums = detail::state_sums(p);
      if (sums->usable()) {
        for (std::size_t t = 0; t < model_.types(); ++t)
          sums_type_.push_back(*sums->recurrence().type(model_.type(t)));
        auto [v, z] = Value::make();
        *z = sums->distance(x, y, &tied_, &top_choice_);
        sums_ = std::move(sums);
        distance_ = std::move(v);
        return;
      }
    }
    const std::size_t T = model_.types();
    stride_ = 2 * T + T * T;
    if (keep_choices) choices_.assign(stride_ * (k_ - 1), 0);
    // Checkpoints every `block_` levels; a block is recomputed when state_after reaches it.
    const std::uint8_t a = x[k_ - 1], b = y[k_ - 1];
    needed(x, y);
    const bool keep_values = keep != Keep::none;
    if (keep_values) block_ = std::max<std::uint64_t>(1, std::sqrt(static_cast<double>(k_)));
    Values v = ladder_.start();
    if (keep_values) checkpoints_.push_back(kept(v));
    for (std::uint64_t m = 1; m < k_; ++m) {
      v = ladder_.step(m, v, keep_choices ? &choices_[stride_ * (m - 1)] : nullptr, need_[m]);
      if (keep_values && m % block_ == 0) checkpoints_.push_back(kept(v));
    }
    const auto src = [&](std::size_t u) -> const Value& {
      return x_type_ ? v.cc[*x_type_ * T + u] : v.x[u];
    };
    const auto dst = [&](std::size_t u) -> const Value& {
      return y_type_ ? v.cc[u * T + *y_type_] : v.y[u];
    };
    distance_ = ladder_.best(a, b, src, dst, v, top_choice_);
    // Only the top piece's routes can tie (below it every segment ends at a fixed arrangement,
    // reached one way: tests/family_test.cpp), so this is the one place to look.
    tied_ = ladder_.tied(a, b, src, dst, v, *distance_);
    if (keep_values) top_values_ = std::move(v);
  }

  /// The ends of the whole walk: the states, or the arrangements they are.
  End root_from() const { return root_from_; }
  End root_to() const { return root_to_; }

  const Model& model() const { return model_; }
  /// The sums the routes come from (a walk of many pieces), or null, and the sums' number of
  /// one of our arrangements.
  const detail::StateSums* sums() const { return sums_.get(); }
  std::size_t sums_type(std::size_t t) const { return sums_type_[t]; }
  std::uint64_t top() const { return k_; }
  const mpz_class& distance() const { return *distance_; }
  std::uint8_t top_choice() const { return top_choice_; }
  /// Whether another route of the top piece is as short as the chosen one.
  bool tied() const { return tied_; }
  // The route chosen at level m for: x -> type t (side 0), type t -> y (side 1), s <-> t (cc).
  // (From the sums: the route toward y's pieces is the reverse of the one from them, the
  // same index in routes(b, a) as in routes(a, b).)
  std::uint8_t choice_x(std::uint64_t m, std::size_t t) const {
    if (sums_) return sums_->route(m, x_[m - 1], sums_type_[t]);
    return at(m)[t];
  }
  std::uint8_t choice_y(std::uint64_t m, std::size_t t) const {
    if (sums_) return sums_->route(m, y_[m - 1], sums_type_[t]);
    return at(m)[model_.types() + t];
  }
  std::uint8_t choice_cc(std::uint64_t m, std::size_t s, std::size_t t) const {
    if (sums_) return sums_->recurrence().choice(m, sums_type_[s], sums_type_[t]);
    return at(m)[2 * model_.types() + s * model_.types() + t];
  }

  // The values at level m < k, asked for in order of falling m (Keep::cc: only cc, but for
  // level k-1, whose values are all kept).
  const Values& values(std::uint64_t m) {
    if (m + 1 == k_) return top_values_;
    const std::uint64_t base = m / block_ * block_;
    if (block_base_ != base || block_values_.empty()) {
      const Ladder& ladder = keep_ == Keep::cc ? cc_ladder_ : ladder_;
      block_values_.clear();
      block_values_.push_back(checkpoints_[base / block_]);
      for (std::uint64_t l = base + 1; l < std::min(base + block_, k_); ++l)
        block_values_.push_back(ladder.step(l, block_values_.back(), nullptr, need_[l]));
      block_base_ = base;
    }
    return block_values_[m - base];
  }

 private:
  const std::uint8_t* at(std::uint64_t m) const { return &choices_[stride_ * (m - 1)]; }
  // The values each level m < k needs, from the top down: the top piece's routes ask for some,
  // each of those for the ones its own routes are made of, and so on.
  void needed(const Pieces& x, const Pieces& y) {
    const std::size_t T = model_.types();
    std::vector<std::size_t> index(T * T, 0);  // of a pair in Model::pairs()
    for (std::size_t i = 0; i < model_.pairs().size(); ++i) {
      const auto [s, t] = model_.pairs()[i];
      index[s * T + t] = index[t * T + s] = i;
    }
    assert(model_.pairs().size() <= 64);
    need_.assign(k_, Need{});
    const auto pair = [&](Need& n, std::size_t s, std::size_t t) {
      if (s != t) n.cc |= std::uint64_t{1} << index[s * T + t];
    };
    // The routes of a piece from a to b, its pieces below going from `from` to `to` (a state's
    // side when nullopt: its bit goes to `side`).
    const auto routes = [&](Need& n, std::uint8_t a, std::uint8_t b,
                            std::optional<std::size_t> from, std::optional<std::size_t> to,
                            std::uint64_t* from_side, std::uint64_t* to_side) {
      for (const auto& r : model_.routes(a, b)) {
        const std::size_t u0 = model_.edge_type(r.edges[0]);
        const std::size_t u1 = model_.edge_type(r.edges[r.length - 1]);
        if (r.length == 2) pair(n, u0, u1);
        if (from)
          pair(n, *from, u0);
        else
          *from_side |= std::uint64_t{1} << u0;
        if (to)
          pair(n, u1, *to);
        else
          *to_side |= std::uint64_t{1} << u1;
      }
    };
    routes(need_[k_ - 1], x[k_ - 1], y[k_ - 1], x_type_, y_type_, &need_[k_ - 1].x,
           &need_[k_ - 1].y);
    for (std::uint64_t m = k_ - 1; m >= 1; --m) {
      const Need& n = need_[m];
      Need& below = need_[m - 1];
      const auto side = [&](const Pieces& s, std::uint64_t mask, std::uint64_t& out) {
        const std::uint8_t a = s[m - 1];
        for (std::size_t t = 0; t < T; ++t) {
          if (!(mask >> t & 1)) continue;
          if (a == model_.top(t))
            out |= std::uint64_t{1} << model_.next(t);
          else
            routes(below, a, model_.top(t), std::nullopt, model_.next(t), &out, nullptr);
        }
      };
      side(x, n.x, below.x);
      side(y, n.y, below.y);
      for (std::size_t i = 0; i < model_.pairs().size(); ++i) {
        if (!(n.cc >> i & 1)) continue;
        const auto [s, t] = model_.pairs()[i];
        const std::size_t ns = model_.next(s), nt = model_.next(t);
        if (model_.top(s) == model_.top(t))
          pair(below, ns, nt);
        else
          routes(below, model_.top(s), model_.top(t), ns, nt, nullptr, nullptr);
      }
    }
  }
  // What a checkpoint keeps of a level's values.
  Values kept(const Values& v) const { return keep_ == Keep::cc ? Values{{}, {}, v.cc} : v; }

  Model model_;
  std::optional<std::size_t> x_type_, y_type_;
  End root_from_{End::x}, root_to_{End::y};
  Ladder ladder_, cc_ladder_;
  Keep keep_;
  const Pieces& x_;
  const Pieces& y_;
  std::uint64_t k_;
  Value distance_;
  std::uint8_t top_choice_ = 0;
  bool tied_ = false;
  std::shared_ptr<const detail::StateSums> sums_;  // the routes, for a walk of many pieces
  std::vector<std::size_t> sums_type_;             // the sums' number of each of our arrangements
  std::size_t stride_ = 0;
  std::vector<std::uint8_t> choices_;
  std::uint64_t block_ = 1;
  std::vector<Need> need_;  // by level
  std::vector<Values> checkpoints_;
  Values top_values_;
  std::vector<Values> block_values_;
  std::uint64_t block_base_ = 0;
};

// Walks the plan: a stack of the pieces moving at each level, O(N) memory.
class Walker {
 public:
  explicit Walker(const Plan& plan, const Pieces& x, const Pieces& y)
      : plan_(plan), model_(plan.model()), x_(x), y_(y) {}

  std::uint8_t digit(const End& e, std::uint64_t m) const {
    return e.kind == End::x ? x_[m - 1] : e.kind == End::y ? y_[m - 1] : model_.top(e.t);
  }
  End down(End e) const {
    if (e.kind == End::type) e.t = model_.next(e.t);
    return e;
  }

  // The segment at level m from `from` to `to`: descends to its top moving piece j (returning 0
  // when nothing moves) and its route.
  std::uint64_t settle(std::uint64_t m, End& from, End& to, const Route*& route,
                       std::vector<std::uint8_t>* digits = nullptr) const {
    while (m >= 1) {
      if (from.kind == End::type && to.kind == End::type && from.t == to.t) break;
      const std::uint8_t a = digit(from, m), b = digit(to, m);
      if (a != b) {
        std::uint8_t c;
        if (m == plan_.top())  // the piece that moves first of all: only the root reaches it
          c = plan_.top_choice();
        else if (from.kind == End::x)
          c = plan_.choice_x(m, to.t);
        else if (to.kind == End::y)
          c = plan_.choice_y(m, from.t);
        else
          c = plan_.choice_cc(m, from.t, to.t);
        route = &model_.routes(a, b)[c - 1];
        return m;
      }
      if (digits) (*digits)[m - 1] = a;
      from = down(from);
      to = down(to);
      --m;
    }
    if (digits)  // nothing moves below: the pieces stay where `from` has them
      for (; m >= 1; --m, from = down(from)) (*digits)[m - 1] = digit(from, m);
    return 0;
  }

  // The ends of sub-segment i of a route at level j (whose ends below are from, to).
  End sub_from(const Route& r, std::size_t i, const End& from) const {
    return i == 0 ? from : End{End::type, model_.edge_type(r.edges[i - 1])};
  }
  End sub_to(const Route& r, std::size_t i, const End& to) const {
    return i == r.length ? to : End{End::type, model_.edge_type(r.edges[i])};
  }

  // Starts the walk of the whole solution.
  void start() { push(x_.size(), plan_.root_from(), plan_.root_to()); }

  // The next move of the walk, false at its end.
  bool next(PieceMove& move) {
    if (run_ != run_end_) {
      move = *run_++;
      return true;
    }
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const Route& r = *f.route;
      if (f.step == 2 * r.length + 1) {
        stack_.pop_back();
        continue;
      }
      const std::size_t i = f.step / 2;
      const bool sub = f.step % 2 == 0;
      ++f.step;
      if (!sub) {
        move = PieceMove{f.j, r.at[i], r.at[i + 1]};
        return true;
      }
      const Frame copy = f;  // push may move the stack
      push(copy.j - 1, sub_from(r, i, copy.from), sub_to(r, i, copy.to));
      if (run_ != run_end_) {
        move = *run_++;
        return true;
      }
    }
    return false;
  }

  /// The levels whose segments between two fixed arrangements the walk replays from a list of
  /// their moves, made once a walk (at most T^2 lists a level, each of a few hundred moves):
  /// most moves of a long solution are those of the lowest pieces.
  static constexpr std::uint64_t kReplayLevels = 8;

 private:
  // A piece moving at level j: the ends of the pieces below it, its route, and how far along
  // (even steps: the pieces below go; odd: the piece moves).
  struct Frame {  // 24 bytes: the walk keeps one a level
    std::uint64_t j;
    const Route* route;
    End from, to;
    std::uint8_t step;
  };
  void push(std::uint64_t m, End from, End to) {
    if (m <= kReplayLevels && from.kind == End::type && to.kind == End::type) {
      const auto& moves = segment(m, from.t, to.t);
      run_ = moves.data();
      run_end_ = run_ + moves.size();
      return;
    }
    const Route* r = nullptr;
    const std::uint64_t j = settle(m, from, to, r);
    if (j) stack_.push_back(Frame{j, r, down(from), down(to), 0});
  }

  // The moves of the segment at level m (<= kReplayLevels) from arrangement s to t, made on
  // first use from those of the level below (the same recursion as the frames').
  const std::vector<PieceMove>& segment(std::uint64_t m, std::size_t s, std::size_t t) {
    const std::size_t T = model_.types();
    if (segments_.empty()) segments_.resize((kReplayLevels + 1) * T * T);
    auto& slot = segments_[(m * T + s) * T + t];
    if (slot) return *slot;
    std::vector<PieceMove> moves;
    End a{End::type, s}, b{End::type, t};
    const Route* r = nullptr;
    if (const std::uint64_t j = settle(m, a, b, r)) {
      const End below_from = down(a), below_to = down(b);
      for (std::size_t i = 0; i <= r->length; ++i) {
        if (j >= 2) {
          const auto& sub =
              segment(j - 1, sub_from(*r, i, below_from).t, sub_to(*r, i, below_to).t);
          moves.insert(moves.end(), sub.begin(), sub.end());
        }
        if (i < r->length) moves.push_back(PieceMove{j, r->at[i], r->at[i + 1]});
      }
    }
    slot = std::make_unique<std::vector<PieceMove>>(std::move(moves));
    return *slot;
  }

  const Plan& plan_;
  const Model& model_;
  const Pieces& x_;
  const Pieces& y_;
  std::vector<Frame> stack_;  // one frame a level at most: O(N)
  // The moves of the fixed segments of the lowest levels, by (level, from, to), and the rest
  // of the one being replayed.
  std::vector<std::unique_ptr<std::vector<PieceMove>>> segments_;
  const PieceMove* run_ = nullptr;
  const PieceMove* run_end_ = nullptr;
};

// The distance of a segment at level m between two ends, from the values of level m.
const mpz_class& segment_length(const Values& v, std::size_t T, const End& from, const End& to) {
  if (from.kind == End::x) return *v.x[to.t];
  if (to.kind == End::y) return *v.y[from.t];
  return *v.cc[from.t * T + to.t];
}

#if defined(__SIZEOF_INT128__) && GMP_NUMB_BITS == 64
// The descent's position below the top piece where every length between arrangements is a
// power of 2 and a small number (StateSums::Binary): scale * pos, kept as
// high 2^e + (x0 mod 2^e) + low, e = m - from at the level m of the lengths being compared.
// x0 is the number when the descent left the top piece; a length changes only its bits from e
// up (lead 2^e, gathered in `high`, a few bits: the position is below a length of the level
// above) and `low` (the small part), and e only falls, so x0's bits below e are never touched
// again and a comparison reads them through two prefix tables. A level costs a few words,
// where a subtraction of big numbers costs N/64: so the descent is linear, not quadratic.
class BinaryPosition {
 public:
  using Wide = __int128;
  static constexpr std::uint64_t kLowest = 192;  // e below this: exact numbers take over

  BinaryPosition(const mpz_class& x0, std::uint64_t e) : e_(e) {
    // In 64-bit words whatever GMP's limb (32 bits in the page's WebAssembly build).
    limbs_.resize((mpz_sizeinbase(x0.get_mpz_t(), 2) + 63) / 64);
    std::size_t n = 0;
    mpz_export(limbs_.data(), &n, -1, sizeof(std::uint64_t), 0, 0, x0.get_mpz_t());
    limbs_.resize(n);
    nonzero_.resize(n + 1);
    not_ones_.resize(n + 1);
    std::int64_t nz = -1, no = -1;
    for (std::size_t i = 0; i <= n; ++i) {
      nonzero_[i] = nz;
      not_ones_[i] = no;
      if (i < n && limbs_[i]) nz = static_cast<std::int64_t>(i);
      if (i < n && ~limbs_[i]) no = static_cast<std::int64_t>(i);
    }
    mpz_class h;
    mpz_fdiv_q_2exp(h.get_mpz_t(), x0.get_mpz_t(), e);
    ok_ = mpz_sizeinbase(h.get_mpz_t(), 2) < 60;
    if (ok_) high_ = static_cast<Wide>(to_u64(h));
  }
  bool ok() const { return ok_; }
  std::uint64_t e() const { return e_; }

  // Down to e2 < e: x0's bits between join `high`.
  void lower(std::uint64_t e2) {
    while (e_ > e2) {
      const std::uint64_t step = std::min<std::uint64_t>(60, e_ - e2);
      high_ = high_ * (Wide{1} << step) + static_cast<Wide>(bits(e_ - step, step));
      e_ -= step;
    }
    ok_ = ok_ && high_ < (Wide{1} << 62) && high_ > -(Wide{1} << 62);
  }
  // The sign of the number minus lead 2^e + small.
  int compare(std::int64_t lead, Wide small) const {
    const Wide t = high_ - lead;
    if (t >= 1) return 1;  // (2^e > |low - small| + 2^126)
    if (t <= -2) return -1;
    const Wide rest = low_ - small;  // |rest| < 2^100
    const std::uint64_t l1 = limb(1), top = e_ >> 6;
    const std::uint64_t mask = (e_ & 63) ? (std::uint64_t{1} << (e_ & 63)) - 1 : 0;
    const std::uint64_t part = limb(top) & mask;
    const Wide below = static_cast<Wide>(l1 & ((std::uint64_t{1} << 62) - 1)) << 64 | limb(0);
    if (t == 0) {  // x0 mod 2^e + rest: x0's bits from 126 to e decide unless all 0
      if (l1 >> 62 || part || nonzero(top) >= 2) return 1;
      const Wide v = below + rest;
      return v > 0 ? 1 : v < 0 ? -1 : 0;
    }
    // t = -1: rest - (2^e - x0 mod 2^e): negative unless x0's bits from 126 to e are all 1.
    if ((l1 >> 62) != 3 || part != mask || not_ones(top) >= 2) return -1;
    const Wide v = rest - ((Wide{1} << 126) - below);
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  }
  void subtract(std::int64_t lead, Wide small) {
    high_ -= lead;
    low_ -= small;
  }
  bool zero() const { return compare(0, 0) == 0; }
  // The number itself.
  mpz_class value() const {
    mpz_class z, part;
    const std::size_t n = std::min<std::size_t>(limbs_.size(), (e_ + 63) / 64);
    mpz_import(part.get_mpz_t(), n, -1, sizeof(std::uint64_t), 0, 0, limbs_.data());
    mpz_fdiv_r_2exp(part.get_mpz_t(), part.get_mpz_t(), e_);
    z = wide(high_);
    mpz_mul_2exp(z.get_mpz_t(), z.get_mpz_t(), e_);
    return z + part + wide(low_);
  }
  static mpz_class wide(Wide v) {
    const bool negative = v < 0;
    const auto u = static_cast<unsigned __int128>(negative ? -v : v);
    mpz_class z = to_mpz(static_cast<std::uint64_t>(u >> 64));
    mpz_mul_2exp(z.get_mpz_t(), z.get_mpz_t(), 64);
    z += to_mpz(static_cast<std::uint64_t>(u));
    return negative ? mpz_class(-z) : z;
  }

 private:
  std::uint64_t limb(std::uint64_t i) const { return i < limbs_.size() ? limbs_[i] : 0; }
  // The highest limb below i that is not 0 (not all ones), or -1.
  std::int64_t nonzero(std::uint64_t i) const {
    return nonzero_[std::min<std::uint64_t>(i, limbs_.size())];
  }
  std::int64_t not_ones(std::uint64_t i) const {
    return i > limbs_.size() ? static_cast<std::int64_t>(i) - 1 : not_ones_[i];
  }
  // `count` (<= 60) bits of x0 from bit `at`.
  std::uint64_t bits(std::uint64_t at, std::uint64_t count) const {
    const std::uint64_t i = at >> 6, s = at & 63;
    std::uint64_t v = limb(i) >> s;
    if (s && s + count > 64) v |= limb(i + 1) << (64 - s);
    return v & ((std::uint64_t{1} << count) - 1);
  }

  std::vector<std::uint64_t> limbs_;
  std::vector<std::int64_t> nonzero_, not_ones_;
  std::uint64_t e_;
  Wide high_ = 0, low_ = 0;
  bool ok_ = true;
};

// The small parts of the lengths (StateSums::Binary) at level m and the d - 2 above, each
// sequence's, followed down by r's recurrence: small(m) = (small(m + d - 2) - r_1 small(m + d
// - 3) - ... ) / r_(d-1), exact, as small(m) is an integer.
class SmallParts {
 public:
  using Wide = BinaryPosition::Wide;
  SmallParts(const detail::StateSums::Binary& b, std::uint64_t m) : b_(b), m_(m) {
    const std::size_t e = b.r.size();
    window_.resize(b.lead.size());
    for (std::size_t g = 0; g < b.lead.size(); ++g) {  // up from `from` (words a level)
      std::vector<Wide> run(b.small[g].begin(), b.small[g].end());
      for (std::uint64_t n = b.from + e; n < m + e && ok_; ++n) {
        Wide v = 0;
        for (std::size_t k = 1; k <= e; ++k) v += b.r[k - 1] * run[run.size() - k];
        ok_ = v < kBound && v > -kBound;
        run.erase(run.begin());
        run.push_back(v);
      }
      window_[g] = std::move(run);  // small(m .. m + e - 1)
    }
  }
  bool ok() const { return ok_; }
  Wide at(std::size_t g) const { return window_[g].empty() ? 0 : window_[g][0]; }
  // Down to level m2 < m.
  void lower(std::uint64_t m2) {
    const std::size_t e = b_.r.size();
    for (; m_ > m2 && e; --m_)
      for (auto& w : window_) {
        Wide v = w[e - 1];
        for (std::size_t k = 1; k < e; ++k) v -= b_.r[k - 1] * w[e - 1 - k];
        ok_ = ok_ && v % b_.r[e - 1] == 0;
        v /= b_.r[e - 1];
        ok_ = ok_ && v < kBound && v > -kBound;
        w.pop_back();
        w.insert(w.begin(), v);
      }
    m_ = std::min(m_, m2);
  }

 private:
  static constexpr Wide kBound = Wide{1} << 60;  // (low gathers 3 a level: below 2^100)
  const detail::StateSums::Binary& b_;
  std::uint64_t m_;
  std::vector<std::vector<Wide>> window_;
  bool ok_ = true;
};
#endif

// The state after k (0 < k < the distance) optimal moves by a plan from the sums (a walk of many
// pieces) whose lengths have the binary form: the descent of state_after, the top level with
// exact numbers (the distance from x's pieces below to an arrangement by the sums), the levels
// below in words (BinaryPosition) and the lowest with exact numbers again. Nothing when the
// form does not hold (the caller descends by the ladder).
std::optional<Pieces> state_after_binary(const Plan& plan, const Pieces& from, const Pieces& to,
                                         const mpz_class& k) {
#if defined(__SIZEOF_INT128__) && GMP_NUMB_BITS == 64
  const detail::StateSums* sums = plan.sums();
  if (!sums || !sums->binary()) return std::nullopt;
  const auto& bin = *sums->binary();
  Walker w(plan, from, to);
  Pieces out(from.size());
  const auto sums_pair = [&](const End& s, const End& t) {
    return std::pair{plan.sums_type(s.t), plan.sums_type(t.t)};
  };
  // The top piece: the first sub-segment may start at x (its length by the sums; the position
  // then counts from its end), the last ends at y (never measured).
  mpz_class pos = k;
  bool from_end = false;
  std::uint64_t m = from.size();
  End a = plan.root_from(), b = plan.root_to();
  const Route* r = nullptr;
  std::uint64_t j = w.settle(m, a, b, r, &out);
  {
    const End below_from = w.down(a), below_to = w.down(b);
    for (std::size_t i = 0;; ++i) {
      const End sf = w.sub_from(*r, i, below_from), st = w.sub_to(*r, i, below_to);
      m = j - 1;
      out[j - 1] = r->at[i];
      if (i == r->length) {
        a = sf;
        b = st;
        break;
      }
      mpz_class len;
      if (j >= 2) {
        if (sf.kind == End::x)
          len = sums->to_type(from, j - 1, plan.sums_type(st.t));
        else
          len = sums->between(j - 1, sums_pair(sf, st).first, sums_pair(sf, st).second);
      }
      if (pos < len) {
        a = sf;
        b = st;
        if (sf.kind == End::x) {
          pos = len - pos;
          from_end = true;
        }
        break;
      }
      pos -= len;
      if (pos == 0) {
        a = b = st;
        break;
      }
      pos -= 1;
      if (pos == 0) {
        out[j - 1] = r->at[i + 1];
        a = b = st;
        break;
      }
    }
  }
  // Below: every length measured is between two arrangements, d_(j-1)(s, t).
  const auto sequence = [&](const End& sf, const End& st) -> std::optional<std::size_t> {
    const auto [s, t] = sums_pair(sf, st);
    if (s == t) return std::nullopt;
    return sums->sequence(s, t);
  };
  const std::uint64_t lowest = bin.from + BinaryPosition::kLowest;
  std::optional<BinaryPosition> big;
  std::optional<SmallParts> small;
  if (m >= lowest + 2) {
    big.emplace(mpz_class(pos * bin.scale), m - 1 - bin.from);
    small.emplace(bin, m - 1);
    if (!big->ok() || !small->ok()) return std::nullopt;
  }
  const mpz_class scale = bin.scale;
  for (;;) {
    const bool at_zero = big ? big->zero() : pos == 0;
    if (at_zero) {  // stop here: the pieces stay as that end has them
      if (from_end)
        a = b;
      else
        b = a;
    }
    j = w.settle(m, a, b, r, &out);
    if (j == 0) return out;
    if (big && j - 1 < lowest) {  // the lowest levels: exact numbers
      pos = big->value();
      mpz_divexact(pos.get_mpz_t(), pos.get_mpz_t(), scale.get_mpz_t());
      big.reset();
    }
    if (big) {
      big->lower(j - 1 - bin.from);
      small->lower(j - 1);
      if (!big->ok() || !small->ok()) return std::nullopt;
    }
    const End below_from = w.down(a), below_to = w.down(b);
    const std::size_t n = r->length;
    for (std::size_t step = 0; step <= n; ++step) {
      const std::size_t i = from_end ? n - step : step;
      const End sf = w.sub_from(*r, i, below_from), st = w.sub_to(*r, i, below_to);
      const bool measured = sf.kind == End::type && st.kind == End::type;
      const auto g = measured && j >= 2 ? sequence(sf, st) : std::nullopt;
      bool inside;
      if (!measured) {
        inside = true;
      } else if (big) {
        inside = g && big->compare(bin.lead[*g], small->at(*g)) < 0;
        if (!inside && g) big->subtract(bin.lead[*g], small->at(*g));
      } else {
        const mpz_class len =
            g ? sums->between(j - 1, sums_pair(sf, st).first, sums_pair(sf, st).second)
              : mpz_class();
        inside = pos < len;
        if (!inside) pos -= len;
      }
      if (inside) {
        out[j - 1] = r->at[i];
        m = j - 1;
        a = sf;
        b = st;
        break;
      }
      if (big ? big->zero() : pos == 0) {  // at its far end
        out[j - 1] = r->at[i];
        m = j - 1;
        a = b = from_end ? sf : st;
        break;
      }
      if (big)  // the move of piece j next to it
        big->subtract(0, bin.scale);
      else
        pos -= 1;
      if (big ? big->zero() : pos == 0) {
        out[j - 1] = from_end ? r->at[i - 1] : r->at[i + 1];
        m = j - 1;
        a = b = from_end ? sf : st;
        break;
      }
    }
  }
#else
  (void)plan, (void)from, (void)to, (void)k;
  return std::nullopt;
#endif
}

// The plan: the walk's segments as milestones. A segment at level m (from one end to another)
// is a list: its top moving piece j's moves along its route, each a milestone made of the
// arrangement the pieces below reach first (a segment at level j-1, listed again) and the move;
// then the list of the segment below j from the last arrangement to the segment's end.
class Planner {
 public:
  Planner(const Puzzle& p, const Pieces& x, const Pieces& y, const PlanOptions& options)
      : plan_(p, x, y, true, Plan::Keep::all),
        walker_(plan_, x, y),
        options_(options),
        n_(x.size()),
        bits_(std::max<std::size_t>(1, mpz_sizeinbase(plan_.distance().get_mpz_t(), 2))) {}

  const mpz_class& moves() const { return plan_.distance(); }

  Result<PiecePlanList> whole(const mpz_class* at, std::vector<std::uint64_t>& path) {
    return list(n_, plan_.root_from(), plan_.root_to(), 0, options_.depth, at, path);
  }

 private:
  // The milestones of the segment at level m from a to b, whose moves follow move `base`.
  Result<PiecePlanList> list(std::uint64_t m, End a, End b, mpz_class base, std::uint64_t depth,
                             const mpz_class* at, std::vector<std::uint64_t>& path) {
    PiecePlanList out;
    const std::size_t T = plan_.model().types();
    for (;;) {
      const Route* r = nullptr;
      const std::uint64_t j = walker_.settle(m, a, b, r);
      if (j == 0) return out;
      const End below_from = walker_.down(a), below_to = walker_.down(b);
      // Past the limit and the move `at`, the rest is only counted: no lengths needed.
      const bool counting = out.count >= options_.limit && (!at || *at <= base);
      std::array<mpz_class, 2> len;  // the arrangement before each move (copied: the listing
                                     // below asks for the values of other levels)
      if (!counting && j >= 2) {
        const Values& v = plan_.values(j - 1);
        for (std::size_t i = 0; i < r->length; ++i)
          len[i] = segment_length(v, T, walker_.sub_from(*r, i, below_from),
                                  walker_.sub_to(*r, i, below_to));
      }
      for (std::size_t i = 0; i < r->length; ++i) {
        const std::uint64_t index = out.count++;
        if (counting) continue;
        PieceMilestone ms;
        ms.move = PieceMove{j, r->at[i], r->at[i + 1]};
        ms.first = base + 1;
        ms.last = base + len[i] + 1;
        const bool here = at && *at >= ms.first && *at <= ms.last;
        if (index < options_.limit || here) {
          if (here) path.push_back(index);
          auto step = move_step(index, std::move(ms), walker_.sub_from(*r, i, below_from),
                                walker_.sub_to(*r, i, below_to), depth, here ? at : nullptr, path);
          if (!step) return step.failure();
          out.shown.push_back(std::move(*step));
        }
        base += len[i] + 1;
      }
      m = j - 1;
      a = walker_.sub_from(*r, r->length, below_from);
      b = below_to;
    }
  }

  // A piece's move: the arrangement before it (when the pieces below must move), then the move.
  Result<PiecePlanStep> move_step(std::uint64_t index, PieceMilestone ms, End sf, End st,
                                  std::uint64_t depth, const mpz_class* at,
                                  std::vector<std::uint64_t>& path) {
    if (auto ok = listed(); !ok) return ok.failure();
    PiecePlanStep step{index, ms, {}};
    if (depth <= 1 || ms.is_move()) return step;
    const std::uint64_t j = ms.move.piece;
    const bool at_move = at && *at == ms.last;
    std::uint64_t i = 0;
    if (ms.last - 1 >= ms.first) {
      PieceMilestone prep;
      prep.goal = PieceGoal::arrange;
      prep.pieces = j - 1;
      prep.below = plan_.model().type(st.t);
      prep.first = ms.first;
      prep.last = ms.last - 1;
      if (auto ok = listed(); !ok) return ok.failure();
      PiecePlanStep p{0, prep, {}};
      if (at && !at_move) path.push_back(0);
      if (depth > 2) {
        auto parts = list(j - 1, sf, st, ms.first - 1, depth - 2, at_move ? nullptr : at, path);
        if (!parts) return parts.failure();
        p.parts = std::move(*parts);
      }
      step.parts.shown.push_back(std::move(p));
      ++i;
    }
    step.parts.count = i + 1;
    if (at_move) path.push_back(i);
    if (i >= options_.limit && !at_move) return step;
    if (auto ok = listed(); !ok) return ok.failure();
    PieceMilestone move = ms;
    move.first = ms.last;
    step.parts.shown.push_back(PiecePlanStep{i, move, {}});
    return step;
  }

  // Counts a listed milestone against the plan's bounds (as rings::plan's).
  Result<bool> listed() { return rings::detail::count_listed(listed_, bits_); }

  Plan plan_;
  Walker walker_;
  PlanOptions options_;
  std::uint64_t n_;
  std::uint64_t bits_;
  std::uint64_t listed_ = 0;
};

}  // namespace

mpz_class distance(const Puzzle& p, const Pieces& from, const Pieces& to, bool* tied) {
  if (tied) *tied = false;
  if (p.ring_rule()) return rings::distance(to_state(from), to_state(to), Mode::single);
  // Big: sums of the arrangements' sequences (family_recurrence.hpp); the ladder below that.
  if (top_difference(from, to) >= detail::kSumsFrom)
    if (const auto sums = detail::state_sums(p); sums->usable())
      return sums->distance(from, to, tied);
  const Plan plan(p, from, to, false, Plan::Keep::none);
  if (tied) *tied = plan.tied();
  return plan.distance();
}

bool solve(const Puzzle& p, const Pieces& from, const Pieces& to,
           const std::function<bool(const PieceMove&)>& sink) {
  if (p.ring_rule())
    return rings::solve(to_state(from), to_state(to), Mode::single,
                        [&](const Move& m) { return sink(ring_move(m)); });
  PieceSolution solution(p, from, to);
  for (PieceMove m; solution.next(m);)
    if (!sink(m)) return false;
  return true;
}

struct PieceSolution::Impl {
  Impl(const Puzzle& p, Pieces a, Pieces b)
      : from(std::move(a)),
        to(std::move(b)),
        plan(p, from, to, true, Plan::Keep::none),
        walker(plan, from, to) {
    walker.start();
  }
  Pieces from, to;
  Plan plan;
  Walker walker;
};

PieceSolution::PieceSolution(const Puzzle& p, Pieces from, Pieces to)
    : impl_(std::make_unique<Impl>(p, std::move(from), std::move(to))) {}
PieceSolution::~PieceSolution() = default;
PieceSolution::PieceSolution(PieceSolution&&) noexcept = default;
PieceSolution& PieceSolution::operator=(PieceSolution&&) noexcept = default;
bool PieceSolution::next(PieceMove& move) { return impl_->walker.next(move); }
const mpz_class& PieceSolution::length() const { return impl_->plan.distance(); }

Pieces state_after(const Puzzle& p, const Pieces& from, const Pieces& to, const mpz_class& k,
                   mpz_class* total, bool* tied) {
  if (tied) *tied = false;
  if (p.ring_rule()) {
    const State a = to_state(from), b = to_state(to);
    const mpz_class d = rings::distance(a, b, Mode::single);
    if (total) *total = d;
    return k >= d ? to : from_state(rings::state_after(a, b, k, Mode::single));
  }
  // Many pieces: the routes and the distance by the sums, and where the lengths have the binary
  // form, the descent in words (state_after_binary).
  if (top_difference(from, to) >= detail::kSumsFrom) {
    const Plan fast(p, from, to, true, Plan::Keep::none);
    if (fast.sums()) {
      if (total) *total = fast.distance();
      if (tied) *tied = fast.tied();
      if (k == 0) return from;
      if (k >= fast.distance()) return to;
      if (auto s = state_after_binary(fast, from, to, k)) return std::move(*s);
    }
  }
  // At either end the distance alone answers (by the sums for many pieces, not the descent).
  if (k == 0 || top_difference(from, to) >= detail::kSumsFrom) {
    bool t = false;
    const mpz_class d = distance(p, from, to, &t);
    if (k == 0 || k >= d) {
      if (total) *total = d;
      if (tied) *tied = t;
      return k == 0 ? from : to;
    }
  }
  Plan plan(p, from, to, true, Plan::Keep::cc);
  if (total) *total = plan.distance();
  if (tied) *tied = plan.tied();
  if (k == 0 || plan.top() == 0) return from;
  if (k >= plan.distance()) return to;
  // The descent. A segment below the top piece's has at most one end that is a state (x or
  // y); its other sub-segments run between fixed arrangements, whose lengths (the cc values)
  // do not depend on the states, so only those are recomputed from the checkpoints. The
  // position is counted from the start of the segment (`pos`) or, in a segment that starts at
  // x, from its end (`from_end`): either way the one sub-segment of unknown length (the one
  // that starts at x, or ends at y) is the one reached last, and is never measured.
  Walker w(plan, from, to);
  const std::size_t T = plan.model().types();
  Pieces out(from.size());
  mpz_class pos = k;
  bool from_end = false;
  std::uint64_t m = from.size();
  End a = plan.root_from(), b = plan.root_to();
  // The length of sub-segment sf..st at level j-1 (the top level knows every value).
  const auto known = [&](std::uint64_t j, const End& sf, const End& st) {
    return j == plan.top() || (sf.kind == End::type && st.kind == End::type);
  };
  const auto length = [&](std::uint64_t j, const End& sf, const End& st) -> const mpz_class& {
    static const mpz_class nothing;  // the pieces below piece 1: no moves
    return j >= 2 ? segment_length(plan.values(j - 1), T, sf, st) : nothing;
  };
  for (;;) {
    if (pos == 0) {  // stop here: the pieces stay as that end has them
      if (from_end)
        a = b;
      else
        b = a;
    }
    const Route* r = nullptr;
    const std::uint64_t j = w.settle(m, a, b, r, &out);
    if (j == 0) return out;  // (pos is 0 here)
    const End below_from = w.down(a), below_to = w.down(b);
    const std::size_t n = r->length;
    // Sub-segments 0..n and the moves between them, in the order the position is counted.
    for (std::size_t step = 0; step <= n; ++step) {
      const std::size_t i = from_end ? n - step : step;
      const End sf = w.sub_from(*r, i, below_from), st = w.sub_to(*r, i, below_to);
      const bool measured = known(j, sf, st);
      const mpz_class* len = measured ? &length(j, sf, st) : nullptr;
      if (!measured || pos < *len) {  // inside this sub-segment
        out[j - 1] = r->at[i];
        m = j - 1;
        a = sf;
        b = st;
        const bool end_wanted = sf.kind == End::x || (st.kind != End::y && from_end);
        if (end_wanted != from_end) {  // (the top level: both lengths are known)
          pos = *len - pos;
          from_end = end_wanted;
        }
        break;
      }
      pos -= *len;
      if (pos == 0) {  // at its far end: the pieces below in that arrangement
        out[j - 1] = r->at[i];
        m = j - 1;
        a = b = from_end ? sf : st;
        break;
      }
      pos -= 1;  // the move of piece j next to it
      if (pos == 0) {
        out[j - 1] = from_end ? r->at[i - 1] : r->at[i + 1];
        m = j - 1;
        a = b = from_end ? sf : st;
        break;
      }
    }
  }
}

std::uint64_t max_state_after_pieces(const Puzzle& p) {
  if (p.ring_rule()) return kMaxPieces;
#if defined(__SIZEOF_INT128__) && GMP_NUMB_BITS == 64
  if (const auto sums = detail::state_sums(p); sums->usable() && sums->binary()) return kMaxPieces;
#endif
  return kMaxDescentPieces;
}

namespace detail {
std::optional<Pieces> state_after_by_binary(const Puzzle& p, const Pieces& from, const Pieces& to,
                                            const mpz_class& k) {
  if (p.ring_rule() || top_difference(from, to) == 0) return std::nullopt;
  const Plan plan(p, from, to, true, Plan::Keep::none, true);
  if (!plan.sums() || k <= 0 || k >= plan.distance()) return std::nullopt;
  return state_after_binary(plan, from, to, k);
}
}  // namespace detail

std::vector<PieceHint> hints(const Puzzle& p, const Pieces& from, const Pieces& to, std::uint64_t k,
                             mpz_class* remaining) {
  std::vector<PieceHint> out;
  Pieces s = from;
  const auto hint = [&](const PieceMove& m) {
    out.push_back({m, why_legal(p, s, m)});
    s[m.piece - 1] = m.to;
  };
  if (p.ring_rule()) {
    if (k)
      solve(p, from, to, [&](const PieceMove& m) {
        hint(m);
        return out.size() < k;
      });
    if (remaining) *remaining = distance(p, s, to);
    return out;
  }
  PieceSolution solution(p, from, to);
  for (PieceMove m; out.size() < k && solution.next(m);) hint(m);
  if (remaining) *remaining = solution.length() - out.size();
  return out;
}

Result<PiecePlan> plan(const Puzzle& p, const Pieces& from, const Pieces& to,
                       const PlanOptions& options) {
  if (options.depth == 0) return Error{"the depth must be at least 1", "bad_depth"};
  if (options.limit == 0) return Error{"the limit must be at least 1", "bad_limit"};
  if (from.size() > kMaxDescentPieces)
    return Error{fmt::format("a plan of {} {} is too large (at most {})", from.size(), p.pieces,
                             kMaxDescentPieces),
                 "too_many_pieces",
                 {{"pieces", from.size()}, {"max", kMaxDescentPieces}}};
  Planner planner(p, from, to, options);
  PiecePlan out;
  out.moves = planner.moves();
  if (options.at && (*options.at < 1 || *options.at > out.moves))
    return Error{fmt::format("move {} is not in the solution: it has {} move{}",
                             options.at->get_str(), out.moves.get_str(), out.moves == 1 ? "" : "s"),
                 "not_in_solution",
                 {{"at", options.at->get_str()}, {"moves", out.moves.get_str()}}};
  auto top = planner.whole(options.at ? &*options.at : nullptr, out.at);
  if (!top) return top.failure();
  out.milestones = std::move(*top);
  return out;
}

}  // namespace rings::family
