// rings/notation.hpp and rings/result.hpp: reading and writing states; errors as values.
#include "rings/notation.hpp"

#include <fmt/format.h>

int main() {
  using namespace rings;
  // A Result holds a value or an Error that says what was wrong and where.
  const Result<State> s = parse_state("110100", std::nullopt, Notation::binary);
  if (!s) return 1;
  for (Notation n : {Notation::binary, Notation::ring1_first, Notation::decimal, Notation::cleve})
    fmt::print("{:<12} {}\n", notation_name(n), format_state(*s, n));

  const Result<State> bad = parse_state("1021", 4, Notation::binary);
  fmt::print("error: {}\n", bad.error());
  fmt::print("error: {}\n", parse_state("on", std::nullopt, Notation::binary).error());
  fmt::print("error: {}\n", parse_notation("hex").error());

  // Cleve Moler's 6-hook start: 0 = every ring engaged.
  const State cleve = *parse_state("0", 6, Notation::cleve);
  std::string text;
  append_binary(text, cleve);
  fmt::print("cleve 0 = {}\n", text);
  fmt::print("{}\n", parse_count("12x", "N").error());
}
