// The puzzle family (include/rings/family.hpp) against a breadth-first search over all states,
// whose rules are restated here from their published descriptions, not taken from the engine;
// the published counts; and random properties for big N.
#include "rings/family.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <deque>
#include <random>
#include <set>

#include "family_recurrence.hpp"
#include "rings/position.hpp"

namespace rings::family {
namespace {

std::vector<std::string> all_puzzles() {
  std::vector<std::string> names = {"rings", "spin-out", "brain", "elephant", "hanoi"};
  for (int key = 0; key < 16; ++key) {
    std::string k = "hexadecimal:";
    for (int b = 3; b >= 0; --b) k += static_cast<char>('0' + ((key >> b) & 1));
    names.push_back(k);
  }
  return names;
}

Puzzle puzzle(const std::string& name) {
  auto p = parse_puzzle(name);
  EXPECT_TRUE(p.ok()) << name;
  return *p;
}

// The rules as the issue states them; s[i-1] is piece i.
bool oracle_legal(const std::string& name, const Pieces& s, std::uint64_t i, std::uint8_t a,
                  std::uint8_t b) {
  if (s[i - 1] != a || a == b) return false;
  const auto below_all = [&](std::uint64_t upto, std::uint8_t d) {  // pieces 1..upto at d
    for (std::uint64_t j = 1; j <= upto; ++j)
      if (s[j - 1] != d) return false;
    return true;
  };
  if (name == "rings" || name == "spin-out" || name == "brain")
    return b <= 1 && (i == 1 || (s[i - 2] == 1 && below_all(i - 2, 0)));
  if (name.rfind("hexadecimal:", 0) == 0) {
    if (b > 1) return false;
    // piece i-1 is K4, i-2 is K3, i-3 is K2, i-4 is K1 (those that exist), below i-4 all 1.
    for (int d = 1; d <= 4; ++d)
      if (i > static_cast<std::uint64_t>(d) && s[i - d - 1] != name[12 + 4 - d] - '0') return false;
    return i <= 5 || below_all(i - 5, 1);
  }
  if (name == "elephant") {
    if ((a == 0 && b == 2) || (a == 2 && b == 0) || a > 2 || b > 2) return false;
    if (i == 1) return true;
    const std::uint8_t need = (a + b == 1) ? 2 : 0;  // 0<->1 needs i-1 down, 1<->2 needs it up
    return s[i - 2] == need && below_all(i - 2, 2);
  }
  // hanoi: every smaller disc on the third peg
  if (a > 2 || b > 2) return false;
  return below_all(i - 1, static_cast<std::uint8_t>(3 - a - b));
}

std::uint32_t encode(const Pieces& s, unsigned p) {
  std::uint32_t v = 0;
  for (std::size_t i = s.size(); i-- > 0;) v = v * p + s[i];
  return v;
}
Pieces decode(std::uint32_t v, unsigned n, unsigned p) {
  Pieces s(n);
  for (auto& d : s) {
    d = static_cast<std::uint8_t>(v % p);
    v /= p;
  }
  return s;
}
std::uint32_t power(unsigned p, unsigned n) {
  std::uint32_t r = 1;
  while (n--) r *= p;
  return r;
}

std::vector<PieceMove> oracle_moves(const std::string& name, const Pieces& s, unsigned p) {
  std::vector<PieceMove> out;
  for (std::uint64_t i = 1; i <= s.size(); ++i)
    for (std::uint8_t b = 0; b < p; ++b)
      if (oracle_legal(name, s, i, s[i - 1], b)) out.push_back({i, s[i - 1], b});
  return out;
}

std::vector<int> bfs(const std::string& name, unsigned n, unsigned p, std::uint32_t source) {
  std::vector<int> dist(power(p, n), -1);
  std::deque<std::uint32_t> queue{source};
  dist[source] = 0;
  while (!queue.empty()) {
    const auto v = queue.front();
    queue.pop_front();
    Pieces s = decode(v, n, p);
    for (const auto& m : oracle_moves(name, s, p)) {
      s[m.piece - 1] = m.to;
      const auto w = encode(s, p);
      s[m.piece - 1] = m.from;
      if (dist[w] < 0) {
        dist[w] = dist[v] + 1;
        queue.push_back(w);
      }
    }
  }
  return dist;
}

// Streams the solution, checking each move against the oracle's rules and the engine's, and
// the verifier; returns the moves.
std::vector<PieceMove> checked_solution(const std::string& name, const Puzzle& pz, const Pieces& a,
                                        const Pieces& b) {
  std::vector<PieceMove> moves;
  Pieces s = a;
  PieceVerifier v(pz, a, b);
  const bool done = solve(pz, a, b, [&](const PieceMove& m) {
    EXPECT_TRUE(oracle_legal(name, s, m.piece, m.from, m.to))
        << name << " " << format_pieces(s) << ": " << to_string(pz, m);
    EXPECT_FALSE(why_illegal(pz, s, m).has_value());
    EXPECT_TRUE(v.step(m));
    s[m.piece - 1] = m.to;
    moves.push_back(m);
    return true;
  });
  EXPECT_TRUE(done);
  EXPECT_EQ(s, b);
  const auto report = v.report();
  EXPECT_TRUE(report.legal && report.reached && report.optimal) << report_text(pz, report);
  return moves;
}

// Every pair of states up to 6 pieces (the solution streamed and checked up to 5): distance,
// solution, hint and the state after every K (up to 4 pieces) agree with the search.
TEST(FamilyOracle, EveryPairAgreesWithBreadthFirstSearch) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (unsigned n = 1; n <= 6; ++n) {
      const std::uint32_t states = power(p, n);
      for (std::uint32_t ai = 0; ai < states; ++ai) {
        const auto dist = bfs(name, n, p, ai);
        const Pieces a = decode(ai, n, p);
        for (std::uint32_t bi = 0; bi < states; ++bi) {
          const Pieces b = decode(bi, n, p);
          ASSERT_GE(dist[bi], 0) << name << " n=" << n;  // every puzzle is connected
          ASSERT_EQ(distance(pz, a, b), dist[bi])
              << name << " " << format_pieces(a) << " -> " << format_pieces(b);
          if (n > 5 || (n == 5 && p == 3 && (ai + bi) % 7)) continue;
          const auto moves = checked_solution(name, pz, a, b);
          ASSERT_EQ(static_cast<int>(moves.size()), dist[bi]);
          // The pull iterator (the generic recursion, for the rings' rule too) gives the same.
          PieceSolution pulled(pz, a, b);
          ASSERT_EQ(pulled.length(), dist[bi]);
          PieceMove m;
          for (const auto& expected : moves) {
            ASSERT_TRUE(pulled.next(m));
            ASSERT_EQ(m, expected) << name;
          }
          ASSERT_FALSE(pulled.next(m));
          mpz_class remaining;
          const auto h = hints(pz, a, b, 2, &remaining);
          ASSERT_EQ(h.size(), std::min<std::size_t>(2, moves.size()));
          ASSERT_EQ(remaining, dist[bi] - static_cast<int>(h.size()));
          for (std::size_t i = 0; i < h.size(); ++i) {
            ASSERT_EQ(h[i].move, moves[i]);
            ASSERT_TRUE(h[i].reason.is_legal());
            ASSERT_EQ(h[i].reason.rule,
                      moves[i].piece == 1 ? PieceRule::free_end : PieceRule::arranged);
          }
          if (n > 4) continue;
          Pieces s = a;
          for (std::size_t k = 0; k <= moves.size(); ++k) {
            ASSERT_EQ(state_after(pz, a, b, k), s)
                << name << " " << format_pieces(a) << " -> " << format_pieces(b) << " k=" << k;
            if (k < moves.size()) s[moves[k].piece - 1] = moves[k].to;
          }
        }
      }
    }
  }
}

