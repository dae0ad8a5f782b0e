// `--puzzle NAME`: the commands for the rings' family (Spin-Out, The Brain, the Hexadecimal
// Puzzle, the Crazy Elephant Dance, the Towers of Hanoi). The rings keep their own path.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli.hpp"
#include "rings/family.hpp"

namespace rings::cli {

using family::kMaxPieces;

/// Adds `--puzzle NAME` (default rings).
void add_puzzle_option(CLI::App& cmd, std::string& puzzle);

/// The family puzzle `name`, or nothing for the rings (answered as before). Fails on an unknown
/// name or a bad key, and on options that are the rings' alone (--double, --notation).
std::optional<family::Puzzle> family_puzzle(const std::string& name, const StateOptions& states);

/// N, the number of pieces of `p`: at least 1, at most kMaxPieces (fails otherwise).
std::uint64_t parse_pieces_count(const family::Puzzle& p, const std::string& text);

/// The start and goal of a family puzzle's command (and of `rings play --puzzle`): --from
/// (default start) and --to (default goal), the piece count from N, else from a state written in
/// digits. Fails, as every command does, on a bad count or state.
struct Ends {
  family::Pieces from, to;
};
Ends ends(const family::Puzzle& p, const std::optional<std::string>& n,
          const std::optional<std::string>& from, const std::optional<std::string>& to,
          std::string_view from_name = "--from");

/// The commands, for a family puzzle; each returns the exit status.
int family_count(const family::Puzzle& p, const std::optional<std::string>& n,
                 std::optional<std::uint64_t> mod, bool json, Output& out);
int family_solve(const family::Puzzle& p, const std::optional<std::string>& n,
                 const std::optional<std::string>& from, const std::optional<std::string>& to,
                 const std::string& format, bool json, Output& out);
int family_at(const family::Puzzle& p, const std::string& k, const std::optional<std::string>& n,
              const std::optional<std::string>& from, const std::optional<std::string>& to,
              bool json, Output& out);
int family_verify(const family::Puzzle& p, const std::optional<std::string>& n,
                  const std::optional<std::string>& file, const std::optional<std::string>& from,
                  const std::optional<std::string>& to, ListFormat format, bool json, Output& out);

}  // namespace rings::cli
