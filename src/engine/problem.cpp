// One reader of a question for every front end.
#include "rings/problem.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rings {
namespace {

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// "name: message", with the input's name as the `parameter` field; a nameless input as it is.
Error named(const Error& e, std::string_view name) {
  return name.empty() ? e : e.within(name, "parameter", std::string(name));
}

// How states without a count must be written to give one: "in 0s and 1s", "in digits".
std::string written_how(const family::Puzzle& p, Notation notation) {
  if (notation == Notation::decimal || notation == Notation::cleve)
    return fmt::format(": a {} state needs it", notation_name(notation));
  return p.positions == 2 ? ", or a state written in 0s and 1s" : ", or a state written in digits";
}

// The piece count a state gives by itself, as the puzzle's reader counts it.
std::optional<std::uint64_t> written(const Problem& p, std::string_view text) {
  const auto t = trim(text);
  if (t == "start" || t == "goal") return std::nullopt;
  return p.in_bits() ? rings_written(t, p.notation) : family::pieces_written(t);
}

Error too_many(const family::Puzzle& p, std::uint64_t n, std::uint64_t max, std::string_view name) {
  return named(Error{fmt::format("{} {} are too many (at most {})", n, p.pieces, max),
                     "too_many_pieces",
                     {{"pieces", n}, {"max", max}}},
               name);
}

}  // namespace

Result<std::uint64_t> read_pieces(const family::Puzzle& puzzle, std::string_view text,
                                  std::string_view name, std::uint64_t max) {
  auto n = parse_count(text, name);
  if (!n) return n.failure();
  if (*n == 0)
    return Error{fmt::format("{}: the puzzle needs at least 1 {}, found 0", name, puzzle.piece),
                 "no_pieces",
                 {{"parameter", std::string(name)}}};
  if (*n > max) return too_many(puzzle, *n, max, name);
  return *n;
}

Result<Problem> read_problem(const ProblemText& in) {
  auto puzzle = family::parse_puzzle(in.puzzle);
  if (!puzzle) return named(puzzle.failure(), in.names.puzzle);
  Problem p;
  p.puzzle = std::move(*puzzle);
  // A question without states (a count) holds no state: its bound is the front end's alone (a
  // count modulo M takes N up to 2^64 - 1; the exact count is bounded by its answer).
  p.max_pieces = in.states.empty() ? in.max_pieces : std::min(p.puzzle.max_size, in.max_pieces);
  const auto& pz = p.puzzle;
  if (in.double_moves && !pz.double_moves)
    return Error{fmt::format("{}: {} has no double moves (pieces 1 and 2 move one at a time)",
                             in.names.double_moves, pz.name),
                 "no_double_moves",
                 {{"parameter", std::string(in.names.double_moves)}}};
  p.mode = in.double_moves ? Mode::double_moves : Mode::single;
  auto notation = parse_notation(in.notation);
  if (!notation) return named(notation.failure(), in.names.notation);
  if (*notation != Notation::binary && !pz.notations)
    return Error{fmt::format("{}: {} states are written in digits, {} N first", in.names.notation,
                             pz.name, pz.piece),
                 "no_notation",
                 {{"parameter", std::string(in.names.notation)}}};
  p.notation = *notation;

  // The count: N, else the first state written in digits, else the list's own.
  std::optional<std::uint64_t> n;
  if (in.pieces) {
    auto given = read_pieces(pz, *in.pieces, in.names.pieces, p.max_pieces);
    if (!given) return given.failure();
    n = *given;
  }
  for (const auto& s : in.states) {
    if (n) break;
    if ((n = written(p, s.text)) && *n > p.max_pieces)
      return too_many(pz, *n, p.max_pieces, s.name);
  }
  if (!n) n = in.pieces_listed;
  if (!n) {
    for (const auto& s : in.states)
      if (trim(s.text).empty()) return named(Error{"the state is empty", "empty_state"}, s.name);
    return Error{fmt::format("give the number of {} {}{}", pz.pieces, in.names.pieces,
                             written_how(pz, p.notation)),
                 "needs_pieces",
                 {{"parameter", std::string(in.names.pieces)}}};
  }
  if (*n == 0 || *n > p.max_pieces) return too_many(pz, *n, p.max_pieces, in.names.pieces);
  p.pieces = *n;

  for (const auto& s : in.states) {
    const auto t = trim(s.text);
    if (t == "start" || t == "goal") {
      const auto digit = t == "start" ? pz.start : pz.goal;
      if (p.in_bits())
        p.bits.push_back(digit ? State::all_on(*n) : State::all_off(*n));
      else
        p.digits.push_back(family::all_at(*n, digit));
      continue;
    }
    if (p.in_bits()) {
      auto state = parse_state(t, n, p.notation);
      if (!state) return named(state.failure(), s.name);
      p.bits.push_back(std::move(*state));
    } else {
      auto state = family::parse_pieces(pz, t, n);
      if (!state) return named(state.failure(), s.name);
      p.digits.push_back(std::move(*state));
    }
  }
  return p;
}

}  // namespace rings
