#include "output_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <variant>

namespace rings {
namespace {

WriteError error_for(std::string_view shown, int code, std::string_view doing = "write") {
  return {code, fmt::format("cannot {} '{}': {}", doing, shown, std::strerror(code))};
}

// Writes all of `text`; 0, or the errno of the failure.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// The descriptor a name stands for when it is one the shell opened ("-", /dev/stdout,
// /dev/fd/3), or -1. Opening such a name anew would start a new file position (or replace the
// file `>>` appends to); writing the descriptor itself does what the shell was asked.
int named_descriptor(std::string_view path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!path.starts_with(prefix)) continue;
    const std::string_view digits = path.substr(prefix.size());
    int fd = -1;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), fd);
    if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty()) return fd;
  }
  return -1;
}

// Whether following the link `st` found in `dir` is what the kernel's fs.protected_symlinks
// allows: in a sticky, world-writable directory (/tmp), only a link of the directory's owner or
// of the caller. Reading the link ourselves would otherwise follow one another user planted.
bool may_follow(const struct stat& link, const std::string& dir) {
  struct stat d {};
  if (::stat(dir.empty() ? "." : dir.c_str(), &d) != 0) return false;
  const bool shared = (d.st_mode & S_ISVTX) && (d.st_mode & S_IWOTH);
  return !shared || link.st_uid == d.st_uid || link.st_uid == ::geteuid();
}

// The name `path` leads to through symbolic links (the last name may not exist yet), so that a
// link is kept and its target written; an error after 40 links, or at a link that another user
// planted in a sticky directory.
std::variant<std::string, WriteError> final_name(const std::string& shown, std::string path) {
  for (int links = 0; links < 40; ++links) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    if (!may_follow(st, dir))
      return WriteError{
          EACCES, fmt::format("will not write '{}': '{}' is a symbolic link of user {} in the "
                              "shared directory '{}', which may have been planted there; "
                              "remove it, or write another name",
                              shown, path, st.st_uid, dir.empty() ? "." : dir)};
    std::string target(PATH_MAX, '\0');
    const ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
    if (n < 0) return error_for(shown, errno);
    target.resize(static_cast<std::size_t>(n));
    if (!target.starts_with('/')) target.insert(0, dir);
    path = std::move(target);
  }
  return error_for(shown, ELOOP);
}

// Opens a FIFO for writing, waiting at most kFifoWaitMs for a reader (open() alone would wait
// forever); -1 with errno set, ETIMEDOUT when nobody came.
constexpr int kFifoWaitMs = 10'000;
int open_fifo(const std::string& name) {
  for (int waited = 0;; waited += 50) {
    const int fd = ::open(name.c_str(), O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) {
      // From now on writes wait for the reader, as they would have.
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    if (errno != ENXIO) return -1;  // ENXIO: no reader yet
    if (waited >= kFifoWaitMs) {
      errno = ETIMEDOUT;
      return -1;
    }
    ::usleep(50'000);
  }
}

// While it lives: a file too large for `ulimit -f` is an error (EFBIG) rather than a SIGXFSZ
// that kills the program, and, when `hold` is set, the signals that end a program wait (so a
// temporary file is removed or renamed before they act; they are delivered right after).
class SignalGuard {
 public:
  explicit SignalGuard(bool hold) : hold_(hold) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGXFSZ, &ignore, &old_xfsz_);
    if (!hold_) return;
    sigset_t held;
    sigemptyset(&held);
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2})
      sigaddset(&held, sig);
    ::pthread_sigmask(SIG_BLOCK, &held, &old_mask_);
  }
  ~SignalGuard() {
    ::sigaction(SIGXFSZ, &old_xfsz_, nullptr);
    if (hold_) ::pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
  }
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  bool hold_;
  struct sigaction old_xfsz_ {};
  sigset_t old_mask_{};
};

// A temporary file that is closed and removed on every way out, unless kept.
struct TempFile {
  std::string path;
  int fd = -1;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!path.empty()) ::unlink(path.c_str());
  }
};

// Removes the temporary files `.NAME.rings-tmp-PID-XXXXXX` in `dir` whose process no longer runs:
// left by a write that was killed (kill -9) before it could rename or remove them.
void remove_stale_temporaries(const std::string& dir, const std::string& prefix) {
  DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
  if (!d) return;
  while (const dirent* e = ::readdir(d)) {
    const std::string_view name = e->d_name;
    if (!name.starts_with(prefix)) continue;
    const std::string pid_text(name.substr(prefix.size(), name.rfind('-') - prefix.size()));
    char* end = nullptr;
    const long pid = std::strtol(pid_text.c_str(), &end, 10);
    if (pid_text.empty() || *end != '\0' || pid <= 0) continue;
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH) ::unlinkat(::dirfd(d), e->d_name, 0);
  }
  ::closedir(d);
}

