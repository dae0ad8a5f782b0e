// The distances between a family puzzle's fixed arrangements as a linear recurrence (internal to
// the engine). The recursion of family_solve.cpp gives the distance between two fixed
// arrangements s, t of m pieces (a few digits, then one digit repeated: Below) from those of
// m - 1 pieces: the top pieces agree (the distance of the pieces below), or the top piece takes
// the shortest of its routes, each a sum of distances of m - 1 pieces plus its moves. Once the
// route each pair takes no longer changes with m, the vector of all these distances (and a
// constant 1) evolves by one fixed integer matrix; each of its entries then satisfies a linear
// recurrence with integer coefficients (Cayley-Hamilton), which answers any m exactly or modulo
// any M in O(d^2 log m) operations (Fiduccia's algorithm).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rings/family.hpp"

namespace rings::family::detail {

/// `b` without its last digits that equal `rest`: one value for each arrangement.
Below normalized(Below b);

/// A puzzle's fixed arrangements of the pieces below a moving piece, numbered: every edge's
/// (and, with `uniform`, every "all pieces at d"), closed under "the pieces below": arrangement
/// t asks the piece just below for top[t] and the pieces below that for arrangement next[t].
/// The recursion (family_solve.cpp) and the recurrence below share it.
struct Arrangements {
  Arrangements(const Puzzle& p, bool uniform);
  /// The number of `b` (normalized), or nothing when it is not one of them.
  std::optional<std::size_t> find(const Below& b) const;

  std::vector<Below> types;
  std::vector<std::uint8_t> top;
  std::vector<std::size_t> next;
  std::vector<std::size_t> edge_type;  ///< the arrangement edges[i] asks

 private:
  std::size_t intern(const Below& b);
};

/// A sequence a_n (n >= 0) known exactly up to `known.size() - 1` and, from `from` on, by a
/// linear recurrence a_n = c_1 a_{n-1} + ... + c_d a_{n-d} (small integer coefficients).
class LinearSequence {
 public:
  LinearSequence() = default;
  LinearSequence(std::vector<mpz_class> known, std::uint64_t from, std::vector<std::int64_t> c)
      : known_(std::move(known)), from_(from), c_(std::move(c)) {}
  /// a_n exactly: O(d^2) multiplications of numbers of the answer's size (Fiduccia).
  mpz_class at(std::uint64_t n) const;
  /// a_n modulo `modulus` (>= 1).
  std::uint64_t at_mod(std::uint64_t n, std::uint64_t modulus) const;
  /// The sum of w[j] a_j over j < w.size(), by halves: the weights of each half are reduced
  /// modulo the characteristic polynomial and joined by x^h, so GMP's fast multiplication does
  /// the work (O(d^2 M(n) log n), not n additions of n-bit numbers).
  mpz_class weighted_sum(const std::vector<std::uint8_t>& w) const;
  /// Whether two sequences are the same (the same values known and the same recurrence).
  friend bool operator==(const LinearSequence& a, const LinearSequence& b) {
    return a.from_ == b.from_ && a.c_ == b.c_ && a.known_ == b.known_;
  }
  /// The recurrence's coefficients c_1..c_d.
  const std::vector<std::int64_t>& coefficients() const { return c_; }
  /// The values known exactly, a_0 ... a_(levels).
  const std::vector<mpz_class>& known() const { return known_; }
  /// The index from which the recurrence holds.
  std::uint64_t from() const { return from_; }

 private:
  std::vector<mpz_class> known_;
  std::uint64_t from_ = 0;
  std::vector<std::int64_t> c_;
};

/// The distances between every two fixed arrangements of a puzzle, level by level.
class Recurrence {
 public:
  explicit Recurrence(const Puzzle& p);

  /// A route of a piece between two positions: one move (u0 = u1, the arrangement it needs
  /// below) or two (by a third position: u0 before the first, u1 before the second).
  struct Route {
    std::size_t moves, u0, u1;
  };

