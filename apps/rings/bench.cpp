// rings bench: a fixed workload over the engine's hot paths. Each line prints the items done,
// a checksum of what was computed, and the time; the last lines print the signature (all items
// and one checksum) and the total time. The signature changes only when behaviour changes, so a
// glance tells a change of speed from a change of results.
#include <fmt/format.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli.hpp"
#include "commands.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"
#include "rings/verify.hpp"
#include "solve_format.hpp"

namespace rings::cli {
using answers::SolveFormat;
using answers::write_solution;
namespace {

struct Tally {
  std::uint64_t items = 0;
  std::uint64_t checksum = 0;

  void add(std::uint64_t x) {
    ++items;
    checksum = (checksum ^ x) * 0x100000001b3;  // FNV-1a style: order matters
  }
};

std::uint64_t move_code(const Move& m) { return m.ring() << 2 | m.on() << 1 | m.is_pair(); }

// Deterministic pseudo-random states (xorshift64), so the workload is the same everywhere.
std::uint64_t next_random(std::uint64_t& seed) {
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return seed;
}

State random_state(std::uint64_t rings, std::uint64_t seed) {
  std::vector<std::uint64_t> words((rings + 63) / 64);
  for (auto& w : words) w = next_random(seed);
  return State::from_words(rings, std::move(words));
}

Tally solve_moves(const State& from, const State& to, Mode mode) {
  Tally t;
  solve(from, to, mode, [&](const Move& m) {
    t.add(move_code(m));
    return true;
  });
  return t;
}

// The toggles text of `rings solve` (the block fast path): its size and the sum of its bytes.
Tally toggles_text(std::uint64_t rings) {
  std::uint64_t bytes = 0, sum = 0;
  write_solution(State::all_on(rings), State::all_off(rings), Mode::single, SolveFormat::toggles,
                 Notation::binary, [&](std::string_view s) {
                   bytes += s.size();
                   for (const char c : s) sum += static_cast<unsigned char>(c);
                 });
  Tally t;
  t.add(bytes);
  t.add(sum);
  t.items = count(rings, Mode::single).get_ui();
  return t;
}

// The toggles text of `rings solve N`, to verify.
std::string toggles_list(std::uint64_t rings) {
  std::string text;
  write_solution(State::all_on(rings), State::all_off(rings), Mode::single, SolveFormat::toggles,
                 Notation::binary, [&](std::string_view s) { text.append(s); });
  return text;
}

// Parses and checks a move list line by line, as `rings verify` does.
Tally verify_list(std::uint64_t rings, std::string_view text) {
  MoveListParser parser(rings, ListFormat::detect, Notation::binary);
  Verifier verifier(State::all_on(rings), State::all_off(rings), Mode::single);
  while (!text.empty()) {
    const auto nl = text.find('\n');
    auto item = parser.parse_line(text.substr(0, nl));
    text.remove_prefix(nl + 1);
    const auto* toggle = item ? std::get_if<Toggle>(&*item) : nullptr;
    if (!toggle || !verifier.step(*toggle)) break;
  }
  const VerifyReport r = verifier.report();
  Tally t;
  t.add(r.optimal);
  t.add(r.moves);
  t.items = r.moves;
  return t;
}

// Rank, distance and the next move of two million-ring states, repeated.
Tally big_states(std::uint64_t rings, int rounds) {
  const State a = random_state(rings, 1), b = random_state(rings, 2);
  Tally t;
  for (int i = 0; i < rounds; ++i) {
    t.add(mpz_class(rank(a) & 0xffff).get_ui());
    t.add(mpz_class(distance(a, b, i % 2 ? Mode::double_moves : Mode::single) & 0xffff).get_ui());
    t.add(move_code(hints(a, b, 1, Mode::single).front().move));
  }
  t.items = rounds;
  return t;
}

// A family puzzle's pseudo-random state of `n` pieces.
family::Pieces random_pieces(const family::Puzzle& p, std::uint64_t n, std::uint64_t seed) {
  family::Pieces s(n);
  for (auto& d : s) d = static_cast<std::uint8_t>(next_random(seed) % p.positions);
  return s;
}

std::uint64_t piece_move_code(const family::PieceMove& m) {
  return m.piece << 4 | m.from << 2 | m.to;
}

// The solution of the fewest pieces that takes at least 2^22 moves (at most 64 pieces: the
// a rule that moves every piece once takes N moves), streamed.
Tally family_solve_moves(const family::Puzzle& p) {
  std::uint64_t n = 1;
  while (n < 64 && family::count(p, n) < (mpz_class(1) << 22)) ++n;
  Tally t;
  family::solve(p, family::all_at(n, p.start), family::all_at(n, p.goal),
                [&](const family::PieceMove& m) {
                  t.add(piece_move_code(m));
                  return true;
                });
  return t;
}

// Distance, the next move and the state half-way of two random 10^5-piece states, repeated.
Tally family_big_states(const family::Puzzle& p, std::uint64_t n, int rounds) {
  const family::Pieces a = random_pieces(p, n, 1), b = random_pieces(p, n, 2);
  Tally t;
  for (int i = 0; i < rounds; ++i) {
    const mpz_class d = family::distance(p, a, b);
    t.add(mpz_class(d & 0xffff).get_ui());
    t.add(piece_move_code(family::hints(p, a, b, 1).front().move));
    const family::Pieces half = family::state_after(p, a, b, d / 2);
    t.add(std::hash<std::string_view>{}(
        std::string_view(reinterpret_cast<const char*>(half.data()), half.size())));
  }
  t.items = rounds;
  return t;
}

struct Workload {
  std::string name, unit;
  std::function<Tally()> run;
};

std::vector<Workload> family_workloads(const family::Puzzle& p) {
  return {
      {fmt::format("solve {}, start to goal", p.name), "moves",
       [&p] { return family_solve_moves(p); }},
      {fmt::format("distance+hint+at, 10^5 {}", p.pieces), "rounds",
       [&p] { return family_big_states(p, 100'000, 3); }},
  };
}

int run_bench(const std::string& puzzle, Output& out) {
  using Clock = std::chrono::steady_clock;
  const auto chosen = family::parse_puzzle(puzzle);
  if (!chosen) fail(chosen.error());
  // The rings' engine's workload (states in bits), or the family engine's (`--puzzle`).
  std::vector<Workload> workloads;
  std::string list;  // made before the clock starts
  if (!chosen->notations) {
    workloads = family_workloads(*chosen);
  } else {
    list = toggles_list(24);
    workloads = {
        {"solve 26 rings, on to off", "moves",
         [] { return solve_moves(State::all_on(26), State::all_off(26), Mode::single); }},
        {"solve 26 rings, off to on, double", "moves",
         [] { return solve_moves(State::all_off(26), State::all_on(26), Mode::double_moves); }},
        {"solve 200 rings, random, 2^25 apart", "moves",
         [] {
           const State a = random_state(200, 3);
           const State b = unrank(rank(a) + (mpz_class(1) << 25), 200);
           return solve_moves(a, b, Mode::single);
         }},
        {"toggles text of solve 28", "moves", [] { return toggles_text(28); }},
        {"verify toggles of solve 24", "moves", [&] { return verify_list(24, list); }},
        {"rank+distance+hint, 10^6 rings", "rounds", [] { return big_states(1'000'000, 50); }},
    };
  }
  Tally all;
  double total = 0;
  for (const auto& w : workloads) {
    const auto start = Clock::now();
    const Tally t = w.run();
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    total += s;
    all.items += t.items;
    all.add(t.checksum);
    out.print("{:<38} {:>11} {:<6} checksum {:016x} {:>9.1f} ms {:>12.0f} {}/s\n", w.name, t.items,
              w.unit, t.checksum, s * 1e3, t.items / s, w.unit);
    out.flush();
  }
  out.print("signature {} {:016x}\n", all.items, all.checksum);
  out.print("time {:.0f} ms\n", total * 1e3);
  return kOk;
}

}  // namespace

void setup_bench(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "bench", "Run a fixed workload; print each part's checksum and time, then the signature");
  auto puzzle = std::make_shared<std::string>("rings");
  add_puzzle_option(*cmd, *puzzle);
  cmd->callback([&status, puzzle] {
    Output out;
    status = run_bench(*puzzle, out);
  });
}

}  // namespace rings::cli
