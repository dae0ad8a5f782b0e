// The engine's answers as JSON: the one serializer behind the web API, the CLI's --json and the
// page (through the WebAssembly build of the API). Numbers that can be big are strings; a rule
// is a code plus the rings it names, with its English wording beside it in "text".
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/plan.hpp"
#include "rings/problem.hpp"
#include "rings/rules.hpp"
#include "rings/state.hpp"
#include "rings/verify.hpp"

namespace rings::answers {

using nlohmann::json;

/// {"ring":3,"to":"off"}; a double move {"ring":1,"double":true,"to":"on"}.
json move(const Move& m);

/// {"rule":"needs_lower_off","ring":5,"to":"on","previous":4,"lower":3,"blocking":2,
/// "text":"ring 5 needs …"}: the rule code (rule_code), the move judged ("double":true for
/// rings 1+2), the rings the rule names ("previous" = k-1 and "lower" = k-2 for the rule of
/// ring k, "blocking", "rings") and the English sentence.
json reason(const Reason& r);

/// `x` as a decimal string, reduced modulo `mod` when one is given.
std::string number(const mpz_class& x, std::optional<std::uint64_t> mod);

/// rings count: {"rings":N,"count":"…"} (the count modulo `mod` when given; exact count for
/// N up to what memory allows, else count_mod).
json count(std::uint64_t rings, Mode mode, std::optional<std::uint64_t> mod);

/// rings distance: {"distance":"…"}.
json distance(const State& from, const State& to, Mode mode, std::optional<std::uint64_t> mod);

/// rings hint: {"moves":[{"ring":r,"to":…,"reason":"…","why":{…reason…}}],"remaining":"…",
/// "state":"…"}: the state after the hinted moves, in `notation` (the page's auto-play shows it).
json hint(const State& from, const State& to, std::uint64_t k, Mode mode, Notation notation,
          std::optional<std::uint64_t> mod);

/// rings at: {"step":"K","state":"…","position":"…"}: the state after K optimal moves in
/// `notation` and its position on the Gray path (counted from all-off), or, past the end,
/// {"step":"K","past_end":true,"count":"…"}.
json at(const State& from, const State& to, const mpz_class& k, Mode mode, Notation notation,
        std::optional<std::uint64_t> mod);

/// rings verify: {"ok":…,"moves":…,"legal":…,"reached":…,"optimal":…,"optimum":"…",
/// "remaining":"…"} and, for an illegal list, "illegal_move", "rule" (English) and "why".
json verify(const VerifyReport& report, std::uint64_t rings, Mode mode);

/// One line of rings table: {"state":"…","distance":"…"}.
json table_row(const State& s, const mpz_class& distance, Notation notation);

/// The first fields of a solution: {"rings":N,"from":"…","to":"…","count":"…","offset":"O"}
/// (the moves follow as "moves").
json solution_head(const State& from, const State& to, Mode mode, Notation notation,
                   const mpz_class& count, const std::string& offset);

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

/// rings plan: {"rings":N,"moves":"85","count":7,"milestones":[…],"at":{"move":"30",
/// "path":[1,0]}}. A milestone: {"index":0,"goal":"ring","ring":7,"to":"off","first":"1",
/// "last":"22","text":"take ring 7 off"} ("double":true for rings 1+2; "to" only for goal
/// "ring"), and, when its parts are listed, "count" and "milestones" again. Listed milestones
/// carry their index in their level, so a gap in the indices is milestones left out; "at"
/// (when asked) gives the index of the milestone containing the move at each level.
json plan(const Plan& plan, std::uint64_t rings, Mode mode, const std::optional<mpz_class>& at);

/// The fields every answer starts with, for every puzzle: {"puzzle":"hanoi","pieces":N,
/// "double":false} (the rings' also "rings":N), and "mod":"M" when counts are reduced modulo M.
/// docs/schemas/ describes each command's answer.
json head(const family::Puzzle& p, std::uint64_t pieces, Mode mode,
          std::optional<std::uint64_t> mod = std::nullopt);

/// rings puzzles: the catalogue, one object a puzzle: {"name":"hanoi","pattern":"hanoi",
/// "title":"the Towers of Hanoi","positions":3,"position_names":["peg 0",…],"piece":"disc",
/// "pieces":"discs","start":"0","goal":"2","default_size":8,"max_size":200000,
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
// its states are bits); the overloads below are those engines' answers.

/// distance between the question's two states.
json distance(const Problem& q, std::optional<std::uint64_t> mod);
/// hint: the next `k` moves from the question's first state toward its second.
json hint(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod);
/// The same hint in English, as `rings hint` prints it: a move a line with its reason, then
/// how many moves remain.
std::string hint_text(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod);

// The puzzle family (include/rings/family.hpp): the same answers with "puzzle" and "pieces".

/// {"piece":3,"from":0,"to":2}.
json move(const family::PieceMove& m);

/// {"rule":"needs_below","piece":3,"from":0,"to":2,"other":2,"needed":1,"found":0,
/// "text":"disc 3 may go …"}: the rule code, the move judged, what the rule names, the sentence.
json reason(const family::Puzzle& p, const family::PieceReason& r);

/// {"puzzle":"hanoi","pieces":N,"count":"…"}.
json count(const family::Puzzle& p, std::uint64_t n, std::optional<std::uint64_t> mod);

/// {"puzzle":"hanoi","distance":"…"}, and where another shortest solution exists (the Towers of
/// Hanoi) "tie":{"piece":k,"given":"direct","text":"…"}: disc k, the largest that must move, may
/// go directly or by the third peg; the solution given moves it directly.
json distance(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
              std::optional<std::uint64_t> mod);

/// {"puzzle":…,"moves":[{"piece":…,"from":…,"to":…,"reason":"…","why":{…}}],"remaining":"…",
/// "state":"…"}: the state after those moves, as the rings' hint gives it.
json hint(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
          std::uint64_t k, std::optional<std::uint64_t> mod);

/// {"puzzle":…,"step":"K","state":"…"} or, past the end, {"step":"K","past_end":true,
/// "count":"…"}.
json at(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
        const mpz_class& k);

/// {"ok":…,"moves":…,"legal":…,"reached":…,"optimal":…,"optimum":"…","remaining":"…"} and, for
/// an illegal list, "illegal_move", "rule" (English) and "why".
json verify(const family::Puzzle& p, const family::PieceReport& report, std::uint64_t pieces);

/// rings plan --puzzle: {"puzzle":…,"pieces":N,"moves":"7","count":3,"milestones":[…],"at":…}
/// as plan() for the rings. A milestone: {"index":0,"goal":"piece","piece":3,"from":0,"to":2,
/// "first":"1","last":"4","text":"move disc 3 from peg 0 to peg 2"}, or {"goal":"arrange",
/// "pieces":2,"below":[…],"rest":1,…} (pieces 1..pieces: piece `pieces` at below[0], the next
/// at below[1], …, the others at rest), with "count" and "milestones" when its parts are listed.
json plan(const family::Puzzle& p, const family::PiecePlan& plan, std::uint64_t pieces,
          const std::optional<mpz_class>& at);

/// The first fields of a solution: {"puzzle":…,"pieces":N,"from":"…","to":"…","count":"…",
/// "offset":"O"}, and "tie" as distance()'s when `tied`.
json solution_head(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
                   const mpz_class& count, const std::string& offset, bool tied = false);

}  // namespace rings::answers
