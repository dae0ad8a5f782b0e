// What the fuzz targets share: a check that stops the run (so libFuzzer keeps the input) when an
// invariant fails, and splitting the input into lines.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace rings::fuzz {

/// Aborts with `what` when `ok` is false: libFuzzer then saves the input as a crash.
inline void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", what);
  std::abort();
}

/// The text up to the next newline (consumed with it), or all of `rest`.
inline std::string_view next_line(std::string_view& rest) {
  const auto nl = rest.find('\n');
  const auto line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}

}  // namespace rings::fuzz
