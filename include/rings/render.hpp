// Pictures of the puzzle as standalone SVG documents: plots of the optimal path and of path
// lengths, the hypercube of states, and an animation of the rings. Pure functions: they return
// the SVG text (UTF-8, well-formed XML, no scripts) and never touch files.
#pragma once

#include <cstdint>
#include <string>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/result.hpp"
#include "rings/state.hpp"

namespace rings {

/// A check the renderers call on the calling thread in their long loops (every state, move or
/// few hundred steps): a server stops a picture whose client has left, or whose time is up, by
/// throwing from it (the exception passes through the renderer, which holds nothing else).
using RenderCheck = void (*)();
/// Sets the calling thread's check (nullptr, the default: none); returns the one it replaces.
RenderCheck set_render_check(RenderCheck check);

/// A path plot shows each state as a number on a linear axis: values of more rings do not fit a
/// 64-bit axis (and their low rings would vanish in the picture anyway).
inline constexpr std::uint64_t kMaxPathPlotRings = 64;
/// The longest path plot_path() streams: 2^30 moves (all 30 rings), a few seconds of work.
inline constexpr std::uint64_t kMaxPathPlotMoves = std::uint64_t{1} << 30;
/// The width of a plot's data area in pixels: longer series are thinned to one column a pixel.
inline constexpr std::uint64_t kPlotColumns = 680;
/// plot_lengths() draws one bar for each of the 2^N start states.
inline constexpr std::uint64_t kMaxLengthsRings = 16;
/// plot_hypercube() draws every state and every edge of the N-cube.
inline constexpr std::uint64_t kMaxHypercubeRings = 6;
/// animate() draws every ring on the bar and one frame a move.
inline constexpr std::uint64_t kMaxAnimateRings = 32;
inline constexpr std::uint64_t kMaxAnimateMoves = 2000;

/// Cleve Moler's plot: the value of the state (in `notation`, decimal or cleve) at each step of
/// the optimal path from `from` to `to`. Up to 2 * kPlotColumns steps every state is a point
/// (and up to 128 a marker with its value as a tooltip); longer paths are thinned to the minimum
/// and maximum of each pixel column, in the order they occur, so the shape stays and the file
/// stays small. The solution is streamed, never stored. Errors: more than kMaxPathPlotRings
/// rings, a path longer than kMaxPathPlotMoves, another notation.
///
///     plot_path(State::all_on(6), State::all_off(6), Mode::single, Notation::cleve)
///     // 43 points from 0 up to 63 (Cleve's convention counts rings that are off)
Result<std::string> plot_path(const State& from, const State& to, Mode mode, Notation notation);

/// A family puzzle's path plot (rings plot path --puzzle): each state of the optimal path from
/// `from` to `to` as the number its digits make in base `puzzle.positions` (piece N the highest
/// digit), drawn and thinned as plot_path() draws the rings'. Where two shortest paths tie (a
/// puzzle of three positions all joined: family::distance's `tied`) the subtitle says so (the one
/// drawn moves the largest piece that must move directly). Errors:
/// a state too large for a 64-bit axis (64 pieces of two positions, 40 of three), a path longer
/// than kMaxPathPlotMoves.
///
///     plot_path(p, family::all_at(3, 0), family::all_at(3, 2))  // p: draws_sierpinski(p)
///     // 8 points: 0 (000), 2 (002), 5 (012), 4 (011), 22 (211), 21 (210), 24 (220), 26 (222)
Result<std::string> plot_path(const family::Puzzle& puzzle, const family::Pieces& from,
                              const family::Pieces& to);

/// plot_sierpinski() draws every state and every move of a puzzle of three positions all joined.
inline constexpr std::uint64_t kMaxSierpinskiDiscs = 6;

/// The state graph of a puzzle of three positions all joined (draws_sierpinski()), the
/// Sierpiński graph: each of the 3^N states a vertex placed by the recursive triangle layout (the
/// largest disc's peg picks one of three triangles, the next disc's a triangle inside it, ...),
/// every legal move (the engine's legal_moves) an edge, and the optimal path from `from` to `to`
/// drawn over them, coloured from start to end. Errors: another puzzle (its states are not a
/// Sierpiński graph), 0 discs or more than kMaxSierpinskiDiscs.
Result<std::string> plot_sierpinski(const family::Puzzle& puzzle, const family::Pieces& from,
                                    const family::Pieces& to);

/// Whether plot_sierpinski() draws `puzzle` (its states are a Sierpiński graph).
bool draws_sierpinski(const family::Puzzle& puzzle);

/// Cleve Moler's bar chart: the optimal number of moves from every start state of `rings` rings
/// (in decimal order) to all-off. Up to kPlotColumns states each is a bar with a tooltip; more
/// are drawn one bar a pixel column, as tall as the longest path in the column. Errors: 0 rings
/// or more than kMaxLengthsRings.
Result<std::string> plot_lengths(std::uint64_t rings, Mode mode);

/// plot_lengths() of a family puzzle draws one bar for each of its positions^N states: at most
/// 2^16 of them (as the rings' 16), 16 pieces of two positions or 10 of three.
inline constexpr std::uint64_t kMaxLengthsStates = std::uint64_t{1} << kMaxLengthsRings;

/// The bar chart of a puzzle of the family (rings plot lengths --puzzle): the optimal number of
/// moves (the engine's distance) from every state of `pieces` pieces to the puzzle's goal, the
/// states in counting order (the number their digits make in base `puzzle.positions`, piece 1
/// the lowest digit, as rings table --puzzle lists them), drawn as plot_lengths() draws the
/// rings'. Errors: 0 pieces, more than kMaxLengthsStates states.
Result<std::string> plot_lengths(const family::Puzzle& puzzle, std::uint64_t pieces);

/// The N-cube of the 2^N states (each labelled in binary): every hypercube edge faint, the legal
/// moves among the states emphasised, and the Gray path from all-off to only-ring-N-on drawn
/// over them, coloured from start to end. Errors: 0 rings or more than kMaxHypercubeRings.
Result<std::string> plot_hypercube(std::uint64_t rings);

/// An animated SVG (SMIL, looping) of the rings moving on the bar along the optimal solution
/// from `from` to `to`, with a move counter. Errors: more than kMaxAnimateRings rings or more
/// than kMaxAnimateMoves moves.
Result<std::string> animate(const State& from, const State& to, Mode mode);

/// animate() of a puzzle of discs draws every disc on its peg.
inline constexpr std::uint64_t kMaxAnimateDiscs = 10;

/// animate() of the other puzzles draws every piece in a row.
inline constexpr std::uint64_t kMaxAnimatePieces = 32;

/// An animated SVG (SMIL, looping) of a puzzle of the family moving along the optimal solution
/// from `from` to `to`, with the rings' move counter and timing, each puzzle drawn as it looks:
/// discs on their three pegs (each lifted, carried and put down); the other puzzles' pieces in a
/// row, piece N on the left and piece 1 at the free end on the right, dials turning their bars
/// (lying 0, standing 1), trunks swinging (up 0, right 1, down 2), rods and bars sliding in
/// their slots (raised 1). Each piece is a group of class piece-i (discs: disc-i) whose moving
/// part holds one animateTransform. `rings` is the rings' animate(). Errors: 0 pieces, more than
/// kMaxAnimateDiscs discs or kMaxAnimatePieces pieces, more than kMaxAnimateMoves moves.
Result<std::string> animate(const family::Puzzle& puzzle, const family::Pieces& from,
                            const family::Pieces& to);

}  // namespace rings
