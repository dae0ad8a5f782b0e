// Reading and writing states in every notation of SPEC.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rings/result.hpp"
#include "rings/state.hpp"

namespace rings {

/// How a state is written.
///   binary:      N characters 0/1, ring N first (canonical): `110` = rings 3 and 2 on.
///   ring1_first: the same characters, ring 1 first.
///   decimal:     the value of the canonical string (needs the ring count).
///   cleve:       Cleve Moler's `patience` convention: bit i-1 is 1 when ring i is OFF.
enum class Notation : std::uint8_t { binary, ring1_first, decimal, cleve };

/// "binary", "ring1-first", "decimal" or "cleve".
Result<Notation> parse_notation(std::string_view name);
std::string_view notation_name(Notation notation);

/// Reads a state: `on`, `off` or the notation's digits, surrounding white space ignored.
/// `rings` is the ring count when known; it is required by `on`, `off`, decimal and cleve, and a
/// binary string of another length is an error. Errors say what and where:
///
///     parse_state("1021", 4, Notation::binary).error() == "position 3: expected 0 or 1, found '2'"
Result<State> parse_state(std::string_view text, std::optional<std::uint64_t> rings,
                          Notation notation);

/// The ring count a state text gives by itself: the length of a state written in 0s and 1s
/// (binary or ring1-first; surrounding white space ignored). Nothing for `on`, `off`, blank text
/// or the decimal notations. Bad characters are left for parse_state to report.
std::optional<std::uint64_t> rings_written(std::string_view text, Notation notation);

/// Writes a state in `notation`.
std::string format_state(const State& state, Notation notation);

/// Appends the canonical binary form (ring N first) to `out`: the fast path for streaming.
void append_binary(std::string& out, const State& state);

/// Parses a whole number 0..max from decimal text, for command-line arguments ("ring count",
/// "N" are `what`): "N must be a whole number, found 'x'".
Result<std::uint64_t> parse_count(std::string_view text, std::string_view what,
                                  std::uint64_t max = UINT64_MAX);

}  // namespace rings
