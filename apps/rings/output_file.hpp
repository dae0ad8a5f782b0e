// Writing a picture: to a file, atomically, or to standard output.
#pragma once

#include <string>
#include <string_view>

namespace rings::cli {

/// Writes `text` to `path` ("-" is standard output). A file is written beside its final name
/// and renamed into place, so a reader never sees half a file and a failed run leaves any old
/// file as it was. Fails (status 2) with the path and the system's reason.
void write_output(const std::string& path, std::string_view text);

}  // namespace rings::cli
