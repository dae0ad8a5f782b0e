// Saving and resuming a game: a small versioned text format, written atomically.
#pragma once

#include <string>
#include <string_view>

#include "game.hpp"
#include "rings/result.hpp"

namespace rings::play {

/// The first line of every save file. A file that does not start with it is refused.
inline constexpr std::string_view kSaveHeader = "rings play save v1";

/// The game as save-file text: the header, then `rings N`, `mode single|double`, `start S`,
/// `goal G` (the game's first goal), `cursor C`, `steps K`, K lines each a move (`ring 3 off`,
/// `rings 1+2 on`) or `goal` (a goal switch), and `end`. Replaying the steps from the start and
/// taking back those after the cursor gives the same game, undo and redo history included.
std::string to_save_text(const Game& game);

/// The game a save text describes. Every step is checked against the rules; a foreign, newer,
/// truncated or corrupt text is refused with what was wrong and on which line.
Result<Game> from_save_text(std::string_view text);

/// Writes `text` to `path` with rings::write_output_file (apps/common/output_file.hpp): a
/// regular file atomically, never half-written. Returns an error in words.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text);

/// Reads the game saved in `path` ("cannot open 'x': No such file or directory", "'x' line 3:
/// ..." on failure).
Result<Game> load_game(const std::string& path);

}  // namespace rings::play