// A level of a plan: its milestones partition first..last, each one's goal holds in the state
// after its last move (states[t]: after t moves of the solution), and its parts do the same.
void check_plan(const Puzzle& pz, const PiecePlanList& list, const mpz_class& first,
                const mpz_class& last, const std::vector<Pieces>& states,
                const std::vector<PieceMove>& moves) {
  ASSERT_EQ(list.count, list.shown.size());
  mpz_class next = first;
  for (std::size_t i = 0; i < list.shown.size(); ++i) {
    const auto& [index, m, parts] = list.shown[i];
    const auto what = format_pieces(states[0]) + ": " + to_string(pz, m);
    ASSERT_EQ(index, i);
    ASSERT_EQ(m.first, next) << what;
    ASSERT_LE(m.first, m.last) << what;
    const auto end = m.last.get_ui();
    if (m.goal == PieceGoal::move) {
      ASSERT_EQ(moves[end - 1], m.move) << what;
    } else {  // pieces 1..m.pieces as `below` says, and the move they are for comes next
      for (std::uint64_t j = m.pieces, d = 0; j >= 1; --j, ++d)
        ASSERT_EQ(states[end][j - 1], d < m.below.length ? m.below.digits[d] : m.below.rest)
            << what;
      ASSERT_EQ(moves[end].piece, m.pieces + 1) << what;
    }
    if (parts.count)
      check_plan(pz, parts, m.first, m.last, states, moves);
    else
      ASSERT_TRUE(m.is_move()) << what;  // listed to the bottom: only moves have no parts
    next = m.last + 1;
  }
  ASSERT_EQ(next, last + 1);
}

