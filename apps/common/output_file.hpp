// Writing a whole output (a picture, a saved game) to a path without destroying what is there:
// one helper for every front end (rings plot/animate -o, rings play --save).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rings {

/// Why a write failed: the system's error number and one line for the user.
struct WriteError {
  int code;
  std::string message;
};

/// Writes `text` to `path`:
/// - "-", /dev/stdout, /dev/stderr, /dev/fd/N: to that open descriptor, as the shell set it up
///   (so `>> log` appends);
/// - a device, FIFO or socket (/dev/null, /dev/full, a named pipe): in place; a FIFO that no
///   program opens for reading within 10 s is an error (ETIMEDOUT), not an endless wait;
/// - a regular file, or a name not yet taken: atomically, into a temporary file beside the real
///   target (symbolic links are followed and kept), with the old file's owner and mode (less
///   its set-user-ID and set-group-ID bits), flushed to disk and renamed over it. A failure
///   leaves the old file as it was, and the temporary file is removed on every path out
///   (SIGINT, SIGTERM and the like wait until it is);
/// - a symbolic link in a sticky, world-writable directory (/tmp) is followed only when it
///   belongs to the directory's owner or to the caller, as the kernel's fs.protected_symlinks
///   rules: another user's link there is refused (EACCES);
/// - a regular file with other hard links is refused: replacing it would break the links, and
///   writing it in place could leave it half written.
/// Returns the error, if any ("cannot write 'x': No space left on device").
std::optional<WriteError> write_output_file(const std::string& path, std::string_view text);

}  // namespace rings