std::optional<WriteError> write_in_place(const std::string& shown, const std::string& name,
                                         std::string_view text) {
  const SignalGuard guard(false);
  struct stat st {};
  const bool fifo = ::lstat(name.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
  // O_NOFOLLOW: the name was resolved; a link put there since is not followed.
  const int fd =
      fifo ? open_fifo(name) : ::open(name.c_str(), O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
  if (fd < 0 && fifo && errno == ETIMEDOUT)
    return WriteError{ETIMEDOUT,
                      fmt::format("cannot write '{}': it is a FIFO and no program opened it for "
                                  "reading within {} s",
                                  shown, kFifoWaitMs / 1000)};
  if (fd < 0) return error_for(shown, errno);
  const int written = write_all(fd, text);
  const int closed = ::close(fd) == 0 ? 0 : errno;
  if (written || closed) return error_for(shown, written ? written : closed);
  return std::nullopt;
}

std::optional<WriteError> replace_file(const std::string& shown, const std::string& name,
                                       std::string_view text) {
  struct stat old {};
  const bool exists = ::stat(name.c_str(), &old) == 0;
  if (!exists && errno != ENOENT) return error_for(shown, errno);
  if (exists && S_ISDIR(old.st_mode)) return error_for(shown, EISDIR);
  if (exists && old.st_nlink > 1)
    return WriteError{EMLINK,
                      fmt::format("will not write '{}': it has {} hard links, which replacing it "
                                  "would break; remove it first, or write another name",
                                  shown, old.st_nlink)};
  // Renaming would get past a file's read-only mode: refuse as writing it would.
  if (exists && ::access(name.c_str(), W_OK) != 0) return error_for(shown, errno);

  const auto slash = name.rfind('/');
  const std::string dir = slash == std::string::npos ? "" : name.substr(0, slash + 1);
  const SignalGuard guard(true);
  const std::string prefix = "." + name.substr(dir.size()) + ".rings-tmp-";
  remove_stale_temporaries(dir, prefix);
  TempFile tmp{dir + prefix + std::to_string(::getpid()) + "-XXXXXX"};
  tmp.fd = ::mkstemp(tmp.path.data());
  if (tmp.fd < 0) {
    tmp.path.clear();
    return error_for(shown, errno);
  }
  // mkstemp makes a private file; give it the old file's owner and mode, or a new file's.
  struct stat made {};
  if (::fstat(tmp.fd, &made) != 0) return error_for(shown, errno);
  if (exists && (made.st_uid != old.st_uid || made.st_gid != old.st_gid) &&
      ::fchown(tmp.fd, old.st_uid, old.st_gid) != 0)
    return error_for(shown, errno, "keep the owner of");
  // Set-user-ID and set-group-ID bits are not kept: they were given to the old contents.
  mode_t mode = old.st_mode & 01777;
  if (!exists) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(tmp.fd, mode) != 0) return error_for(shown, errno);
  if (const int e = write_all(tmp.fd, text)) return error_for(shown, e);
  if (::fsync(tmp.fd) != 0) return error_for(shown, errno);
  const int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) return error_for(shown, errno);
  if (::rename(tmp.path.c_str(), name.c_str()) != 0) return error_for(shown, errno);
  tmp.path.clear();
  // The new name is on disk once its directory is.
  const int dir_fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return std::nullopt;
}

}  // namespace

std::optional<WriteError> write_output_file(const std::string& path, std::string_view text) {
  if (path.empty()) return WriteError{ENOENT, "no file name given (- is standard output)"};
  if (const int fd = named_descriptor(path); fd >= 0) {
    const SignalGuard guard(false);
    if (const int e = write_all(fd, text)) {
      if (path != "-") return error_for(path, e);
      return WriteError{e, fmt::format("cannot write to standard output: {}", std::strerror(e))};
    }
    return std::nullopt;
  }
  auto resolved = final_name(path, path);
  if (auto* e = std::get_if<WriteError>(&resolved)) return std::move(*e);
  const std::string* name = &std::get<std::string>(resolved);
  struct stat st {};
  if (::stat(name->c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    return write_in_place(path, *name, text);
  return replace_file(path, *name, text);
}

}  // namespace rings
