#include "rings/solve.hpp"

namespace rings {

State state_after(const State& from, const State& to, const mpz_class& k, Mode mode) {
  return unrank(advance(rank(from), rank(to), k, mode), from.size());
}

std::vector<Hint> hints(const State& from, const State& to, std::uint64_t k, Mode mode) {
  std::vector<Hint> out;
  if (k == 0) return out;
  State s = from;
  solve(from, to, mode, [&](const Move& m) {
    out.push_back({m, why_legal(s, m, mode)});
    apply(s, m);
    return out.size() < k;
  });
  return out;
}

}  // namespace rings
