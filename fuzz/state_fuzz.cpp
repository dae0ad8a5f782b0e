// Fuzzes reading states: parse_notation, parse_count and parse_state in every notation.
// Input: the notation's name, a line; the ring count (may be empty), a line; the state text.
// A state that parses must come back unchanged through every notation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.hpp"
#include "rings/notation.hpp"

using namespace rings;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  const auto notation_line = fuzz::next_line(rest);
  const auto rings_line = fuzz::next_line(rest);

  const auto parsed_notation = parse_notation(notation_line);
  const Notation notation = parsed_notation ? *parsed_notation : Notation::binary;
  std::optional<std::uint64_t> rings;
  if (!rings_line.empty()) {
    const auto n = parse_count(rings_line, "N");
    if (n) {
      // Counts up to kMaxRings are legal but cost memory in every run: keep the runs fast, and
      // still send the counts past the limit, which must be refused without allocating.
      if (*n > (1u << 16) && *n <= kMaxRings) return 0;
      rings = *n;
    }
  }

  const auto state = parse_state(rest, rings, notation);
  if (!state) {
    fuzz::check(!state.error().empty(), "an error says what was wrong");
    return 0;
  }
  fuzz::check(state->size() >= 1 && state->size() <= kMaxRings, "a parsed state has 1..kMaxRings");
  fuzz::check(!rings || state->size() == *rings, "a parsed state has the ring count asked for");
  for (const Notation n :
       {Notation::binary, Notation::ring1_first, Notation::decimal, Notation::cleve}) {
    const auto again = parse_state(format_state(*state, n), state->size(), n);
    fuzz::check(again.ok() && *again == *state, "format_state then parse_state is the identity");
  }
  return 0;
}
