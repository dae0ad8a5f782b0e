// The picture of a family puzzle, drawn as it looks: Spin-Out's dials turned vertical or
// horizontal, The Brain's rods in or out, the Hexadecimal Puzzle's bars in their slots, the
// elephants facing up, right or down (every position shown), the Towers of Hanoi as three pegs
// with their discs. Internal to apps/play (screen.cpp lays it out).
#pragma once

#include <string>
#include <vector>

#include "canvas.hpp"
#include "session.hpp"

namespace rings::play {

/// The biggest picture of the session's family puzzle in `rows` rows of a `width`-column
/// terminal (rows 0 when none fits). ring_rows is 1 for the full picture, 0 for the strip.
draw::Picture choose_puzzle_picture(const Session& s, int width, int rows);

/// Draws the picture from row `top`, with the click areas of the pieces.
void draw_puzzle(draw::Canvas& c, const Session& s, int top, const draw::Picture& p);

/// "Disc 3 selected (peg 0)", with the pieces off-screen when the picture is a window.
std::string puzzle_caption(const Session& s, const draw::Picture& p, std::size_t width);

/// The puzzle's rules in its own words, for the help.
std::vector<std::string> puzzle_rules(const family::Puzzle& p);

}  // namespace rings::play
