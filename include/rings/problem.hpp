// One reader of a question about a puzzle, for every front end (the command line, the web API,
// the page through it, Python): the puzzle, its size, its options and the states asked about,
// as the user wrote them, become a Problem or a coded Error. The bounds live in the puzzle's
// value (max_size); a front end may only lower them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/result.hpp"
#include "rings/rules.hpp"
#include "rings/state.hpp"

namespace rings {

/// A state as the user wrote it (already read from a file where `@FILE` was given): `text`, and
/// the `name` it goes by in errors ("--from", "A", "state"). Front ends pass the puzzle's
/// defaults as text: "start" and "goal" (every piece where the puzzle starts or ends).
struct StateText {
  std::string_view name;
  std::string_view text;
};

/// How a front end names its inputs in errors: the command line's options or the API's
/// parameters ("--double: …", "double: …").
struct InputNames {
  std::string_view puzzle;  ///< "" (the CLI: its errors are clear alone) or "puzzle"
  std::string_view pieces = "N";
  std::string_view double_moves = "--double";
  std::string_view notation = "--notation";
};
/// The web API's names.
inline constexpr InputNames kParameterNames{"puzzle", "n", "double", "notation"};

/// A question as written.
struct ProblemText {
  std::string_view puzzle = "rings";
  std::optional<std::string_view> pieces;  ///< N, when given
  std::vector<StateText> states;
  std::string_view notation = "binary";
  bool double_moves = false;
  /// The piece count a move list says of itself (its first state), used when neither N nor a
  /// state gives one.
  std::optional<std::uint64_t> pieces_listed;
  /// The front end's own bound on N, when lower than the puzzle's (the web API's). A question
  /// without states (a count) has this bound alone: it holds no state.
  std::uint64_t max_pieces = UINT64_MAX;
  InputNames names;
};

/// A question read: the puzzle, its piece count, its options, and the states asked about.
struct Problem {
  family::Puzzle puzzle;
  std::uint64_t pieces = 0;
  Mode mode = Mode::single;
  Notation notation = Notation::binary;
  /// The states, in the order of ProblemText::states, as the engine that answers the puzzle
  /// holds them: bits (1 = on) for a puzzle written in the rings' notations, else one digit a
  /// piece. Exactly one of the two is filled.
  std::vector<State> bits;
  std::vector<family::Pieces> digits;
  /// Whether the states are bits (the puzzle's value has the rings' notations).
  bool in_bits() const { return puzzle.notations; }
  /// The most pieces the front end accepts for this puzzle.
  std::uint64_t max_pieces = 0;
};

/// Reads a question: the puzzle by name, N (or the length of the first state written in
/// digits, or the list's own count), the options the puzzle's value allows (double moves,
/// notations), and every state. Errors name the input ("--from: position 3: expected 0 or 1,
/// found '2'") and carry a code: `no_pieces`, `too_many_pieces`, `needs_pieces`, `empty_state`,
/// `no_double_moves`, `no_notation`, and those of the puzzle's, the count's and the states'
/// readers.
///
///     read_problem({.puzzle = "rings", .pieces = "3", .states = {{"--from", "start"},
///                   {"--to", "goal"}}})  // 3 rings, all on and all off
Result<Problem> read_problem(const ProblemText& text);

/// A piece count as a front end reads it alone (`rings count N`, `rings table N`): a whole
/// number from 1 to `max`, named `name` in errors.
Result<std::uint64_t> read_pieces(const family::Puzzle& puzzle, std::string_view text,
                                  std::string_view name, std::uint64_t max);

}  // namespace rings
