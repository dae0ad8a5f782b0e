#include "answers.hpp"

#include <fmt/format.h>

#include "engines.hpp"
#include "rings/position.hpp"
#include "rings/solve.hpp"

namespace rings::answers {
namespace {

const char* onoff(bool on) { return on ? "on" : "off"; }

}  // namespace

namespace {

// The rings, as the catalogue holds them (its first puzzle).
const family::Puzzle& the_rings() { return family::catalogue().front(); }

}  // namespace

json head(const family::Puzzle& p, std::uint64_t pieces, Mode mode,
          std::optional<std::uint64_t> mod) {
  json j = {{"puzzle", p.name}, {"pieces", pieces}};
  if (p.double_moves) j["rings"] = pieces;  // the rings' answers keep their own word
  j["double"] = mode == Mode::double_moves;
  if (mod) j["mod"] = std::to_string(*mod);
  return j;
}

json puzzles() {
  json out = json::array();
  for (const family::Puzzle& p : family::catalogue()) {
    json names = json::array();
    for (std::uint8_t d = 0; d < p.positions; ++d) names.push_back(p.position_names[d]);
    json notations = json::array({"binary"});
    if (p.notations) notations.insert(notations.end(), {"ring1-first", "decimal", "cleve"});
    out.push_back({{"name", p.name},
                   {"pattern", p.pattern},
                   {"title", p.title},
                   {"positions", p.positions},
                   {"position_names", std::move(names)},
                   {"piece", p.piece},
                   {"pieces", p.pieces},
                   {"start", std::to_string(p.start)},
                   {"goal", std::to_string(p.goal)},
                   {"default_size", p.default_size},
                   {"max_size", p.max_size},
                   {"double_moves", p.double_moves},
                   {"notations", std::move(notations)},
                   {"toggles", p.positions == 2},
                   {"source", p.source}});
  }
  return out;
}

json errors() {
  json out = json::array();
  for (const auto& code : kErrorCodes) {
    if (!code.api) continue;
    json fields = json::array();
    for (std::string_view rest = code.fields; !rest.empty();) {
      const auto space = rest.find(' ');
      fields.push_back(rest.substr(0, space));
      rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    out.push_back({{"code", code.name}, {"fields", std::move(fields)}});
  }
  return out;
}

json move(const Move& m) {
  json j = {{"piece", m.ring()}, {"ring", m.ring()}};
  if (m.is_pair()) j["double"] = true;
  j["from"] = onoff(!m.on());
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
      r.rule == Rule::several_change) {
    j["pieces"] = r.rings;
    j["rings"] = r.rings;
  }
  if (r.rule == Rule::several_change && r.mode == Mode::double_moves) j["double_moves"] = true;
  j["text"] = to_string(r);
  return j;
}

std::string number(const mpz_class& x, std::optional<std::uint64_t> mod) {
  if (!mod) return x.get_str();
  return mpz_class(x % to_mpz(*mod)).get_str();
}

json count(std::uint64_t rings, Mode mode, std::optional<std::uint64_t> mod) {
  json out = head(the_rings(), rings, mode, mod);
  out["count"] =
      mod ? std::to_string(count_mod(rings, mode, *mod)) : rings::count(rings, mode).get_str();
  return out;
}

json distance(const State& from, const State& to, Mode mode, std::optional<std::uint64_t> mod) {
  json out = head(the_rings(), from.size(), mode, mod);
  out["distance"] = number(rings::distance(from, to, mode), mod);
  out["tie"] = nullptr;  // the rings have one shortest path
  return out;
}

json hint(const State& from, const State& to, std::uint64_t k, Mode mode, Notation notation,
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
  json out = head(the_rings(), from.size(), mode, mod);
  out["moves"] = std::move(moves);
  out["remaining"] = number(rings::distance(after, to, mode), mod);
  out["state"] = format_state(after, notation);
  return out;
}

json at(const State& from, const State& to, const mpz_class& k, Mode mode, Notation notation,
        std::optional<std::uint64_t> mod) {
  const mpz_class total = rings::distance(from, to, mode);
  json out = head(the_rings(), from.size(), mode, mod);
  out["step"] = k.get_str();
  if (k > total) {
    out["past_end"] = true;
    out["count"] = total.get_str();
    return out;
  }
  const State s = state_after(from, to, k, mode);
  out["state"] = format_state(s, notation);
  out["position"] = number(rank(s), mod);
  return out;
}

json verify(const VerifyReport& r, std::uint64_t rings, Mode mode) {
  json out = head(the_rings(), rings, mode);
  out.update({{"ok", r.legal && r.reached},
              {"moves", r.moves},
              {"legal", r.legal},
              {"reached", r.reached},
              {"optimal", r.optimal},
              {"optimum", r.optimum.get_str()},
              {"remaining", r.remaining.get_str()}});
  if (!r.legal) {
    out["illegal_move"] = r.illegal_move;
    out["rule"] = to_string(r.rule);
    out["why"] = reason(r.rule);
  }
  return out;
}

json solution_head(const State& from, const State& to, Mode mode, Notation notation,
                   const mpz_class& count, const std::string& offset) {
  json out = head(the_rings(), from.size(), mode);
  out.update({{"from", format_state(from, notation)},
              {"to", format_state(to, notation)},
              {"count", count.get_str()},
              {"offset", offset},
              {"tie", nullptr}});
  return out;
}

namespace {

// The decimal digits of `text` plus `delta` (the result is not negative).
std::string shifted(std::string text, const mpz_class& delta) {
  if (delta >= 0) {
    std::uint64_t carry = to_u64(delta);  // below 2^63: digit + carry fits
    for (std::size_t i = text.size(); carry && i-- > 0;) {
      const std::uint64_t u = static_cast<std::uint64_t>(text[i] - '0') + carry;
      text[i] = static_cast<char>('0' + u % 10);
      carry = u / 10;
    }
    if (carry) text.insert(0, std::to_string(carry));
    return text;
  }
  std::uint64_t borrow = to_u64(-delta);
  for (std::size_t i = text.size(); borrow && i-- > 0;) {
    std::uint64_t digit = static_cast<std::uint64_t>(text[i] - '0');
    const std::uint64_t take = borrow % 10;
    borrow /= 10;
    if (digit < take) {
      digit += 10;
      ++borrow;
    }
    text[i] = static_cast<char>('0' + (digit - take));
  }
  const auto nonzero = text.find_first_not_of('0');
  text.erase(0, nonzero == std::string::npos ? text.size() - 1 : nonzero);
  return text;
}

}  // namespace

const std::string& Decimals::operator()(const mpz_class& x) {
  constexpr std::size_t kKept = 8;
  const mpz_class limit = mpz_class(1) << 63;
  std::string text;
  bool found = false;
  for (auto it = recent_.rbegin(); it != recent_.rend() && !found; ++it) {
    const mpz_class delta = x - it->value;
    if (abs(delta) < limit) {
      text = shifted(it->text, delta);
      found = true;
    }
  }
  if (!found) text = x.get_str();
  if (recent_.size() == kKept) recent_.erase(recent_.begin());
  recent_.push_back({x, std::move(text)});
  return recent_.back().text;
}

namespace {

json milestones(const PlanList& list, Decimals& decimal) {
  json out = json::array();
  for (const auto& step : list.shown) {
    const Milestone& m = step.milestone;
    // Every puzzle's two goals: a piece's move, or pieces 1..k arranged as the next move needs
    // (for the rings: ring k on and the rings below it off, or rings 1..k all off).
    json j = {{"index", step.index}};
    if (m.goal == Goal::ring) {
      j["goal"] = "piece";
      j.update(move(m.move()));
    } else {
      j["goal"] = "arrange";
      j["pieces"] = m.ring;
      j["ring"] = m.ring;
      j["below"] = m.goal == Goal::only_ring ? json::array({"on"}) : json::array();
      j["rest"] = "off";
    }
    j["first"] = decimal(m.first);
    j["last"] = decimal(m.last);
    j["text"] = to_string(m);
    if (step.parts.count) {
      j["count"] = std::to_string(step.parts.count);
      j["milestones"] = milestones(step.parts, decimal);
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

json plan(const Plan& p, std::uint64_t rings, Mode mode, const std::optional<mpz_class>& at) {
  Decimals decimal;
  json out = head(the_rings(), rings, mode);
  out.update({{"moves", decimal(p.moves)},
              {"count", std::to_string(p.milestones.count)},
              {"milestones", milestones(p.milestones, decimal)}});
  if (at) out["at"] = {{"move", at->get_str()}, {"path", p.at}};
  return out;
}

// The puzzle family.

json move(const family::Puzzle& p, const family::PieceMove& m) {
  return {{"piece", m.piece}, {"from", position(p, m.from)}, {"to", position(p, m.to)}};
}

std::string position(const family::Puzzle& p, std::uint8_t digit) {
  return digit < p.positions ? std::string(p.position_names[digit]) : std::to_string(digit);
}

json reason(const family::Puzzle& p, const family::PieceReason& r) {
  using family::PieceRule;
  json j = {{"rule", family::rule_code(r.rule)}};
  if (r.rule != PieceRule::no_change && r.rule != PieceRule::several_change)
    j.update(move(p, r.move));
  if (r.rule == PieceRule::needs_below) {
    j["other"] = r.other;
    j["needed"] = position(p, r.needed);
  }
  if (r.rule == PieceRule::needs_below || r.rule == PieceRule::not_there ||
      r.rule == PieceRule::not_a_position)
    j["found"] = position(p, r.found);
  if (r.rule == PieceRule::not_a_piece) j["pieces"] = r.pieces;
  j["text"] = family::to_string(p, r);
  return j;
}

json count(const family::Puzzle& p, std::uint64_t n, std::optional<std::uint64_t> mod) {
  // Modulo M by the count's recurrence, for any n; exact otherwise (front ends bound n).
  const auto reduced = mod ? std::optional(family::count_mod(p, n, *mod)) : std::nullopt;
  json out = head(p, n, Mode::single, mod);
  out["count"] = reduced && *reduced ? std::to_string(**reduced) : number(family::count(p, n), mod);
  return out;
}

namespace {

// Where two shortest solutions tie (a puzzle whose three positions are all joined): the piece
// whose routes tie, and that the solution given moves it directly.
json tie(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to) {
  std::uint64_t k = from.size();
  while (k > 1 && from[k - 1] == to[k - 1]) --k;
  return {
      {"piece", k},
      {"given", "direct"},
      {"text", "as short: " + std::string(p.piece) + " " + std::to_string(k) + " by the third " +
                   std::string(p.place) + "; the solution given moves it directly"}};
}

}  // namespace

json distance(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
              std::optional<std::uint64_t> mod) {
  bool tied = false;
  json out = head(p, from.size(), Mode::single, mod);
  out["distance"] = number(family::distance(p, from, to, &tied), mod);
  out["tie"] = tied ? tie(p, from, to) : json(nullptr);
  return out;
}

json hint(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
          std::uint64_t k, std::optional<std::uint64_t> mod) {
  json moves = json::array();
  mpz_class remaining;
  family::Pieces after = from;
  for (const auto& h : family::hints(p, from, to, k, &remaining)) {
    json m = move(p, h.move);
    m["reason"] = family::to_string(p, h.reason);
    m["why"] = reason(p, h.reason);
    moves.push_back(std::move(m));
    after[h.move.piece - 1] = h.move.to;
  }
  json out = head(p, from.size(), Mode::single, mod);
  out["moves"] = std::move(moves);
  out["remaining"] = number(remaining, mod);
  out["state"] = family::format_pieces(after);
  return out;
}

json at(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
        const mpz_class& k) {
  mpz_class total;
  const auto state = family::state_after(p, from, to, k, &total);
  json out = head(p, from.size(), Mode::single);
  out["step"] = k.get_str();
  if (k > total) {
    out["past_end"] = true;
    out["count"] = total.get_str();
    return out;
  }
  out["state"] = family::format_pieces(state);
  return out;
}

json verify(const family::Puzzle& p, const family::PieceReport& r, std::uint64_t pieces) {
  json out = head(p, pieces, Mode::single);
  out.update({{"ok", r.legal && r.reached},
              {"moves", r.moves},
              {"legal", r.legal},
              {"reached", r.reached},
              {"optimal", r.optimal},
              {"optimum", r.optimum.get_str()},
              {"remaining", r.remaining.get_str()}});
  if (!r.legal) {
    out["illegal_move"] = r.illegal_move;
    out["rule"] = family::to_string(p, r.rule);
    out["why"] = reason(p, r.rule);
  }
  return out;
}

namespace {

json piece_milestones(const family::Puzzle& p, const family::PiecePlanList& list,
                      Decimals& decimal) {
  json out = json::array();
  for (const auto& step : list.shown) {
    const auto& m = step.milestone;
    json j = {{"index", step.index}, {"goal", family::goal_code(m.goal)}};
    if (m.goal == family::PieceGoal::move) {
      j.update(move(p, m.move));
    } else {
      j["pieces"] = m.pieces;
      json below = json::array();
      for (std::uint8_t i = 0; i < m.below.length && i < m.pieces; ++i)
        below.push_back(position(p, m.below.digits[i]));
      j["below"] = std::move(below);
      j["rest"] = position(p, m.below.rest);
    }
    j["first"] = decimal(m.first);
    j["last"] = decimal(m.last);
    j["text"] = family::to_string(p, m);
    if (step.parts.count) {
      j["count"] = std::to_string(step.parts.count);
      j["milestones"] = piece_milestones(p, step.parts, decimal);
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

json plan(const family::Puzzle& p, const family::PiecePlan& plan, std::uint64_t pieces,
          const std::optional<mpz_class>& at) {
  Decimals decimal;
  json out = head(p, pieces, Mode::single);
  out.update({{"moves", decimal(plan.moves)},
              {"count", std::to_string(plan.milestones.count)},
              {"milestones", piece_milestones(p, plan.milestones, decimal)}});
  if (at) out["at"] = {{"move", at->get_str()}, {"path", plan.at}};
  return out;
}

json solution_head(const family::Puzzle& p, const family::Pieces& from, const family::Pieces& to,
                   const mpz_class& count, const std::string& offset, bool tied) {
  json out = head(p, from.size(), Mode::single);
  out.update({{"from", family::format_pieces(from)},
              {"to", family::format_pieces(to)},
              {"count", count.get_str()},
              {"offset", offset},
              {"tie", tied ? tie(p, from, to) : json(nullptr)}});
  return out;
}

Result<json> count(const Problem& q, std::optional<std::uint64_t> mod) {
  const auto& p = q.puzzle;
  if (!mod && q.pieces > p.max_size)
    return Error{fmt::format("the exact count for {} {} has about {} digits, too many to print "
                             "(at most {} {}); give a modulus for the count modulo M",
                             q.pieces, p.pieces, static_cast<std::uint64_t>(q.pieces * 0.30103) + 1,
                             p.max_size, p.pieces),
                 "too_many_pieces",
                 {{"pieces", q.pieces}, {"max", p.max_size}}};
  if (q.in_bits()) return count(q.pieces, q.mode, mod);
  return count(p, q.pieces, mod);
}

Result<json> at(const Problem& q, const mpz_class& k, std::optional<std::uint64_t> mod) {
  if (q.in_bits()) return at(q.bits[0], q.bits[1], k, q.mode, q.notation, mod);
  // The state after K descends the recursion level by level with big numbers.
  if (const auto most = family::max_state_after_pieces(q.puzzle); q.pieces > most)
    return Error{fmt::format("the state after K moves of {} {} is too large to find (at most {})",
                             q.pieces, q.puzzle.pieces, most),
                 "too_many_pieces",
                 {{"pieces", q.pieces}, {"max", most}}};
  json out = at(q.puzzle, q.digits[0], q.digits[1], k);
  if (mod) {
    out["mod"] = std::to_string(*mod);
    if (out.contains("count"))
      out["count"] = number(mpz_class(out["count"].get<std::string>()), mod);
  }
  return out;
}

Result<json> plan(const Problem& q, const PlanOptions& options) {
  if (q.in_bits()) {
    const auto p = plan(q.bits[0], q.bits[1], q.mode, options);
    if (!p) return p.failure();
    return plan(*p, q.pieces, q.mode, options.at);
  }
  const auto p = family::plan(q.puzzle, q.digits[0], q.digits[1], options);
  if (!p) return p.failure();
  return plan(q.puzzle, *p, q.pieces, options.at);
}

json solution_head(const Problem& q, const std::string& offset) {
  if (q.in_bits())
    return solution_head(q.bits[0], q.bits[1], q.mode, q.notation,
                         rings::distance(q.bits[0], q.bits[1], q.mode), offset);
  bool tied = false;
  const auto d = family::distance(q.puzzle, q.digits[0], q.digits[1], &tied);
  return solution_head(q.puzzle, q.digits[0], q.digits[1], d, offset, tied);
}

namespace {

std::variant<rings::ListChecker, family::ListChecker> checker_for(const Problem& q,
                                                                  ListFormat format,
                                                                  bool from_given, bool to_given) {
  if (q.in_bits())
    return rings::ListChecker(q.bits[0], q.bits[1], q.mode, format, q.notation, from_given,
                              to_given);
  return family::ListChecker(q.puzzle, q.digits[0], q.digits[1], from_given, format);
}

}  // namespace

ListCheck::ListCheck(const Problem& q, ListFormat format, bool from_given, bool to_given)
    : q_(q), checker_(checker_for(q, format, from_given, to_given)) {}

Result<bool> ListCheck::feed(std::string_view block) {
  return std::visit([&](auto& c) { return c.feed(block); }, checker_);
}

void ListCheck::keep_moves(std::size_t count) {
  std::visit([&](auto& c) { c.keep_moves(count); }, checker_);
}

ListCheck::Report ListCheck::report() const {
  if (const auto* c = std::get_if<rings::ListChecker>(&checker_)) {
    const auto r = c->report();
    return {verify(r, q_.pieces, q_.mode), rings::report_text(r)};
  }
  const auto r = std::get<family::ListChecker>(checker_).report();
  return {verify(q_.puzzle, r, q_.pieces), family::report_text(q_.puzzle, r)};
}

json ListCheck::replay() const {
  json moves = json::array();
  if (const auto* c = std::get_if<rings::ListChecker>(&checker_)) {
    for (const Move& m : c->kept_moves()) moves.push_back(move(m));
  } else {
    for (const auto& m : std::get<family::ListChecker>(checker_).kept_moves())
      moves.push_back(move(q_.puzzle, m));
  }
  return moves;
}

void ListCheck::write_kept(SolveFormat format, const TextSink& sink) const {
  if (const auto* c = std::get_if<rings::ListChecker>(&checker_))
    return write_move_list(q_.bits[0], c->kept_moves(), format, q_.notation, sink);
  const auto& c = std::get<family::ListChecker>(checker_);
  std::string text;
  auto state = c.start();
  write_piece_start(state, format, text);
  std::uint64_t step = 0;
  for (const auto& m : c.kept_moves()) {
    write_piece_move(q_.puzzle, ++step, m, state, format, text);
    if (text.size() >= (64u << 10)) {  // in pieces: a large puzzle's states are long
      sink(text);
      text.clear();
    }
  }
  sink(text);
}

std::optional<std::uint64_t> pieces_of_list(const family::Puzzle& p, std::string_view block,
                                            Notation notation, ListFormat format) {
  if (p.notations) return rings_of_list(block, notation);
  if (format != ListFormat::detect && format != ListFormat::states) return std::nullopt;
  // A states list's first line, written in digits.
  const auto first = block.substr(0, block.find('\n'));
  if (first.find_first_not_of("0123456789 \t\r") != std::string_view::npos) return std::nullopt;
  return family::pieces_written(first);
}

std::optional<std::uint64_t> TableRows::size(const family::Puzzle& p, std::uint64_t pieces,
                                             unsigned max_log2) {
  std::uint64_t rows = 1;
  for (std::uint64_t i = 0; i < pieces; ++i)
    if ((rows *= p.positions) > (std::uint64_t{1} << max_log2)) return std::nullopt;
  return rows;
}

TableRows::TableRows(const Problem& q) : q_(q), rows_(*size(q.puzzle, q.pieces, 63)) {
  if (q.in_bits())
    target_ = rank(q.bits[0]);
  else
    digits_.assign(q.pieces, 0);
}

bool TableRows::next(std::string& state, std::string& distance) {
  if (row_ == rows_) return false;
  if (q_.in_bits()) {
    const State s = State::from_words(q_.pieces, {row_});
    state = format_state(s, q_.notation);
    distance = position_distance(rank(s), target_, q_.mode).get_str();
  } else {
    state = family::format_pieces(digits_);
    distance = family::distance(q_.puzzle, digits_, q_.digits[0]).get_str();
    for (std::uint64_t i = 0; i < q_.pieces && ++digits_[i] == q_.puzzle.positions; ++i)
      digits_[i] = 0;
  }
  ++row_;
  return true;
}

json distance(const Problem& q, std::optional<std::uint64_t> mod) {
  return q.in_bits() ? distance(q.bits[0], q.bits[1], q.mode, mod)
                     : distance(q.puzzle, q.digits[0], q.digits[1], mod);
}

json hint(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod) {
  return q.in_bits() ? hint(q.bits[0], q.bits[1], k, q.mode, q.notation, mod)
                     : hint(q.puzzle, q.digits[0], q.digits[1], k, mod);
}

std::string hint_text(const Problem& q, std::uint64_t k, std::optional<std::uint64_t> mod) {
  std::string text;
  mpz_class left;
  if (q.in_bits()) {
    State after = q.bits[0];
    for (const auto& h : hints(q.bits[0], q.bits[1], k, q.mode)) {
      text += fmt::format("{}  ({})\n", to_string(h.move), to_string(h.reason));
      apply(after, h.move);
    }
    left = rings::distance(after, q.bits[1], q.mode);
  } else {
    for (const auto& h : family::hints(q.puzzle, q.digits[0], q.digits[1], k, &left))
      text += fmt::format("{}  ({})\n", family::to_string(q.puzzle, h.move),
                          family::to_string(q.puzzle, h.reason));
  }
  const auto n = number(left, mod);
  return text + fmt::format("{} move{} remain{}\n", n, n == "1" ? "" : "s", n == "1" ? "s" : "");
}

namespace {

// A move of either engine with the rule that allows or forbids it: a hint's fields.
json judged(const Move& m, const Reason& why) {
  json j = move(m);
  j["reason"] = to_string(why);
  j["why"] = reason(why);
  return j;
}
json judged(const family::Puzzle& p, const family::PieceMove& m, const family::PieceReason& why) {
  json j = move(p, m);
  j["reason"] = family::to_string(p, why);
  j["why"] = reason(p, why);
  return j;
}

// The milestones a plan lists, at every level.
template <class List>
std::uint64_t listed(const List& list) {
  std::uint64_t n = list.shown.size();
  for (const auto& step : list.shown) n += listed(step.parts);
  return n;
}

template <class List>
std::optional<Error> too_many_listed(const List& list, std::uint64_t max) {
  const auto n = listed(list);
  if (n <= max) return std::nullopt;
  return Error{fmt::format("the plan lists {} milestones, more than the {} an answer may have: "
                           "choose a smaller depth or limit",
                           n, max),
               "answer_too_large",
               {{"milestones", n}, {"max", max}}};
}

}  // namespace

Result<json> solution_page(const Problem& q, const std::string& offset_text, std::uint64_t limit,
                           const std::function<void()>& each) {
  const mpz_class offset(offset_text, 10);
  json out = solution_head(q, offset_text);
  const mpz_class count(out["count"].get<std::string>(), 10);
  if (offset > count)
    return Error{fmt::format("offset {} is past the end: the solution has {} moves",
                             quote_input(offset_text, 40), count.get_str()),
                 "past_end"};
  json moves = json::array();
  const auto keep = [&](json m) {
    if (each) each();
    moves.push_back(std::move(m));
    return moves.size() < limit;
  };
  if (q.in_bits()) {
    if (limit > 0)
      solve(state_after(q.bits[0], q.bits[1], offset, q.mode), q.bits[1], q.mode,
            [&](const Move& m) { return keep(move(m)); });
  } else {
    // The state at the offset descends the recursion level by level with big numbers.
    if (const auto most = family::max_state_after_pieces(q.puzzle); offset > 0 && q.pieces > most)
      return Error{
          fmt::format("the state after {} moves of {} {} is too large to find (at most {})",
                      quote_input(offset_text, 40), q.pieces, q.puzzle.pieces, most),
          "too_many_pieces",
          {{"pieces", q.pieces}, {"max", most}}};
    if (limit > 0)
      family::solve(q.puzzle, family::state_after(q.puzzle, q.digits[0], q.digits[1], offset),
                    q.digits[1],
                    [&](const family::PieceMove& m) { return keep(move(q.puzzle, m)); });
  }
  out["moves"] = std::move(moves);
  return out;
}

Result<json> plan_within(const Problem& q, const PlanOptions& options, std::uint64_t max_listed) {
  if (q.in_bits()) {
    const auto p = rings::plan(q.bits[0], q.bits[1], q.mode, options);
    if (!p) return p.failure();
    if (auto e = too_many_listed(p->milestones, max_listed)) return std::move(*e);
    return plan(*p, q.pieces, q.mode, options.at);
  }
  const auto p = family::plan(q.puzzle, q.digits[0], q.digits[1], options);
  if (!p) return p.failure();
  if (auto e = too_many_listed(p->milestones, max_listed)) return std::move(*e);
  return plan(q.puzzle, *p, q.pieces, options.at);
}

json state(const Problem& q) {
  json out = head(q.puzzle, q.pieces, q.mode);
  json legal = json::array();
  if (q.in_bits()) {
    const State& s = q.bits[0];
    for (const auto& m : legal_moves(s, q.mode))
      legal.push_back(judged(m, why_legal(s, m, q.mode)));
    const auto next = hints(s, q.bits[1], 1, q.mode);
    out["next"] = next.empty() ? json(nullptr) : judged(next[0].move, next[0].reason);
    out["distance"] = rings::distance(s, q.bits[1], q.mode).get_str();
    out["state"] = format_state(s, q.notation);
    // The rings' own: the state in every notation, and its place on the Gray path.
    out["binary"] = format_state(s, Notation::binary);
    out["decimal"] = format_state(s, Notation::decimal);
    out["cleve"] = format_state(s, Notation::cleve);
    out["position"] = rank(s).get_str();
  } else {
    const auto& s = q.digits[0];
    for (const auto& m : family::legal_moves(q.puzzle, s))
      legal.push_back(judged(q.puzzle, m, family::why_legal(q.puzzle, s, m)));
    mpz_class remaining;  // after the next move
    const auto next = family::hints(q.puzzle, s, q.digits[1], 1, &remaining);
    out["next"] = next.empty() ? json(nullptr) : judged(q.puzzle, next[0].move, next[0].reason);
    out["distance"] = (next.empty() ? remaining : remaining + 1).get_str();
    out["state"] = family::format_pieces(s);
  }
  out["legal"] = std::move(legal);
  return out;
}

Result<json> judge_move(const Problem& q, const MoveAsked& asked) {
  json out = head(q.puzzle, q.pieces, q.mode);
  const bool exists = asked.piece >= 1 && asked.piece <= q.pieces;
  if (q.in_bits()) {
    State after = q.bits[0];
    // A ring is off (0) or on (1); a ring outside the puzzle is judged, not refused.
    if (asked.to && *asked.to > 1)
      return Error{fmt::format("to: a ring is off (0) or on (1), found {}", *asked.to),
                   "bad_number",
                   {{"parameter", "to"}}};
    const Ring ring = asked.pair ? 1 : asked.piece;
    // `from` says nothing more: a ring's move is named by where it goes.
    const bool on = asked.to ? *asked.to == 1 : !(exists && after.is_on(ring));
    const Move m = !asked.pair && !exists ? Move::single(ring, true)
                   : asked.pair           ? Move::pair(on)
                                          : Move::single(ring, on);
    const auto illegal = why_illegal(after, m, q.mode);
    const Reason why = illegal ? *illegal : why_legal(after, m, q.mode);
    out["legal"] = !illegal;
    out["move"] = move(m);
    out["reason"] = to_string(why);
    out["why"] = reason(why);
    if (!illegal) {
      apply(after, m);
      out["state"] = format_state(after, q.notation);
    }
    return out;
  }
  const auto& p = q.puzzle;
  const std::uint8_t at = exists ? q.digits[0][asked.piece - 1] : 0;
  if (!asked.to && p.positions != 2)
    return Error{fmt::format("missing parameter 'to': where the {} goes (0 to {})", p.piece,
                             p.positions - 1),
                 "missing_parameter"};
  const family::PieceMove m{asked.piece, asked.from.value_or(at),
                            asked.to.value_or(static_cast<std::uint8_t>(1 - at))};
  const auto illegal = family::why_illegal(p, q.digits[0], m);
  const auto why = illegal ? *illegal : family::why_legal(p, q.digits[0], m);
  out["legal"] = !illegal;
  out["move"] = move(p, m);
  out["reason"] = family::to_string(p, why);
  out["why"] = reason(p, why);
  if (!illegal) {
    auto after = q.digits[0];
    after[m.piece - 1] = m.to;
    out["state"] = family::format_pieces(after);
  }
  return out;
}

}  // namespace rings::answers
