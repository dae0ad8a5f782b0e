#include "rings/oracle.hpp"

#include <array>
#include <cassert>
#include <deque>
#include <functional>

#include "rings/rules.hpp"

namespace rings::oracle {
namespace {

using Want = std::function<bool(Ring)>;

struct Recursion {
  State s;
  Mode mode;
  std::vector<Move> out;

  void toggle(Ring r, bool pair = false) {
    const Move m = pair ? Move::pair(!s.is_on(1)) : Move::single(r, !s.is_on(r));
    apply(s, m);
    out.push_back(m);
  }

  // Rings 1 and 2 with double moves: the path 00-01-11-10 plus the shortcut 00-11.
  void reach_pair(bool want1, bool want2) {
    const auto code = [](bool r1, bool r2) { return int(r1) | int(r2) << 1; };
    const int goal = code(want1, want2);
    // Breadth-first over the four codes; edges: ring 1 always, ring 2 when ring 1 is on, pair
    // when both match.
    std::array<int, 4> prev{-1, -1, -1, -1};
    std::deque<int> q{code(s.is_on(1), s.is_on(2))};
    const int start = q.front();
    prev[start] = start;
    while (!q.empty()) {
      const int c = q.front();
      q.pop_front();
      for (int next : {c ^ 1, (c & 1) ? c ^ 2 : -1, (c == 0 || c == 3) ? c ^ 3 : -1})
        if (next >= 0 && prev[next] < 0) prev[next] = c, q.push_back(next);
    }
    std::vector<int> path;
    for (int c = goal; c != start; c = prev[c]) path.push_back(c);
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const int now = code(s.is_on(1), s.is_on(2)), diff = now ^ *it;
      if (diff == 3)
        toggle(1, true);
      else
        toggle(diff == 1 ? 1 : 2);
    }
  }

  // Brings rings 1..n to want(1..n).
  void reach(Ring n, const Want& want) {
    if (n == 0) return;
    if (n == 2 && mode == Mode::double_moves) return reach_pair(want(1), want(2));
    if (s.is_on(n) != want(n)) {
      reach(n - 1, [n](Ring i) { return i == n - 1; });
      toggle(n);
    }
    reach(n - 1, want);
  }
};

}  // namespace

std::vector<Move> recursive_solve(const State& from, const State& to, Mode mode) {
  assert(from.size() == to.size());
  Recursion rec{from, mode, {}};
  rec.reach(from.size(), [&to](Ring i) { return to.is_on(i); });
  return rec.out;
}

std::vector<std::uint32_t> neighbours(std::uint32_t s, unsigned rings, Mode mode) {
  std::vector<std::uint32_t> out;
  if (rings == 0) return out;
  out.push_back(s ^ 1u);  // ring 1 always moves
  // Ring k > 1 moves when ring k-1 is on and rings 1..k-2 are off: k-1 is the lowest ring on.
  for (unsigned k = 2; k <= rings; ++k) {
    const bool prev_on = (s >> (k - 2)) & 1u;
    const bool lower_off = (s & ((1u << (k - 2)) - 1)) == 0;
    if (prev_on && lower_off) out.push_back(s ^ (1u << (k - 1)));
  }
  if (mode == Mode::double_moves && rings >= 2 && ((s & 3u) == 0 || (s & 3u) == 3))
    out.push_back(s ^ 3u);
  return out;
}

std::vector<std::int32_t> bfs_distances(std::uint32_t source, unsigned rings, Mode mode) {
  assert(rings <= 24);
  std::vector<std::int32_t> dist(std::size_t{1} << rings, -1);
  std::vector<std::uint32_t> queue{source};
  dist[source] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto s = queue[head];
    for (auto t : neighbours(s, rings, mode))
      if (dist[t] < 0) dist[t] = dist[s] + 1, queue.push_back(t);
  }
  return dist;
}

}  // namespace rings::oracle
