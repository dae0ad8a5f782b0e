// The picture of each puzzle, drawn as it looks: the rings on their posts with the shuttle through
// them, Spin-Out's dials turned vertical or horizontal, The Brain's rods in or out, the
// Hexadecimal Puzzle's bars in their slots, the elephants facing up, right or down (every
// position shown), the Towers of Hanoi as three pegs with their discs; and the words that depend
// on a puzzle's look. The one file of apps/play that knows the puzzles apart (screen.cpp lays the
// picture out).
#pragma once

#include <string>
#include <vector>

#include "canvas.hpp"
#include "session.hpp"

namespace rings::play {

/// The biggest picture of the session's puzzle in `rows` rows of a `width`-column terminal (rows
/// 0 when none fits). ring_rows is 0 for the strip.
draw::Picture choose_picture(const Session& s, int width, int rows);

/// Draws the picture from row `top`, with the click areas of the pieces.
void draw_picture(draw::Canvas& c, const Session& s, int top, const draw::Picture& p);

/// "Disc 3 selected (peg 0)", with the pieces off-screen when the picture is a window.
std::string caption(const Session& s, const draw::Picture& p, std::size_t width);

/// How the screen makes room for a puzzle's picture: `reserved` rows its full picture claims
/// before the lines of lowest priority (0: none), and the rows from which it gets a blank line
/// above and below.
struct PictureLayout {
  int reserved = 0;
  int margins_from = 8;
};
PictureLayout picture_layout(const family::Puzzle& p);

/// Every piece at `digit`, in words: "all off", "all on peg 2", "all horizontal".
std::string all_at_words(const family::Puzzle& p, std::uint8_t digit);

/// The puzzle's rules in its own words, for the help.
std::vector<std::string> puzzle_rules(const Game& g);

}  // namespace rings::play