// Plans (rings plan --puzzle) of every pair up to 5 pieces (4 of three positions), against the
// search: the moves, the partitions and goals above, the top piece's moves first, and the
// path of `at` to the move itself at every move (up to 4 pieces, 3 of three positions).
TEST(FamilyOracle, PlansOfEveryPair) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (unsigned n = 1; n <= (p == 2 ? 5u : 4u); ++n) {
      const std::uint32_t states = power(p, n);
      for (std::uint32_t bi = 0; bi < states; ++bi) {
        const auto dist = bfs(name, n, p, bi);
        const Pieces b = decode(bi, n, p);
        for (std::uint32_t ai = 0; ai < states; ++ai) {
          const Pieces a = decode(ai, n, p);
          std::vector<PieceMove> moves;
          std::vector<Pieces> walk = {a};
          solve(pz, a, b, [&](const PieceMove& m) {
            moves.push_back(m);
            walk.push_back(walk.back());
            walk.back()[m.piece - 1] = m.to;
            return true;
          });
          const auto whole = plan(pz, a, b, {2 * n + 2, 100, std::nullopt});
          ASSERT_TRUE(whole.ok()) << whole.error();
          ASSERT_EQ(whole->moves, dist[ai]) << name;
          ASSERT_EQ(whole->moves, moves.size());
          check_plan(pz, whole->milestones, 1, whole->moves, walk, moves);
          if (!moves.empty()) {
            const auto& top = whole->milestones.shown[0].milestone;
            ASSERT_EQ(top.goal, PieceGoal::move);
            std::uint64_t k = n;
            while (a[k - 1] == b[k - 1]) --k;
            ASSERT_EQ(top.move.piece, k) << name;
          }
          if (n > (p == 2 ? 4u : 3u)) continue;
          for (std::uint64_t at = 1; at <= moves.size(); ++at) {
            const auto marked = plan(pz, a, b, {2 * n + 2, 1, mpz_class(at)});
            ASSERT_TRUE(marked.ok());
            const PiecePlanList* level = &marked->milestones;
            const PieceMilestone* holder = nullptr;
            for (const auto index : marked->at) {
              const auto it = std::find_if(level->shown.begin(), level->shown.end(),
                                           [&](const auto& s) { return s.index == index; });
              ASSERT_NE(it, level->shown.end());
              holder = &it->milestone;
              ASSERT_TRUE(holder->first <= at && at <= holder->last);
              level = &it->parts;
            }
            ASSERT_TRUE(holder && holder->first == at && holder->last == at) << name;
          }
        }
      }
    }
  }
  const auto hanoi = puzzle("hanoi");
  EXPECT_FALSE(plan(hanoi, all_at(3, 0), all_at(3, 2), {0, 1, std::nullopt}).ok());
  EXPECT_FALSE(plan(hanoi, all_at(3, 0), all_at(3, 2), {1, 1, mpz_class(8)}).ok());
  // 30 pieces at depth 2 list the top level's 30 moves, each with its arrangement and move.
  const auto big = plan(hanoi, all_at(30, 0), all_at(30, 2));
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(big->milestones.count, 30u);
  EXPECT_EQ(to_string(hanoi, big->milestones.shown[0].parts.shown[0].milestone),
            "put discs 1\u201329 on peg 1");
}

// Where a shortest path is not unique, and which one the solver gives. Every puzzle but the
// Towers of Hanoi has one edge fewer than it has states (its graph is a tree: one shortest path
// between any two states). Hanoi's pairs with several shortest paths differ only in how the
// largest disc that must move goes: directly or by the third peg; the solver moves it directly.
TEST(FamilyOracle, ShortestPathsAndTheOneGiven) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (unsigned n = 1; n <= 5; ++n) {
      const std::uint32_t states = power(p, n);
      std::uint64_t edges = 0;
      for (std::uint32_t v = 0; v < states; ++v)
        edges += oracle_moves(name, decode(v, n, p), p).size();
      if (name != "hanoi") {
        ASSERT_EQ(edges / 2, states - 1) << name << " n=" << n;
        for (std::uint32_t ai = 0; n <= 3 && ai < states; ++ai)  // a tree: no ties to report
          for (std::uint32_t bi = 0; bi < states; ++bi) {
            bool tied = true;
            distance(pz, decode(ai, n, p), decode(bi, n, p), &tied);
            ASSERT_FALSE(tied) << name;
          }
        continue;
      }
      for (std::uint32_t ai = 0; ai < states; ++ai) {
        // Shortest-path counts from ai by breadth-first search.
        std::vector<int> dist(states, -1);
        std::vector<std::uint64_t> paths(states, 0);
        std::deque<std::uint32_t> queue{ai};
        dist[ai] = 0;
        paths[ai] = 1;
        while (!queue.empty()) {
          const auto v = queue.front();
          queue.pop_front();
          Pieces s = decode(v, n, p);
          for (const auto& m : oracle_moves(name, s, p)) {
            s[m.piece - 1] = m.to;
            const auto w = encode(s, p);
            s[m.piece - 1] = m.from;
            if (dist[w] < 0) {
              dist[w] = dist[v] + 1;
              queue.push_back(w);
            }
            if (dist[w] == dist[v] + 1) paths[w] += paths[v];
          }
        }
        const Pieces a = decode(ai, n, p);
        for (std::uint32_t bi = 0; bi < states; ++bi) {
          const Pieces b = decode(bi, n, p);
          bool tied = false, tied_too = false;  // distance() and state_after() report ties
          distance(pz, a, b, &tied);
          state_after(pz, a, b, 1, nullptr, &tied_too);
          ASSERT_EQ(tied, paths[bi] >= 2) << format_pieces(a) << " -> " << format_pieces(b);
          ASSERT_EQ(tied_too, tied);
          if (paths[bi] < 2) continue;
          std::uint64_t k = n;
          while (a[k - 1] == b[k - 1]) --k;
          ASSERT_EQ(paths[bi], 2u);  // the two routes of disc k
          std::uint64_t top_moves = 0;
          solve(pz, a, b, [&](const PieceMove& m) {
            top_moves += m.piece == k;
            return true;
          });
          ASSERT_EQ(top_moves, 1u) << format_pieces(a) << " -> " << format_pieces(b);
        }
      }
    }
  }
}

// 7 and 8 pieces: the distance of every state to the start and the goal, and the solution from
// every state to the goal.
TEST(FamilyOracle, EveryStateToStartAndGoalUpToEightPieces) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (unsigned n = 7; n <= 8; ++n) {
      const Pieces start = all_at(n, pz.start), goal = all_at(n, pz.goal);
      const auto to_start = bfs(name, n, p, encode(start, p));
      const auto to_goal = bfs(name, n, p, encode(goal, p));
      for (std::uint32_t si = 0; si < power(p, n); ++si) {
        const Pieces s = decode(si, n, p);
        ASSERT_EQ(distance(pz, s, start), to_start[si]) << name << " " << format_pieces(s);
        ASSERT_EQ(distance(pz, s, goal), to_goal[si]) << name << " " << format_pieces(s);
        if (si % 5) continue;
        ASSERT_EQ(static_cast<int>(checked_solution(name, pz, s, goal).size()), to_goal[si]);
      }
      ASSERT_EQ(count(pz, n), to_goal[encode(start, p)]) << name << " n=" << n;
    }
  }
}

