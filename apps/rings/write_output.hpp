// Writing a picture: to a file (apps/common/output_file.hpp says how) or to standard output.
#pragma once

#include <cerrno>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli.hpp"
#include "output_file.hpp"

namespace rings::cli {

/// Writes `text` to `path` (- is standard output), or fails (status 2) with the path and the
/// system's reason. A closed pipe ends the program quietly, as for every other output.
inline void write_output(const std::string& path, std::string_view text) {
  if (path.empty()) fail("-o: give a file name (or - for standard output)");
  const auto error = write_output_file(path, text);
  if (error && error->code == EPIPE) std::_Exit(kOk);
  if (error) fail(error->message);
}

}  // namespace rings::cli
