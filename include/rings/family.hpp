// The puzzle family of the Chinese rings: Spin-Out, The Brain, the Hexadecimal Puzzle, the Crazy
// Elephant Dance and the Towers of Hanoi. Each is N pieces with a few positions, and a piece may
// move between two positions only when the pieces below it are in one fixed arrangement. A
// Puzzle holds that rule as data (which moves exist, and the arrangement each asks of the pieces
// below); one exact recursive solver answers every puzzle for any N.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rings/plan.hpp"
#include "rings/result.hpp"
#include "rings/state.hpp"
#include "rings/verify.hpp"

namespace rings::family {

/// The puzzles.
enum class Kind : std::uint8_t { rings, spin_out, brain, hexadecimal, elephant, hanoi };

/// The arrangement a move asks of the pieces below the moving piece i: piece i-1 at digits[0],
/// piece i-2 at digits[1], ... (`length` of them), and every piece below those at `rest`.
/// Pieces that do not exist ask nothing: piece 1 of every puzzle is free.
struct Below {
  std::uint8_t length = 0;
  std::array<std::uint8_t, 4> digits{};
  std::uint8_t rest = 0;
  friend bool operator==(const Below&, const Below&) = default;
};

/// A move of the puzzle's rule: any piece may go between positions `a` and `b` (either way)
/// when the pieces below it are as `below` says.
struct Edge {
  std::uint8_t a = 0, b = 0;
  Below below;
};

/// The most pieces of a family state the front ends accept: the rings' bound (kMaxRings, a
/// state of one byte a piece). Distances, hints, counts, solutions and checks of move lists
/// scale to it: 0.05-0.25 s at 10^6 pieces (docs/performance.md).
inline constexpr std::uint64_t kMaxPieces = kMaxRings;

/// The most pieces of the answers that descend the recursion level by level with big numbers:
/// the state after K moves (0 < K < the distance) and a plan. Their descent still costs about
/// N^2/64 word operations and keeps sqrt(N) checkpoints of N bits (docs/family.md): about a
/// second at this size.
inline constexpr std::uint64_t kMaxDescentPieces = 200'000;

struct Puzzle;
/// The most pieces of `puzzle`'s state after K moves the front ends accept: the rings' bound
/// where the descent is linear (the rings' rule; Hanoi, the elephants and hexadecimal:1110,
/// whose lengths are powers of 2 and small numbers: docs/family.md), kMaxDescentPieces where it
/// still descends with big numbers (the other keys of the Hexadecimal Puzzle).
std::uint64_t max_state_after_pieces(const Puzzle& puzzle);

/// A puzzle as data. `start` and `goal` are the position of every piece at the start and goal.
/// Besides its rule it carries what every front end needs to offer it (its sizes, its words'
/// codes, its capabilities), so that no front end keeps a copy of them.
struct Puzzle {
  Kind kind = Kind::rings;
  std::string name;            ///< "hanoi", "hexadecimal:1110"
  std::string_view title;      ///< "the Towers of Hanoi"
  std::string_view piece;      ///< "disc" (also the code of the piece's word in the page)
  std::string_view pieces;     ///< "discs"
  std::uint8_t positions = 2;  ///< the digits 0..positions-1
  std::uint8_t start = 0, goal = 0;
  std::vector<Edge> edges;                           ///< the rule
  std::array<std::string_view, 3> position_names{};  ///< "peg 0", "up", "vertical"
  std::string_view place = "position";               ///< what the words call a position: "peg"
  std::string_view pattern;             ///< how the name is written: "hexadecimal:K1K2K3K4"
  std::uint64_t default_size = 0;       ///< the pieces of the puzzle as it is sold
  std::uint64_t play_size = 0;          ///< the pieces `rings play` starts with (5 rings, not 9)
  std::uint64_t max_size = kMaxPieces;  ///< the most pieces the front ends accept
  bool double_moves = false;  ///< pieces 1 and 2 may move together as one move (the rings)
  bool notations = false;     ///< states may be written in the rings' other notations
  std::string_view source;    ///< where its rule and size are published

