// Saving and resuming a game: a small versioned text format, written atomically.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "game.hpp"
#include "rings/result.hpp"

namespace rings::play {

/// The first line of a saved game of a puzzle with double moves (the rings: a `mode` line says
/// which moves count). A file that starts with none of the three headers is refused.
inline constexpr std::string_view kSaveHeader = "rings play save v2";
/// The first line of a saved game of any other puzzle (a `puzzle` line names which).
inline constexpr std::string_view kPuzzleSaveHeader = "rings play save v3";
/// The first line of the files of the first version (no `aids` line); still read.
inline constexpr std::string_view kSaveHeaderV1 = "rings play save v1";

/// The biggest save file read or written: a game of a million rings and about two million
/// moves. Reading stops here, so a huge file cannot take the memory.
inline constexpr std::uint64_t kMaxSaveBytes = 32u << 20;

/// The game as save-file text. A puzzle with double moves (the rings) is saved as v2: the
/// header, `NAME N` (`rings 5`), `mode single|double`, `start S`, `goal G` (the game's first
/// goal), `cursor C`, `steps K`, K lines each a move (`ring 3 off`, `rings 1+2 on`) or `goal`
/// (a goal switch), `aids H U A` (the help taken toward the current goal: hints, undos,
/// auto-played moves), and `end`. Any other puzzle as v3: `puzzle NAME` and `pieces N` in place
/// of the first and the mode, its moves as `rings solve --puzzle` writes them ("disc 1 from peg 0
/// to peg 2"). Replaying the steps from the start and taking back those after the cursor gives
/// the same game, undo and redo history included.
std::string to_save_text(const Game& game);

/// The game a save text (v1, v2 or v3) describes. Every step is checked against the rules; a
/// foreign, newer, truncated or corrupt text is refused with what was wrong and on which line.
Result<Game> from_save_text(std::string_view text);

/// Writes `text` to `path` with rings::write_output_file (apps/common/output_file.hpp): a
/// regular file atomically (a temporary `.NAME.rings-tmp-PID-XXXXXX` beside it, renamed over
/// it; those left by killed processes are removed first), never half-written. Returns an error
/// in words.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text);

/// Saves `game` to `path` (refused, in words, when the text would exceed `max_bytes`: the file
/// could not be loaded again).
std::optional<std::string> save_game(const std::string& path, const Game& game,
                                     std::uint64_t max_bytes = kMaxSaveBytes);

/// The contents of the regular file `path`, at most `max_bytes` of them: a bigger file, a FIFO
/// or a device is refused with what it is (so reading neither takes the memory nor waits
/// forever).
Result<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes);

/// Reads the game saved in `path` ("cannot open 'x': No such file or directory", "'x': line 3:
/// ..." on failure).
Result<Game> load_game(const std::string& path);

}  // namespace rings::play
