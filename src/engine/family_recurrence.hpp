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
#include <optional>
#include <vector>

#include "rings/family.hpp"

namespace rings::family::detail {

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
  /// The recurrence's coefficients c_1..c_d.
  const std::vector<std::int64_t>& coefficients() const { return c_; }
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

  /// The arrangement `b` (normalized), or nothing when it is not one the recursion reaches.
  std::optional<std::size_t> type(const Below& b) const;
  /// "Every piece at d".
  std::size_t uniform(std::uint8_t d) const { return *type(Below{0, {}, d}); }

  /// The sequence m -> d_m(s, t) (pieces 1..m from arrangement s to arrangement t), or nothing
  /// when its routes had not settled within the levels computed exactly (none of the
  /// catalogue's: tests/engine/family_test.cpp).
  std::optional<LinearSequence> sequence(std::size_t s, std::size_t t) const;

 private:
  std::size_t pair(std::size_t s, std::size_t t) const;
  std::vector<Below> types_;
  std::vector<std::uint8_t> top_;
  std::vector<std::size_t> next_;
  std::size_t dim_ = 0;                     // pairs + 1 (the constant)
  std::vector<std::vector<mpz_class>> cc_;  // cc_[m][pair(s, t)], m = 0..levels
  std::optional<std::uint64_t> stable_;     // the level from which the routes no longer change
};

}  // namespace rings::family::detail
