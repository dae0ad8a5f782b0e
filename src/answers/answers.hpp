// The engine's answers as JSON: the one serializer behind the web API, the CLI's --json and the
// page (through the WebAssembly build of the API). Numbers that can be big are strings; a rule
// is a code plus the rings it names, with its English wording beside it in "text".
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/plan.hpp"
#include "rings/problem.hpp"
#include "rings/result.hpp"
#include "rings/rules.hpp"
#include "rings/state.hpp"
#include "rings/verify.hpp"
#include "solve_format.hpp"

namespace rings::answers {

using nlohmann::json;

/// A move, in the one shape of every puzzle's moves: {"piece":3,"from":"on","to":"off"}, the
/// positions by their codes (the puzzle's position_names). The rings' moves also carry
/// "ring" (= "piece"), and "double":true for rings 1+2 moved together.
json move(const Move& m);

/// {"rule":"needs_lower_off","ring":5,"to":"on","previous":4,"lower":3,"blocking":2,
/// "text":"ring 5 needs …"}: the rule code (rule_code), the move judged ("double":true for
/// rings 1+2), the rings the rule names ("previous" = k-1 and "lower" = k-2 for the rule of
/// ring k, "blocking", "rings") and the English sentence.
json reason(const Reason& r);

/// `x` as a decimal string, reduced modulo `mod` when one is given.
std::string number(const mpz_class& x, std::optional<std::uint64_t> mod);

/// Decimal text of many big numbers that lie close together (a plan's move ranges: a milestone
/// starts one after its neighbour ends, its parts share its ends): a number within 2^63 of one
/// written recently is written by adding the difference to that one's digits, instead of a
/// conversion (milliseconds for a number of 10^5 bits).
class Decimals {
 public:
  const std::string& operator()(const mpz_class& x);

 private:
  struct Written {
    mpz_class value;
    std::string text;
  };
  std::vector<Written> recent_;  // most recent last
};

/// The fields every answer starts with, for every puzzle: {"puzzle":NAME,"pieces":N,
/// "double":false} (the rings' also "rings":N), and "mod":"M" when counts are reduced modulo M.
/// docs/schemas/ describes each command's answer.
json head(const family::Puzzle& p, std::uint64_t pieces, Mode mode,
          std::optional<std::uint64_t> mod = std::nullopt);

/// rings puzzles: the catalogue, one object a puzzle: {"name":…,"pattern":…,"title":…,
/// "positions":3,"position_names":["peg 0",…],"piece":"disc","pieces":"discs","start":"0",
/// "goal":"2","default_size":8,"max_size":200000,
/// "double_moves":false,"notations":["binary"],"toggles":false,"source":"…"}. `start` and
/// `goal` are the digit every piece shows there; `toggles`: its lists may be written as piece
/// numbers alone (two positions).
json puzzles();

/// The codes an API error may carry (rings/error_code.hpp), one object each: {"code":
/// "bad_digit","fields":["position","found"]}. Besides its own fields, an error may carry
/// `parameter`, `line` and `key`.
json errors();

// The answers to a question read by read_problem, for every puzzle: the one entry of each verb
// for the front ends. The engine that answers is the puzzle's (the rings' closed forms where
// its states are bits, else the family's): engines.hpp, inside src/answers alone.

/// count: the moves from the puzzle's start to its goal for the question's pieces (its states
/// are not used). Modulo `mod` any N the reader took; exact, at most the puzzle's max_size.
Result<json> count(const Problem& q, std::optional<std::uint64_t> mod);
/// distance between the question's two states.
json distance(const Problem& q, std::optional<std::uint64_t> mod);

/// A move list checked as it streams (`rings verify`, /api/verify), for every puzzle: the
/// rings' checker where the question's states are bits, the family's otherwise. The question's
/// two states are the start and the target; `from_given`/`to_given`: the user named them (else a
/// states list's first line, a JSON list's own, may give them).
class ListCheck {
 public:
  ListCheck(const Problem& q, ListFormat format, bool from_given, bool to_given);
  /// Checks the next whole lines; false once an illegal move has been found.
  Result<bool> feed(std::string_view block);
  /// Keeps the list's first `count` legal moves (for replay() and written()); before feed().
  void keep_moves(std::size_t count);
  /// The report as JSON (verify()'s fields, "ok" among them) and in English (`rings verify`'s
  /// line), computed once (the optimum is linear in N).
  struct Report {
    nlohmann::json json;
    std::string text;
  };
  Report report() const;
  /// The kept moves, each as move() writes it.
  json replay() const;
  /// The kept moves written again in `format` (moves, toggles, states) from the list's start,
  /// as a solution is written, a piece of text at a time.
  void write_kept(SolveFormat format, const TextSink& sink) const;

