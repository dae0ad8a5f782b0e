// The family's puzzles as data, their states, and their rules with reasons.
#include "rings/family.hpp"

#include <fmt/format.h>

#include "rings/notation.hpp"
#include "rings/position.hpp"

namespace rings::family {
namespace {

Below below(std::initializer_list<std::uint8_t> digits, std::uint8_t rest) {
  Below b;
  b.length = static_cast<std::uint8_t>(digits.size());
  std::copy(digits.begin(), digits.end(), b.digits.begin());
  b.rest = rest;
  return b;
}

// The rings' rule (1 = on): piece k moves when piece k-1 is 1 and every piece below it is 0.
std::vector<Edge> ring_rule() { return {Edge{0, 1, below({1}, 0)}}; }

// The catalogue's puzzles, the Hexadecimal Puzzle's key aside. Sources: Gros, Théorie du
// Baguenodier (1872), OEIS A000975 (the rings); Keister, US 3,637,215 (Spin-Out); Jaap
// Scherphuis's pages on The Brain, the Hexadecimal Puzzle and the Crazy Elephant Dance; Lucas
// (1883), OEIS A000225 (the Towers of Hanoi).
Puzzle rings_puzzle() {
  return {.kind = Kind::rings,
          .name = "rings",
          .title = "the Chinese rings",
          .piece = "ring",
          .pieces = "rings",
          .positions = 2,
          .start = 1,
          .goal = 0,
          .edges = ring_rule(),
          .position_names = {"off", "on", ""},
          .pattern = "rings",
          .default_size = 9,
          .play_size = 5,
          .max_size = kMaxRings,
          .double_moves = true,
          .notations = true,
          .source = "Gros, Théorie du Baguenodier (1872); OEIS A000975, A051049"};
}

Puzzle spin_out() {
  return {.kind = Kind::spin_out,
          .name = "spin-out",
          .title = "Spin-Out",
          .piece = "dial",
          .pieces = "dials",
          .positions = 2,
          .start = 1,
          .goal = 0,
          .edges = ring_rule(),
          .position_names = {"horizontal", "vertical", ""},
          .pattern = "spin-out",
          .default_size = 7,
          .play_size = 7,
          .source = "Keister, US patent 3,637,215 (1972); OEIS A000975"};
}

Puzzle brain() {
  return {.kind = Kind::brain,
          .name = "brain",
          .title = "The Brain",
          .piece = "rod",
          .pieces = "rods",
          .positions = 2,
          .start = 0,
          .goal = 1,
          .edges = ring_rule(),
          .position_names = {"in", "out", ""},
          .pattern = "brain",
          .default_size = 8,
          .play_size = 8,
          .source = "Jaap Scherphuis, The Brain (Mag-Nif, 1974)"};
}

// 0 up, 1 right, 2 down: 0<->1 when piece i-1 is down (2), 1<->2 when it is up (0); every piece
// below i-1 down.
Puzzle elephant() {
  return {.kind = Kind::elephant,
          .name = "elephant",
          .title = "the Crazy Elephant Dance",
          .piece = "elephant",
          .pieces = "elephants",
          .positions = 3,
          .start = 0,
          .goal = 2,
          .edges = {Edge{0, 1, below({2}, 2)}, Edge{1, 2, below({0}, 2)}},
          .position_names = {"up", "right", "down"},
          .pattern = "elephant",
          .default_size = 5,
          .play_size = 5,
          .source = "Jaap Scherphuis, The Crazy Elephant Dance"};
}

// A disc moves from peg p to peg q when every smaller disc is on the third peg.
Puzzle hanoi() {
  return {.kind = Kind::hanoi,
          .name = "hanoi",
          .title = "the Towers of Hanoi",
          .piece = "disc",
          .pieces = "discs",
          .positions = 3,
          .start = 0,
          .goal = 2,
          .edges = {Edge{0, 1, below({}, 2)}, Edge{0, 2, below({}, 1)}, Edge{1, 2, below({}, 0)}},
          .position_names = {"peg 0", "peg 1", "peg 2"},
          .place = "peg",
          .pattern = "hanoi",
          .default_size = 8,
          .play_size = 5,
          .source = "Lucas, La Tour d'Hanoï (1883); OEIS A000225"};
}

// Bar i switches when bar i-1 is K4, i-2 is K3, i-3 is K2, i-4 is K1 (those that exist), and
// every bar below i-4 is 1. `key` is four 0/1 digits.
Puzzle hexadecimal(std::string_view key) {
  const auto d = [&](std::size_t i) { return static_cast<std::uint8_t>(key[i] - '0'); };
  return {.kind = Kind::hexadecimal,
          .name = fmt::format("hexadecimal:{}", key),
          .title = "the Hexadecimal Puzzle",
          .piece = "bar",
          .pieces = "bars",
          .positions = 2,
          .start = 0,
          .goal = 1,
          .edges = {Edge{0, 1, below({d(3), d(2), d(1), d(0)}, 1)}},
          .position_names = {"0", "1", ""},
          .pattern = "hexadecimal:K1K2K3K4",
          .default_size = 8,
          .play_size = 8,
          .source = "Jaap Scherphuis, The Hexadecimal Puzzle"};
}

}  // namespace

const std::vector<Puzzle>& catalogue() {
  static const std::vector<Puzzle> puzzles{rings_puzzle(),      spin_out(), brain(),
                                           hexadecimal("1110"), elephant(), hanoi()};
  return puzzles;
}

std::string_view puzzle_names() {
  return "rings, spin-out, brain, hexadecimal:K1K2K3K4, elephant, hanoi";
}

Result<Puzzle> parse_puzzle(std::string_view name) {
  for (const Puzzle& p : catalogue())
    if (p.name == name) return p;
  constexpr std::string_view hex = "hexadecimal";
  if (name.substr(0, hex.size()) == hex) {
    const auto key = name.substr(hex.size());
    if (key.size() != 5 || key[0] != ':' ||
        key.find_first_not_of("01", 1) != std::string_view::npos)
      return Error{
          fmt::format("bad key in {}: the hexadecimal puzzle takes a key of four 0/1 digits, as in "
                      "hexadecimal:1110",
                      quote_input(name, 60)),
          "unknown_puzzle"};
    return hexadecimal(key.substr(1));
  }
  return Error{fmt::format("unknown puzzle {}: expected {}", quote_input(name, 60), puzzle_names()),
               "unknown_puzzle"};
}

std::optional<std::uint64_t> pieces_written(std::string_view text) {
  const auto b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return std::nullopt;
  const auto e = text.find_last_not_of(" \t\r\n");
  const auto core = text.substr(b, e - b + 1);
  if (core == "start" || core == "goal" || core == "on" || core == "off") return std::nullopt;
  return core.size();
}

Result<Pieces> parse_pieces(const Puzzle& puzzle, std::string_view text,
                            std::optional<std::uint64_t> n) {
  const auto b = text.find_first_not_of(" \t\r\n");
  const auto e = text.find_last_not_of(" \t\r\n");
  const auto core = b == std::string_view::npos ? std::string_view{} : text.substr(b, e - b + 1);
  if (core.empty()) return Error{"empty state", "empty_state"};
  const bool words = core == "start" || core == "goal" || core == "on" || core == "off";
  if (words) {
    if (!n)
      return Error{fmt::format("'{}' needs the number of {}", core, puzzle.pieces), "needs_pieces"};
    if (core == "start") return all_at(*n, puzzle.start);
    if (core == "goal") return all_at(*n, puzzle.goal);
    if (puzzle.positions != 2)
      return Error{fmt::format("'{}' is for puzzles of two positions; {} has {} (use start or "
                               "goal)",
                               core, puzzle.name, puzzle.positions),
                   "two_positions_only",
                   {{"positions", std::uint64_t{puzzle.positions}}}};
    return all_at(*n, core == "on" ? 1 : 0);
  }
  if (n && core.size() != *n)
    return Error{
        fmt::format("expected {} digits (one per {}), found {}", *n, puzzle.piece, core.size()),
        "wrong_piece_count",
        {{"found", std::uint64_t{core.size()}}, {"pieces", *n}}};
  Pieces s(core.size());
  for (std::size_t i = 0; i < core.size(); ++i) {
    const char c = core[i];
    if (c < '0' || c >= '0' + puzzle.positions)
      return Error{fmt::format("position {}: expected a digit 0 to {}, found {}", i + 1,
                               puzzle.positions - 1, quote_input(core.substr(i, 1))),
                   "bad_piece_digit",
                   {{"position", i + 1},
                    {"max", std::uint64_t{puzzle.positions} - 1},
                    {"found", printable(core.substr(i, 1), 8)}}};
    s[core.size() - 1 - i] = static_cast<std::uint8_t>(c - '0');
  }
  return s;
}

std::string format_pieces(const Pieces& s) {
  std::string out(s.size(), '0');
  for (std::size_t i = 0; i < s.size(); ++i) out[s.size() - 1 - i] = static_cast<char>('0' + s[i]);
  return out;
}

State to_state(const Pieces& s) {
  State out(s.size());
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i]) out.set(i + 1, true);
  return out;
}

