// The picture of a session as lines of text, for a terminal of a given size: the rings on the
// bar (or a compact strip when they do not fit), the state, the score, messages and keys.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "session.hpp"

namespace rings::play {

/// How a run of cells is shown.
enum class Style : std::uint8_t { bold, reverse };

/// `width` cells of `row` from column `col` are shown in `style`.
struct Mark {
  int row = 0, col = 0, width = 0;
  Style style = Style::bold;
};

/// What to draw: `lines` (UTF-8, each at most the screen's width in columns) and the marks.
struct Screen {
  std::vector<std::string> lines;
  std::vector<Mark> marks;
};

/// Draws `session` for a `width` x `height` terminal (80 x 24 and larger; smaller ones are
/// clipped). Rings are drawn with box-drawing characters, in cells that grow with the width;
/// when they do not fit, one character a ring. With `unicode` false, only ASCII is used.
Screen render(const Session& session, int width, int height, bool unicode);

/// The number of terminal columns of UTF-8 `text` (one for every character it holds).
std::size_t columns(std::string_view text);

}  // namespace rings::play
