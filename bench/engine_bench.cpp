// The engine's hot paths over growing N, in items per second: streaming the solution, the text
// of `rings solve`, rank/unrank/distance/hint of big states, parsing, verifying.
//   build/<dir>/bench/rings_bench --benchmark_filter=Solve
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/problem.hpp"
#include "rings/solve.hpp"
#include "rings/verify.hpp"
#include "solve_format.hpp"

namespace {

using namespace rings;

State random_state(std::uint64_t rings, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> words((rings + 63) / 64);
  for (auto& w : words) w = rng();
  return State::from_words(rings, std::move(words));
}

// Streaming: the per-move cost, flat in N.
void BM_SolveStream(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const Mode mode = st.range(1) ? Mode::double_moves : Mode::single;
  std::uint64_t moves = 0;
  for (auto _ : st) {
    solve(State::all_on(n), State::all_off(n), mode, [&](const Move& m) {
      benchmark::DoNotOptimize(m);
      ++moves;
      return true;
    });
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(moves));
}
BENCHMARK(BM_SolveStream)
    ->ArgsProduct({{8, 12, 16, 20, 24}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

// The text of `rings solve N --format F` into a sink that only counts bytes.
void BM_SolveText(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto format = static_cast<answers::SolveFormat>(st.range(1));
  std::uint64_t bytes = 0;
  for (auto _ : st) {
    answers::write_solution(State::all_on(n), State::all_off(n), Mode::single, format,
                            Notation::binary, [&](std::string_view s) { bytes += s.size(); });
  }
  st.SetItemsProcessed(st.iterations() * count(n, Mode::single).get_si());
  st.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_SolveText)
    ->ArgsProduct({{12, 16, 20, 24},
                   {int(answers::SolveFormat::moves), int(answers::SolveFormat::toggles),
                    int(answers::SolveFormat::states)}})
    ->Unit(benchmark::kMillisecond);

// Rank (inverse Gray code, a word at a time): linear in N; items are rings.
void BM_Rank(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const State s = random_state(n, 1);
  for (auto _ : st) benchmark::DoNotOptimize(rank(s));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_Rank)->RangeMultiplier(16)->Range(64, 1 << 24);

void BM_Unrank(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const mpz_class r = rank(random_state(n, 2));
  for (auto _ : st) benchmark::DoNotOptimize(unrank(r, n));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_Unrank)->RangeMultiplier(16)->Range(64, 1 << 24);

void BM_Distance(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const Mode mode = st.range(1) ? Mode::double_moves : Mode::single;
  const State a = random_state(n, 3), b = random_state(n, 4);
  for (auto _ : st) benchmark::DoNotOptimize(distance(a, b, mode));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_Distance)->ArgsProduct({{64, 1024, 1 << 14, 1 << 20}, {0, 1}});

// The next move toward a target: what `rings hint` and the web API's hint endpoint compute.
void BM_Hint(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const State a = random_state(n, 5), b = random_state(n, 6);
  for (auto _ : st) benchmark::DoNotOptimize(hints(a, b, 1, Mode::single));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_Hint)->RangeMultiplier(16)->Range(64, 1 << 20);

// Parsing a state written in binary: linear in N; items are rings.
void BM_ParseState(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const std::string text = format_state(random_state(n, 7), Notation::binary);
  for (auto _ : st) benchmark::DoNotOptimize(parse_state(text, n, Notation::binary));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_ParseState)->RangeMultiplier(16)->Range(64, 1 << 20);

// The engine's part of `rings distance @A @B` (0) and `rings hint @A --to @B` (1) for two
// 10^7-ring states: parse both texts, answer, write the count in decimal (3 million digits).
// bench/run compares the whole commands with this plus `cat` of the two files.
void BM_FileAnswer(benchmark::State& st) {
  constexpr std::uint64_t n = 10'000'000;
  const std::string a = format_state(random_state(n, 8), Notation::binary);
  const std::string b = format_state(random_state(n, 9), Notation::binary);
  for (auto _ : st) {
    const State from = *parse_state(a, std::nullopt, Notation::binary);
    const State to = *parse_state(b, std::nullopt, Notation::binary);
    State after = from;
    if (st.range(0) == 1)
      for (const auto& h : hints(from, to, 1, Mode::single)) apply(after, h.move);
    benchmark::DoNotOptimize(distance(after, to, Mode::single).get_str());
  }
}
BENCHMARK(BM_FileAnswer)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Parsing and checking a move list line by line, as `rings verify` does: per move, flat in N.
void BM_Verify(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto format = static_cast<answers::SolveFormat>(st.range(1));
  std::string text;
  answers::write_solution(State::all_on(n), State::all_off(n), Mode::single, format,
                          Notation::binary, [&](std::string_view s) { text.append(s); });
  std::uint64_t moves = 0;
  for (auto _ : st) {
    MoveListParser parser(n, ListFormat::detect, Notation::binary);
    Verifier verifier(State::all_on(n), State::all_off(n), Mode::single);
    std::string_view rest = text;
    while (!rest.empty()) {
      const auto nl = rest.find('\n');
      auto item = parser.parse_line(rest.substr(0, nl));
      rest.remove_prefix(nl + 1);
      const bool ok = std::visit(
          [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, Move> || std::is_same_v<T, Toggle>)
              return verifier.step(x);
            else
              return false;
          },
          *item);
      if (!ok) st.SkipWithError("the list does not verify");
    }
    moves += verifier.moves();
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(moves));
}
BENCHMARK(BM_Verify)
    ->ArgsProduct({{12, 16, 20},
                   {int(answers::SolveFormat::moves), int(answers::SolveFormat::toggles)}})
    ->Unit(benchmark::kMillisecond);

// The far ring of N moved back and forth (ring N-1 on, all below off): flat in N (but for
// copying the state), where a scan of the rings below for each move would be linear.
void BM_VerifyFarRing(benchmark::State& st) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  State from = State::all_off(n);
  from.set(n - 1, true);
  std::uint64_t moves = 0;
  for (auto _ : st) {
    Verifier verifier(from, from, Mode::single);
    for (int i = 0; i < 100'000; ++i)
      if (!verifier.step(Toggle{n, false})) st.SkipWithError("illegal");
    moves += 100'000;
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(moves));
}
BENCHMARK(BM_VerifyFarRing)->RangeMultiplier(16)->Range(1 << 8, 1 << 20);

}  // namespace

// The puzzle family (include/rings/family.hpp): distance, hint and the state after K moves
// between two random states of N pieces, and the streamed solution's per-move cost. The puzzles
// come from the catalogue, one of each rule (those of the rings' rule run the rings' engine: the
// first of them stands for all), then two more keys of each puzzle whose name takes a key (0000,
// and 0110: the key whose recurrence is longest). Each benchmark is named by its puzzle:
// BM_FamilyAt/NAME/100000.
namespace {

bool same_rule(const family::Puzzle& a, const family::Puzzle& b) {
  if (a.positions != b.positions || a.edges.size() != b.edges.size()) return false;
  for (std::size_t i = 0; i < a.edges.size(); ++i)
    if (a.edges[i].a != b.edges[i].a || a.edges[i].b != b.edges[i].b ||
        !(a.edges[i].below == b.edges[i].below))
      return false;
  return true;
}

std::vector<family::Puzzle> family_puzzles() {
  std::vector<family::Puzzle> out;
  for (const auto& p : family::catalogue())
    if (std::none_of(out.begin(), out.end(), [&](const auto& q) { return same_rule(p, q); }))
      out.push_back(p);
  for (const auto& p : family::catalogue()) {
    const auto colon = p.pattern.find(':');
    if (colon == std::string_view::npos || p.pattern.substr(colon + 1) != "K1K2K3K4") continue;
    for (const char* key : {"0000", "0110"})
      if (const auto q = family::parse_puzzle(std::string(p.pattern.substr(0, colon + 1)) + key))
        out.push_back(*q);
  }
  return out;
}

family::Pieces random_pieces(const family::Puzzle& p, std::uint64_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  family::Pieces s(n);
  for (auto& d : s) d = rng() % p.positions;
  return s;
}

void BM_FamilyDistance(benchmark::State& st, const family::Puzzle& p) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto a = random_pieces(p, n, 1), b = random_pieces(p, n, 2);
  for (auto _ : st) benchmark::DoNotOptimize(family::distance(p, a, b));
}

void BM_FamilyHint(benchmark::State& st, const family::Puzzle& p) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto a = random_pieces(p, n, 1), b = family::all_at(n, p.goal);
  for (auto _ : st) benchmark::DoNotOptimize(family::hints(p, a, b, 1));
}