  /// Spin-Out, The Brain and the rings share the rings' rule (1 = on): the rings engine answers.
  bool ring_rule() const {
    return kind == Kind::rings || kind == Kind::spin_out || kind == Kind::brain;
  }
};

/// The puzzle called `name`: rings, spin-out, brain, hexadecimal:K1K2K3K4 (four 0/1 digits),
/// elephant, hanoi. Errors say what was wrong: "unknown puzzle 'x': expected rings, …".
Result<Puzzle> parse_puzzle(std::string_view name);

/// The names parse_puzzle knows, for help texts: "rings, spin-out, brain, hexadecimal:K1K2K3K4,
/// elephant, hanoi".
std::string_view puzzle_names();

/// Every puzzle the engine knows, in the order front ends offer them, the rings first: the
/// Hexadecimal Puzzle with its most played key (any key is parse_puzzle's).
const std::vector<Puzzle>& catalogue();

/// The position of every piece: piece i at [i-1] (piece 1 is the free end).
using Pieces = std::vector<std::uint8_t>;

/// Every piece at `digit`.
inline Pieces all_at(std::uint64_t n, std::uint8_t digit) { return Pieces(n, digit); }

/// Reads a state: one digit per piece, piece N first; `start`, `goal` (and `on`/`off` where the
/// positions are 0/1) when the piece count is known. Errors name the position and the digit.
Result<Pieces> parse_pieces(const Puzzle& puzzle, std::string_view text,
                            std::optional<std::uint64_t> n);

/// The piece count a state text gives by itself: its length when written in digits.
std::optional<std::uint64_t> pieces_written(std::string_view text);

/// Writes a state, piece N first.
std::string format_pieces(const Pieces& s);

/// A move: piece `piece` (1-based) goes from position `from` to position `to`.
struct PieceMove {
  std::uint64_t piece = 1;
  std::uint8_t from = 0, to = 0;
  friend bool operator==(const PieceMove&, const PieceMove&) = default;
};

/// The rules a move is judged by (as rings::Rule for the rings).
enum class PieceRule : std::uint8_t {
  // Why a move is legal.
  free_end,  ///< piece 1 can always move (between positions the rule joins)
  arranged,  ///< the pieces below are as the rule asks
  // Why a move is illegal.
  not_a_piece,     ///< no such piece: the puzzle has `pieces`
  not_a_position,  ///< `found` is not a position of this puzzle
  not_there,       ///< the piece is at `found`, not at the move's from
  already,         ///< the move goes nowhere (from = to)
  no_such_move,    ///< the rule never joins the two positions (elephant: up and down)
  needs_below,     ///< piece `other` must be at `needed` and is at `found`
  // Why a step of a states list is not a move.
  no_change,       ///< the state does not change
  several_change,  ///< several pieces change at once
};
inline constexpr std::size_t kPieceRuleCount = 10;

/// A judgement of a move: the rule and what it names. Which fields mean something depends on the
/// rule (see PieceRule); the others are 0.
struct PieceReason {
  PieceRule rule = PieceRule::free_end;
  PieceMove move;
  std::uint64_t other = 0;   ///< needs_below: the piece out of place
  std::uint8_t needed = 0;   ///< needs_below: where it must be
  std::uint8_t found = 0;    ///< needs_below, not_there, not_a_position: where it is
  std::uint64_t pieces = 0;  ///< not_a_piece: the piece count
  bool is_legal() const { return rule <= PieceRule::arranged; }
  friend bool operator==(const PieceReason&, const PieceReason&) = default;
};

/// The rule's code as it appears in JSON ("needs_below").
std::string_view rule_code(PieceRule rule);

/// Why `move` is illegal in `s`, or nothing when it is legal.
std::optional<PieceReason> why_illegal(const Puzzle& puzzle, const Pieces& s, const PieceMove& m);
/// The rule that allows a legal move.
PieceReason why_legal(const Puzzle& puzzle, const Pieces& s, const PieceMove& m);

/// The reason in the puzzle's own words: "disc 3 may go from peg 0 to peg 2 only when discs
/// 1–2 are on peg 1; disc 1 is on peg 0". The one English wording.
std::string to_string(const Puzzle& puzzle, const PieceReason& reason);
/// The move in the puzzle's words: "disc 1 from peg 0 to peg 2", "elephant 2 from up to right".
std::string to_string(const Puzzle& puzzle, const PieceMove& move);
/// A position in words: "peg 2", "down", "vertical", "1".
std::string_view position_name(const Puzzle& puzzle, std::uint8_t digit);

/// Every legal move of `s`.
std::vector<PieceMove> legal_moves(const Puzzle& puzzle, const Pieces& s);

/// The optimal number of moves between two states of the same size. Linear work in N per level
/// of big-number arithmetic: about N^2/64 word operations (docs/family.md).
/// `tied`, when given, says whether another shortest solution exists besides solve()'s: only in
/// the Towers of Hanoi, where the largest disc that must move (the highest differing piece) may
/// go directly or by the third peg at the same cost; solve() moves it directly.
mpz_class distance(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
                   bool* tied = nullptr);

/// The moves from the puzzle's start to its goal with `n` pieces. The counts follow a linear
/// recurrence derived from the rule (docs/family.md), so this takes O(d^2) multiplications of
/// numbers of the answer's size (d, the recurrence's order, at most 8 in the catalogue):
/// milliseconds for a million pieces.
mpz_class count(const Puzzle& puzzle, std::uint64_t n);

/// count(puzzle, n) modulo `modulus`, for any n up to 2^64 - 1, in O(d^2 log n) operations on
/// 64-bit numbers. An Error when the modulus is 0, or for a rule whose recurrence the engine
/// cannot derive (none in the catalogue) past kMaxPieces pieces.
///
///     count_mod(*parse_puzzle("hanoi"), 1'000'000'000'000'000'000, 1'000'000'007)
Result<std::uint64_t> count_mod(const Puzzle& puzzle, std::uint64_t n, std::uint64_t modulus);

/// Streams the optimal solution from `from` to `to` into `sink` (`bool(const PieceMove&)`,
/// false to stop). Memory O(N), not O(moves). Where several shortest solutions exist (the
/// Towers of Hanoi between arbitrary states) the direct move of the largest disc is preferred.
/// Returns true when the walk reached `to`.
bool solve(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
           const std::function<bool(const PieceMove&)>& sink);

/// The optimal solution one move at a time (a pull iterator over the same walk as solve(), by
/// the puzzle's generic recursion for every puzzle, the rings' rule included): memory O(N).
class PieceSolution {
 public:
  PieceSolution(const Puzzle& puzzle, Pieces from, Pieces to);
  ~PieceSolution();
  PieceSolution(PieceSolution&&) noexcept;
  PieceSolution& operator=(PieceSolution&&) noexcept;
  /// The next move into `move`; false at the end.
  bool next(PieceMove& move);
  /// The number of moves of the whole solution.
  const mpz_class& length() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The state after `k` optimal moves from `from` toward `to`; `to` when k is the distance or
/// more. The distance goes to `total` and the tie (as distance()'s) to `tied` when given (one
/// recursion answers all).
Pieces state_after(const Puzzle& puzzle, const Pieces& from, const Pieces& to, const mpz_class& k,
                   mpz_class* total = nullptr, bool* tied = nullptr);

/// A suggested move with the rule that allows it.
struct PieceHint {
  PieceMove move;
  PieceReason reason;
};
/// The next `k` optimal moves from `from` toward `to`, each with its reason; how many moves
/// remain after them goes to `remaining` when given (one recursion answers both).
std::vector<PieceHint> hints(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
                             std::uint64_t k, mpz_class* remaining = nullptr);

/// What a check of a move list found (as rings::VerifyReport).
struct PieceReport {
  std::uint64_t moves = 0;         ///< legal moves checked
  bool legal = true;               ///< no illegal move
  std::uint64_t illegal_move = 0;  ///< the number (from 1) of the first illegal move
  PieceReason rule;                ///< the rule it breaks
  bool reached = false;            ///< the state after the moves is the target
  bool optimal = false;            ///< legal, reached, no longer than the optimum
  mpz_class optimum;               ///< optimal number of moves from start to target
  mpz_class remaining;             ///< optimal number of moves from where the list ends
};

/// Applies moves one at a time from a start state, stopping at the first illegal one (`puzzle`
/// must outlive it).
class PieceVerifier {
 public:
  PieceVerifier(const Puzzle& puzzle, Pieces from, Pieces to)
      : puzzle_(puzzle), state_(std::move(from)), start_(state_), to_(std::move(to)) {}
  /// Checks and applies `move`; false on an illegal move (the first is kept).
  bool step(const PieceMove& move);
  /// Checks that `next` is one legal move away, and goes there (a states list).
  bool step_to(const Pieces& next);
  const Pieces& state() const { return state_; }
  PieceReport report() const;
  /// Keeps the first `count` legal moves made (0, the default: none), for kept_moves().
  void keep_moves(std::size_t count) { keep_ = count; }
  /// The legal moves kept (see keep_moves), in order: a states list's as moves.
  const std::vector<PieceMove>& kept_moves() const { return kept_; }

