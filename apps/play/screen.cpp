#include "screen.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

struct Glyphs {
  const char *top_left, *top_right, *bottom_left, *bottom_right, *line, *side, *rail, *cross,
      *post_top, *post, *post_foot, *base, *on, *off, *goal_on, *goal_off, *more_left, *more_right;
};
constexpr Glyphs kUnicode{"╭", "╮", "╰", "╯", "─", "│", "═", "╪", "┬",
                          "│", "┴", "─", "●", "○", "▴", "▾", "◀", "▶"};
constexpr Glyphs kAscii{".", ".", "'", "'", "-", "|", "=", "+", "+",
                        "|", "+", "-", "O", "o", "^", "v", "<", ">"};

// The ASCII stand-ins for the few other characters the game writes (the engine's reasons say
// "rings 1–3").
std::string to_ascii(std::string_view text) {
  static constexpr std::pair<std::string_view, std::string_view> kSubstitutes[] = {
      {"–", "-"}, {"—", "-"}, {"←", "<"}, {"→", ">"}, {"·", "-"}, {"…", "~"}, {"★", "*"}};
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

std::size_t utf8_length(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

// The first `cols` columns of `text`.
std::string_view first_columns(std::string_view text, std::size_t cols) {
  std::size_t byte = 0;
  for (std::size_t col = 0; col < cols && byte < text.size(); ++col)
    byte += utf8_length(text[byte]);
  return text.substr(0, std::min(byte, text.size()));
}

// `text` cut to `max` columns, with "…" when cut.
std::string cut(std::string_view text, std::size_t max) {
  if (columns(text) <= max) return std::string(text);
  return std::string(first_columns(text, max > 1 ? max - 1 : 0)) + "…";
}

// `text` in lines of at most `width` columns, broken at spaces (a longer word is cut).
std::vector<std::string> wrap(std::string_view text, std::size_t width) {
  std::vector<std::string> out;
  width = std::max<std::size_t>(width, 1);
  while (!text.empty()) {
    std::size_t take = text.size();
    if (columns(text) > width) {
      const std::size_t byte = first_columns(text, width).size();
      // Break at the last space that fits (a space right after the piece fits too).
      const auto space = text.substr(0, byte + 1).rfind(' ');
      take = space == std::string_view::npos || space == 0 ? byte : space;
    }
    out.emplace_back(text.substr(0, take));
    text.remove_prefix(take);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
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
  int height() const { return height_; }
  // Writes `text` from (row, col); returns the column after it.
  int put(int row, int col, std::string_view text) {
    const std::string ascii = unicode_ ? std::string() : to_ascii(text);
    if (!unicode_) text = ascii;
    for (std::size_t i = 0; i < text.size();) {
      const std::size_t len = utf8_length(text[i]);
      if (row >= 0 && row < height_ && col >= 0 && col < width_)
        cells_[row][col] = std::string(text.substr(i, len));
      ++col;
      i += len;
    }
    return col;
  }
  void mark(int row, int col, int width, Style style) {
    if (col < 0) {
      width += col;
      col = 0;
    }
    width = std::min(width, width_ - col);
    if (row >= 0 && row < height_ && width > 0) screen_.marks.push_back({row, col, width, style});
  }
  void hit(int row, int col, int width, Ring ring) {
    if (row >= 0 && row < height_) screen_.hits.push_back({row, col, width, ring});
  }
  Screen& meta() { return screen_; }
  Screen screen() && {
    for (auto& row : cells_) {
      std::string line;
      for (auto& c : row) line += c;
      line.erase(line.find_last_not_of(' ') + 1);
      screen_.lines.push_back(std::move(line));
    }
    return std::move(screen_);
  }

 private:
  int width_, height_;
  bool unicode_;
  std::vector<std::vector<std::string>> cells_;
  Screen screen_;
};

// A number short enough for a status line: "123", or "1234567890…(301 digits)".
std::string short_number(const mpz_class& n, std::size_t max = 24) {
  std::string s = n.get_str();
  if (s.size() <= max) return s;
  return fmt::format("{}…({} digits)", s.substr(0, std::min<std::size_t>(max / 2, 10)), s.size());
}

std::string goal_name(const State& goal) {
  if (goal == State::all_off(goal.size())) return " (all off)";
  if (goal == State::all_on(goal.size())) return " (all on)";
  return "";
}

std::string plural(std::uint64_t k, std::string_view what) {
  return fmt::format("{} {}{}", k, what, k == 1 ? "" : "s");
}

// The first of `candidates` that fits `width` columns, or the last one wrapped.
std::vector<std::string> fit_or_wrap(std::initializer_list<std::string> candidates,
                                     std::size_t width) {
  for (const auto& c : candidates)
    if (columns(c) <= width) return {c};
  return wrap(*(candidates.end() - 1), width);
}

// The first of `candidates` that fits `width` columns (the last one, cut, if none does).
std::string first_fitting(std::initializer_list<std::string> candidates, std::size_t width) {
  for (const auto& c : candidates)
    if (columns(c) <= width) return c;
  return cut(*(candidates.end() - 1), width);
}

// Which rings are drawn and how big: a window of `in_view` rings, `high` (drawn on the left)
// down to `high - in_view + 1`, in cells of `cell` columns and rings `ring_rows` rows high
// (0: the one-row strip).
struct Picture {
  int rows = 0;
  int cell = 2;
  int ring_rows = 0;
  std::uint64_t in_view = 0, high = 0;
  std::uint64_t low() const { return high - in_view + 1; }
};

constexpr int kStripRows = 3;
constexpr int kMaxCell = 24;  // wider rings would not look like rings  // the strip: rings on the
                              // shuttle, rings off, goal marks
int full_rows(int ring_rows) { return 2 * ring_rows + 3; }  // rings, base, numbers, goal

// The biggest picture in `rows` rows (none when not even the strip fits).
Picture choose_picture(const Session& s, int width, int rows) {
  Picture p;
  const std::uint64_t n = s.game().rings();
  const std::uint64_t usable = std::uint64_t(std::max(width - 6, 2));  // room for the ends
  if (rows >= full_rows(3)) {
    // Cells grow with the width, rings with the height (about as tall as wide on the screen,
    // whose cells are twice as high as wide).
    p.cell = int(std::clamp<std::uint64_t>(usable / n, 4, kMaxCell));
    p.ring_rows = 3;
    while (p.ring_rows < std::max(3, p.cell / 2) && full_rows(p.ring_rows + 1) <= rows)
      ++p.ring_rows;
    p.rows = full_rows(p.ring_rows);
  } else if (rows >= kStripRows) {
    p.rows = kStripRows;
  } else {
    return p;
  }
  p.in_view = std::min<std::uint64_t>(n, usable / p.cell);
  // The window keeps the selected ring in its middle.
  const Ring selected = s.is_pair_selected() ? 1 : s.selected();
  p.high = std::min(n, std::max(p.in_view, selected + p.in_view / 2));
  return p;
}

// The ring whose move the picture explains: the one just refused, else the selected one.
Ring explained_ring(const Session& s) {
  if (s.refused()) return s.refused();
  return s.is_pair_selected() ? 0 : s.selected();
}

// How ring `i` stands toward ring `k`'s rule: ring k-1 must be on, rings below it off.
// Returns nothing for rings the rule does not name.
std::optional<bool> meets_rule(const State& state, Ring k, Ring i) {
  const auto wanted = required_on(k, i);
  if (!wanted) return std::nullopt;
  return state.is_on(i) == *wanted;
}

// Ring 1 (and the pair, drawn as ring 0 or 1) always may; ring k as the engine says.
bool rule_allows(const State& state, Ring k) {
  return k < 2 || is_legal(state, toggle_move(state, k), Mode::single);
}

bool is_moving(const Session& s, Ring i) {
  const auto& m = s.moving();
  return m && (m->ring() == i || (m->is_pair() && i == 2));
}

bool is_selected(const Session& s, Ring i) {
  return s.is_pair_selected() ? i <= 2 : s.selected() == i;
}

std::string repeat(const char* glyph, int k) {
  std::string out;
  for (int i = 0; i < k; ++i) out += glyph;
  return out;
}

// The rings on the shuttle, drawn as the puzzle is: each ring on a post standing on the base,
// a ring on the shuttle around it, a ring off hanging below. The rule's chain for the
// explained ring (ring k-1 on, rings below off) is marked along the base.
void draw_full(Canvas& c, const Session& s, int top, const Picture& p, const Glyphs& g) {
  const State& state = s.game().state();
  const State& goal = s.game().goal();
  const std::uint64_t n = state.size();
  const int box = p.cell - 1, h = p.ring_rows, base = top + 2 * h;
  const int left = (c.width() - int(p.in_view) * p.cell) / 2 + 1;
  const int right = left + int(p.in_view) * p.cell - 1;  // the column after the last box
  const auto x_of = [&](Ring i) { return left + int(p.high - i) * p.cell; };
  const auto post_of = [&](Ring i) { return x_of(i) + box / 2; };

  // The shuttle runs through the rings on it; the base holds the posts.
  c.put(top + 1, left - 2, repeat(g.rail, right - left + 4));
  c.put(base, left - 1, repeat(g.base, right - left + 2));
  if (p.high < n) c.put(top + 1, left - 3, g.more_left);
  if (p.low() > 1) c.put(top + 1, right + 2, g.more_right);

  const Ring k = explained_ring(s);
  const bool allowed = rule_allows(state, k);
  if (k >= 2 && k <= p.high) {  // the chain: from ring k's post to ring 1's (or the edge)
    const int from = post_of(k), to = p.low() > 1 ? right : post_of(1);
    c.mark(base, from, to - from + 1, allowed ? Style::hinted : Style::illegal);
  }
  std::vector<bool> number_used(std::size_t(std::max(c.width(), 0)), false);
  const auto put_number = [&](Ring i, bool always) {
    const std::string number = std::to_string(i);
    const int nx = x_of(i) + (box - int(number.size())) / 2;
    for (int x = nx - 1; x <= nx + int(number.size()); ++x)
      if (x >= 0 && x < c.width() && number_used[x] && !always) return;
    c.put(base + 1, nx, number);
    for (int x = nx; x < nx + int(number.size()) && x < c.width(); ++x)
      if (x >= 0) number_used[x] = true;
    if (is_selected(s, i)) c.mark(base + 1, nx, int(number.size()), Style::selected);
  };
  for (Ring i = p.low(); i <= p.high; ++i) {
    const int x = x_of(i), post = post_of(i);
    const bool on = state.is_on(i), moving = is_moving(s, i);
    // A moving ring is drawn halfway, off the shuttle's line.
    const int y = moving ? top + (h + 1) / 2 : on ? top : top + h;
    c.put(y, x, std::string(g.top_left) + repeat(g.line, box - 2) + g.top_right);
    for (int row = y + 1; row < y + h - 1; ++row)
      c.put(row, x,
            row == top + 1 && on && !moving
                ? std::string(g.cross) + repeat(g.rail, box - 2) + g.cross
                : std::string(g.side) + std::string(std::max(box - 2, 0), ' ') + g.side);
    c.put(y + h - 1, x, std::string(g.bottom_left) + repeat(g.line, box - 2) + g.bottom_right);
    c.put(y + h - 1, post, g.post_top);
    for (int row = y + h; row < base; ++row) c.put(row, post, g.post);
    c.put(base, post, g.post_foot);
    const std::string goal_text =
        goal.is_on(i) ? (box >= 3 ? "on" : g.goal_on) : (box >= 3 ? "off" : g.goal_off);
    c.put(base + 2, x + (box - int(columns(goal_text))) / 2, goal_text);
    if (state.is_on(i) != goal.is_on(i))
      c.mark(base + 2, x + (box - int(columns(goal_text))) / 2, int(columns(goal_text)),
             Style::goal);

    Style style = on ? Style::ring_on : Style::ring_off;
    if (const auto meets = meets_rule(state, k, i)) style = *meets ? Style::hinted : Style::illegal;
    if (i == k && !allowed) style = Style::illegal;
    if (is_selected(s, i)) style = Style::selected;
    if (moving) style = Style::moving;
    for (int row = y; row < y + h; ++row) c.mark(row, x, box, style);
    for (int row = top; row <= base + 2; ++row) c.hit(row, x, box, i);
  }
  // Numbers: every ring's when they fit its cell, else the selected ring's and the window's ends.
  if (std::to_string(p.high).size() <= std::size_t(box)) {
    for (Ring i = p.low(); i <= p.high; ++i) put_number(i, true);
  } else {
    if (!s.is_pair_selected()) put_number(s.selected(), true);
    put_number(p.high, false);
    put_number(p.low(), false);
  }
}

// One column a ring: the shuttle with the rings on it, the rings off below, the goal marks.
void draw_strip(Canvas& c, const Session& s, int top, const Picture& p, const Glyphs& g) {
  const State& state = s.game().state();
  const State& goal = s.game().goal();
  const int left = (c.width() - int(p.in_view) * p.cell) / 2 + 1;
  const int right = left + int(p.in_view) * p.cell - 1;
  c.put(top, left - 1, repeat(g.rail, right - left + 2));
  if (p.high < state.size()) c.put(top, left - 2, g.more_left);
  if (p.low() > 1) c.put(top, right + 1, g.more_right);
  for (Ring i = p.low(); i <= p.high; ++i) {
    const int x = left + int(p.high - i) * p.cell;
    const bool on = state.is_on(i);
    c.put(on ? top : top + 1, x, on ? g.on : g.off);
    c.put(top + 2, x, goal.is_on(i) ? g.goal_on : g.goal_off);
    const Style style = is_moving(s, i)     ? Style::moving
                        : is_selected(s, i) ? Style::selected
                        : on                ? Style::ring_on
                                            : Style::ring_off;
    c.mark(on ? top : top + 1, x, 1, style);
    if (on != goal.is_on(i)) c.mark(top + 2, x, 1, Style::goal);
    for (int row = top; row < top + kStripRows; ++row) c.hit(row, x, 1, i);
  }
}

// "Ring 401 selected (on) · off-screen: 1000–411 ◀ ▶ 392–1", as much as fits.
std::string caption(const Session& s, const Picture& p, std::size_t width) {
  const State& state = s.game().state();
  const std::uint64_t n = state.size();
  const std::string ring = s.is_pair_selected()
                               ? std::string("Rings 1+2 selected")
                               : fmt::format("Ring {} selected ({})", s.selected(),
                                             state.is_on(s.selected()) ? "on" : "off");
  const std::string short_ring =
      s.is_pair_selected() ? std::string("Rings 1+2") : fmt::format("Ring {}", s.selected());
  if (p.in_view == n) return first_fitting({ring, short_ring}, width);
  const auto range = [](std::uint64_t a, std::uint64_t b) {
    return a == b ? std::to_string(a) : fmt::format("{}–{}", a, b);
  };
  const std::string left = p.high < n ? fmt::format("{} ◀", range(n, p.high + 1)) : "";
  const std::string right = p.low() > 1 ? fmt::format("▶ {}", range(p.low() - 1, 1)) : "";
  const std::string hidden = left + (left.empty() || right.empty() ? "" : " ") + right;
  return first_fitting({fmt::format("{} · off-screen: {}", ring, hidden),
                        fmt::format("{} · hidden: {}", short_ring, hidden),
                        fmt::format("{} {}", short_ring, hidden), short_ring},
                       width);
}

// The keys that work now, as "key what" items.
std::vector<std::string> key_items(const Session& s) {
  const bool many = s.game().rings() > 9;
  const bool pair = s.game().mode() == Mode::double_moves;
  switch (s.phase()) {
    case Phase::help:
      return {"any key: back to the game"};  // with more pages, render() says so
    case Phase::prompt:
      return {"0/1 type the start", "Enter start (empty: random)", "Backspace", "Esc cancel"};
    case Phase::confirm:
      return {"y quit without saving", "any other key: stay"};
    case Phase::autoplay:
    case Phase::paused:
      return {s.is_paused() ? "p go on" : "p pause",
              "f finish now",
              "+ faster",
              "- slower",
              "a stop",
              "? help",
              "q quit"};
    case Phase::solved:
      return {"g switch goal", "n new game", "R reset", "u undo", "? help", "q quit"};
    case Phase::play:
      break;
  }
  std::vector<std::string> items{many ? "0-9 ring number" : "1-9 move", "←→ select", "space move",
                                 "click move"};
  if (pair) items.push_back("d rings 1+2");
  for (const char* item : {"h hint", "a auto", "u undo", "r redo", "g goal", "n new", "R reset",
                           "s save", "? help", "q quit"})
    items.push_back(item);
  return items;
}

// Items in lines of at most `width` columns, two spaces apart, never split.
std::vector<std::string> wrap_items(const std::vector<std::string>& items, std::size_t width) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    if (!out.empty() && columns(out.back()) + 2 + columns(item) <= width)
      out.back() += "  " + item;
    else
      out.push_back(cut(item, width));
  }
  return out;
}

// The help, page `page` of what fits in `rows` rows from `top`; returns the number of pages.
int draw_help(Canvas& screen, int top, int rows, int page, bool double_moves, bool many) {
  Canvas c(screen.width(), 200, true);
  struct Entry {
    std::string_view key, what;
  };
  std::vector<Entry> entries{
      {"1-9", many ? "type a ring's number: the selection jumps to it"
                   : "move that ring (on or off, whichever way it can go)"},
      {"← → space", "select a ring; move it (Enter works too)"},
      {"Home End", "select ring N, ring 1; PgUp PgDn: a screenful"},
      {"click", "move the ring clicked"},
      {"d", "move rings 1 and 2 together (with --double)"},
      {"h", "hint: the next optimal move, and the rule that allows it"},
      {"a + -", "auto-play to the goal; faster, slower"},
      {"p f", "pause auto-play; finish now"},
      {"u r", "undo, redo (moves, goal switches, new games)"},
      {"g", "switch the goal between all off and all on"},
      {"n R", "new game (a random start, or type one); reset to the start"},
      {"s", "save (with --save FILE or --load FILE)"},
      {"Ctrl-L", "redraw the screen"},
      {"q", "quit (asks first when the game is not saved)"},
  };
  const int width = c.width() - 2;
  const int key_cols = width >= 50 ? 12 : 0;  // narrow: the text goes under its key
  int row = 0;
  const auto line = [&](int col, std::string_view text, bool label = false) {
    for (const auto& piece : wrap(text, std::size_t(std::max(width - col + 1, 1)))) {
      c.put(row, col, piece);
      if (label) c.mark(row, col, int(columns(piece)), Style::label);
      ++row;
    }
  };
  line(1, "Keys", true);
  for (const auto& e : entries) {
    if (key_cols) {
      c.put(row, 3, e.key);
      c.mark(row, 3, int(columns(e.key)), Style::key);
      line(3 + key_cols, e.what);
    } else {
      c.put(row, 1, e.key);
      c.mark(row, 1, int(columns(e.key)), Style::key);
      line(1 + int(columns(e.key)) + 1, e.what);
    }
  }
  line(1, "Rules", true);
  line(3, "Ring 1 can always be put on or taken off.");
  line(3, "Ring k > 1 moves only when ring k-1 is on and rings 1 to k-2 are all off.");
  if (double_moves) line(3, "With --double, rings 1 and 2 may also move together.");
  line(3,
       "In the picture each ring stands on its post; the shuttle (═) runs through the rings "
       "on it. The base under the selected ring shows its rule's chain.");
  rows = std::max(rows, 1);
  const int pages = (row + rows - 1) / rows;
  page = std::clamp(page, 0, pages - 1);
  const Screen help = std::move(c).screen();
  for (int r = 0; r < rows && page * rows + r < row; ++r)
    screen.put(top + r, 0, help.lines[page * rows + r]);
  for (const auto& m : help.marks)
    if (m.row >= page * rows && m.row < (page + 1) * rows)
      screen.mark(top + m.row - page * rows, m.col, m.width, m.style);
  return pages;
}

// A block of lines below the picture, kept or dropped as a whole by priority.
struct Block {
  std::vector<std::string> lines;
  int priority;         // 0 is kept first
  Style style;          // for the whole line, or its label
  int label_cols = -1;  // -1: the whole line in `style`; 0: no mark; k: the first k columns
};

}  // namespace