Pieces from_state(const State& s) {
  Pieces out(s.size());
  for (std::uint64_t i = 1; i <= s.size(); ++i) out[i - 1] = s.is_on(i);
  return out;
}

// ---- Rules ----

namespace {

const Edge* edge_between(const Puzzle& p, std::uint8_t a, std::uint8_t b) {
  for (const auto& e : p.edges)
    if ((e.a == a && e.b == b) || (e.a == b && e.b == a)) return &e;
  return nullptr;
}

// What `below` asks of piece j < k (the moving piece k).
std::uint8_t wanted(const Below& b, std::uint64_t k, std::uint64_t j) {
  const std::uint64_t depth = k - 1 - j;  // 0 for piece k-1
  return depth < b.length ? b.digits[depth] : b.rest;
}

PieceReason judged(PieceRule rule, const PieceMove& m) {
  PieceReason r;
  r.rule = rule;
  r.move = m;
  return r;
}

// "disc 3", "discs 1–3", "bars 1 and 2".
std::string pieces_range(const Puzzle& p, std::uint64_t lo, std::uint64_t hi) {
  if (lo == hi) return fmt::format("{} {}", p.piece, lo);
  if (hi == lo + 1) return fmt::format("{} {} and {}", p.pieces, lo, hi);
  return fmt::format("{} {}\u2013{}", p.pieces, lo, hi);
}

// "on peg 1", "down", "at 1", "on".
std::string where(const Puzzle& p, std::uint8_t digit) {
  if (p.kind == Kind::hanoi) return fmt::format("on {}", position_name(p, digit));
  if (p.kind == Kind::hexadecimal) return fmt::format("at {}", digit);
  return std::string(position_name(p, digit));
}

// What the rule asks of the pieces below piece k for the move between a and b: "discs 1–2 are
// on peg 1", "bar 4 is at 1, bar 3 is at 0 and bars 1–2 are at 1".
// Without `verbs`, the arrangement a plan's milestone puts them in: "discs 1–2 on peg 1".
std::string requirement(const Puzzle& p, const Below& b, std::uint64_t k, bool verbs = true) {
  std::vector<std::string> parts;
  std::uint64_t j = k - 1;
  for (std::uint8_t d = 0; d < b.length && j >= 1; ++d, --j)
    parts.push_back(
        fmt::format("{} {}{} {}", p.piece, j, verbs ? " is" : "", where(p, b.digits[d])));
  if (j >= 1)
    parts.push_back(fmt::format("{}{} {}", pieces_range(p, 1, j),
                                verbs ? (j == 1 ? " is" : " are") : "", where(p, b.rest)));
  // Merge runs of the same position: "ring 2 is on and ring 1 is off".
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i) out += i + 1 == parts.size() ? " and " : ", ";
    out += parts[i];
  }
  return out;
}

}  // namespace