 private:
  bool fail(const PieceReason& r);
  const Puzzle& puzzle_;
  Pieces state_, start_, to_;
  std::uint64_t moves_ = 0;
  bool failed_ = false;
  PieceReason rule_;
  std::size_t keep_ = 0;
  std::vector<PieceMove> kept_;
};

/// One line of a move list: nothing (blank), a move, or a state (a states list).
using ListLine = std::variant<std::monostate, PieceMove, Pieces>;

/// Reads one line of a move list of `n` pieces: a move as `rings solve --puzzle` writes it
/// ("12: disc 1 from peg 0 to peg 2"; the number, the piece's name and "peg" optional; positions
/// by name or digit; any case), or a state of n digits.
Result<ListLine> parse_list_line(const Puzzle& puzzle, std::string_view line, std::uint64_t n);

/// Checks a move list line by line as `rings verify --puzzle` does, in every format `rings solve
/// --puzzle` writes: moves, a states list whose first line is its start (which must be `from`
/// when `from_given`), toggles (piece numbers alone, for puzzles of two positions), or JSON (the
/// objects with a "piece" are the moves, as solve --json and the API write them, in any layout).
/// `format` detect tells them apart by the first line that is not blank. Feed it whole lines.
/// (`puzzle` must outlive it.)
class ListChecker {
 public:
  ListChecker(const Puzzle& puzzle, Pieces from, Pieces to, bool from_given,
              ListFormat format = ListFormat::detect)
      : puzzle_(puzzle),
        from_(std::move(from)),
        to_(std::move(to)),
        from_given_(from_given),
        format_(format) {}
  /// Checks the lines of `text` (split at '\n'); false once a move is illegal (the rest is not
  /// read), or an Error naming the line that cannot be read.
  Result<bool> feed(std::string_view text);
  PieceReport report() const;
  /// Keeps the first `count` legal moves of the list (as PieceVerifier::keep_moves); call it
  /// before feed().
  void keep_moves(std::size_t count) { keep_ = count; }
  /// The moves kept, in order, and the state they start from (a states list's first line).
  std::vector<PieceMove> kept_moves() const;
  const Pieces& start() const { return verifier_ ? start_ : from_; }

