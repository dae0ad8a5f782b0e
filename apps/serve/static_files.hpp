// The page's files (the static site built from web/page/), embedded into the binary at build
// time by embed_static.cmake, so that serving needs no files on disk and no build step.
#pragma once

#include <span>
#include <string_view>

namespace rings::serve {

/// One embedded file: its URL path ("/app.js"), content type and bytes, and the same bytes
/// gzip-compressed (web/assemble.py writes them beside each file as NAME.gz).
struct StaticFile {
  std::string_view path;
  std::string_view content_type;
  std::string_view body;
  std::string_view gzip;  ///< empty when the file has no compressed copy
};

/// Every embedded file; nothing else is ever served.
std::span<const StaticFile> static_files();

}  // namespace rings::serve
