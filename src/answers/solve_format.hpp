// The text of `rings solve` (and of the web API's /api/solve?format=), written at the speed of
// memory: the formats of SPEC.md, produced in large chunks from the engine's streamed moves (and,
// for toggles, from whole blocks).
#pragma once

#include <functional>
#include <span>
#include <string_view>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/problem.hpp"
#include "rings/state.hpp"

namespace rings::answers {

/// The output formats of `rings solve`.
enum class SolveFormat : std::uint8_t { moves, toggles, states, json };

/// Receives the text in order, in chunks of up to a few megabytes.
using TextSink = std::function<void(std::string_view)>;

/// Writes the optimal solution from `from` to `to` (same size) in `format` to `sink`. The text
/// is byte for byte what formatting each move of rings::solve gives
/// (tests/answers/solve_format_test.cpp checks it); `notation` applies to the states and json
/// formats.
void write_solution(const State& from, const State& to, Mode mode, SolveFormat format,
                    Notation notation, const TextSink& sink);

/// Writes the optimal solution from the question's first state to its second in `format`, for
/// every puzzle (the rings' writer above where its states are bits). Toggles only for a puzzle
/// whose pieces have two positions (the front ends refuse it otherwise).
void write_solution(const Problem& q, SolveFormat format, const TextSink& sink);

/// Writes `moves`, made from `from`, in `format` (moves, toggles or states; json as moves) as
/// write_solution writes a solution: a states list starts with `from`. For a list of moves one
/// has made (the page's export of a game), so it reads as `rings solve` writes.
void write_move_list(const State& from, std::span<const Move> moves, SolveFormat format,
                     Notation notation, const TextSink& sink);

/// The family's lists as `rings solve --puzzle P --format moves|states` writes them (toggles and
/// json are the rings' and the CLI's): a states list's first line, the start (nothing for moves).
void write_piece_start(const family::Pieces& start, SolveFormat format, std::string& out);

/// Move number `step` of a family list, made from `state` (updated to the state after it):
/// "12: disc 1 from peg 0 to peg 2" (moves) or the state after it (states), and a newline.
void write_piece_move(const family::Puzzle& puzzle, std::uint64_t step, const family::PieceMove& m,
                      family::Pieces& state, SolveFormat format, std::string& out);

}  // namespace rings::answers