std::size_t columns(std::string_view text) {
  return std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xc0) != 0x80; });
}

Ring ring_at(const Screen& screen, int row, int col) {
  for (const auto& h : screen.hits)
    if (h.row == row && col >= h.col && col < h.col + h.width) return h.ring;
  return 0;
}

Screen render(const Session& s, int width, int height, bool unicode) {
  Canvas c(width, height, unicode);
  const Glyphs& g = unicode ? kUnicode : kAscii;
  const Game& game = s.game();
  const auto n = game.rings();
  const bool double_moves = game.mode() == Mode::double_moves;
  const std::size_t text_width = std::size_t(std::max(width - 2, 1));
  c.meta().title = game.is_solved()
                       ? fmt::format("rings play: {}, solved", plural(n, "ring"))
                       : fmt::format("rings play: {}, {} moves to go", plural(n, "ring"),
                                     short_number(game.remaining()));

  if (width < kMinWidth || height < kMinHeight) {
    const auto lines = wrap(fmt::format("Too small ({}x{}): rings play needs at least {}x{}. "
                                        "Enlarge the terminal, or press q.",
                                        width, height, kMinWidth, kMinHeight),
                            std::size_t(std::max(width, 1)));
    for (int row = 0; row < height && row < int(lines.size()); ++row) c.put(row, 0, lines[row]);
    return std::move(c).screen();
  }

  // The title, with the help and quit keys in the corner when there is room.
  const std::string corner = "? help  q quit";
  const std::string title =
      first_fitting({fmt::format("rings play · {} · {} moves", plural(n, "ring"),
                                 double_moves ? "double" : "single"),
                     fmt::format("rings play · {}", plural(n, "ring")), std::string("rings play")},
                    text_width);
  c.put(0, 1, title);
  c.mark(0, 1, int(columns(title)), Style::label);
  if (columns(title) + columns(corner) + 4 <= std::size_t(width))
    c.put(0, width - int(columns(corner)) - 1, corner);

  std::vector<std::string> keys = wrap_items(key_items(s), text_width);
  if (s.is_help_shown()) {
    const int pages =
        draw_help(c, 2, height - 3 - int(keys.size()), s.help_page(), double_moves, n > 9);
    c.meta().help_pages = pages;
    if (pages > 1) {
      keys = wrap_items(
          {fmt::format("space more ({} of {})", std::min(s.help_page(), pages - 1) + 1, pages),
           "other key: back"},
          text_width);
    }
    const int key_row = height - int(keys.size());
    for (int i = 0; i < int(keys.size()); ++i) c.put(key_row + i, 1, keys[i]);
    return std::move(c).screen();
  }

  // The lines below the picture, in the order shown; each kept if its priority wins room.
  std::vector<Block> blocks;
  const std::size_t state_cols = text_width > 8 ? text_width - 7 : 1;
  blocks.push_back({{"State  " + cut(format_state(game.state(), Notation::binary), state_cols)},
                    3,
                    Style::label,
                    5});
  const std::string goal_suffix = goal_name(game.goal());
  blocks.push_back(
      {{"Goal   " +
        cut(format_state(game.goal(), Notation::binary),
            text_width > columns(goal_suffix) + 8 ? text_width - 7 - columns(goal_suffix) : 1) +
        goal_suffix},
       8,
       Style::label,
       4});
  blocks.push_back({{cut("Cleve  " + format_state(game.state(), Notation::cleve) +
                             " (Cleve Moler's decimal state)",
                         text_width)},
                    10,
                    Style::label,
                    5});
  const std::string remaining = short_number(game.remaining(), text_width >= 60 ? 24 : 12);
  blocks.push_back(
      {fit_or_wrap({fmt::format("Moves made: {}   Optimal moves remaining: {}", game.moves_made(),
                                remaining),
                    fmt::format("Moves: {}  Optimal left: {}", game.moves_made(), remaining),
                    fmt::format("Moves {} · left {}", game.moves_made(), remaining)},
                   text_width),
       3, Style::label, 0});
  blocks.push_back(
      {{first_fitting(
           {fmt::format("On an optimal path: {}", game.is_on_optimal_path() ? "yes" : "no"),
            fmt::format("Optimal path: {}", game.is_on_optimal_path() ? "yes" : "no")},
           text_width)},
       5,
       Style::label,
       0});
  if (game.is_solved()) {
    const std::string since =
        game.leg_moves() == game.moves_made() ? "" : " since the goal changed";
    const std::string how = how_solved(game.aids(), game.leg_moves());
    const bool optimal = mpz_class(game.leg_moves()) == game.optimum();
    std::string line = optimal ? fmt::format("★ Solved in {}{} {}: the optimum.",
                                             plural(game.leg_moves(), "move"), since, how)
                               : fmt::format("★ Solved in {}{} {}; the optimum is {}.",
                                             plural(game.leg_moves(), "move"), since, how,
                                             short_number(game.optimum()));
    if (optimal && game.aids().by_hand()) line += " A perfect game!";
    blocks.push_back({wrap(line, text_width), 1, Style::solved});
  } else if (s.is_autoplay()) {
    blocks.push_back({{cut(fmt::format("Auto-play: speed {} of {}{}", s.speed(),
                                       kAutoPlayDelaysMs.size(), s.is_paused() ? ", paused" : ""),
                           text_width)},
                      4,
                      Style::label});
  }
  // The message gets most of a small screen, but leaves room for the state and the count.
  auto message = wrap(s.message(), text_width);
  const std::size_t max_message = std::size_t(std::max(2, height - 6));
  if (message.size() > max_message) {
    message.resize(max_message);
    message.back() = cut(message.back() + " …", text_width);
  }
  const std::size_t message_block = blocks.size();
  blocks.push_back({message, 1, Style::illegal, s.is_error() ? -1 : 0});
  std::optional<std::size_t> prompt_block;
  if (const auto& typed = s.prompt()) {
    // The end of what was typed, so the cursor stays in view.
    const std::size_t room = text_width > 8 ? text_width - 8 : 1;
    const std::string shown =
        columns(*typed) <= room ? *typed : "…" + typed->substr(typed->size() - (room - 1));
    prompt_block = blocks.size();
    blocks.push_back({{"Start: " + shown}, 0, Style::label, 6});
  }

  // Room: the title and the key bar first, then the blocks by priority, the picture among them.
  int room = height - 1;
  bool keys_shown = false;
  std::vector<bool> kept(blocks.size(), false);
  const auto keep = [&](int max_priority) {
    for (int priority = 0; priority <= max_priority; ++priority)
      for (std::size_t i = 0; i < blocks.size(); ++i)
        if (!kept[i] && blocks[i].priority == priority && int(blocks[i].lines.size()) <= room) {
          kept[i] = true;
          room -= int(blocks[i].lines.size());
        }
  };
  keep(3);
  const bool strip_room = room >= kStripRows;
  if (strip_room) room -= kStripRows;
  // Which ring is selected matters more when not every ring is in view.
  const bool windowed = game.rings() * 2 + 6 > std::uint64_t(width);
  if (!windowed) keep(5);
  const bool caption_room = strip_room && room >= 1;
  if (caption_room) room -= 1;
  keep(5);
  if (int(keys.size()) <= room) {
    keys_shown = true;
    room -= int(keys.size());
  } else if (room >= 1) {
    keys.resize(1);
    keys_shown = true;
    room -= 1;
  }
  keep(100);
  // The picture takes what is left (less a blank line under the title and one above the text).
  Picture picture;
  if (strip_room) {
    const int spare = room + kStripRows;
    picture = choose_picture(s, width, spare >= full_rows(3) + 2 ? spare - 2 : spare);
    room = spare - picture.rows;
  }
  c.meta().rings_in_view = std::max<std::uint64_t>(picture.in_view, 1);

  int row = 1;
  if (room > 0 && picture.rows) {
    ++row;
    --room;
  }
  if (picture.rows) {
    if (picture.ring_rows)
      draw_full(c, s, row, picture, g);
    else
      draw_strip(c, s, row, picture, g);
    row += picture.rows;
    if (caption_room) {
      const std::string text = caption(s, picture, text_width);
      c.put(row, 1, text);
      c.mark(row, 1, int(columns(text.substr(0, text.find(" ·")))), Style::label);
      ++row;
    }
  }
  if (room > 0) {
    ++row;
    --room;
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (!kept[i]) continue;
    const Block& b = blocks[i];
    if (i == message_block && room > 0) {  // a gap before the message
      ++row;
      --room;
    }
    for (const auto& line : b.lines) {
      c.put(row, 1, line);
      if (b.label_cols != 0)
        c.mark(row, 1, b.label_cols < 0 ? int(columns(line)) : b.label_cols, b.style);
      if (prompt_block && i == *prompt_block)
        c.meta().cursor = std::make_pair(row, 1 + int(columns(line)));
      ++row;
    }
  }
  if (keys_shown) {
    const int key_row = height - int(keys.size());
    for (int i = 0; i < int(keys.size()); ++i) {
      c.put(key_row + i, 1, keys[i]);
      // The key of every item stands out: the text before its first space.
      int col = 1;
      for (std::string_view rest = keys[i]; !rest.empty();) {
        const auto space = rest.find(' ');
        c.mark(key_row + i, col, int(columns(rest.substr(0, space))), Style::key);
        const auto next = rest.find("  ");
        if (next == std::string_view::npos) break;
        col += int(columns(rest.substr(0, next + 2)));
        rest.remove_prefix(next + 2);
      }
    }
  }
  return std::move(c).screen();
}

}  // namespace rings::play
