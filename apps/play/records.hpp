// The best game per ring count, kept between games in a small text file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"
#include "rings/result.hpp"

namespace rings::play {

/// The first line of the records file.
inline constexpr std::string_view kRecordsHeader = "rings play records v1";

/// A solved goal: how long it took against the optimum, and with what help.
struct Record {
  std::string puzzle;       ///< the puzzle's name ("rings", "NAME:1110" with its parameter)
  std::uint64_t rings = 0;  ///< the piece count
  Mode mode = Mode::single;
  std::uint64_t moves = 0;
  std::uint64_t optimum = 0;  ///< never more than `moves`
  Aids aids;

  friend bool operator==(const Record&, const Record&) = default;
};

/// The record of the goal `game` has just reached (call it only when solved).
Record record_of(const Game& game);

/// Whether `a` beats `b` (same puzzle, piece count and mode): less help (hints and auto-played
/// moves, then undos), then fewer moves over the optimum, then the longer puzzle.
bool is_better(const Record& a, const Record& b);

/// The records file as text: the header, then one line a puzzle, piece count and mode:
/// `rings 5 single moves 21 optimum 21 hints 0 undos 0 auto 0` (the family's puzzles by their
/// names, as family::catalogue() writes them).
std::string to_records_text(const std::vector<Record>& records);
/// The records a text holds; a foreign or damaged text is refused with its line.
Result<std::vector<Record>> from_records_text(std::string_view text);

/// Where the records are kept: $XDG_STATE_HOME/rings/records when that is an absolute path,
/// else $HOME/.local/state/rings/records; nothing without either.
std::optional<std::string> records_path(const char* xdg_state_home, const char* home);

/// Keeps `record` in the file at `path` when it beats the best of its puzzle and piece count, and
/// says how it compares ("A new best for 5 rings!", "Your best for 5 rings: 21 moves by hand."). A
/// damaged records file is left as it is and reported.
Result<std::string> keep_record(const std::string& path, const Record& record);

}  // namespace rings::play