std::string_view position_name(const Puzzle& puzzle, std::uint8_t digit) {
  return digit < puzzle.positions ? puzzle.position_names[digit] : "?";
}

std::string_view goal_code(PieceGoal goal) { return goal == PieceGoal::move ? "piece" : "arrange"; }

std::string to_string(const Puzzle& p, const PieceMilestone& m) {
  if (m.goal == PieceGoal::move) return "move " + to_string(p, m.move);
  return "put " + requirement(p, m.below, m.pieces + 1, false);
}

std::string_view rule_code(PieceRule rule) {
  static constexpr std::string_view kCodes[kPieceRuleCount] = {
      "free_end", "arranged",     "not_a_piece", "not_a_position", "not_there",
      "already",  "no_such_move", "needs_below", "no_change",      "several_change"};
  return kCodes[static_cast<std::size_t>(rule)];
}

std::optional<PieceReason> why_illegal(const Puzzle& p, const Pieces& s, const PieceMove& m) {
  const std::uint64_t n = s.size();
  if (m.piece < 1 || m.piece > n) {
    auto r = judged(PieceRule::not_a_piece, m);
    r.pieces = n;
    return r;
  }
  for (const std::uint8_t d : {m.from, m.to})
    if (d >= p.positions) {
      auto r = judged(PieceRule::not_a_position, m);
      r.found = d;
      return r;
    }
  if (s[m.piece - 1] != m.from) {
    auto r = judged(PieceRule::not_there, m);
    r.found = s[m.piece - 1];
    return r;
  }
  if (m.from == m.to) return judged(PieceRule::already, m);
  const Edge* e = edge_between(p, m.from, m.to);
  if (!e) return judged(PieceRule::no_such_move, m);
  // The highest piece below that is out of place: the one the player must fix first.
  for (std::uint64_t j = m.piece - 1; j >= 1; --j) {
    const std::uint8_t w = wanted(e->below, m.piece, j);
    if (s[j - 1] != w) {
      auto r = judged(PieceRule::needs_below, m);
      r.other = j;
      r.needed = w;
      r.found = s[j - 1];
      return r;
    }
  }
  return std::nullopt;
}

