// The answers of each engine, which the one entry per verb of answers.hpp dispatches to: the
// rings' closed forms where a question's states are bits, the family's recursive engine for
// every other puzzle. For src/answers alone: front ends ask answers.hpp's entries, over a
// Problem, so that no front end forks on the puzzle.
#pragma once

#include "answers.hpp"

namespace rings::answers {

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

/// The first fields of a solution: {"rings":N,"from":"…","to":"…","count":"…","offset":"O"}
/// (the moves follow as "moves").
json solution_head(const State& from, const State& to, Mode mode, Notation notation,
                   const mpz_class& count, const std::string& offset);

/// rings plan: {"rings":N,"moves":"85","count":7,"milestones":[…],"at":{"move":"30",
/// "path":[1,0]}}. A milestone is every puzzle's (the family's plan() below): goal "piece",
/// {"index":0,"goal":"piece","piece":7,"ring":7,"from":"on","to":"off","first":"1","last":"22",
/// "text":"take ring 7 off"} (a move's fields), or goal "arrange", {"goal":"arrange",
/// "pieces":6,"ring":6,"below":["on"],"rest":"off",…} (ring 6 on with rings 1–5 off; "below"
/// empty: rings 1–6 off), and, when its parts are listed, "count" and "milestones" again.
/// Listed milestones carry their index in their level, so a gap in the indices is milestones
/// left out; "at" (when asked) gives the index of the milestone containing the move at each
/// level.
json plan(const Plan& plan, std::uint64_t rings, Mode mode, const std::optional<mpz_class>& at);

/// {"puzzle":NAME,"pieces":N,"count":"…"}.
json count(const family::Puzzle& p, std::uint64_t n, std::optional<std::uint64_t> mod);

/// {"puzzle":NAME,"distance":"…"}, and where another shortest solution exists (a puzzle whose
/// three positions are all joined) "tie":{"piece":k,"given":"direct","text":"…"}: piece k, the
/// largest that must move, may go directly or by the third position (its `place`); the solution
/// given moves it directly.
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
/// as plan() for the rings. A milestone: {"index":0,"goal":"piece","piece":3,"from":"peg 0",
/// "to":"peg 2","first":"1","last":"4","text":"move disc 3 from peg 0 to peg 2"}, or
/// {"goal":"arrange","pieces":2,"below":[…],"rest":"peg 1",…} (pieces 1..pieces: piece `pieces`
/// at below[0], the next at below[1], …, the others at rest; positions by their codes), with
/// "count" and "milestones" when its parts are listed.
json plan(const family::Puzzle& p, const family::PiecePlan& plan, std::uint64_t pieces,
          const std::optional<mpz_class>& at);

/// The first fields of a solution: {"puzzle":…,"pieces":N,"from":"…","to":"…","count":"…",
/// "offset":"O"}, and "tie" as distance()'s when `tied`.
json solution_head(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
                   const mpz_class& count, const std::string& offset, bool tied = false);

}  // namespace rings::answers
