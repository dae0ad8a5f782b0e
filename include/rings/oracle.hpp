// Two solvers independent of the closed forms, kept as test oracles: the classic recursion and
// a breadth-first search over all 2^N states. Both are slow by design; use solve() for work.
#pragma once

#include <cstdint>
#include <vector>

#include "rings/state.hpp"

namespace rings::oracle {

/// The optimal moves from `from` to `to` by the classic recursion: to change ring n, first bring
/// rings 1..n-1 to "only ring n-1 on" (recursively), toggle ring n, then bring rings 1..n-1 to
/// their target. With double moves, rings 1 and 2 use their own small graph (00-01-11-10 plus
/// the shortcut 00-11). Recursion depth N: for small N only.
std::vector<Move> recursive_solve(const State& from, const State& to, Mode mode);

/// The neighbours of state `s` (bit i-1 = ring i) of `rings` rings, straight from the rules of
/// SPEC.md, written without the engine's rules module.
std::vector<std::uint32_t> neighbours(std::uint32_t s, unsigned rings, Mode mode);

/// Distances from `source` to every state of `rings` rings (N <= 24) by breadth-first search;
/// -1 where unreachable (never, for this puzzle).
std::vector<std::int32_t> bfs_distances(std::uint32_t source, unsigned rings, Mode mode);

}  // namespace rings::oracle
