// The thin ncurses layer of `rings play`: reads keys and the mouse, times auto-play, draws the
// screen in colour (or with attributes), and always gives the terminal back.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "session.hpp"

namespace rings::play {

/// Why the game cannot run here (standard input or output is not a terminal), or nothing.
std::optional<std::string> terminal_problem();

/// Saves the session's game; returns what went wrong, in words, or nothing.
using SaveFn = std::function<std::optional<std::string>(const Session&)>;

/// Plays `session` in the terminal until the player leaves with q (returns 0; the game was
/// saved by then, or the player said to leave it unsaved) or a signal asks to stop (returns
/// 128 + its number; the caller saves). `save` runs on s and q; it is empty when there is
/// nowhere to save. When saving on q fails the game stays, and says so. The terminal is
/// restored on every way out, exceptions and crashes included. Throws std::runtime_error when
/// the terminal cannot be used.
int run_in_terminal(Session& session, const SaveFn& save);

}  // namespace rings::play