PieceReason why_legal(const Puzzle&, const Pieces&, const PieceMove& m) {
  return judged(m.piece == 1 ? PieceRule::free_end : PieceRule::arranged, m);
}

std::string to_string(const Puzzle& p, const PieceMove& m) {
  return fmt::format("{} {} from {} to {}", p.piece, m.piece, position_name(p, m.from),
                     position_name(p, m.to));
}

std::string to_string(const Puzzle& p, const PieceReason& r) {
  const auto& m = r.move;
  const auto move_words = [&] {
    return fmt::format("{} {} may go from {} to {}", p.piece, m.piece, position_name(p, m.from),
                       position_name(p, m.to));
  };
  const Edge* e =
      m.from < p.positions && m.to < p.positions ? edge_between(p, m.from, m.to) : nullptr;
  switch (r.rule) {
    case PieceRule::free_end:
      return fmt::format("{} 1 can always move", p.piece);
    case PieceRule::arranged:
      return fmt::format("{} {} can move: {}", p.piece, m.piece,
                         e ? requirement(p, e->below, m.piece) : std::string("?"));
    case PieceRule::not_a_piece:
      return fmt::format("there is no {} {}: the puzzle has {} {}", p.piece, m.piece, r.pieces,
                         r.pieces == 1 ? p.piece : p.pieces);
    case PieceRule::not_a_position:
      return fmt::format("{} is not a position: {} has positions 0 to {}", r.found, p.name,
                         p.positions - 1);
    case PieceRule::not_there:
      return fmt::format("{} {} is {}, not {}", p.piece, m.piece, where(p, r.found),
                         where(p, m.from));
    case PieceRule::already:
      return fmt::format("{} {} is already {}", p.piece, m.piece, where(p, m.to));
    case PieceRule::no_such_move:
      return fmt::format("no move takes {} {} from {} to {} at once", p.piece, m.piece,
                         position_name(p, m.from), position_name(p, m.to));
    case PieceRule::needs_below:
      return fmt::format("{} only when {}; {} {} is {}", move_words(),
                         e ? requirement(p, e->below, m.piece) : std::string("?"), p.piece, r.other,
                         where(p, r.found));
    case PieceRule::no_change:
      return fmt::format("the state does not change: a move changes one {}", p.piece);
    case PieceRule::several_change:
      return fmt::format("several {} change at once; a move changes one {}", p.pieces, p.piece);
  }
  return "unknown rule";
}

