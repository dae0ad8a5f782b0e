#include "screen.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rings/notation.hpp"

namespace rings::play {
namespace {

struct Glyphs {
  const char *top_left, *top_right, *bottom_left, *bottom_right, *line, *side, *bar, *cross, *on,
      *off;
};
constexpr Glyphs kUnicode{"╭", "╮", "╰", "╯", "─", "│", "═", "╪", "●", "○"};
constexpr Glyphs kAscii{".", ".", "'", "'", "-", "|", "=", "+", "O", "."};

// The ASCII stand-ins for the few other characters the game writes (the engine's reasons say
// "rings 1–3").
std::string to_ascii(std::string_view text) {
  static constexpr std::pair<std::string_view, std::string_view> kSubstitutes[] = {
      {"–", "-"}, {"—", "-"}, {"←", "<-"}, {"→", "->"}, {"·", "-"}, {"…", "..."}, {"★", "*"}};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = text[i];
    if (c < 0x80) {
      out += char(c);
      ++i;
      continue;
    }
    std::size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    const auto ch = text.substr(i, len);
    auto it = std::find_if(std::begin(kSubstitutes), std::end(kSubstitutes),
                           [&](const auto& s) { return s.first == ch; });
    out += it == std::end(kSubstitutes) ? "?" : it->second;
    i += len;
  }
  return out;
}

// A grid of cells, each holding one UTF-8 character; writes outside it are clipped.
class Canvas {
 public:
  Canvas(int width, int height, bool unicode)
      : width_(width),
        height_(height),
        unicode_(unicode),
        cells_(std::size_t(std::max(height, 0)),
               std::vector<std::string>(std::max(width, 0), " ")) {}

  int width() const { return width_; }
  // Writes `text` from (row, col); returns the column after it.
  int put(int row, int col, std::string_view text) {
    const std::string ascii = unicode_ ? std::string() : to_ascii(text);
    if (!unicode_) text = ascii;
    for (std::size_t i = 0; i < text.size();) {
      const unsigned char c = text[i];
      const std::size_t len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
      if (row >= 0 && row < height_ && col >= 0 && col < width_)
        cells_[row][col] = std::string(text.substr(i, len));
      ++col;
      i += len;
    }
    return col;
  }
  void mark(int row, int col, int width, Style style) {
    col = std::max(col, 0);
    width = std::min(width, width_ - col);
    if (row >= 0 && row < height_ && width > 0) marks_.push_back({row, col, width, style});
  }
  Screen screen() && {
    Screen out;
    for (auto& row : cells_) {
      std::string line;
      for (auto& c : row) line += c;
      line.erase(line.find_last_not_of(' ') + 1);
      out.lines.push_back(std::move(line));
    }
    out.marks = std::move(marks_);
    return out;
  }

