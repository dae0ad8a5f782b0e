#include "answers.hpp"

#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::answers {
namespace {

const char* onoff(bool on) { return on ? "on" : "off"; }

}  // namespace

json move(const Move& m) {
  json j = {{"ring", m.ring()}};
  if (m.is_pair()) j["double"] = true;
  j["to"] = onoff(m.on());
  return j;
}

json reason(const Reason& r) {
  json j = {{"rule", rule_code(r.rule)}};
  if (r.rule != Rule::no_change && r.rule != Rule::several_change) j.update(move(r.move));
  // The rings a sentence names, so that no front end does the rule's arithmetic: ring k needs
  // ring `previous` (k-1) on and rings 1..`lower` (k-2) off.
  const Ring k = r.move.ring();
  if ((r.rule == Rule::after_lowest || r.rule == Rule::needs_previous_on ||
       r.rule == Rule::needs_lower_off) &&
      k >= 2) {
    j["previous"] = k - 1;
    if (k >= 3) j["lower"] = k - 2;
  }
  if (r.blocking) j["blocking"] = r.blocking;
  if (r.rule == Rule::not_a_ring || r.rule == Rule::pair_needs_two ||
      r.rule == Rule::several_change)
    j["rings"] = r.rings;
  if (r.rule == Rule::several_change && r.mode == Mode::double_moves) j["double_moves"] = true;
  j["text"] = to_string(r);
  return j;
}

std::string number(const mpz_class& x, std::optional<std::uint64_t> mod) {
  if (!mod) return x.get_str();
  mpz_class m;
  mpz_import(m.get_mpz_t(), 1, 1, sizeof *mod, 0, 0, &*mod);
  return mpz_class(x % m).get_str();
}

json count(std::uint64_t rings, Mode mode, std::optional<std::uint64_t> mod) {
  return {{"rings", rings},
          {"count", mod ? std::to_string(count_mod(rings, mode, *mod))
                        : rings::count(rings, mode).get_str()}};
}

json distance(const State& from, const State& to, Mode mode, std::optional<std::uint64_t> mod) {
  return {{"distance", number(rings::distance(from, to, mode), mod)}};
}

json hint(const State& from, const State& to, std::uint64_t k, Mode mode,
          std::optional<std::uint64_t> mod) {
  json moves = json::array();
  State after = from;
  for (const auto& h : hints(from, to, k, mode)) {
    json m = move(h.move);
    m["reason"] = to_string(h.reason);
    m["why"] = reason(h.reason);
    moves.push_back(std::move(m));
    apply(after, h.move);
  }
  return {{"moves", std::move(moves)},
          {"remaining", number(rings::distance(after, to, mode), mod)}};
}

json at(const State& from, const State& to, const mpz_class& k, Mode mode, Notation notation,
        std::optional<std::uint64_t> mod) {
  const mpz_class total = rings::distance(from, to, mode);
  if (k > total) return {{"step", k.get_str()}, {"past_end", true}, {"count", total.get_str()}};
  const State s = state_after(from, to, k, mode);
  return {{"step", k.get_str()},
          {"state", format_state(s, notation)},
          {"position", number(rank(s), mod)}};
}

json verify(const VerifyReport& r) {
  json out = {{"ok", r.legal && r.reached},
              {"moves", r.moves},
              {"legal", r.legal},
              {"reached", r.reached},
              {"optimal", r.optimal},
              {"optimum", r.optimum.get_str()},
              {"remaining", r.remaining.get_str()}};
  if (!r.legal) {
    out["illegal_move"] = r.illegal_move;
    out["rule"] = to_string(r.rule);
    out["why"] = reason(r.rule);
  }
  return out;
}

json table_row(const State& s, const mpz_class& distance, Notation notation) {
  return {{"state", format_state(s, notation)}, {"distance", distance.get_str()}};
}

json solution_head(const State& from, const State& to, Notation notation, const mpz_class& count,
                   const std::string& offset) {
  return {{"rings", from.size()},
          {"from", format_state(from, notation)},
          {"to", format_state(to, notation)},
          {"count", count.get_str()},
          {"offset", offset}};
}

namespace {

json milestones(const PlanList& list) {
  json out = json::array();
  for (const auto& step : list.shown) {
    const Milestone& m = step.milestone;
    json j = {{"index", step.index}, {"goal", goal_code(m.goal)}, {"ring", m.ring}};
    if (m.goal == Goal::ring) {
      if (m.pair) j["double"] = true;
      j["to"] = onoff(m.on);
    }
    j["first"] = m.first.get_str();
    j["last"] = m.last.get_str();
    j["text"] = to_string(m);
    if (step.parts.count) {
      j["count"] = step.parts.count;
      j["milestones"] = milestones(step.parts);
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

json plan(const Plan& p, std::uint64_t rings, const std::optional<mpz_class>& at) {
  json out = {{"rings", rings},
              {"moves", p.moves.get_str()},
              {"count", p.milestones.count},
              {"milestones", milestones(p.milestones)}};
  if (at) out["at"] = {{"move", at->get_str()}, {"path", p.at}};
  return out;
}

}  // namespace rings::answers