// The engine's rule against the issue's, for every state and every move up to 5 pieces, with a
// reason that names what is wrong.
TEST(FamilyOracle, LegalityAndReasons) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (unsigned n = 1; n <= 5; ++n)
      for (std::uint32_t si = 0; si < power(p, n); ++si) {
        const Pieces s = decode(si, n, p);
        for (std::uint64_t i = 1; i <= n; ++i)
          for (std::uint8_t b = 0; b < p; ++b) {
            const PieceMove m{i, s[i - 1], b};
            const auto bad = why_illegal(pz, s, m);
            ASSERT_EQ(!bad, oracle_legal(name, s, i, s[i - 1], b))
                << name << " " << format_pieces(s) << " " << to_string(pz, m);
            if (!bad) continue;
            ASSERT_FALSE(bad->is_legal());
            if (bad->rule == PieceRule::needs_below) {  // names a piece out of place
              ASSERT_LT(bad->other, i);
              ASSERT_EQ(s[bad->other - 1], bad->found);
              ASSERT_NE(bad->needed, bad->found);
            }
          }
        const auto legal = legal_moves(pz, s);
        ASSERT_EQ(legal.size(), oracle_moves(name, s, p).size());
      }
  }
}

TEST(FamilyRules, ReasonsInThePuzzlesWords) {
  const Puzzle hanoi = puzzle("hanoi");
  const Pieces s = {0, 0, 0};  // discs 1..3 on peg 0
  const auto bad = why_illegal(hanoi, s, PieceMove{3, 0, 2});
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->rule, PieceRule::needs_below);
  EXPECT_EQ(bad->other, 2u);
  EXPECT_EQ(to_string(hanoi, *bad),
            "disc 3 may go from peg 0 to peg 2 only when discs 1 and 2 are on peg 1; disc 2 is "
            "on peg 0");
  EXPECT_EQ(to_string(hanoi, PieceMove{1, 0, 2}), "disc 1 from peg 0 to peg 2");
  const Puzzle elephant = puzzle("elephant");
  EXPECT_EQ(why_illegal(elephant, Pieces{0, 0}, PieceMove{1, 0, 2})->rule, PieceRule::no_such_move);
  EXPECT_EQ(to_string(elephant, why_legal(elephant, Pieces{2, 0}, PieceMove{2, 0, 1})),
            "elephant 2 can move: elephant 1 is down");
  const Puzzle hex = puzzle("hexadecimal:1011");
  EXPECT_EQ(to_string(hex, why_legal(hex, Pieces(7, 1), PieceMove{7, 1, 0})),
            "bar 7 can move: bar 6 is at 1, bar 5 is at 1, bar 4 is at 0, bar 3 is at 1 and bars "
            "1 and 2 are at 1");
  const Puzzle brain = puzzle("brain");
  EXPECT_EQ(to_string(brain, *why_illegal(brain, Pieces{0, 0, 0}, PieceMove{5, 0, 1})),
            "there is no rod 5: the puzzle has 3 rods");
}

TEST(FamilyPuzzles, Names) {
  EXPECT_FALSE(parse_puzzle("hexadecimal").ok());
  EXPECT_FALSE(parse_puzzle("hexadecimal:111").ok());
  EXPECT_FALSE(parse_puzzle("hexadecimal:1112").ok());
  EXPECT_FALSE(parse_puzzle("hanoi2").ok());
  EXPECT_EQ(parse_puzzle("towers").error(),
            "unknown puzzle 'towers': expected rings, spin-out, brain, hexadecimal:K1K2K3K4, "
            "elephant, hanoi");
  const Puzzle hanoi = puzzle("hanoi");
  EXPECT_EQ(format_pieces(*parse_pieces(hanoi, "goal", 3)), "222");
  EXPECT_FALSE(parse_pieces(hanoi, "on", 3).ok());
  EXPECT_FALSE(parse_pieces(hanoi, "0130", std::nullopt).ok());
  EXPECT_EQ((*parse_pieces(hanoi, "0120", std::nullopt))[0], 0);  // piece N first
  EXPECT_EQ((*parse_pieces(hanoi, "0120", std::nullopt))[1], 2);
}

// Published values. Spin-Out: 85 moves for 7 dials (Keister's patent; OEIS A000975); The Brain:
// 170 for 8 rods; the Hexadecimal Puzzle's keys for 8 bars from Jaap Scherphuis's page
// (jaapsch.net/puzzles/hexadec.htm; 170 for 1110 also in the Brandeis collection).
TEST(FamilyPublished, Counts) {
  EXPECT_EQ(count(puzzle("spin-out"), 7), 85);
  EXPECT_EQ(count(puzzle("brain"), 8), 170);
  EXPECT_EQ(count(puzzle("hexadecimal:1111"), 8), 8);
  EXPECT_EQ(count(puzzle("hexadecimal:0111"), 8), 16);
  EXPECT_EQ(count(puzzle("hexadecimal:0000"), 8), 20);
  EXPECT_EQ(count(puzzle("hexadecimal:1011"), 8), 26);
  EXPECT_EQ(count(puzzle("hexadecimal:1110"), 8), 170);
  // OEIS A000975 (1, 2, 5, 10, 21, ...) for Spin-Out and The Brain.
  const int a000975[] = {1, 2, 5, 10, 21, 42, 85, 170, 341, 682, 1365, 2730, 5461, 10922, 21845};
  for (unsigned n = 1; n <= 15; ++n) {
    EXPECT_EQ(count(puzzle("spin-out"), n), a000975[n - 1]);
    EXPECT_EQ(count(puzzle("brain"), n), a000975[n - 1]);
  }
}