std::vector<PieceMove> legal_moves(const Puzzle& p, const Pieces& s) {
  std::vector<PieceMove> out;
  for (std::uint64_t k = 1; k <= s.size(); ++k) {
    for (const auto& e : p.edges) {
      if (s[k - 1] != e.a && s[k - 1] != e.b) continue;
      const PieceMove m{k, s[k - 1], s[k - 1] == e.a ? e.b : e.a};
      if (!why_illegal(p, s, m)) out.push_back(m);
    }
  }
  return out;
}

// ---- Verifying ----

bool PieceVerifier::fail(const PieceReason& r) {
  if (!failed_) {
    failed_ = true;
    rule_ = r;
  }
  return false;
}

bool PieceVerifier::step(const PieceMove& move) {
  if (failed_) return false;
  if (auto bad = why_illegal(puzzle_, state_, move)) return fail(*bad);
  state_[move.piece - 1] = move.to;
  ++moves_;
  if (kept_.size() < keep_) kept_.push_back(move);
  return true;
}

bool PieceVerifier::step_to(const Pieces& next) {
  if (failed_) return false;
  std::uint64_t changed = 0, piece = 0;
  for (std::size_t i = 0; i < next.size() && i < state_.size(); ++i)
    if (next[i] != state_[i]) {
      ++changed;
      piece = i + 1;
    }
  if (changed != 1) {
    PieceReason r;
    r.rule = changed == 0 ? PieceRule::no_change : PieceRule::several_change;
    return fail(r);
  }
  return step(PieceMove{piece, state_[piece - 1], next[piece - 1]});
}

PieceReport PieceVerifier::report() const {
  PieceReport r;
  r.moves = moves_;
  r.legal = !failed_;
  if (failed_) {
    r.illegal_move = moves_ + 1;
    r.rule = rule_;
  }
  r.reached = state_ == to_;
  r.optimum = distance(puzzle_, start_, to_);
  r.remaining = distance(puzzle_, state_, to_);
  r.optimal = r.legal && r.reached && r.optimum == to_mpz(moves_);
  return r;
}

Result<ListLine> parse_list_line(const Puzzle& p, std::string_view line, std::uint64_t n) {
  std::string s;
  for (const char c : line) s += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  const auto trim = [](std::string_view t) {
    const auto b = t.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return std::string_view{};
    return t.substr(b, t.find_last_not_of(" \t\r") - b + 1);
  };
  std::string_view t = trim(s);
  if (t.empty()) return ListLine{};
  // The move's example is the engine's syntax, for a front end to quote in its own words.
  const auto bad = [&] {
    const auto example =
        fmt::format("{} 1 from {} to {}", p.piece, position_name(p, 0), position_name(p, 1));
    return Error{fmt::format("expected a move like '{}' or a state of {} digits, found {}", example,
                             n, quote_input(line, 60)),
                 "bad_piece_move",
                 {{"example", example}, {"pieces", n}, {"found", printable(line, 60)}}};
  };
  if (t.find_first_not_of("0123456789") == std::string_view::npos && t.size() == n) {
    auto st = parse_pieces(p, t, n);
    if (!st) return st.failure();
    return ListLine{*st};
  }
  if (const auto colon = t.find(':'); colon != std::string_view::npos) {  // "12: " numbering
    if (t.substr(0, colon).find_first_not_of("0123456789") != std::string_view::npos) return bad();
    t = trim(t.substr(colon + 1));
  }
  const std::string word(p.piece);
  if (t.substr(0, word.size()) == word) t = trim(t.substr(word.size()));
  const auto from_at = t.find(" from ");
  const auto to_at = t.find(" to ");
  if (from_at == std::string_view::npos || to_at == std::string_view::npos || to_at < from_at)
    return bad();
  const auto piece = parse_count(trim(t.substr(0, from_at)), "the piece");
  if (!piece) return bad();
  const auto position = [&](std::string_view w) -> std::optional<std::uint8_t> {
    w = trim(w);
    if (w.substr(0, 4) == "peg ") w = trim(w.substr(4));
    for (std::uint8_t d = 0; d < p.positions; ++d) {
      std::string name(p.position_names[d]);
      for (auto& c : name) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      if (name.substr(0, 4) == "peg ") name = name.substr(4);
      if (w == name) return d;
    }
    if (w.size() == 1 && w[0] >= '0' && w[0] <= '9') return static_cast<std::uint8_t>(w[0] - '0');
    return std::nullopt;
  };
  const auto a = position(t.substr(from_at + 6, to_at - from_at - 6));
  const auto b = position(t.substr(to_at + 4));
  if (!a || !b) return bad();
  return ListLine{PieceMove{*piece, *a, *b}};
}

