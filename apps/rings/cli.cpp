#include "cli.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <regex>

#include "progress.hpp"

namespace rings::cli {

void Output::write_out(std::string_view s) {
  while (!s.empty()) {
    const ssize_t n = ::write(1, s.data(), s.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) clear_progress_line();
    if (n < 0 && errno == EPIPE) std::_Exit(kOk);  // the reader has gone: end quietly
    if (n < 0) {
      fmt::print(stderr, "rings: error: writing output: {}\n", std::strerror(errno));
      std::_Exit(kUsage);
    }
    s.remove_prefix(static_cast<std::size_t>(n));
  }
}

void add_state_options(CLI::App& cmd, StateOptions& opts) {
  cmd.add_option("--notation", opts.notation,
                 "How states are read and written: binary (ring N first), ring1-first, decimal, "
                 "cleve (Cleve Moler's: bit i-1 set when ring i is off)")
      ->default_str("binary");
  cmd.add_flag("--double", opts.double_moves,
               "Count rings 1 and 2 moving together (both on or both off) as one move");
}

void add_json_flag(CLI::App& cmd, bool& json) {
  cmd.add_flag("--json", json, "Print one JSON object: the web API's answer to the same question");
}

void add_mod_option(CLI::App& cmd, std::optional<std::string>& mod, std::string_view what) {
  cmd.add_option("--mod", mod, fmt::format("Print {} modulo M (1 to 2^64 - 1)", what))
      ->option_text("M");
}

void add_rings_option(CLI::App& cmd, std::optional<std::string>& rings) {
  cmd.add_option("-n,--rings", rings, "Number of rings (needed for on/off/decimal/cleve states)")
      ->option_text("N");
}

std::optional<std::string> rings_given(const std::optional<std::string>& positional,
                                       const std::optional<std::string>& option) {
  if (positional && option && *positional != *option)
    fail(fmt::format("N is {} but --rings is {}: give the number of rings once",
                     quote_input(*positional, 40), quote_input(*option, 40)));
  return positional ? positional : option;
}

std::optional<std::uint64_t> modulus_of(const std::optional<std::string>& mod) {
  if (!mod) return std::nullopt;
  return parse_modulus(*mod);
}

std::string parse_error_text(const std::string& what, std::string_view command) {
  std::smatch m;
  std::string out;
  const auto matches = [&](const char* pattern) {
    return std::regex_match(what, m, std::regex(pattern));
  };
  if (what == "A subcommand is required" || what.starts_with("Requires at least")) {
    out =
        "give a command (count, distance, solve, hint, at, verify, table, play, serve, plot, "
        "animate, bench)";
  } else if (matches("The following arguments? (?:was|were) not expected: (.*)")) {
    const std::string extra = m[1].str().substr(0, m[1].str().find(' '));
    out = extra.starts_with("-") ? fmt::format("unknown option {}", quote_input(extra, 60))
                                 : fmt::format("unexpected argument {}", quote_input(extra, 60));
  } else if (matches("(.*): At Most (\\d+) required but received (\\d+)")) {
    out = fmt::format("too many arguments: {} takes at most {}", m[1].str(), m[2].str());
  } else if (matches("(.*): \\d+ required \\S+ missing")) {
    out = fmt::format("{} needs a value", m[1].str());
  } else if (matches("Could not convert: (.*) = (.*)")) {
    out = fmt::format("{}: expected a whole number, found {}", m[1].str(),
                      quote_input(m[2].str(), 60));
  } else if (matches("The value (.*) is not an allowed value for (.*)")) {
    out = fmt::format("{}: {} is not one of its choices", m[2].str(), quote_input(m[1].str(), 60));
  } else if (matches("(.*): Should be true/false or a number")) {
    out = fmt::format("{} takes no value", m[1].str());
  } else if (matches("(.*): too many inputs for a flag")) {
    out = fmt::format("{} is given more than once", m[1].str());
  } else if (matches("(.*) is required")) {
    out = fmt::format("missing {}", m[1].str());
  } else if (matches("(.*) excludes (.*)")) {
    out = fmt::format("{} and {} cannot be used together", m[1].str(), m[2].str());
  } else if (matches("(.*) requires (.*)")) {
    out = fmt::format("{} needs {}", m[1].str(), m[2].str());
  } else {
    out = what.empty() ? "invalid command line" : what.substr(0, what.find('\n'));
  }
  return command.empty() ? out + " (see rings --help)"
                         : fmt::format("{} (see rings {} --help)", out, command);
}

Notation notation_of(const StateOptions& opts) {
  auto n = parse_notation(opts.notation);
  if (!n) fail(n.error());
  return *n;
}

namespace {

// The longest state text (an @FILE) and the longest line of a move list: decimal text of a
// kMaxRings-bit number is shorter than this; binary is kMaxRings chars.
constexpr std::size_t kMost = kMaxRings + 4096;

std::string read_all(int fd, std::string_view name) {
  // Read straight into the string: a regular file's size is known, and what grows the string
  // past its capacity (a pipe, a file that grows) doubles it.
  struct stat st;
  std::size_t capacity = 1 << 16;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    // What is left from the current offset (standard input may be a file read partly).
    const off_t at = ::lseek(fd, 0, SEEK_CUR);
    const auto left =
        static_cast<std::uint64_t>(st.st_size - (at > 0 && at <= st.st_size ? at : 0));
    // Refused before reading: reading 100 MB only to refuse them would take seconds.
    if (left > kMost)
      fail(fmt::format("{} is {} bytes, more than the {} bytes a state may have", name, left,
                       kMost));
    capacity = static_cast<std::size_t>(left) + 1;
  }
  std::string out;
  std::size_t size = 0;
  for (;;) {
    if (size == out.size()) out.resize(std::min(kMost + 1, std::max(capacity, 2 * out.size())));
    const ssize_t n = ::read(fd, out.data() + size, out.size() - size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
    if (n == 0) break;
    size += static_cast<std::size_t>(n);
    if (size > kMost)
      fail(fmt::format("{} is more than the {} bytes a state may have", name, kMost));
  }
  out.resize(size);
  return out;
}

}  // namespace

std::string one_line(std::string_view message) { return printable(message, kMaxMessage); }

std::string state_text(const std::string& arg, std::string_view what) {
  if (arg.empty() || arg[0] != '@') return arg;
  const std::string path = arg.substr(1);
  if (path.empty()) fail(fmt::format("{}: '@' needs a file name (or @- for standard input)", what));
  if (path == "-") return read_all(0, "standard input");
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) fail(fmt::format("{}: cannot open '{}': {}", what, path, std::strerror(errno)));
  std::string text;
  try {
    text = read_all(fd, fmt::format("'{}'", path));
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return text;
}

std::uint64_t parse_modulus(const std::string& text) {
  const auto m = parse_count(text, "--mod");
  if (!m) fail(m.error());
  if (*m == 0) fail("--mod must be at least 1");
  return *m;
}

std::uint64_t parse_rings(const std::string& text) {
  return read_or_fail(*family::parse_puzzle("rings"), text, "N", kMaxRings);
}

std::uint64_t read_or_fail(const family::Puzzle& puzzle, const std::string& text,
                           std::string_view name, std::uint64_t max) {
  auto n = read_pieces(puzzle, text, name, max);
  if (!n) fail(n.error());
  return *n;
}

State parse_state_or_fail(const std::string& text, std::uint64_t rings, Notation notation,
                          std::string_view what) {
  auto s = parse_state(text, rings ? std::optional<std::uint64_t>(rings) : std::nullopt, notation);
  if (!s) fail(fmt::format("{}: {}", what, s.error()));
  return std::move(*s);
}

void add_puzzle_option(CLI::App& cmd, std::string& puzzle) {
  cmd.add_option("--puzzle", puzzle,
                 fmt::format("The puzzle: {} (docs/family.md)", family::puzzle_names()))
      ->default_str("rings")
      ->option_text("NAME");
}

Problem problem(std::string_view puzzle, const std::optional<std::string>& n,
                const std::vector<StateArg>& states, const StateOptions& options,
                std::optional<std::uint64_t> pieces_listed) {
  // Moved in, not copied: states of up to a gigabyte.
  std::vector<std::string> texts;
  texts.reserve(states.size());
  for (const auto& s : states)
    texts.push_back(s.arg ? state_text(*s.arg, s.name) : std::string(s.fallback));
  ProblemText question{.puzzle = puzzle,
                       .notation = options.notation,
                       .double_moves = options.double_moves,
                       .pieces_listed = pieces_listed};
  if (n) question.pieces = *n;
  for (std::size_t i = 0; i < states.size(); ++i)
    question.states.push_back({states[i].name, texts[i]});
  auto p = read_problem(question);
  if (!p) fail(p.error());
  return std::move(*p);
}

Endpoints endpoints(const std::optional<std::string>& n, const std::optional<std::string>& from,
                    const std::optional<std::string>& to, Notation notation,
                    std::string_view from_name) {
  auto p = problem("rings", n, {{from_name, from, "start"}, {"--to", to, "goal"}},
                   StateOptions{std::string(notation_name(notation)), false});
  return {std::move(p.bits[0]), std::move(p.bits[1])};
}

bool LineReader::next_block(std::string_view& block) {
  // 256 KB reads: the block stays in the second-level cache while it is checked.
  constexpr std::size_t kRead = 1 << 18;
  // Each block ends at the last newline read, so what is left from begin_ has none: only new
  // bytes are searched (searching the whole buffer again made a long line quadratic).
  for (;;) {
    if (eof_) {
      if (begin_ == end_) return false;
      block = std::string_view(buf_.get() + begin_, end_ - begin_);
      begin_ = end_;
      return true;
    }
    if (begin_ > 0) {  // the start of a line left from the last block
      std::memmove(buf_.get(), buf_.get() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    if (end_ > kMost)
      fail(fmt::format("a line of the move list is too long (more than {} bytes)", kMost));
    if (capacity_ - end_ < kRead) {
      const std::size_t capacity = std::max(2 * capacity_, end_ + kRead);
      auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
      if (end_) std::memcpy(bigger.get(), buf_.get(), end_);
      buf_ = std::move(bigger);
      capacity_ = capacity;
    }
    ssize_t n;
    do n = ::read(fd_, buf_.get() + end_, kRead);
    while (n < 0 && errno == EINTR);
    if (n < 0) fail(fmt::format("cannot read the move list: {}", std::strerror(errno)));
    const std::size_t old = end_;
    end_ += static_cast<std::size_t>(n);
    if (n == 0) eof_ = true;
    const auto nl = std::string_view(buf_.get() + old, end_ - old).rfind('\n');
    if (nl != std::string_view::npos) {
      block = std::string_view(buf_.get(), old + nl + 1);
      begin_ = old + nl + 1;
      return true;
    }
  }
}

}  // namespace rings::cli