// The Towers of Hanoi: 2^N - 1 moves (OEIS A000225), and the disc moved at step t is the
// ruler sequence A001511(t) = 1 + the number of trailing zeros of t.
TEST(FamilyPublished, HanoiPowersOfTwoAndRulerSequence) {
  const Puzzle hanoi = puzzle("hanoi");
  for (unsigned n : {1u, 2u, 10u, 63u, 64u, 65u, 1000u}) {
    mpz_class expected;
    mpz_ui_pow_ui(expected.get_mpz_t(), 2, n);
    EXPECT_EQ(count(hanoi, n), expected - 1) << n;
  }
  std::uint64_t t = 0;
  solve(hanoi, all_at(12, 0), all_at(12, 2), [&](const PieceMove& m) {
    ++t;
    EXPECT_EQ(m.piece, static_cast<std::uint64_t>(std::countr_zero(t)) + 1) << "step " << t;
    return true;
  });
  EXPECT_EQ(t, 4095u);
}

Pieces random_pieces(std::mt19937_64& rng, std::uint64_t n, unsigned p) {
  Pieces s(n);
  for (auto& d : s) d = rng() % p;
  return s;
}

// Big N: random pairs differing only in their low pieces (so the solution is short enough to
// stream) agree with the distance; the state after K optimal moves of a random pair lies on a
// shortest path (distances add up) for thousands of pieces.
TEST(FamilyProperty, BigRandomPairs) {
  std::mt19937_64 rng(19);
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (int round = 0; round < 3; ++round) {
      const std::uint64_t n = 2000 + rng() % 1000;
      Pieces a = random_pieces(rng, n, p);
      Pieces b = a;
      for (std::uint64_t i = 0; i < 9; ++i) b[i] = rng() % p;
      const auto moves = checked_solution(name, pz, a, b);
      ASSERT_EQ(distance(pz, a, b), moves.size()) << name;
      const Pieces c = random_pieces(rng, n, p), d = random_pieces(rng, n, p);
      const mpz_class total = distance(pz, c, d);
      ASSERT_EQ(distance(pz, d, c), total);
      gmp_randclass r(gmp_randinit_default);
      r.seed(static_cast<unsigned long>(rng()));
      const mpz_class k = r.get_z_range(total + 1);
      const Pieces mid = state_after(pz, c, d, k);
      ASSERT_EQ(distance(pz, c, mid), k) << name;
      ASSERT_EQ(distance(pz, mid, d), total - k) << name;
      // The hint from the middle is the move the solution makes there.
      const auto h = hints(pz, mid, d, 1);
      if (total != k) {
        ASSERT_EQ(h.size(), 1u);
        Pieces next = mid;
        next[h[0].move.piece - 1] = h[0].move.to;
        ASSERT_FALSE(why_illegal(pz, mid, h[0].move));
        ASSERT_EQ(distance(pz, next, d), total - k - 1) << name;
      }
    }
  }
}

// Big N, the state after K moves against the solution itself: between random states and the
// puzzle's start and goal (each end a state or a fixed arrangement, as the descent treats them
// differently), at every K of the first moves streamed from the start and of the last ones
// streamed back from the target (one shortest path but where Hanoi ties), and at random K
// (numbers of thousands of bits): the distances add up, and the state after K+1 is one legal
// move further.
TEST(FamilyProperty, StateAfterAlongTheSolution) {
  std::mt19937_64 rng(1919);
  gmp_randclass r(gmp_randinit_default);
  r.seed(1919);
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    const std::uint64_t n = 700 + rng() % 600;
    const Pieces start = all_at(n, pz.start), goal = all_at(n, pz.goal);
    const Pieces c = random_pieces(rng, n, p), d = random_pieces(rng, n, p);
    for (const auto& [a, b] : {std::pair{c, d}, std::pair{start, goal}, std::pair{c, goal},
                               std::pair{start, d}, std::pair{goal, c}}) {
      bool tied = false;
      const mpz_class total = distance(pz, a, b, &tied);
      const auto what = [&](const mpz_class& k) {
        return name + " n=" + std::to_string(n) + " k=" + k.get_str() + "/" + total.get_str();
      };
      // The first moves.
      PieceSolution forward(pz, a, b);
      Pieces s = a;
      PieceMove m;
      for (unsigned k = 0; k <= 120; ++k) {
        if (k % 10 == 0 || k < 12) ASSERT_EQ(state_after(pz, a, b, k), s) << what(k);
        if (!forward.next(m)) break;
        s[m.piece - 1] = m.to;
      }
      // The last moves, streamed back from the target (the same path where it is the only one).
      if (!tied) {
        PieceSolution back(pz, b, a);
        s = b;
        for (unsigned j = 0; j <= 120 && j <= total; ++j) {
          if (j % 10 == 0 || j < 12)
            ASSERT_EQ(state_after(pz, a, b, total - j), s) << what(total - j);
          if (!back.next(m)) break;
          s[m.piece - 1] = m.to;
        }
      }
      for (int round = 0; round < 4; ++round) {
        const mpz_class k = r.get_z_range(total);  // below the end: k + 1 is a move
        mpz_class got_total;
        const Pieces mid = state_after(pz, a, b, k, &got_total);
        ASSERT_EQ(got_total, total);
        ASSERT_EQ(distance(pz, a, mid), k) << what(k);
        ASSERT_EQ(distance(pz, mid, b), total - k) << what(k);
        PieceVerifier v(pz, mid, b);
        ASSERT_TRUE(v.step_to(state_after(pz, a, b, k + 1))) << what(k);
      }
      ASSERT_EQ(state_after(pz, a, b, total + 1), b);
    }
  }
}

}  // namespace
}  // namespace rings::family

