// The picture of a session as lines of text, for a terminal of a given size: the rings on the
// shuttle with their posts, the state, the score, messages and keys, most important first when
// the terminal is small.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "session.hpp"

namespace rings::play {

/// What a run of cells shows; the terminal gives each a colour, or an attribute without colour.
enum class Style : std::uint8_t {
  label,     ///< a heading or label ("State", the title)
  ring_on,   ///< a ring on the shuttle
  ring_off,  ///< a ring off the shuttle
  selected,  ///< the selected ring (or the rings 1+2 of a pair hint)
  hinted,    ///< a ring the selected ring's rule needs, and has as it needs
  illegal,   ///< a ring that blocks the selected ring's move; a refusal
  solved,    ///< the goal reached
  goal,      ///< where a ring must go and is not yet
  moving,    ///< a ring on its way (the animation of a move)
  key,       ///< a key in the key bar
};

/// `width` cells of `row` from column `col` are shown in `style`.
struct Mark {
  int row = 0, col = 0, width = 0;
  Style style = Style::label;
};

/// A click in `width` cells of `row` from column `col` means `ring`.
struct Hit {
  int row = 0, col = 0, width = 0;
  Ring ring = 0;
};

/// What to draw: `lines` (UTF-8, each at most the screen's width in columns), the marks, where
/// the mouse reaches a ring, where the cursor goes (while a state is typed), the window title,
/// and how many rings are in view (PgUp and PgDn move that many).
struct Screen {
  std::vector<std::string> lines;
  std::vector<Mark> marks;
  std::vector<Hit> hits;
  std::optional<std::pair<int, int>> cursor;  ///< (row, column)
  std::string title;
  std::uint64_t rings_in_view = 1;
  int help_pages = 1;  ///< while the help is shown: the pages it takes at this size
};

/// The smallest terminal the game is played in; a smaller one is told so.
inline constexpr int kMinWidth = 20, kMinHeight = 7;

/// Draws `session` for a `width` x `height` terminal. The rings are drawn in cells that grow
/// with the terminal, in a window around the selected ring when they do not all fit. With
/// `unicode` false, only ASCII is used.
Screen render(const Session& session, int width, int height, bool unicode);

/// The ring a click at (row, col) hits, or 0.
Ring ring_at(const Screen& screen, int row, int col);

/// The number of terminal columns of UTF-8 `text` (one for every character it holds).
std::size_t columns(std::string_view text);

}  // namespace rings::play