 private:
  Result<bool> feed_line(std::string_view line);
  Result<bool> feed_json(std::string_view line);
  bool step(const PieceMove& move);

  const Puzzle& puzzle_;
  Pieces from_, to_, start_;
  bool from_given_;
  ListFormat format_;
  // A JSON list read across lines: the objects open at each depth, and what each holds so far.
  struct JsonObject {
    std::optional<std::uint64_t> piece, from, to;
  };
  std::vector<JsonObject> json_objects_;
  int json_depth_ = 0;
  std::string json_key_;
  std::size_t keep_ = 0;
  std::optional<PieceVerifier> verifier_;
  std::uint64_t line_ = 0;
  bool stopped_ = false;
};

/// A report in English: "ok: 7 moves, target reached, optimal", "move 2: illegal: …".
std::string report_text(const Puzzle& puzzle, const PieceReport& report);

/// What a milestone of a family plan reaches (as rings::Goal for the rings).
enum class PieceGoal : std::uint8_t {
  move,     ///< `move` is the milestone's last move; the moves before it bring the pieces below
            ///< to the arrangement it needs
  arrange,  ///< pieces 1..`pieces` reach `below` (piece `pieces` at below.digits[0], ...): what
            ///< the move of piece `pieces`+1 needs
};

/// The goal's code as it appears in JSON: "piece", "arrange".
std::string_view goal_code(PieceGoal goal);

/// A goal and the moves first..last (1-based, of the whole solution) that reach it.
struct PieceMilestone {
  PieceGoal goal = PieceGoal::move;
  PieceMove move;            ///< PieceGoal::move
  std::uint64_t pieces = 0;  ///< PieceGoal::arrange
  Below below;               ///< PieceGoal::arrange
  mpz_class first, last;
  bool is_move() const { return first == last; }
};

/// The goal in the puzzle's words: "move disc 5 from peg 0 to peg 2", "put discs 1–4 on peg 1",
/// "put rod 2 out and rod 1 in".
std::string to_string(const Puzzle& puzzle, const PieceMilestone& milestone);

struct PiecePlanStep;
/// One level of milestones: `count` of them partition their parent's moves; `shown` are listed
/// (the first `limit`, and the one holding move `at`), in order, with their indices.
struct PiecePlanList {
  std::uint64_t count = 0;
  std::vector<PiecePlanStep> shown;
};
struct PiecePlanStep {
  std::uint64_t index = 0;
  PieceMilestone milestone;
  PiecePlanList parts;
};
/// A plan: the optimal number of moves, its milestones, and the indices of those holding move
/// `at`, level by level.
struct PiecePlan {
  mpz_class moves;
  PiecePlanList milestones;
  std::vector<std::uint64_t> at;
};

/// The plan of the optimal solution from `from` to `to`, as rings::plan for the rings: the
/// solution is the moves of its highest differing piece (one milestone each, made of the
/// arrangement the pieces below must reach first and the move), then the plan of the pieces
/// below toward their target. Options and errors as rings::plan's.
///
///     plan(*parse_puzzle("hanoi"), all_at(3, 0), all_at(3, 2))
///     // move disc 3 from peg 0 to peg 2 (moves 1–4): put discs 1 and 2 on peg 1 (moves 1–3),
///     //   then the move (4)
///     // move disc 2 from peg 1 to peg 2 (moves 5–6): put disc 1 on peg 0 (5), the move (6)
///     // move disc 1 from peg 0 to peg 2 (move 7)
Result<PiecePlan> plan(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
                       const PlanOptions& options = {});

/// The rings' State of a ring-rule puzzle's pieces (1 = on), and back.
State to_state(const Pieces& s);
Pieces from_state(const State& s);

}  // namespace rings::family