namespace rings::family {
namespace {

// 2^e mod m, by plain doubling: the test's own arithmetic.
std::uint64_t pow2_mod(std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1 % m, b = 2 % m;
  const auto mul = [&](std::uint64_t x, std::uint64_t y) {
    std::uint64_t out = 0;
    for (x %= m; y; y >>= 1, x = x >= m - x ? x - (m - x) : x + x)
      if (y & 1) out = out >= m - x ? out - (m - x) : out + x;
    return out;
  };
  for (; e; e >>= 1, b = mul(b, b))
    if (e & 1) r = mul(r, b);
  return r;
}

std::uint64_t exact_mod(const mpz_class& z, std::uint64_t m) {
  return mpz_fdiv_ui(z.get_mpz_t(), m);
}

// The counts by the recurrence against the recursion's distance between the uniform start and
// goal, level by level, past the levels the recurrence is derived from.
TEST(FamilyCount, RecurrenceAgreesWithTheRecursion) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    for (std::uint64_t n = 0; n <= 1200; n += n < 300 ? 1 : 113)
      ASSERT_EQ(count(pz, n), distance(pz, all_at(n, pz.start), all_at(n, pz.goal)))
          << name << " " << n;
  }
}

// Counts modulo M against the exact counts, for moduli small, prime, even and the largest.
TEST(FamilyCount, ModuloAgreesWithExact) {
  const std::uint64_t moduli[] = {1,
                                  2,
                                  3,
                                  7,
                                  200907,
                                  65536,
                                  1000000007,
                                  4294967296u,
                                  998244353,
                                  ~std::uint64_t{0},
                                  (std::uint64_t{1} << 61) - 1};
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    for (std::uint64_t n : {0u, 1u, 2u, 3u, 5u, 8u, 13u, 40u, 63u, 64u, 65u, 100u, 1000u, 4099u}) {
      const mpz_class exact = count(pz, n);
      for (const auto m : moduli) {
        const auto got = count_mod(pz, n, m);
        ASSERT_TRUE(got.ok()) << name;
        ASSERT_EQ(*got, exact_mod(exact, m)) << name << " n=" << n << " m=" << m;
      }
    }
  }
  EXPECT_FALSE(count_mod(puzzle("hanoi"), 5, 0).ok());
}