 private:
  int width_, height_;
  bool unicode_;
  std::vector<std::vector<std::string>> cells_;
  std::vector<Mark> marks_;
};

// Writes `text` from `row`, wrapped at spaces, in at most `rows` rows; returns the rows used.
int put_wrapped(Canvas& c, int row, int rows, std::string_view text, bool bold) {
  int used = 0;
  const std::size_t width = std::max(c.width() - 2, 10);
  while (!text.empty() && used < rows) {
    std::size_t cut = text.size();
    if (columns(text) > width) {
      // The byte offset of column `width`, then back to the last space before it.
      std::size_t byte = 0;
      for (std::size_t col = 0; col < width; ++col) {
        const unsigned char ch = text[byte];
        byte += ch < 0x80 ? 1 : ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : 2;
      }
      const auto space = text.substr(0, byte).rfind(' ');
      cut = space == std::string_view::npos || space == 0 ? byte : space;
    }
    const auto piece = text.substr(0, cut);
    c.put(row + used, 1, piece);
    if (bold) c.mark(row + used, 1, int(columns(piece)), Style::bold);
    text.remove_prefix(cut);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    ++used;
  }
  return used;
}

// A number short enough for a status line: "123", or "1234567890…(301 digits)".
std::string short_number(const mpz_class& n) {
  std::string s = n.get_str();
  if (s.size() <= 24) return s;
  return fmt::format("{}…({} digits)", s.substr(0, 10), s.size());
}

// The state in the canonical notation, cut to `max` columns.
std::string state_text(const State& s, std::size_t max) {
  std::string text = format_state(s, Notation::binary);
  if (text.size() > max) text = text.substr(0, max > 1 ? max - 1 : 0) + "…";
  return text;
}

std::string goal_name(const State& goal) {
  if (goal == State::all_off(goal.size())) return " (all off)";
  if (goal == State::all_on(goal.size())) return " (all on)";
  return "";
}

// Rings drawn on the bar, `cell` columns a ring, ring N on the left; rows top..top+6.
void draw_rings(Canvas& c, const Session& s, int top, int cell, const Glyphs& g) {
  const State& state = s.game().state();
  const auto n = int(state.size());
  const int left = (c.width() - n * cell) / 2;
  const int inner = cell - 3;
  auto repeat = [](const char* glyph, int k) {
    std::string out;
    for (int i = 0; i < k; ++i) out += glyph;
    return out;
  };
  c.put(top + 1, left - 2, repeat(g.bar, n * cell + 3));
  for (int i = 1; i <= n; ++i) {
    const int x = left + (n - i) * cell;
    const bool on = state.is_on(Ring(i));
    const int y = on ? top : top + 3;  // an off ring hangs below the bar
    c.put(y, x, std::string(g.top_left) + repeat(g.line, inner) + g.top_right);
    if (on)
      c.put(y + 1, x, std::string(g.cross) + repeat(g.bar, inner) + g.cross);
    else
      c.put(y + 1, x, std::string(g.side) + std::string(inner, ' ') + g.side);
    c.put(y + 2, x, std::string(g.side) + std::string(inner, ' ') + g.side);
    c.put(y + 3, x, std::string(g.bottom_left) + repeat(g.line, inner) + g.bottom_right);
    const std::string number = std::to_string(i);
    const int nx = x + (cell - 1 - int(number.size())) / 2;
    c.put(top + 7, nx, number);
    if (Ring(i) == s.selected()) {
      c.mark(top + 7, x, cell - 1, Style::reverse);
      for (int row = y; row <= y + 3; ++row) c.mark(row, x, cell - 1, Style::bold);
    }
  }
}

// One character a ring, ring N first, wrapped into at most `rows` rows around the selected ring.
void draw_compact(Canvas& c, const Session& s, int top, int rows, const Glyphs& g) {
  const State& state = s.game().state();
  const std::uint64_t n = state.size();
  const int label = int(std::to_string(n).size());
  const std::uint64_t per = std::uint64_t(std::max(c.width() - label - 3, 8));
  const std::uint64_t total_rows = (n + per - 1) / per;
  // Row r holds rings n - r*per down to n - r*per - per + 1.
  const std::uint64_t selected_row = (n - s.selected()) / per;
  std::uint64_t first = selected_row > 1 ? selected_row - 1 : 0;
  if (total_rows > std::uint64_t(rows))
    first = std::min(first, total_rows - rows);
  else
    first = 0;
  for (int r = 0; r < rows && first + r < total_rows; ++r) {
    const std::uint64_t high = n - (first + r) * per;
    const std::uint64_t low = high > per ? high - per + 1 : 1;
    int x = c.put(top + r, 1, fmt::format("{:>{}} ", high, label));
    for (std::uint64_t ring = high; ring >= low; --ring) {
      if (ring == s.selected()) c.mark(top + r, x, 1, Style::reverse);
      x = c.put(top + r, x, state.is_on(ring) ? g.on : g.off);
    }
  }
  c.put(
      top + rows + 1, 1,
      fmt::format("{} rings, ring {} first: {} on, {} off; ←/→ select a ring.", n, n, g.on, g.off));
}

void draw_help(Canvas& c, int top, bool double_moves) {
  static constexpr std::string_view kHelp[] = {
      "Keys",
      "  1-9         move that ring (on or off, whichever way it can go)",
      "  ←/→  space  select a ring; move it (Enter works too)",
      "  d           move rings 1 and 2 together (with --double)",
      "  h           hint: the next optimal move, and the rule that allows it",
      "  a   + -     auto-play to the goal; faster, slower",
      "  u   r       undo, redo",
      "  g           switch the goal between all off and all on",
      "  n           new game: a random start, or type one",
      "  s           save (with --save FILE or --load FILE)",
      "  q           quit (Ctrl-C too)",
      "",
      "Rules",
      "  Ring 1 can always be put on or taken off.",
      "  Ring k > 1 moves only when ring k-1 is on and rings 1 to k-2 are all off.",
  };
  int row = top;
  for (auto line : kHelp) c.put(row++, 2, line);
  if (double_moves)
    c.put(row++, 2, "  With --double, rings 1 and 2 may also move together (both on or both off).");
  c.put(row + 1, 2, "Press any key to go back to the game.");
  c.mark(top, 2, 4, Style::bold);
  c.mark(top + 12, 2, 5, Style::bold);
}

}  // namespace

