#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "cli.hpp"

namespace rings::cli {

void write_output(const std::string& path, std::string_view text) {
  if (path == "-") {
    Output out;
    out.write(text);
    return;
  }
  if (path.empty()) fail("-o: give a file name (or - for standard output)");
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  std::string tmp = dir + "." + path.substr(dir.size()) + ".XXXXXX";
  const auto failure = [&](const char* doing) {
    fail(fmt::format("cannot {} '{}': {}", doing, path, std::strerror(errno)));
  };
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) failure("write");
  // mkstemp makes the file private; give it the permissions of any new file.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  const auto abandon = [&](const char* doing) {
    const int saved = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    errno = saved;
    failure(doing);
  };
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) abandon("write");
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (::fsync(fd) != 0) abandon("write");
  if (::close(fd) != 0) {
    const int saved = errno;
    ::unlink(tmp.c_str());
    errno = saved;
    failure("write");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    ::unlink(tmp.c_str());
    errno = saved;
    failure("write");
  }
}

}  // namespace rings::cli