// Published closed forms at 10^18 pieces: the Towers of Hanoi 2^N - 1 (OEIS A000225), the rings'
// count (OEIS A000975: 2^(N+1)/3 rounded down) for Spin-Out and The Brain, and the Crazy
// Elephant Dance 2^(N+2) - 2(N+2) (114 for 5).
TEST(FamilyCount, ClosedFormsAtTheRingsScale) {
  for (std::uint64_t n : {std::uint64_t{1000}, std::uint64_t{123456789},
                          std::uint64_t{1'000'000'000'000'000'000}, ~std::uint64_t{0} - 3}) {
    for (const std::uint64_t m : {std::uint64_t{1'000'000'007}, std::uint64_t{200907},
                                  std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
      const std::uint64_t power = pow2_mod(n, m);
      EXPECT_EQ(*count_mod(puzzle("hanoi"), n, m), power ? power - 1 : m - 1) << n;
      EXPECT_EQ(*count_mod(puzzle("spin-out"), n, m), rings::count_mod(n, Mode::single, m));
      EXPECT_EQ(*count_mod(puzzle("brain"), n, m), rings::count_mod(n, Mode::single, m));
      if (m < (std::uint64_t{1} << 62) && n < (std::uint64_t{1} << 60)) {
        const std::uint64_t twice = 2 * ((n + 2) % m) % m;
        EXPECT_EQ(*count_mod(puzzle("elephant"), n, m), (pow2_mod(n + 2, m) + m - twice) % m);
      }
    }
  }
  // The same at a million pieces, exactly.
  mpz_class power;
  mpz_ui_pow_ui(power.get_mpz_t(), 2, 1'000'000);
  EXPECT_EQ(count(puzzle("hanoi"), 1'000'000), power - 1);
  EXPECT_EQ(count(puzzle("elephant"), 999'998), power - 2 * 1'000'000);
}

// Every key's recurrence: the exact count at sizes far past the levels it was derived from
// against the count modulo two primes.
TEST(FamilyCount, ExactAndModuloAgreeFarOut) {
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    for (std::uint64_t n : {100'000u, 250'001u}) {
      const mpz_class exact = count(pz, n);
      for (const std::uint64_t m : {std::uint64_t{1'000'000'007}, ~std::uint64_t{0} - 58})
        EXPECT_EQ(*count_mod(pz, n, m), exact_mod(exact, m)) << name << " " << n;
    }
  }
}

}  // namespace
}  // namespace rings::family

namespace rings::family {
namespace {

// Every state of n pieces with p positions, by counting.
std::vector<Pieces> every_state(std::uint64_t n, unsigned p) {
  std::vector<Pieces> out;
  Pieces s(n, 0);
  for (;;) {
    out.push_back(s);
    std::uint64_t i = 0;
    while (i < n && ++s[i] == p) s[i++] = 0;
    if (i == n) return out;
  }
}

// The distance by sums of the arrangements' sequences (family::distance's path for big N)
// against the ladder (the BFS-checked path of small N), the tie flag too: every pair of small
// states, random pairs of up to 3000 pieces, and past the switch (the ladder's distance is then
// state_after's total).
TEST(FamilySums, AgreeWithTheLadder) {
  std::mt19937_64 rng(28);
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const auto held = detail::state_sums(pz);
    const auto& sums = *held;
    ASSERT_TRUE(sums.usable()) << name;
    const unsigned p = pz.positions;
    const auto states = every_state(p == 2 ? 5 : 4, p);
    for (const auto& a : states)
      for (const auto& b : states) {
        bool tied = false, sums_tied = true;
        ASSERT_EQ(sums.distance(a, b, &sums_tied), distance(pz, a, b, &tied))
            << name << " " << format_pieces(a) << " " << format_pieces(b);
        ASSERT_EQ(sums_tied, tied) << name << " " << format_pieces(a) << " " << format_pieces(b);
      }
    for (int round = 0; round < 20; ++round) {
      const std::uint64_t n = 1 + rng() % 3000;
      Pieces a = random_pieces(rng, n, p), b = random_pieces(rng, n, p);
      if (round % 4 == 0) a = all_at(n, pz.start);
      if (round % 4 == 1) b = all_at(n, pz.goal);
      bool tied = false, sums_tied = true;
      ASSERT_EQ(sums.distance(a, b, &sums_tied), distance(pz, a, b, &tied)) << name << " " << n;
      ASSERT_EQ(sums_tied, tied) << name;
    }
    const std::uint64_t n = detail::kSumsFrom + 1000;
    const Pieces a = random_pieces(rng, n, p), b = random_pieces(rng, n, p);
    mpz_class ladder;
    bool tied = false, ladder_tied = true;
    state_after(pz, a, b, 0, &ladder, &ladder_tied);
    ASSERT_EQ(distance(pz, a, b, &tied), ladder) << name;
    ASSERT_EQ(tied, pz.ring_rule() ? false : ladder_tied) << name;
  }
}

// A weighted sum of a sequence by halves against the terms one by one.
TEST(FamilySums, WeightedSumByHalves) {
  std::mt19937_64 rng(7);
  for (const auto& name : {"hanoi", "elephant", "hexadecimal:0110", "hexadecimal:0000"}) {
    const Puzzle pz = puzzle(name);
    const detail::Recurrence r(pz);
    const auto seq = r.sequence(r.uniform(pz.start), r.uniform(pz.goal));
    ASSERT_TRUE(seq) << name;
    for (std::size_t size : {1u, 50u, 129u, 1000u, 3001u}) {
      std::vector<std::uint8_t> w(size);
      mpz_class expected;
      for (std::size_t j = 0; j < size; ++j) {
        w[j] = rng() % 5 == 0 ? rng() % 4 : 0;
        expected += w[j] * seq->at(j);
      }
      EXPECT_EQ(seq->weighted_sum(w), expected) << name << " " << size;
    }
  }
}

// Hints past the switch (the walk's routes from the sums) against the ladder's state after K
// moves: each of the first moves is legal and reaches the state after that many moves, and the
// moves remaining add up.
TEST(FamilySums, HintsAgreeWithStateAfter) {
  std::mt19937_64 rng(282);
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    for (int round = 0; round < 3; ++round) {
      const std::uint64_t n = detail::kSumsFrom + 1 + rng() % 500;
      Pieces a = random_pieces(rng, n, p), b = random_pieces(rng, n, p);
      if (round == 1) a = all_at(n, pz.start);
      if (round == 2) b = all_at(n, pz.goal);
      mpz_class remaining;
      const auto h = hints(pz, a, b, 12, &remaining);
      ASSERT_EQ(h.size(), 12u) << name;
      const mpz_class total = distance(pz, a, b);
      EXPECT_EQ(remaining, total - 12) << name;
      Pieces s = a;
      for (std::size_t i = 0; i < h.size(); ++i) {
        ASSERT_FALSE(why_illegal(pz, s, h[i].move)) << name << " move " << i + 1;
        s[h[i].move.piece - 1] = h[i].move.to;
        ASSERT_EQ(s, state_after(pz, a, b, i + 1)) << name << " move " << i + 1;
      }
    }
  }
}

// The descent in words of the binary form (the state after K past kSumsFrom pieces for Hanoi,
// the elephants and hexadecimal:1110) against the ladder's descent, itself checked against the
// search: every pair of small states and every K; then pairs of 200-1100 pieces (the levels in
// words begin at 194) at K where the descent's comparisons are closest: the first and last
// moves, every 2^i and 2^i +- 1, 2 (the ends of the segments of Hanoi), and the distance over
// small numbers, and at random K.
TEST(FamilyBinary, DescentAgreesWithTheLadder) {
  std::mt19937_64 rng(2026);
  gmp_randclass r(gmp_randinit_default);
  r.seed(2026);
  std::set<std::string> with_form;
  for (const auto& name : all_puzzles()) {
    const Puzzle pz = puzzle(name);
    if (pz.ring_rule() || !detail::state_sums(pz)->binary()) continue;
    with_form.insert(name);
    const unsigned p = pz.positions;
    const auto states = every_state(p == 2 ? 4 : 3, p);
    for (const auto& a : states)
      for (const auto& b : states) {
        const mpz_class total = distance(pz, a, b);
        for (mpz_class k = 1; k < total; ++k)
          ASSERT_EQ(detail::state_after_by_binary(pz, a, b, k), state_after(pz, a, b, k))
              << name << " " << format_pieces(a) << " " << format_pieces(b) << " " << k;
      }
    for (const std::uint64_t n : {200u, 257u, 1100u}) {
      const Pieces start = all_at(n, pz.start), goal = all_at(n, pz.goal);
      const Pieces c = random_pieces(rng, n, p), d = random_pieces(rng, n, p);
      for (const auto& [a, b] : {std::pair{c, d}, std::pair{start, goal}, std::pair{c, goal},
                                 std::pair{start, d}, std::pair{goal, c}}) {
        const mpz_class total = distance(pz, a, b);
        std::vector<mpz_class> ks;
        for (unsigned i = 1; i < 12; ++i) {
          ks.push_back(i);
          ks.push_back(total - i);
        }
        for (std::size_t bit = 1; bit < mpz_sizeinbase(total.get_mpz_t(), 2); bit += 1 + bit / 16) {
          mpz_class z;
          mpz_setbit(z.get_mpz_t(), bit);
          for (const int delta : {-2, -1, 0, 1, 2}) ks.push_back(z + delta);
        }
        for (const unsigned q : {2u, 3u, 5u, 7u}) ks.push_back(total / q);
        for (int i = 0; i < 8; ++i) ks.push_back(r.get_z_range(total));
        for (const auto& k : ks) {
          if (k <= 0 || k >= total) continue;
          ASSERT_EQ(detail::state_after_by_binary(pz, a, b, k), state_after(pz, a, b, k))
              << name << " n=" << n << " k=" << k;
        }
      }
    }
  }
  EXPECT_EQ(with_form, (std::set<std::string>{"elephant", "hanoi", "hexadecimal:1110"}));
}

// Past kSumsFrom, the state after K by the descent in words (every puzzle with the binary form;
// the others by the ladder) lies on the shortest path: the distances from both ends add up,
// the state after K + 1 is one legal move further, and the first and last moves agree with
// the solution streamed.
TEST(FamilyBinary, StateAfterPastTheSwitch) {
  std::mt19937_64 rng(4242);
  gmp_randclass r(gmp_randinit_default);
  r.seed(4242);
  for (const std::string name : {"hanoi", "elephant", "hexadecimal:1110"}) {
    const Puzzle pz = puzzle(name);
    const unsigned p = pz.positions;
    const std::uint64_t n = detail::kSumsFrom + 300 + rng() % 700;
    const Pieces start = all_at(n, pz.start), goal = all_at(n, pz.goal);
    const Pieces c = random_pieces(rng, n, p), d = random_pieces(rng, n, p);
    for (const auto& [a, b] : {std::pair{c, d}, std::pair{start, goal}, std::pair{goal, c}}) {
      bool tied = false;
      const mpz_class total = distance(pz, a, b, &tied);
      std::vector<mpz_class> ks;
      for (int i = 0; i < 6; ++i) ks.push_back(r.get_z_range(total - 1) + 1);
      mpz_class half;
      mpz_setbit(half.get_mpz_t(), mpz_sizeinbase(total.get_mpz_t(), 2) - 2);
      ks.push_back(half - 2);
      ks.push_back(total - 3);
      for (const auto& k : ks) {
        mpz_class got;
        const Pieces mid = state_after(pz, a, b, k, &got);
        ASSERT_EQ(got, total) << name;
        ASSERT_EQ(distance(pz, a, mid), k) << name << " k=" << k;
        ASSERT_EQ(distance(pz, mid, b), total - k) << name << " k=" << k;
        PieceVerifier v(pz, mid, b);
        ASSERT_TRUE(v.step_to(state_after(pz, a, b, k + 1))) << name << " k=" << k;
      }
      PieceSolution forward(pz, a, b);
      Pieces s = a;
      PieceMove m;
      for (unsigned k = 1; k <= 40 && forward.next(m); ++k) {
        s[m.piece - 1] = m.to;
        ASSERT_EQ(state_after(pz, a, b, k), s) << name << " k=" << k;
      }
      if (!tied) {
        PieceSolution back(pz, b, a);
        s = b;
        for (unsigned j = 1; j <= 40 && back.next(m); ++j) {
          s[m.piece - 1] = m.to;
          ASSERT_EQ(state_after(pz, a, b, total - j), s) << name << " j=" << j;
        }
      }
    }
  }
}

// Past kMaxDescentPieces a plan is refused with its code (the descent is quadratic); the state
// after K at either end is the distance's alone, at any size.
TEST(FamilySums, DescentBoundAndEnds) {
  const Puzzle hanoi = puzzle("hanoi");
  const std::uint64_t n = kMaxDescentPieces + 1;
  const auto refused = plan(hanoi, all_at(n, 0), all_at(n, 2));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.failure().code, "too_many_pieces");
  mpz_class total, power;
  bool tied = true;
  const Pieces a = all_at(n, 0), b = all_at(n, 2);
  EXPECT_EQ(state_after(hanoi, a, b, 0, &total, &tied), a);
  mpz_ui_pow_ui(power.get_mpz_t(), 2, n);
  EXPECT_EQ(total, power - 1);
  EXPECT_FALSE(tied);
  EXPECT_EQ(state_after(hanoi, a, b, power, &total), b);
}

}  // namespace
}  // namespace rings::family