std::size_t columns(std::string_view text) {
  return std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xc0) != 0x80; });
}

Screen render(const Session& s, int width, int height, bool unicode) {
  Canvas c(width, height, unicode);
  const Glyphs& g = unicode ? kUnicode : kAscii;
  const Game& game = s.game();
  const auto n = game.rings();
  const bool double_moves = game.mode() == Mode::double_moves;

  c.put(0, 1,
        fmt::format("rings play · {} ring{} · {} moves", n, n == 1 ? "" : "s",
                    double_moves ? "double" : "single"));
  c.mark(0, 1, 10, Style::bold);
  const std::string corner = "? help  q quit";
  c.put(0, width - int(columns(corner)) - 1, corner);

  if (s.is_help_shown()) {
    draw_help(c, 2, double_moves);
    return std::move(c).screen();
  }

  // The biggest ring cells that fit, with a margin on each side of the bar.
  const int cell = n * 6 + 6 <= std::uint64_t(width)   ? 6
                   : n * 4 + 6 <= std::uint64_t(width) ? 4
                                                       : 0;
  if (cell)
    draw_rings(c, s, 2, cell, g);
  else
    draw_compact(c, s, 2, 5, g);

  const std::size_t max_state = std::size_t(std::max(width - 20, 8));
  int row = 11;
  c.put(row, 1, "State  " + state_text(game.state(), max_state));
  c.mark(row, 1, 5, Style::bold);
  c.put(++row, 1, "Goal   " + state_text(game.goal(), max_state) + goal_name(game.goal()));
  c.mark(row, 1, 4, Style::bold);
  c.put(++row, 1,
        fmt::format("Moves made: {}   Optimal moves remaining: {}", game.moves_made(),
                    short_number(game.remaining())));
  c.put(++row, 1, fmt::format("On an optimal path: {}", game.is_on_optimal_path() ? "yes" : "no"));
  ++row;
  if (game.is_solved()) {
    const mpz_class moves = game.leg_moves();
    const std::string since =
        game.leg_moves() == game.moves_made() ? "" : " since the goal changed";
    const std::string line =
        moves == game.optimum()
            ? fmt::format("★ Solved in {} move{}{}: the optimum. A perfect game!", game.leg_moves(),
                          game.leg_moves() == 1 ? "" : "s", since)
            : fmt::format("★ Solved in {} moves{}; the optimum is {}.", game.leg_moves(), since,
                          short_number(game.optimum()));
    c.put(row, 1, line);
    c.mark(row, 1, int(columns(line)), Style::bold);
  } else if (s.is_autoplay()) {
    c.put(row, 1, fmt::format("Auto-play: speed {} of {}", s.speed(), kAutoPlayDelaysMs.size()));
  }
  row += 2;
  row += put_wrapped(c, row, 3, s.message(), s.is_error());
  if (const auto& typed = s.prompt()) {
    const std::string line = "Start: " + *typed;
    c.put(row, 1, line);
    c.mark(row, 1 + int(columns(line)), 1, Style::reverse);  // the cursor
  }

  c.put(height - 1, 1,
        "1-9, ← → space: move  h hint  a auto  u undo  r redo  g goal  n new  s save");
  return std::move(c).screen();
}

}  // namespace rings::play