Result<bool> ListChecker::feed(std::string_view text) {
  while (!text.empty() && !stopped_) {
    const auto nl = text.find('\n');
    const auto line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++line_;
    auto going = feed_line(line);
    if (!going) return going.failure().within(fmt::format("line {}", line_), "line", line_);
  }
  return !stopped_;
}

bool ListChecker::step(const PieceMove& move) {
  if (!verifier_) {
    start_ = from_;
    verifier_.emplace(puzzle_, from_, to_);
    verifier_->keep_moves(keep_);
  }
  stopped_ = !verifier_->step(move);
  return !stopped_;
}

Result<bool> ListChecker::feed_line(std::string_view line) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return true;
  const std::string_view t = line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
  if (format_ == ListFormat::detect)
    format_ = t[0] == '{' || t[0] == '[' ? ListFormat::json : ListFormat::moves;
  if (format_ == ListFormat::json) return feed_json(line);
  const std::uint64_t n = from_.size();
  // A piece number alone: a toggle, where a piece has one other position to go to.
  if (format_ == ListFormat::toggles ||
      (puzzle_.positions == 2 && t.find_first_not_of("0123456789") == std::string_view::npos &&
       t.size() != n)) {
    const auto piece = parse_count(t, "the piece");
    if (puzzle_.positions != 2 || !piece || *piece < 1 || *piece > n)
      return Error{fmt::format("expected a {} number from 1 to {}, found {}", puzzle_.piece, n,
                               quote_input(t, 60)),
                   "bad_piece_toggle",
                   {{"pieces", n}, {"found", printable(t, 60)}}};
    const auto& now = verifier_ ? verifier_->state() : from_;
    const std::uint8_t at = now[*piece - 1];
    return step(PieceMove{*piece, at, static_cast<std::uint8_t>(1 - at)});
  }
  auto item = parse_list_line(puzzle_, line, n);
  if (!item) return item.failure();
  if (const auto* state = std::get_if<Pieces>(&*item)) {
    if (!verifier_) {  // a states list: its first line is the start
      if (from_given_ && *state != from_)
        return Error{
            fmt::format("the list starts at {}, not at the given start", format_pieces(*state)),
            "wrong_list_start",
            {{"found", format_pieces(*state)}, {"start", format_pieces(from_)}}};
      start_ = *state;
      verifier_.emplace(puzzle_, *state, to_);
      verifier_->keep_moves(keep_);
      return true;
    }
    stopped_ = !verifier_->step_to(*state);
    return !stopped_;
  }
  if (const auto* move = std::get_if<PieceMove>(&*item)) return step(*move);
  return true;
}