 private:
  const Problem& q_;
  std::variant<rings::ListChecker, family::ListChecker> checker_;
};

/// The piece count a move list gives by itself (a states list's first line, a JSON list's
/// "pieces"), read from its first lines `block`; nothing when it gives none.
std::optional<std::uint64_t> pieces_of_list(const family::Puzzle& p, std::string_view block,
                                            Notation notation, ListFormat format);

/// The rows of a table (`rings table`, /api/table), for every puzzle: every state of the
/// question's pieces in counting order (piece 1 the lowest digit: the states' text in
/// increasing order) and its distance to the question's first state, the target.
class TableRows {
 public:
  /// positions^pieces, the rows of the table; nothing when they pass 2^`max_log2`.
  static std::optional<std::uint64_t> size(const family::Puzzle& p, std::uint64_t pieces,
                                           unsigned max_log2);
  /// `q` must outlive the rows; its pieces within size()'s bound.
  explicit TableRows(const Problem& q);
  /// The next row, its state as the question writes states (the rings' notation) and its
  /// distance; false after the last.
  bool next(std::string& state, std::string& distance);

 private:
  const Problem& q_;
  std::uint64_t row_ = 0, rows_ = 0;
  mpz_class target_;       // the rings: the target's position on the Gray path
  family::Pieces digits_;  // the others: the next state
};
/// at: the state after `k` optimal moves from the question's first state toward its second, or
/// past the end the count (modulo `mod`, as the rings' position on the Gray path).
Result<json> at(const Problem& q, const mpz_class& k, std::optional<std::uint64_t> mod);
/// plan: the milestones from the question's first state toward its second.
Result<json> plan(const Problem& q, const PlanOptions& options);
/// The head of a solution from the question's first state toward its second, its moves to
/// follow as "moves": the count, the offset where the moves start, and the tie.
json solution_head(const Problem& q, const std::string& offset = "0");
/// hint: the next `k` moves from the question's first state toward its second.
json hint(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod);
/// The same hint in English, as `rings hint` prints it: a move a line with its reason, then
/// how many moves remain.
std::string hint_text(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod);

// Every puzzle's moves and reasons, in the one shape (the family's values: rings/family.hpp).

/// {"piece":3,"from":"peg 0","to":"peg 2"}: move() of the rings for every puzzle.
json move(const family::Puzzle& p, const family::PieceMove& m);

/// A position's code in answers: its name in `p.position_names` ("peg 2", "on"), or the digit
/// itself for a digit that is no position of `p` (an illegal move's).
std::string position(const family::Puzzle& p, std::uint8_t digit);

/// {"rule":"needs_below","piece":3,"from":"peg 0","to":"peg 2","other":2,"needed":"peg 1",
/// "found":"peg 0","text":"disc 3 may go …"}: the rule code, the move judged, what the rule
/// names (positions by their codes), the sentence.
json reason(const family::Puzzle& p, const family::PieceReason& r);

// The web API's answers over a question (one entry a route, for every puzzle).

/// A page of the solution from the question's first state toward its second: solution_head(q,
/// offset) and "moves", at most `limit` of them from move `offset` + 1 (`offset` a whole number
/// in decimal). `each` is called before each move is kept (a server's stop check). Errors:
/// `past_end` past the solution's end; `too_many_pieces` for an offset into a solution whose
/// state there is too large to find (the family's descent).
Result<json> solution_page(const Problem& q, const std::string& offset, std::uint64_t limit,
                           const std::function<void()>& each = {});

/// plan(q, options), refused (`answer_too_large`) before any JSON is made when it would list
/// more than `max_listed` milestones (about 1 KB of JSON each).
Result<json> plan_within(const Problem& q, const PlanOptions& options, std::uint64_t max_listed);

/// The question's first state and what a player may do there, for every puzzle: head() and
/// {"state":"…","distance":"…","next":{…}|null,"legal":[{…},…]}: the state as the question
/// writes states, its distance to the second state, the optimal next move (null there) and
/// every legal move, each move with "reason" (English) and "why" (reason()'s). The rings also
/// carry the state in every notation ("binary", "decimal", "cleve") and its "position" on the
/// Gray path (docs/schemas/state.schema.json).
json state(const Problem& q);

/// A move asked of a state: piece `piece` (the rings: ring; `pair`, rings 1+2 together) from
/// `from` (default: where it is; the rings' moves are named by where they go alone) to `to`
/// (default, with two positions: the other one; the rings: 0 off or 1 on).
struct MoveAsked {
  std::uint64_t piece = 0;
  bool pair = false;
  std::optional<std::uint8_t> from, to;
};

/// Whether the move asked may be made from the question's first state, for every puzzle:
/// head() and {"legal":…,"move":{…},"reason":"…","why":{…}}, and "state" (after it, as the
/// question writes states) when legal. A piece or position the puzzle lacks is a question with
/// the answer no. Error: `missing_parameter` without `to` where a piece has more than two
/// positions.
Result<json> judge_move(const Problem& q, const MoveAsked& asked);

}  // namespace rings::answers
