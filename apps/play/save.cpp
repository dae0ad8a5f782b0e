#include "save.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "output_file.hpp"
#include "rings/notation.hpp"

namespace rings::play {
namespace {

// Reads a save text line by line, numbering the lines for error messages.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  std::uint64_t number() const { return number_; }
  // The next line, or nothing at the end of the text.
  std::optional<std::string_view> next() {
    if (pos_ >= text_.size()) return std::nullopt;
    auto nl = text_.find('\n', pos_);
    if (nl == std::string_view::npos) nl = text_.size();
    auto line = text_.substr(pos_, nl - pos_);
    pos_ = nl + 1;
    ++number_;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::uint64_t number_ = 0;
};

Error error_at(const Lines& lines, std::string_view what) {
  return Error{fmt::format("line {}: {}", lines.number(), what), "bad_save_file"};
}

// The value of a `key value` line.
Result<std::string_view> field(Lines& lines, std::string_view key) {
  const auto line = lines.next();
  if (!line)
    return Error{fmt::format("the file ends before '{}' (it is truncated)", key), "bad_save_file"};
  if (line->size() <= key.size() || line->substr(0, key.size()) != key ||
      (*line)[key.size()] != ' ')
    return error_at(lines, fmt::format("expected '{} ...', found {}", key, quote_input(*line, 40)));
  return line->substr(key.size() + 1);
}

Result<std::uint64_t> count_field(Lines& lines, std::string_view key, std::uint64_t max) {
  auto v = field(lines, key);
  if (!v) return v.failure();
  auto n = parse_count(*v, key, max);
  if (!n) return error_at(lines, n.error());
  return *n;
}

Result<family::Pieces> state_field(Lines& lines, std::string_view key, const family::Puzzle& p,
                                   std::uint64_t pieces) {
  auto v = field(lines, key);
  if (!v) return v.failure();
  auto s = family::parse_pieces(p, *v, pieces);
  if (!s) return error_at(lines, fmt::format("{}: {}", key, s.error()));
  return std::move(*s);
}

// `aids HINTS UNDOS AUTO-MOVES`.
Result<Aids> aids_field(Lines& lines) {
  const auto text = field(lines, "aids");
  if (!text) return text.failure();
  std::uint64_t counts[3] = {};
  std::string_view rest = *text;
  bool ok = true;
  for (auto& count : counts) {
    const auto word = rest.substr(0, rest.find(' '));
    rest.remove_prefix(std::min(rest.size(), word.size() + 1));
    const auto v = parse_count(word, "aids");
    ok = ok && v.ok();
    count = v ? *v : 0;
  }
  if (!ok || !rest.empty())
    return error_at(lines, fmt::format("expected 'aids HINTS UNDOS AUTO-MOVES', found {}",
                                       quote_input(*text, 40)));
  return Aids{counts[0], counts[1], counts[2]};
}

// `end`, then nothing but blank lines.
std::optional<Error> end_field(Lines& lines) {
  const auto end = lines.next();
  if (!end) return Error{"the file ends before 'end' (it is truncated)", "bad_save_file"};
  if (*end != "end")
    return error_at(lines, fmt::format("expected 'end', found {}", quote_input(*end, 40)));
  while (const auto extra = lines.next())
    if (!extra->empty()) return error_at(lines, "unexpected text after 'end'");
  return std::nullopt;
}

std::string aids_line(const Aids& aids) {
  return fmt::format("aids {} {} {}\nend\n", aids.hints, aids.undos, aids.auto_moves);
}

// "line 1: ring 4 ..." from a parser that saw one line: drop its own line number.
std::string without_line_prefix(const std::string& error) {
  constexpr std::string_view prefix = "line 1: ";
  return error.starts_with(prefix) ? error.substr(prefix.size()) : error;
}

}  // namespace

std::string to_save_text(const Game& game) {
  const auto& p = game.puzzle();
  // A puzzle with double moves keeps the layout of the rings' saves, whose mode line says which
  // moves count; the others name their puzzle.
  std::string out =
      p.double_moves
          ? fmt::format("{}\n{} {}\nmode {}\n", kSaveHeader, p.name, game.pieces(),
                        game.mode() == Mode::double_moves ? "double" : "single")
          : fmt::format("{}\npuzzle {}\npieces {}\n", kPuzzleSaveHeader, p.name, game.pieces());
  out +=
      fmt::format("start {}\ngoal {}\ncursor {}\nsteps {}\n", family::format_pieces(game.start()),
                  family::format_pieces(game.initial_goal()), game.cursor(), game.history().size());
  for (const auto& step : game.history()) {
    out += step.is_goal_switch() ? "goal" : game.to_string(step.move);
    out += '\n';
  }
  return out + aids_line(game.aids());
}

Result<Game> from_save_text(std::string_view text) {
  Lines lines(text);
  const auto header = lines.next();
  const bool v1 = header && *header == kSaveHeaderV1;
  const bool v3 = header && *header == kPuzzleSaveHeader;
  if (!header || (*header != kSaveHeader && !v1 && !v3)) {
    if (header && header->starts_with("rings play save "))
      return Error{
          fmt::format("it was saved by another version of rings ('{}'; this one reads '{}')",
                      header->substr(0, 40), kSaveHeader),
          "bad_save_file"};
    return Error{fmt::format("it is not a rings play save file (the first line should be '{}')",
                             kSaveHeader),
                 "bad_save_file"};
  }
  std::optional<family::Puzzle> puzzle;
  std::uint64_t pieces = 0;
  Mode mode = Mode::single;
  if (v3) {
    const auto name = field(lines, "puzzle");
    if (!name) return name.failure();
    auto parsed = family::parse_puzzle(*name);
    if (!parsed) return error_at(lines, parsed.error());
    puzzle = std::move(*parsed);
    const auto n = count_field(lines, "pieces", max_pieces(*puzzle));
    if (!n) return n.failure();
    pieces = *n;
  } else {
    // v1 and v2: `NAME N`, a puzzle with double moves (the rings, the only one saved so) and its
    // piece count, then its mode.
    const auto line = lines.next();
    if (!line)
      return Error{"the file ends before the piece count (it is truncated)", "bad_save_file"};
    const auto space = line->find(' ');
    auto parsed = family::parse_puzzle(line->substr(0, space));
    if (!parsed || !parsed->double_moves || space == std::string_view::npos)
      return error_at(lines, fmt::format("expected the puzzle and its pieces ('{} N'), found {}",
                                         family::catalogue().front().name, quote_input(*line, 40)));
    puzzle = std::move(*parsed);
    const auto n = parse_count(line->substr(space + 1), puzzle->pieces, max_pieces(*puzzle));
    if (!n) return error_at(lines, n.error());
    pieces = *n;
    const auto mode_name = field(lines, "mode");
    if (!mode_name) return mode_name.failure();
    if (*mode_name != "single" && *mode_name != "double")
      return error_at(lines, fmt::format("mode must be single or double, found {}",
                                         quote_input(*mode_name, 40)));
    mode = *mode_name == "double" ? Mode::double_moves : Mode::single;
  }
  if (pieces == 0)
    return error_at(lines, fmt::format("the puzzle needs at least 1 {}", puzzle->piece));
  auto start = state_field(lines, "start", *puzzle, pieces);
  if (!start) return start.failure();
  auto goal = state_field(lines, "goal", *puzzle, pieces);
  if (!goal) return goal.failure();
  const auto cursor = count_field(lines, "cursor", UINT64_MAX);
  if (!cursor) return cursor.failure();
  const auto steps = count_field(lines, "steps", UINT64_MAX);
  if (!steps) return steps.failure();
  if (*cursor > *steps)
    return Error{fmt::format("the cursor ({}) is past the last step ({})", *cursor, *steps),
                 "bad_save_file"};

  Game game(std::move(*puzzle), std::move(*start), std::move(*goal), mode);
  for (std::uint64_t i = 0; i < *steps; ++i) {
    const auto line = lines.next();
    if (!line)
      return Error{fmt::format("the file ends after {} of {} steps (it is truncated)", i, *steps),
                   "bad_save_file"};
    if (*line == "goal") {
      game.switch_goal();
      continue;
    }
    const auto move = game.parse_move(*line);
    if (!move) return error_at(lines, without_line_prefix(move.error()));
    if (auto refusal = game.play(*move))
      return error_at(lines, fmt::format("{} is not a legal move here: {}", *line, refusal->why));
  }
  Aids aids;
  if (!v1) {
    auto read = aids_field(lines);
    if (!read) return read.failure();
    aids = *read;
  }
  if (auto error = end_field(lines)) return std::move(*error);
  while (game.cursor() > *cursor) game.undo();
  game.set_aids(aids);  // replaying counted the undos above as help: the file knows better
  return game;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view text) {
  if (auto error = write_output_file(path, text)) return std::move(error->message);
  return std::nullopt;
}

namespace {

std::optional<std::string> save_text(const std::string& path, const std::string& text,
                                     std::uint64_t steps, std::uint64_t max_bytes) {
  if (text.size() > max_bytes)
    return fmt::format(
        "cannot save to '{}': the game ({} steps) would take {} bytes, more than the {} bytes a "
        "save file may have",
        path, steps, text.size(), max_bytes);
  return write_file_atomically(path, text);
}

}  // namespace

std::optional<std::string> save_game(const std::string& path, const Game& game,
                                     std::uint64_t max_bytes) {
  return save_text(path, to_save_text(game), game.history().size(), max_bytes);
}

Result<std::string> read_regular_file(const std::string& path, std::uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return Error{fmt::format("cannot open '{}': {}", path, std::strerror(errno)), "bad_save_file"};
  const auto fail = [&](std::string message) {
    ::close(fd);
    return Error{std::move(message), "bad_save_file"};
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return fail(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    return fail(fmt::format("'{}' is not a regular file ({}); give the path of a saved game", path,
                            S_ISDIR(st.st_mode)    ? "a directory"
                            : S_ISFIFO(st.st_mode) ? "a FIFO"
                            : S_ISSOCK(st.st_mode) ? "a socket"
                                                   : "a device"));
  const auto too_big = [&](std::uint64_t size) {
    return fail(fmt::format("'{}' is {} bytes, more than the {} bytes a file here may have", path,
                            size, max_bytes));
  };
  if (std::uint64_t(st.st_size) > max_bytes) return too_big(std::uint64_t(st.st_size));
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::string text;
  char block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return fail(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
    if (n == 0) break;
    text.append(block, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) return too_big(text.size());  // it grew while being read
  }
  ::close(fd);
  return text;
}

Result<Game> load_game(const std::string& path) {
  auto text = read_regular_file(path, kMaxSaveBytes);
  if (!text) return text.failure();
  auto game = from_save_text(*text);
  if (!game) return Error{fmt::format("'{}': {}", path, game.error()), "bad_save_file"};
  return std::move(*game);
}

}  // namespace rings::play