// The moves of a JSON list, read a line at a time: every object with a "piece" is a move
// ({"piece":3,"from":"peg 0","to":"peg 2"}, the positions by their codes or digits); the other
// keys and objects (the answer's head) are passed over.
Result<bool> ListChecker::feed_json(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '{' || c == '[') {
      ++json_depth_;
      if (c == '{') json_objects_.push_back({});
      json_key_.clear();
    } else if (c == '}' || c == ']') {
      if (--json_depth_ < 0) return Error{"unbalanced JSON", "json_unbalanced"};
      json_key_.clear();
      if (c == '}') {
        if (json_objects_.empty()) return Error{"unbalanced JSON", "json_unbalanced"};
        const JsonObject o = json_objects_.back();
        json_objects_.pop_back();
        if (o.piece) {
          if (!o.from || !o.to)
            return Error{"a move needs \"from\" and \"to\"", "json_no_positions"};
          // A piece or position outside the puzzle is an illegal move, judged by its rule.
          const auto position = [](std::uint64_t d) {
            return static_cast<std::uint8_t>(std::min<std::uint64_t>(d, 255));
          };
          if (!step(PieceMove{*o.piece, position(*o.from), position(*o.to)})) return false;
        }
      }
    } else if (c == '"') {
      const auto end = line.find('"', i + 1);
      if (end == std::string_view::npos)
        return Error{"a JSON string does not end on its line", "json_open_string"};
      const auto text = line.substr(i + 1, end - i - 1);
      i = end;
      const auto colon = line.find_first_not_of(" \t\r", i + 1);
      if (colon != std::string_view::npos && line[colon] == ':') {
        json_key_ = text;
        i = colon;
        continue;
      }
      // A move's positions are their codes ("peg 2"), as the answers write them, or digits (a
      // digit of no position makes the move illegal: not_a_position).
      if (!json_objects_.empty() && (json_key_ == "from" || json_key_ == "to")) {
        std::optional<std::uint64_t> digit;
        for (std::uint8_t d = 0; d < puzzle_.positions; ++d)
          if (puzzle_.position_names[d] == text) digit = d;
        // Digits: a position (a move's), or the state of a list's head ("from":"0120"), which
        // says nothing of a move.
        if (!digit && !text.empty() &&
            text.find_first_not_of("0123456789") == std::string_view::npos)
          digit = text.size() <= 3 ? std::stoull(std::string(text)) : 255;
        if (!digit) {
          std::string codes;
          for (std::uint8_t d = 0; d < puzzle_.positions; ++d)
            codes += fmt::format("{}\"{}\"", d ? d + 1 == puzzle_.positions ? " or " : ", " : "",
                                 puzzle_.position_names[d]);
          return Error{fmt::format("{} is no position of {}: expected {}", quote_input(text, 40),
                                   puzzle_.name, codes),
                       "json_unexpected",
                       {{"found", printable(text, 40)}}};
        }
        (json_key_ == "from" ? json_objects_.back().from : json_objects_.back().to) = *digit;
      }
      json_key_.clear();  // the other string values (the head's states) say nothing of a move
    } else if (c >= '0' && c <= '9') {
      std::size_t end = i;
      while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
      const auto value = parse_count(line.substr(i, end - i), "a number");
      i = end - 1;
      if (!value) return value.failure();
      if (!json_objects_.empty()) {
        auto& o = json_objects_.back();
        if (json_key_ == "piece") o.piece = *value;
        if (json_key_ == "from") o.from = *value;
        if (json_key_ == "to") o.to = *value;
      }
      json_key_.clear();
    } else if (c == ',' || c == ' ' || c == '\t' || c == '\r') {
      if (c == ',') json_key_.clear();
    } else if (std::string_view("truefalsn-.eE+").find(c) == std::string_view::npos) {
      return Error{fmt::format("unexpected {} in a JSON list", quote_input(line.substr(i, 1))),
                   "json_unexpected",
                   {{"found", printable(line.substr(i, 1), 8)}}};
    }
  }
  return !stopped_;
}

std::vector<PieceMove> ListChecker::kept_moves() const {
  return verifier_ ? verifier_->kept_moves() : std::vector<PieceMove>{};
}

PieceReport ListChecker::report() const {
  return verifier_ ? verifier_->report() : PieceVerifier(puzzle_, from_, to_).report();
}

std::string report_text(const Puzzle& p, const PieceReport& r) {
  if (!r.legal) return fmt::format("move {}: illegal: {}", r.illegal_move, to_string(p, r.rule));
  std::string out = fmt::format("ok: {} move{}, ", r.moves, r.moves == 1 ? "" : "s");
  if (r.reached)
    out += r.optimal
               ? "target reached, optimal"
               : fmt::format("target reached, not optimal ({} moves suffice)", r.optimum.get_str());
  else
    out += fmt::format("target not reached ({} more move{} needed)", r.remaining.get_str(),
                       r.remaining == 1 ? "" : "s");
  return out;
}

}  // namespace rings::family
