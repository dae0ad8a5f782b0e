#include "puzzle_picture.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "game.hpp"

namespace rings::play {

using draw::Canvas;
using draw::Picture;
using draw::repeat;
using family::Kind;

namespace {

bool is_hanoi(const Session& s) { return s.game().puzzle().kind == Kind::hanoi; }
bool is_rings(const Session& s) { return s.game().puzzle().kind == Kind::rings; }

// The rings: on their posts, the shuttle through those on it.
struct Glyphs {
  const char *top_left, *top_right, *bottom_left, *bottom_right, *line, *side, *rail, *cross,
      *post_top, *post, *post_foot, *base, *on, *off, *goal_on, *goal_off, *more_left, *more_right;
};
constexpr Glyphs kUnicode{"╭", "╮", "╰", "╯", "─", "│", "═", "╪", "┬",
                          "│", "┴", "─", "●", "○", "▴", "▾", "◀", "▶"};
constexpr Glyphs kAscii{".", ".", "'", "'", "-", "|", "=", "+", "+",
                        "|", "+", "-", "O", "o", "^", "v", "<", ">"};

constexpr int kStripRows = 3;  // the strip: rings on the shuttle, rings off, goal marks
constexpr int kMaxCell = 24;   // wider rings would not look like rings
int full_rows(int ring_rows) { return 2 * ring_rows + 3; }  // rings, base, numbers, goal

// The biggest picture in `rows` rows (none when not even the strip fits).
Picture choose_ring_picture(const Session& s, int width, int rows) {
  Picture p;
  const std::uint64_t n = s.pieces();
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
std::optional<bool> meets_rule(const Game& g, Ring k, Ring i) {
  const auto wanted = g.asked_of(k, i);
  if (!wanted) return std::nullopt;
  return g.at(i) == *wanted;
}

// Ring 1 (and the pair, drawn as ring 0 or 1) always may; ring k as the engine says.
bool rule_allows(const Game& g, Ring k) { return k < 2 || !g.moves_of(k).empty(); }

bool is_moving(const Session& s, Ring i) {
  const auto& m = s.moving();
  return m && (m->piece == i || (m->pair && i == 2));
}

bool is_selected(const Session& s, Ring i) {
  return s.is_pair_selected() ? i <= 2 : s.selected() == i;
}

// The rings on the shuttle, drawn as the puzzle is: each ring on a post standing on the base,
// a ring on the shuttle around it, a ring off hanging below. The rule's chain for the
// explained ring (ring k-1 on, rings below off) is marked along the base.
void draw_full(Canvas& c, const Session& s, int top, const Picture& p, const Glyphs& g) {
  const Game& game = s.game();
  const auto is_on = [&](Ring i) { return game.at(i) == 1; };
  const auto goal_on = [&](Ring i) { return game.goal()[i - 1] == 1; };
  const std::uint64_t n = game.pieces();
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
  const bool allowed = rule_allows(game, k);
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
    const bool on = is_on(i), moving = is_moving(s, i);
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
        goal_on(i) ? (box >= 3 ? "on" : g.goal_on) : (box >= 3 ? "off" : g.goal_off);
    c.put(base + 2, x + (box - int(columns(goal_text))) / 2, goal_text);
    if (is_on(i) != goal_on(i))
      c.mark(base + 2, x + (box - int(columns(goal_text))) / 2, int(columns(goal_text)),
             Style::goal);

    Style style = on ? Style::ring_on : Style::ring_off;
    if (const auto meets = meets_rule(game, k, i)) style = *meets ? Style::hinted : Style::illegal;
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
  const Game& game = s.game();
  const auto goal_on = [&](Ring i) { return game.goal()[i - 1] == 1; };
  const int left = (c.width() - int(p.in_view) * p.cell) / 2 + 1;
  const int right = left + int(p.in_view) * p.cell - 1;
  c.put(top, left - 1, repeat(g.rail, right - left + 2));
  if (p.high < game.pieces()) c.put(top, left - 2, g.more_left);
  if (p.low() > 1) c.put(top, right + 1, g.more_right);
  for (Ring i = p.low(); i <= p.high; ++i) {
    const int x = left + int(p.high - i) * p.cell;
    const bool on = game.at(i) == 1;
    c.put(on ? top : top + 1, x, on ? g.on : g.off);
    c.put(top + 2, x, goal_on(i) ? g.goal_on : g.goal_off);
    const Style style = is_moving(s, i)     ? Style::moving
                        : is_selected(s, i) ? Style::selected
                        : on                ? Style::ring_on
                                            : Style::ring_off;
    c.mark(on ? top : top + 1, x, 1, style);
    if (on != goal_on(i)) c.mark(top + 2, x, 1, Style::goal);
    for (int row = top; row < top + kStripRows; ++row) c.hit(row, x, 1, i);
  }
}

// The rows of a piece's column in the full picture: its body, then its number and its goal.
int body_rows(Kind kind) {
  switch (kind) {
    case Kind::brain:
      return 5;  // the rod's knob and shaft, above (out) or below (in) the frame
    case Kind::hexadecimal:
      return 4;  // the slot's ends and its two places
    default:
      return 3;  // a dial; the elephant's three places
  }
}

// The row (within the body) a piece in `digit` is drawn at, where a label names the position.
int position_row(Kind kind, std::uint8_t digit) {
  switch (kind) {
    case Kind::brain:
      return digit == 1 ? 0 : 4;
    case Kind::hexadecimal:
      return 1 + digit;
    case Kind::elephant:
      return digit;
    default:
      return 1;
  }
}

// The piece in one character, for the strip and the goal row.
const char* glyph(Kind kind, std::uint8_t digit) {
  switch (kind) {
    case Kind::spin_out:
      return digit ? "│" : "─";  // vertical, horizontal
    case Kind::brain:
      return digit ? "▲" : "▼";  // out, in
    case Kind::elephant:
      return digit == 0 ? "↑" : digit == 1 ? "→" : "↓";
    default:
      return digit ? "1" : "0";
  }
}

// The label column's width: the position names, for the puzzles whose positions are places.
int label_width(const family::Puzzle& p) {
  if (p.kind == Kind::spin_out) return 0;  // the dial shows its turn
  int w = 0;
  for (int d = 0; d < p.positions; ++d)
    w = std::max(w, int(columns(family::position_name(p, std::uint8_t(d)))));
  return w + 1;
}

Style piece_style(const Session& s, std::uint64_t i) {
  if (s.selected() == i) return Style::selected;
  if (s.refused() == i || s.blocker() == i) return Style::illegal;
  const auto& g = s.game();
  return g.at(i) == g.goal()[i - 1] ? Style::ring_off : Style::ring_on;
}

// One piece's body in its column from (top, x), `w` columns wide.
void draw_body(Canvas& c, Kind kind, std::uint8_t digit, int top, int x, int w, Style style) {
  const int mid = x + (w - 1) / 2;
  switch (kind) {
    case Kind::spin_out: {  // a dial with its bar turned
      c.put(top, x, "╭" + draw::repeat("─", w - 2) + "╮");
      c.put(top + 1, x, "│" + std::string(std::size_t(std::max(w - 2, 0)), ' ') + "│");
      c.put(top + 2, x, "╰" + draw::repeat("─", w - 2) + "╯");
      if (digit) {
        for (int r = 0; r < 3; ++r) c.put(top + r, mid, "┃");
      } else {
        c.put(top + 1, x, draw::repeat("━", w));
      }
      for (int r = 0; r < 3; ++r) c.mark(top + r, x, w, style);
      return;
    }
    case Kind::brain: {  // the rod slides through the frame (row 2)
      const int knob = digit ? top : top + 4;
      c.put(knob, mid, digit ? "▲" : "▼");
      for (int r = digit ? top + 1 : top + 2; r <= (digit ? top + 2 : top + 3); ++r)
        c.put(r, mid, "┃");
      for (int r = 0; r < 5; ++r) c.mark(top + r, mid, 1, style);
      return;
    }
    case Kind::hexadecimal: {  // a slot with the bar at one end
      c.put(top, mid, "╷");
      c.put(top + 3, mid, "╵");
      for (int d = 0; d < 2; ++d)
        c.put(top + 1 + d, x, d == digit ? draw::repeat("█", w) : std::string(w / 2, ' ') + "│");
      c.mark(top + 1 + digit, x, w, style);
      return;
    }
    default: {  // the elephant faces up, right or down; its other places are dots
      for (int d = 0; d < 3; ++d)
        c.put(top + d, mid, d == digit ? glyph(kind, std::uint8_t(d)) : "·");
      if (w >= 3) c.put(top + digit, mid - 1, "(");
      if (w >= 3) c.put(top + digit, mid + 1, ")");
      c.mark(top + digit, std::max(x, mid - 1), std::min(w, 3), style);
      return;
    }
  }
}

// The Towers of Hanoi: three pegs, each disc as wide as its size allows, the smallest on top.
void draw_hanoi(Canvas& c, const Session& s, int top, const Picture& p) {
  const auto& g = s.game();
  const std::uint64_t n = g.pieces();
  const int peg_w = c.width() / 3;
  const int half = std::max(1, (peg_w - 3) / 2);  // the widest disc's half
  const int disc_rows = p.rows - 3;
  for (int peg = 0; peg < 3; ++peg) {
    const int centre = peg_w * peg + peg_w / 2;
    std::vector<std::uint64_t> discs;  // bottom (largest) first
    for (std::uint64_t i = n; i >= 1; --i)
      if (g.at(i) == peg) discs.push_back(i);
    const std::size_t hidden =
        discs.size() > std::size_t(disc_rows) ? discs.size() - std::size_t(disc_rows) : 0;
    for (int r = 0; r <= disc_rows; ++r) c.put(top + r, centre, "│");
    c.put(top + disc_rows + 1, centre - half - 1, draw::repeat("─", 2 * half + 3));
    c.put(top + disc_rows + 1, centre, "┴");
    // Within the peg's third of the screen (at 40 columns the long form would start off it).
    const std::string label =
        hidden ? draw::first_fitting({fmt::format("peg {} (+{} below)", peg, hidden),
                                      fmt::format("peg {} (+{})", peg, hidden)},
                                     std::size_t(std::max(peg_w - 1, 1)))
               : fmt::format("peg {}", peg);
    const int label_w = int(columns(label));
    c.put(top + disc_rows + 2,
          std::clamp(centre - label_w / 2, peg_w * peg,
                     std::max(peg_w * peg, peg_w * (peg + 1) - label_w)),
          label);
    for (std::size_t k = hidden; k < discs.size(); ++k) {
      const std::uint64_t disc = discs[k];
      const int row = top + disc_rows - int(k - hidden);
      // Sizes grow by one cell each side while they fit; beyond, they share the width.
      const int w =
          n <= std::uint64_t(half) ? int(disc) : std::max(1, int((disc * std::uint64_t(half)) / n));
      std::string number = std::to_string(disc);
      std::string bar = draw::repeat("█", 2 * w + 1);
      c.put(row, centre - w, bar);
      if (int(number.size()) <= 2 * w - 1) c.put(row, centre - int(number.size()) / 2, number);
      c.mark(row, centre - w, 2 * w + 1, piece_style(s, disc));
      c.hit(row, centre - w, 2 * w + 1, disc);
    }
  }
}

// The strip of the Towers of Hanoi, a row a peg: "peg 0: 5 4 3", the discs bottom first; a
// peg too long for the row shows its top discs after "…".
void draw_hanoi_strip(Canvas& c, const Session& s, int top, const Picture& p) {
  const auto& g = s.game();
  for (int peg = 0; peg < p.rows; ++peg) {
    std::vector<std::uint64_t> discs;
    for (std::uint64_t i = g.pieces(); i >= 1; --i)
      if (g.at(i) == peg) discs.push_back(i);
    const std::string label = fmt::format("peg {}:", peg);
    int x = c.put(top + peg, 1, label);
    c.mark(top + peg, 1, int(columns(label)), Style::label);
    std::size_t first = 0;  // the discs that fit, from the top of the peg down
    for (int room = c.width() - x - 3; first < discs.size(); ++first)
      if ((room -= int(std::to_string(discs[discs.size() - 1 - first]).size()) + 1) < 0) break;
    first = discs.size() - first;
    if (first > 0) x = c.put(top + peg, x, " …");
    for (std::size_t k = first; k < discs.size(); ++k) {
      const std::string number = std::to_string(discs[k]);
      x = c.put(top + peg, x, " ");
      c.put(top + peg, x, number);
      c.mark(top + peg, x, int(number.size()), piece_style(s, discs[k]));
      c.hit(top + peg, x, int(number.size()), discs[k]);
      x += int(number.size());
    }
  }
}

}  // namespace

Picture choose_picture(const Session& s, int width, int rows) {
  if (is_rings(s)) return choose_ring_picture(s, width, rows);
  Picture p;
  const auto& puzzle = s.game().puzzle();
  const std::uint64_t n = s.pieces();
  if (is_hanoi(s)) {
    p.in_view = n;
    p.high = n;
    if (rows >= 5) {
      p.ring_rows = 1;
      p.rows = int(std::min<std::uint64_t>(n, std::uint64_t(rows - 3))) + 3;
    } else if (rows >= 3) {
      p.rows = 3;
    }
    return p;
  }
  const int labels = label_width(puzzle);
  const std::uint64_t usable = std::uint64_t(std::max(width - 6 - labels, 2));
  if (rows >= body_rows(puzzle.kind) + 2) {
    p.ring_rows = 1;
    p.rows = body_rows(puzzle.kind) + 2;
    p.cell = int(std::clamp<std::uint64_t>(usable / n, 4, 8));
  } else if (rows >= 2) {
    p.rows = 2;
    p.cell = 2;
  } else {
    return p;
  }
  p.in_view = std::min<std::uint64_t>(n, usable / std::uint64_t(p.cell));
  const std::uint64_t selected = s.selected();
  p.high = std::min(n, std::max(p.in_view, selected + p.in_view / 2));
  return p;
}

void draw_picture(Canvas& c, const Session& s, int top, const Picture& p) {
  if (is_rings(s)) {
    const Glyphs& g = c.is_unicode() ? kUnicode : kAscii;
    return p.ring_rows ? draw_full(c, s, top, p, g) : draw_strip(c, s, top, p, g);
  }
  if (is_hanoi(s)) return p.ring_rows ? draw_hanoi(c, s, top, p) : draw_hanoi_strip(c, s, top, p);
  const auto& g = s.game();
  const auto& puzzle = g.puzzle();
  const std::uint64_t n = g.pieces();
  const bool full = p.ring_rows > 0;
  const int labels = full ? label_width(puzzle) : 0;
  const int left = (c.width() - int(p.in_view) * p.cell + labels) / 2 + 1;
  const int right = left + int(p.in_view) * p.cell - 1;
  const int body = full ? body_rows(puzzle.kind) : 1;
  // The names of the positions, at the rows of the pieces that stand there.
  if (labels)
    for (int d = 0; d < puzzle.positions; ++d) {
      const auto name = family::position_name(puzzle, std::uint8_t(d));
      c.put(top + position_row(puzzle.kind, std::uint8_t(d)), left - 2 - int(columns(name)), name);
      c.mark(top + position_row(puzzle.kind, std::uint8_t(d)), left - 2 - int(columns(name)),
             int(columns(name)), Style::label);
    }
  if (puzzle.kind == Kind::brain && full)  // the frame the rods slide through
    c.put(top + 2, left - 1, draw::repeat("═", right - left + 2));
  if (p.high < n) c.put(top + body / 2, left - 2, "◀");
  if (p.low() > 1) c.put(top + body / 2, right + 1, "▶");
  for (std::uint64_t i = p.low(); i <= p.high; ++i) {
    const int x = left + int(p.high - i) * p.cell;
    const int w = full ? p.cell - 1 : 1;
    const std::uint8_t digit = g.at(i), goal = g.goal()[i - 1];
    const Style style = piece_style(s, i);
    if (full) {
      draw_body(c, puzzle.kind, digit, top, x, w, style);
      const std::string number = std::to_string(i);
      const int nx = x + (w - int(number.size())) / 2;
      if (int(number.size()) <= p.cell - 1 || i == s.selected()) c.put(top + body, nx, number);
      if (i == s.selected()) c.mark(top + body, nx, int(number.size()), Style::selected);
    } else {
      c.put(top, x, glyph(puzzle.kind, digit));
      c.mark(top, x, 1, style);
    }
    // Where the goal wants the piece, marked while it is elsewhere.
    const int goal_row = top + (full ? body + 1 : 1);
    c.put(goal_row, x + (w - 1) / 2, glyph(puzzle.kind, goal));
    if (digit != goal) c.mark(goal_row, x + (w - 1) / 2, 1, Style::goal);
    c.hit(top, x, p.cell, i);
    for (int r = top + 1; r < top + p.rows; ++r) c.hit(r, x, p.cell, i);
  }
}

// "Ring 401 selected (on) · off-screen: 1000–411 ◀ ▶ 392–1", as much as fits.
std::string caption(const Session& s, const Picture& p, std::size_t width) {
  const Game& g = s.game();
  const auto& puzzle = g.puzzle();
  const std::uint64_t n = g.pieces(), k = s.selected();
  std::string piece(puzzle.piece), pieces(puzzle.pieces);
  piece[0] = char(std::toupper(piece[0]));
  pieces[0] = char(std::toupper(pieces[0]));
  const std::string selected =
      s.is_pair_selected()
          ? fmt::format("{} 1+2 selected", pieces)
          : fmt::format("{} {} selected ({})", piece, k, family::position_name(puzzle, g.at(k)));
  const std::string short_selected =
      s.is_pair_selected() ? fmt::format("{} 1+2", pieces) : fmt::format("{} {}", piece, k);
  if (p.in_view >= n) return draw::first_fitting({selected, short_selected}, width);
  const auto range = [](std::uint64_t a, std::uint64_t b) {
    return a == b ? std::to_string(a) : fmt::format("{}–{}", a, b);
  };
  const std::string l = p.high < n ? fmt::format("{} ◀", range(n, p.high + 1)) : "";
  const std::string r = p.low() > 1 ? fmt::format("▶ {}", range(p.low() - 1, 1)) : "";
  const std::string hidden = l + (l.empty() || r.empty() ? "" : " ") + r;
  return draw::first_fitting({fmt::format("{} · off-screen: {}", selected, hidden),
                              fmt::format("{} · hidden: {}", short_selected, hidden),
                              fmt::format("{} {}", short_selected, hidden), short_selected},
                             width);
}

PictureLayout picture_layout(const family::Puzzle& p) {
  // The rings' full picture (posts, base, the rule's chain) comes before the decimal state: at
  // 80x18 it fits only in place of it.
  if (p.kind == Kind::rings) return {full_rows(3) - kStripRows, full_rows(3) + 2};
  return {0, 8};
}

std::string all_at_words(const family::Puzzle& p, std::uint8_t digit) {
  return fmt::format("all {}{}", p.kind == Kind::hanoi ? "on " : "",
                     family::position_name(p, digit));
}

std::vector<std::string> puzzle_rules(const Game& g) {
  const family::Puzzle& p = g.puzzle();
  std::vector<std::string> out;
  const auto name = [&](int d) { return family::position_name(p, std::uint8_t(d)); };
  switch (p.kind) {
    case Kind::rings:
      out.emplace_back("Ring 1 can always be put on or taken off.");
      out.emplace_back("Ring k > 1 moves only when ring k-1 is on and rings 1 to k-2 are all off.");
      if (g.mode() == Mode::double_moves)
        out.emplace_back("With --double, rings 1 and 2 may also move together.");
      out.emplace_back(
          "In the picture each ring stands on its post; the shuttle (═) runs through the rings "
          "on it. The base under the selected ring shows its rule's chain.");
      return out;
    case Kind::spin_out:
      out.emplace_back(
          "Dial 1 can always turn. Dial k > 1 turns only when dial k-1 is vertical and "
          "dials 1 to k-2 are all horizontal.");
      break;
    case Kind::brain:
      out.emplace_back(
          "Rod 1 can always move. Rod k > 1 moves only when rod k-1 is out and rods 1 "
          "to k-2 are all in.");
      break;
    case Kind::hexadecimal: {
      const auto key = p.name.substr(p.name.size() - 4);
      out.push_back(fmt::format(
          "Bar 1 can always move. Bar i moves only when bar i-1 is {}, bar i-2 is {}, bar i-3 is "
          "{} and bar i-4 is {} (those that exist), and every bar below i-4 is 1 (key {}).",
          key[3], key[2], key[1], key[0], key));
      break;
    }
    case Kind::elephant:
      out.emplace_back(
          "Elephant 1 can always turn. Elephant i turns between up and right only when "
          "elephant i-1 is down, and between right and down only when it is up; in "
          "both cases every elephant below i-1 is down. Up and down are not joined.");
      break;
    case Kind::hanoi:
      out.emplace_back(
          "Disc 1, the smallest, can always move. A disc moves from one peg to another "
          "only when every smaller disc is on the third peg (so never onto a smaller "
          "disc).");
      break;
  }
  const char* on = p.kind == Kind::hanoi ? "on " : "";
  out.push_back(fmt::format("Start: every {} {}{}. Goal: every {} {}{}.", p.piece, on,
                            name(p.start), p.piece, on, name(p.goal)));
  out.push_back(fmt::format("States are written {} N first, one digit a {}: {}.", p.piece, p.piece,
                            p.positions == 3
                                ? fmt::format("0 {}, 1 {}, 2 {}", name(0), name(1), name(2))
                                : fmt::format("0 {}, 1 {}", name(0), name(1))));
  return out;
}

}  // namespace rings::play
