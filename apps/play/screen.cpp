#include "screen.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "canvas.hpp"
#include "puzzle_picture.hpp"
#include "rings/notation.hpp"
#include "rings/rules.hpp"

namespace rings::play {
namespace {

using namespace draw;

struct Glyphs {
  const char *top_left, *top_right, *bottom_left, *bottom_right, *line, *side, *rail, *cross,
      *post_top, *post, *post_foot, *base, *on, *off, *goal_on, *goal_off, *more_left, *more_right;
};
constexpr Glyphs kUnicode{"╭", "╮", "╰", "╯", "─", "│", "═", "╪", "┬",
                          "│", "┴", "─", "●", "○", "▴", "▾", "◀", "▶"};
constexpr Glyphs kAscii{".", ".", "'", "'", "-", "|", "=", "+", "+",
                        "|", "+", "-", "O", "o", "^", "v", "<", ">"};

std::string goal_name(const State& goal) {
  if (goal == State::all_off(goal.size())) return " (all off)";
  if (goal == State::all_on(goal.size())) return " (all on)";
  return "";
}

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
  const bool many = s.pieces() > 9;
  const bool pair = !s.is_family() && s.game().mode() == Mode::double_moves;
  switch (s.phase()) {
    case Phase::picker:
      if (s.picker()->step == 0) return {"1-6 choose", "↑↓ Enter", "Esc back"};
      return {"0-9 type", "Enter done (alone: the default)", "Backspace", "Esc back"};
    case Phase::destination:
      return {"0-2 where to", "Esc stay"};
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
      if (s.is_family())
        return {"n new game", "m puzzles", "R reset", "u undo", "? help", "q quit"};
      return {"g switch goal", "n new game", "R reset", "u undo", "? help", "q quit"};
    case Phase::play:
      break;
  }
  std::vector<std::string> items{many ? "0-9 ring number" : "1-9 move", "←→ select", "space move",
                                 "click move"};
  if (pair) items.push_back("d rings 1+2");
  for (const char* item : {"h hint", "a auto", "u undo", "r redo", "g goal", "n new", "R reset",
                           "m puzzles", "s save", "? help", "q quit"})
    if (!s.is_family() || item[0] != 'g') items.push_back(item);
  return items;
}

// The help, page `page` of what fits in `rows` rows from `top`; returns the number of pages.
int draw_help(Canvas& screen, int top, int rows, int page, const Session& s, bool many) {
  const bool family = s.is_family();
  const bool double_moves = !family && s.game().mode() == Mode::double_moves;
  Canvas c(screen.width(), 200, true);
  struct Entry {
    std::string_view key, what;
  };
  // The family's puzzles: pieces in their words, a piece with two places asks which; no goal
  // switch, no double moves.
  const std::string piece = family ? std::string(s.puzzle_game().puzzle().piece) : "ring";
  const std::string one =
      family ? fmt::format("move that {} (a {} with two places to go asks which)", piece, piece)
             : std::string("move that ring (on or off, whichever way it can go)");
  const std::string entry_texts[] = {
      many ? fmt::format("type a {}'s number: the selection jumps to it", piece) : one,
      fmt::format("select a {}; move it (Enter works too)", piece),
      fmt::format("select {} N, {} 1; PgUp PgDn: a screenful", piece, piece),
      fmt::format("move the {} clicked", piece)};
  std::vector<Entry> entries{
      {"1-9", entry_texts[0]},
      {"← → space", entry_texts[1]},
      {"Home End", entry_texts[2]},
      {"click", entry_texts[3]},
      {"d", "move rings 1 and 2 together (with --double)"},
      {"m", "pick a puzzle (Spin-Out, Hanoi, ...) and its size"},
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
  if (family) std::erase_if(entries, [](const Entry& e) { return e.key == "d" || e.key == "g"; });
  const int width = c.width() - 2;
  const int key_cols = width >= 50 ? 12 : 0;  // narrow: the text goes under its key
  int row = 0;
  std::vector<int> starts;  // where each entry, heading or rule begins: pages break there
  const auto line = [&](int col, std::string_view text, bool label = false) {
    if (starts.empty() || starts.back() != row) starts.push_back(row);
    for (const auto& piece : wrap(text, std::size_t(std::max(width - col + 1, 1)))) {
      c.put(row, col, piece);
      if (label) c.mark(row, col, int(columns(piece)), Style::label);
      ++row;
    }
  };
  line(1, "Keys", true);
  for (const auto& e : entries) {
    starts.push_back(row);
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
  if (family) {
    for (const auto& text : puzzle_rules(s.puzzle_game().puzzle())) line(3, text);
  } else {
    line(3, "Ring 1 can always be put on or taken off.");
    line(3, "Ring k > 1 moves only when ring k-1 is on and rings 1 to k-2 are all off.");
    if (double_moves) line(3, "With --double, rings 1 and 2 may also move together.");
    line(3,
         "In the picture each ring stands on its post; the shuttle (═) runs through the rings "
         "on it. The base under the selected ring shows its rule's chain.");
  }
  // Pages of whole entries: a page ends before an entry that would not fit on it whole (an entry
  // longer than a page is split).
  rows = std::max(rows, 1);
  starts.push_back(row);
  std::vector<int> page_starts{0};
  for (std::size_t i = 0; i + 1 < starts.size(); ++i) {
    const int from = page_starts.back();
    if (starts[i] > from && starts[i + 1] - from > rows) page_starts.push_back(starts[i]);
    while (starts[i + 1] - page_starts.back() > rows)
      page_starts.push_back(page_starts.back() + rows);
  }
  const int pages = int(page_starts.size());
  page = std::clamp(page, 0, pages - 1);
  const int first = page_starts[std::size_t(page)];
  const int end =
      std::min(first + rows, page + 1 < pages ? page_starts[std::size_t(page) + 1] : row);
  const Screen help = std::move(c).screen();
  for (int r = first; r < end; ++r) screen.put(top + r - first, 0, help.lines[r]);
  for (const auto& m : help.marks)
    if (m.row >= first && m.row < end) screen.mark(top + m.row - first, m.col, m.width, m.style);
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
  const auto n = s.pieces();
  const bool family = s.is_family();
  const bool double_moves = !family && s.game().mode() == Mode::double_moves;
  // The pieces in the puzzle's words: "5 rings", "1 disc".
  const std::string pieces = family ? fmt::format("{} {}", n,
                                                  n == 1 ? s.puzzle_game().puzzle().piece
                                                         : s.puzzle_game().puzzle().pieces)
                                    : plural(n, "ring");
  const std::string_view puzzle_title = family ? s.puzzle_game().puzzle().title : "";
  const std::size_t text_width = std::size_t(std::max(width - 2, 1));
  const std::string what = family ? fmt::format("{}, {}", puzzle_title, pieces) : pieces;
  c.meta().title = s.is_solved() ? fmt::format("rings play: {}, solved", what)
                                 : fmt::format("rings play: {}, {} moves to go", what,
                                               short_number(s.remaining()));

  if (width < kMinWidth || height < kMinHeight) {
    const auto lines = wrap(fmt::format("Too small ({}x{}): rings play needs at least {}x{}. "
                                        "Enlarge the terminal, or press q.",
                                        width, height, kMinWidth, kMinHeight),
                            std::size_t(std::max(width, 1)));
    for (int row = 0; row < height && row < int(lines.size()); ++row) c.put(row, 0, lines[row]);
    return std::move(c).screen();
  }

  // The title, with the help and quit keys in the corner when there is room. Without a key bar
  // the title is shortened as far as it takes for the help's key to show.
  const std::vector<std::string> titles = {
      family
          ? fmt::format("rings play · {} · {}", puzzle_title, pieces)
          : fmt::format("rings play · {} · {} moves", pieces, double_moves ? "double" : "single"),
      fmt::format("rings play · {}", pieces), std::string("rings play")};
  const auto put_title = [&](bool help_corner) {
    std::string title = cut(titles.back(), text_width);
    for (auto t = titles.rbegin() + 1; t != titles.rend(); ++t)
      if (columns(*t) <= text_width) title = *t;
    if (help_corner)
      for (const auto& t : titles)
        if (columns(t) + columns(std::string_view("? help")) + 4 <= std::size_t(width)) {
          title = t;
          break;
        }
    c.put(0, 1, title);
    c.mark(0, 1, int(columns(title)), Style::label);
    // In the corner, the keys to help and to leave; at least the help's where there is room.
    for (const std::string corner : {"? help  q quit", "? help"})
      if (columns(title) + columns(corner) + 4 <= std::size_t(width)) {
        c.put(0, width - int(columns(corner)) - 1, corner);
        break;
      }
  };

  std::vector<std::string> keys = wrap_items(key_items(s), text_width);
  if (s.is_help_shown()) {
    put_title(false);
    const int pages = draw_help(c, 2, height - 3 - int(keys.size()), s.help_page(), s, n > 9);
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
  if (family) {
    const auto& g = s.puzzle_game();
    const auto& p = g.puzzle();
    blocks.push_back(
        {{"State  " + cut(family::format_pieces(g.state()), state_cols)}, 3, Style::label, 5});
    const std::string suffix =
        fmt::format(" (all {}{})", p.kind == family::Kind::hanoi ? "on " : "",
                    family::position_name(p, p.goal));
    const bool all_goal = g.goal() == family::all_at(n, p.goal);
    blocks.push_back(
        {{"Goal   " +
          cut(family::format_pieces(g.goal()),
              text_width > columns(suffix) + 8 ? text_width - 7 - columns(suffix) : 1) +
          (all_goal ? suffix : "")},
         8,
         Style::label,
         4});
  } else {
    const Game& game = s.game();
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
  }
  const std::string remaining = short_number(s.remaining(), text_width >= 60 ? 24 : 12);
  blocks.push_back(
      {fit_or_wrap(
           {fmt::format("Moves made: {}   Optimal moves remaining: {}", s.moves_made(), remaining),
            fmt::format("Moves: {}  Optimal left: {}", s.moves_made(), remaining),
            fmt::format("Moves {} · left {}", s.moves_made(), remaining),
            // A huge count in a narrow terminal: its first digits and its size, on one line.
            fmt::format("Moves {} · left {}…({}d)", s.moves_made(),
                        s.remaining().get_str().substr(0, 5), s.remaining().get_str().size())},
           text_width),
       3, Style::label, 0});
  blocks.push_back(
      {{first_fitting({fmt::format("On an optimal path: {}", s.is_on_optimal_path() ? "yes" : "no"),
                       fmt::format("Optimal path: {}", s.is_on_optimal_path() ? "yes" : "no")},
                      text_width)},
       5,
       Style::label,
       0});
  if (s.is_solved()) {
    // The score toward the current goal (a rings game's goal can be switched).
    const std::uint64_t leg_moves = family ? s.moves_made() : s.game().leg_moves();
    const Aids& aids = family ? s.puzzle_game().aids() : s.game().aids();
    const mpz_class& optimum = family ? s.puzzle_game().optimum() : s.game().optimum();
    const std::string since = leg_moves == s.moves_made() ? "" : " since the goal changed";
    const std::string how = how_solved(aids, leg_moves);
    const bool optimal = mpz_class(leg_moves) == optimum;
    std::string line =
        optimal ? fmt::format("★ Solved in {}{} {}: the optimum.", plural(leg_moves, "move"), since,
                              how)
                : fmt::format("★ Solved in {}{} {}; the optimum is {}.", plural(leg_moves, "move"),
                              since, how, short_number(optimum));
    if (optimal && aids.by_hand()) line += " A perfect game!";
    // At the goal without a move (a goal switched to where the rings are, a game started at
    // its goal): nothing was solved.
    if (leg_moves == 0)
      line = family ? "★ At the goal already: n starts a new game."
                    : "★ At the goal already: g switches it, n starts a new game.";
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
  std::size_t message_block = blocks.size();
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
  if (const auto& picker = s.picker()) {
    std::vector<std::string> lines;
    if (picker->step == 0) {
      // The puzzles, the one ↑/↓ stands on marked with ▸.
      for (std::size_t i = 0; i < kPickerPuzzles.size(); ++i) {
        const auto p = family::parse_puzzle(i == 3 ? "hexadecimal:1110" : kPickerPuzzles[i]);
        const std::string_view name = kPickerPuzzles[i];
        const char* mark = i == picker->choice ? "▸" : " ";
        lines.push_back(first_fitting(
            {fmt::format("{} {} {:<12} {} ({})", mark, i + 1, name, p->title, p->pieces),
             fmt::format("{} {} {} ({})", mark, i + 1, name, p->pieces)},
            text_width));
      }
      blocks.push_back({std::move(lines), 0, Style::label, 0});
    } else {
      const auto p = family::parse_puzzle(picker->step == 1 ? "hexadecimal:1110" : picker->name);
      const std::string question =
          picker->step == 1
              ? "Key (K1K2K3K4): "
              : fmt::format("How many {}? (Enter: {}) ", p->pieces, default_pieces(p->kind));
      prompt_block = blocks.size();
      blocks.push_back({{question + picker->typed}, 0, Style::label, int(columns(question)) - 1});
    }
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
  if (strip_room) {
    room -= kStripRows;
  } else if (n > 1) {
    // No picture: the selected piece is named in words ("Ring 1000 selected (on)").
    Picture whole;
    whole.in_view = n;
    // First, where the caption stands under a picture (not under a prompt typed meanwhile).
    blocks.insert(blocks.begin(),
                  {{family ? puzzle_caption(s, whole, text_width) : caption(s, whole, text_width)},
                   4,
                   Style::label,
                   0});
    kept.insert(kept.begin(), false);
    ++message_block;
    if (prompt_block) ++*prompt_block;
    keep(4);
  }
  // Which ring is selected matters more when not every ring is in view.
  const bool windowed = n * 2 + 6 > std::uint64_t(width);
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
  keep(8);  // the goal
  // The rings' full picture (posts, base, the rule's chain) comes before the decimal state: at
  // 80x18 it fits only in place of it.
  const int full_extra = full_rows(3) - kStripRows;
  const bool full_room = !family && strip_room && room >= full_extra;
  if (full_room) room -= full_extra;
  keep(100);
  if (full_room) room += full_extra;
  // The picture takes what is left (less a blank line under the title and one above the text).
  Picture picture;
  if (strip_room) {
    const int spare = room + kStripRows;
    picture = family ? choose_puzzle_picture(s, width, spare >= 8 ? spare - 2 : spare)
                     : choose_picture(s, width, spare >= full_rows(3) + 2 ? spare - 2 : spare);
    room = spare - picture.rows;
  }
  c.meta().rings_in_view = std::max<std::uint64_t>(picture.in_view, 1);

  int row = 1;
  if (room > 0 && picture.rows) {
    ++row;
    --room;
  }
  if (picture.rows) {
    if (family)
      draw_puzzle(c, s, row, picture);
    else if (picture.ring_rows)
      draw_full(c, s, row, picture, g);
    else
      draw_strip(c, s, row, picture, g);
    row += picture.rows;
    if (caption_room) {
      const std::string text =
          family ? puzzle_caption(s, picture, text_width) : caption(s, picture, text_width);
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
  put_title(!keys_shown);
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