  std::size_t types() const { return arrangements_.types.size(); }
  std::uint8_t top(std::size_t t) const { return arrangements_.top[t]; }
  std::size_t next(std::size_t t) const { return arrangements_.next[t]; }
  const std::vector<Route>& routes(std::uint8_t a, std::uint8_t b) const {
    return routes_[a * positions_ + b];
  }
  /// The levels known exactly: 0..levels().
  std::uint64_t levels() const { return cc_.size() - 1; }
  /// d_m(s, t) for m <= levels().
  const mpz_class& exact(std::uint64_t m, std::size_t s, std::size_t t) const {
    static const mpz_class zero;
    return s == t ? zero : cc_[m][pair(s, t)];
  }
  /// The route (1 + its index; 0 when the top pieces agree) pair s, t takes at level m, for
  /// m <= levels(); the last level's from then on.
  std::uint8_t choice(std::uint64_t m, std::size_t s, std::size_t t) const {
    return s == t ? 0 : choices_[std::min(m, levels()) - 1][pair(s, t)];
  }
  /// Whether the routes settled (the sequences are linear from then on).
  bool settled() const { return stable_.has_value(); }
  std::size_t pair(std::size_t s, std::size_t t) const;

  /// The arrangement `b` (normalized), or nothing when it is not one the recursion reaches.
  std::optional<std::size_t> type(const Below& b) const { return arrangements_.find(b); }
  /// "Every piece at d".
  std::size_t uniform(std::uint8_t d) const { return *type(Below{0, {}, d}); }

  /// The sequence m -> d_m(s, t) (pieces 1..m from arrangement s to arrangement t), or nothing
  /// when its routes had not settled within the levels computed exactly (none of the
  /// catalogue's: tests/engine/family_test.cpp).
  std::optional<LinearSequence> sequence(std::size_t s, std::size_t t) const;

 private:
  Arrangements arrangements_;
  std::size_t dim_ = 0;  // pairs + 1 (the constant)
  std::size_t positions_ = 0;
  std::vector<std::vector<Route>> routes_;          // by a * positions + b
  std::vector<std::vector<mpz_class>> cc_;          // cc_[m][pair(s, t)], m = 0..levels
  std::vector<std::vector<std::uint8_t>> choices_;  // choices_[m - 1][pair(s, t)]
  std::optional<std::uint64_t> stable_;  // the level from which the routes no longer change
};

/// The distance from a state's pieces to every fixed arrangement as a sum of the arrangements'
/// sequences: when the route a piece takes toward an arrangement depends only on its position
/// and the level (one route, or one never longer than the others: three positions all
/// joined), the distance from pieces 1..m of x to arrangement t is the sum, down the levels, of
/// the arrangement distances each route asks for (one path of arrangements per t), so it is a
/// weighted sum of linear sequences: one polynomial reduced modulo their common recurrence
/// (LinearSequence::weighted_sum, one by one, where they have none), instead of m levels of
/// additions of m-bit numbers.
class StateSums {
 public:
  explicit StateSums(const Puzzle& p);
  /// Whether the puzzle's routes allow it (every catalogue puzzle's do).
  bool usable() const { return usable_; }
  const Recurrence& recurrence() const { return rec_; }
  /// The distance from pieces 1..m of x to arrangement t.
  mpz_class to_type(const Pieces& x, std::uint64_t m, std::size_t t) const;
  /// d_m(s, t) for any m.
  mpz_class between(std::uint64_t m, std::size_t s, std::size_t t) const;
  /// The route (1 + its index) piece m takes from position a toward arrangement t (a != top(t)).
  std::uint8_t route(std::uint64_t m, std::uint8_t a, std::size_t t) const {
    const auto& w = winners_[std::min<std::uint64_t>(m, winners_.size() - 1)];
    return w[a * rec_.types() + t];
  }
  /// The distance between two states of the same size, whether two routes of the top piece
  /// tie (as family::distance), and the route it takes (1 + its index: the first of the
  /// shortest, as the solver's).
  mpz_class distance(const Pieces& x, const Pieces& y, bool* tied,
                     std::uint8_t* choice = nullptr) const;