// `rings count N --puzzle P`: exact (the count's recurrence by Fiduccia's algorithm, GMP) at
// 2^20 pieces, and modulo 10^9 + 7 at 10^18 pieces (arg 1).
void BM_FamilyCount(benchmark::State& st, const family::Puzzle& p) {
  for (auto _ : st) {
    if (st.range(0))
      benchmark::DoNotOptimize(family::count_mod(p, 1'000'000'000'000'000'000, 1'000'000'007));
    else
      benchmark::DoNotOptimize(family::count(p, 1 << 20));
  }
}

void BM_FamilyAt(benchmark::State& st, const family::Puzzle& p) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto a = random_pieces(p, n, 1), b = random_pieces(p, n, 2);
  const mpz_class k = family::distance(p, a, b) / 3;
  for (auto _ : st) benchmark::DoNotOptimize(family::state_after(p, a, b, k));
}

// `rings at K N --puzzle P`: from the start toward the goal (both fixed arrangements), K a third
// of the way.
void BM_FamilyAtStartGoal(benchmark::State& st, const family::Puzzle& p) {
  const auto n = static_cast<std::uint64_t>(st.range(0));
  const auto a = family::all_at(n, p.start), b = family::all_at(n, p.goal);
  const mpz_class k = family::count(p, n) / 3;
  for (auto _ : st) benchmark::DoNotOptimize(family::state_after(p, a, b, k));
}

// Streams the solution of `n` pieces from start to goal, once per iteration, counting its moves.
void stream_solution(benchmark::State& st, const family::Puzzle& p, std::uint64_t n) {
  std::uint64_t moves = 0;
  for (auto _ : st)
    family::solve(p, family::all_at(n, p.start), family::all_at(n, p.goal),
                  [&](const family::PieceMove& m) {
                    benchmark::DoNotOptimize(m);
                    ++moves;
                    return true;
                  });
  st.SetItemsProcessed(static_cast<std::int64_t>(moves));
}

void BM_FamilySolveStream(benchmark::State& st, const family::Puzzle& p) {
  stream_solution(st, p, static_cast<std::uint64_t>(st.range(0)));
}

// The same for a solution of at least 2^20 moves (the fewest pieces that take that many), so
// the walk's setup is lost in the moves: the rate `rings solve` can stream at, every puzzle.
void BM_FamilySolveLong(benchmark::State& st, const family::Puzzle& p) {
  std::uint64_t n = 1;
  while (family::count(p, n) < (1 << 20)) ++n;
  stream_solution(st, p, n);
  st.SetLabel(std::to_string(n) + " pieces");
}

// The text of `rings solve N --puzzle P --format F` (answers::write_solution(Problem), the one
// entry of every front end) from start to goal into a sink that only counts bytes, N the fewest
// pieces whose solution has 2^22 moves: moves a second, the rings in the same run beside the
// family (docs/performance.md takes the ratios).
void BM_FamilyText(benchmark::State& st, const family::Puzzle& p) {
  const auto format = static_cast<answers::SolveFormat>(st.range(0));
  std::uint64_t n = 1;
  while (family::count(p, n) < (1 << 22)) ++n;
  const std::string pieces = std::to_string(n);
  const auto q = *read_problem(
      {.puzzle = p.name, .pieces = pieces, .states = {{"A", "start"}, {"B", "goal"}}});
  std::uint64_t bytes = 0;
  for (auto _ : st)
    answers::write_solution(q, format, [&](std::string_view s) { bytes += s.size(); });
  st.SetItemsProcessed(st.iterations() * family::count(p, n).get_si());
  st.SetBytesProcessed(static_cast<std::int64_t>(bytes));
  st.SetLabel(std::to_string(n) + " pieces");
}

using FamilyBench = void (*)(benchmark::State&, const family::Puzzle&);

// Registers `fn` once a puzzle, as NAME/PUZZLE, with the args `args_of` gives it (none: skipped).
template <typename ArgsOf>
void add(const char* name, FamilyBench fn, ArgsOf args_of) {
  static const std::vector<family::Puzzle> puzzles = family_puzzles();
  for (const auto& p : puzzles)
    for (const std::int64_t arg : args_of(p))
      benchmark::RegisterBenchmark((std::string(name) + "/" + p.name).c_str(), fn, p)
          ->Arg(arg)
          ->Unit(benchmark::kMillisecond);
}

void register_family_benchmarks() {
  using Args = std::vector<std::int64_t>;
  // (2^20 pieces beside the rings' BM_Distance/1048576: docs/performance.md takes the ratio.)
  add("BM_FamilyDistance", BM_FamilyDistance, [](const auto&) {
    return Args{1000, 100000, 1 << 20};
  });
  add("BM_FamilyHint", BM_FamilyHint, [](const auto&) { return Args{100000, 1 << 20}; });
  add("BM_FamilyCount", BM_FamilyCount, [](const auto&) { return Args{0, 1}; });
  // The state after K: 10^5 pieces of the puzzles the rings' engine does not answer, and 2^20
  // pieces of those whose descent is linear (the rings' bound: max_state_after_pieces).
  const auto at_sizes = [](const family::Puzzle& p) {
    Args args;
    if (!p.ring_rule()) args.push_back(100000);
    if (family::max_state_after_pieces(p) >= (1 << 20)) args.push_back(1 << 20);
    return args;
  };
  add("BM_FamilyAt", BM_FamilyAt, at_sizes);
  add("BM_FamilyAtStartGoal", BM_FamilyAtStartGoal, at_sizes);
  add("BM_FamilySolveStream", BM_FamilySolveStream, [](const auto&) { return Args{16}; });
  add("BM_FamilySolveLong", BM_FamilySolveLong, [](const auto&) { return Args{0}; });
  // Every format the puzzle's lists take (toggles only where a piece has two positions).
  add("BM_FamilyText", BM_FamilyText, [](const family::Puzzle& p) {
    Args formats{int(answers::SolveFormat::moves), int(answers::SolveFormat::states),
                 int(answers::SolveFormat::json)};
    if (p.positions == 2) formats.push_back(int(answers::SolveFormat::toggles));
    return formats;
  });
}

}  // namespace

int main(int argc, char** argv) {
  register_family_benchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
