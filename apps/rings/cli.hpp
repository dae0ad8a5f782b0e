// What the subcommands share: the error exit, buffered output, reading states and lines.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rings/notation.hpp"
#include "rings/problem.hpp"
#include "rings/state.hpp"

namespace rings::cli {

/// A usage or input error: main prints "rings: error: <what>" and exits with status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// An error message made safe to print as one line: control bytes (a NUL, a carriage return or
/// an escape sequence quoted from binary input) become \xNN, and text past kMaxMessage bytes (a
/// quoted line of a million characters) is cut to "...". Applying it twice changes nothing.
std::string one_line(std::string_view message);
inline constexpr std::size_t kMaxMessage = 500;

[[noreturn]] inline void fail(const std::string& what) { throw UsageError(one_line(what)); }

/// Exit statuses of SPEC.md.
inline constexpr int kOk = 0, kNegative = 1, kUsage = 2;

/// Buffered standard output. A closed pipe ends the program quietly (status 0); any other
/// write error is reported.
class Output {
 public:
  Output() { buf_.reserve(kSize); }
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void write(std::string_view s) {
    if (buf_.size() + s.size() > kSize) flush();
    if (s.size() > kSize) return write_out(s);
    buf_.append(s);
  }
  void put(char c) {
    if (buf_.size() == kSize) flush();
    buf_.push_back(c);
  }
  template <class... Args>
  void print(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(buf_), f, std::forward<Args>(args)...);
    if (buf_.size() >= kSize) flush();
  }
  /// The buffer itself, for hot loops that format in place; call maybe_flush() after.
  std::string& buffer() { return buf_; }
  void maybe_flush() {
    if (buf_.size() >= kSize - 4096) flush();
  }
  void flush() {
    write_out(buf_);
    buf_.clear();
  }

 private:
  static constexpr std::size_t kSize = 1 << 16;
  static void write_out(std::string_view s);
  std::string buf_;
};

/// The options every command with states shares.
struct StateOptions {
  std::string notation = "binary";
  bool double_moves = false;
};
void add_state_options(CLI::App& cmd, StateOptions& opts);
Notation notation_of(const StateOptions& opts);
inline Mode mode_of(const StateOptions& opts) {
  return opts.double_moves ? Mode::double_moves : Mode::single;
}

/// The options of every command that answers: `--json` (one JSON object, the web API's fields)
/// and, where a count is printed, `--mod M`.
void add_json_flag(CLI::App& cmd, bool& json);
void add_mod_option(CLI::App& cmd, std::optional<std::string>& mod, std::string_view what);
/// `--puzzle NAME` (default rings): the puzzles of the catalogue.
void add_puzzle_option(CLI::App& cmd, std::string& puzzle);
/// `-n/--rings N`: the ring count, on every command where it means something.
void add_rings_option(CLI::App& cmd, std::optional<std::string>& rings);
/// The ring count from a positional N and -n/--rings (either, or both when they agree).
std::optional<std::string> rings_given(const std::optional<std::string>& positional,
                                       const std::optional<std::string>& option);
/// --mod's value, when given.
std::optional<std::uint64_t> modulus_of(const std::optional<std::string>& mod);

/// CLI11's parse error as our own sentence ("unexpected argument 'x'", "-k needs a value"),
/// pointing to the command's --help.
std::string parse_error_text(const std::string& what, std::string_view command);

/// The text of a state argument: `@PATH` reads the file, `@-` standard input.
std::string state_text(const std::string& arg, std::string_view what);

/// Parses the modulus of --mod (1..2^64-1), or fails.
std::uint64_t parse_modulus(const std::string& text);

/// Parses a ring count 1..kMaxRings, or fails.
std::uint64_t parse_rings(const std::string& text);

/// Parses a state text, or fails naming `what` ("--from: position 3: …").
State parse_state_or_fail(const std::string& text, std::uint64_t rings, Notation notation,
                          std::string_view what);

/// A piece count of `puzzle` given alone (`rings count N`): 1..max, named `name` in errors.
std::uint64_t read_or_fail(const family::Puzzle& puzzle, const std::string& text,
                           std::string_view name, std::uint64_t max);

/// A state argument: its name in errors ("--from"), its text as given (`@FILE` is read here),
/// and the text used when it is not given ("start", "goal"). It points at the option's text:
/// a state may be a gigabyte, read once.
struct StateArg {
  StateArg(std::string_view name, const std::optional<std::string>& arg, std::string_view fallback)
      : name(name), arg(arg ? &*arg : nullptr), fallback(fallback) {}
  StateArg(std::string_view name, const std::string& arg) : name(name), arg(&arg) {}
  std::string_view name;
  const std::string* arg;
  std::string_view fallback;
};

/// A command's question read by the engine's one reader (read_problem): --puzzle, N, the states,
/// --notation and --double; fails, as every command does, with the reader's error.
Problem problem(std::string_view puzzle, const std::optional<std::string>& n,
                const std::vector<StateArg>& states, const StateOptions& options,
                std::optional<std::uint64_t> pieces_listed = std::nullopt);

/// The start and target of a command of the rings: N (text, optional), --from and --to (texts,
/// optional; default all-on and all-off). The ring count comes from N or from a state in bits.
struct Endpoints {
  State from, to;
};
Endpoints endpoints(const std::optional<std::string>& n, const std::optional<std::string>& from,
                    const std::optional<std::string>& to, Notation notation,
                    std::string_view from_name = "--from");

/// Reads a file descriptor in large blocks of whole lines (for move lists of any length).
class LineReader {
 public:
  explicit LineReader(int fd) : fd_(fd) {}
  /// The next block of whole lines (the last may lack its newline at the end of input); false
  /// at the end. A line longer than a state can be is an error.
  bool next_block(std::string_view& block);

 private:
  int fd_;
  std::unique_ptr<char[]> buf_;  // not zeroed: read() fills it
  std::size_t capacity_ = 0;
  std::size_t begin_ = 0, end_ = 0;  // the unread bytes
  bool eof_ = false;
};

}  // namespace rings::cli