  /// Where the common recurrence is q = (x - 2) r with r's roots of modulus at most 1 (the
  /// catalogue's puzzles of another rule than the rings', though not every key of the
  /// four-digit-key puzzle), every distance between arrangements is a power of 2 and
  /// a small number: scale * a_g(m) = lead[g] 2^(m - from) + small_g(m), small_g following r
  /// (order d - 1). The state after K moves then descends the levels in words (family_solve.cpp).
  struct Binary {
    std::int64_t scale = 1;                        // r(2), made positive
    std::uint64_t from = 0;                        // the index from which it holds
    std::vector<std::int64_t> r;                   // small's recurrence: r_1 .. r_(d-1)
    std::vector<std::int64_t> lead;                // by sequence
    std::vector<std::vector<std::int64_t>> small;  // small_g(from + i), i < d - 1
  };
  /// The binary form, or null where the recurrence has none.
  const Binary* binary() const { return binary_ ? &*binary_ : nullptr; }
  /// The sequence (an index of Binary::lead) of d_m(s, t), s != t.
  std::size_t sequence(std::size_t s, std::size_t t) const { return sequence_of_[rec_.pair(s, t)]; }

 private:
  // The path of pieces 1..m of a state toward an arrangement: at each level j, the arrangement
  // tau[j] pieces 1..j are bound for (one byte a level).
  struct Path {
    const Pieces* x;
    std::vector<std::uint8_t> tau;
  };
  // The path of pieces 1..m of x toward t, and its moves.
  Path walk(const Pieces& x, std::uint64_t m, std::size_t t, std::uint64_t& moves) const;
  // Calls f(sequence) for each distance between arrangements the route of piece j asks for
  // (those of level j - 1).
  template <class F>
  void terms(const Path& p, std::uint64_t j, F f) const;
  // The sum of those distances over the paths' levels 1..m.
  mpz_class sum(const std::vector<const Path*>& paths, std::uint64_t m) const;
  // One recurrence q for every sequence, and each sequence's numerator N_g (sum_e a_g(from + e)
  // x^(-e-1) = N_g / q): then a weighted sum of all the sequences is one coefficient of one
  // polynomial reduced modulo q.
  void share();
  // The binary form (Binary) of the sequences, where r_ is known.
  void binary_form(const std::vector<std::int64_t>& q);

  Recurrence rec_;
  bool usable_ = false;
  bool shared_ = false;
  std::vector<std::int64_t> q_;            // the common recurrence
  std::vector<std::vector<mpz_class>> h_;  // N_g, by sequence
  // When q = (x - 2) r with r's powers small (its roots of modulus 1 at most: most catalogue
  // puzzles), U mod q is U(2), a binary number built by halves with shifts, and U mod r, whose
  // numbers stay small, joined (Chinese remainders): no big multiplications at all.
  std::vector<std::int64_t> r_;  // r's recurrence coefficients, or empty
  std::optional<Binary> binary_;
  std::vector<std::vector<std::int64_t>> small_h_;  // h_ in words when they fit, or empty
  std::vector<LinearSequence> sequences_;           // the distinct sequences of the pairs
  std::vector<std::size_t> sequence_of_;            // by pair
  std::vector<std::vector<std::uint8_t>> winners_;  // [m][a * T + t], m = 0..levels + 1
  // What piece j at a does toward arrangement t, by the same index: the arrangement the pieces
  // below are bound for next, the moves, and the sequences of the distances its route asks for.
  struct Step {
    std::uint8_t next = 0, moves = 0;
    std::int16_t g1 = -1, g2 = -1;
  };
  std::vector<std::vector<Step>> steps_;
  const Step& step(std::uint64_t j, std::uint8_t a, std::size_t t) const {
    return steps_[std::min<std::uint64_t>(j, steps_.size() - 1)][a * rec_.types() + t];
  }
};

/// The top differing piece from which family::distance answers by StateSums (below, the
/// ladder of family_solve.cpp is as fast).
inline constexpr std::uint64_t kSumsFrom = 4096;

/// The state after k (0 < k < the distance) optimal moves by the descent in words of the
/// binary form (StateSums::Binary), at any size (family::state_after takes it from kSumsFrom
/// pieces on); nothing where the form does not hold. For the tests.
std::optional<Pieces> state_after_by_binary(const Puzzle& p, const Pieces& from, const Pieces& to,
                                            const mpz_class& k);

/// The StateSums of `p`, kept per thread for the last few puzzles asked (built in about a
/// millisecond); shared, so a walk that holds it outlives the cache's turnover and its thread.
std::shared_ptr<const StateSums> state_sums(const Puzzle& p);

}  // namespace rings::family::detail
