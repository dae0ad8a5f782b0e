#include "screen.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "canvas.hpp"
#include "puzzle_picture.hpp"
#include "rings/notation.hpp"

namespace rings::play {
namespace {

using namespace draw;

constexpr int kStripRows = 3;  // the room the smallest picture of any puzzle takes

// The keys that work now, as "key what" items.
std::vector<std::string> key_items(const Session& s) {
  const bool many = s.pieces() > 9;
  const family::Puzzle& p = s.game().puzzle();
  const bool pair = s.game().mode() == Mode::double_moves;
  switch (s.phase()) {
    case Phase::picker:
      if (s.picker()->step == 0)
        return {fmt::format("1-{} choose", family::catalogue().size()), "↑↓ Enter", "Esc back"};
      return {"0-9 type", "Enter done (alone: the default)", "Backspace", "Esc back"};
    case Phase::destination:
      return {fmt::format("0-{} where to", p.positions - 1), "Esc stay"};
    case Phase::help:
      return {"any key: back to the game"};  // with more pages, render() says so
    case Phase::prompt:
      return {p.positions == 2 ? std::string("0/1 type the start")
                               : fmt::format("0-{} type the start", p.positions - 1),
              "Enter start (empty: random)", "Backspace", "Esc cancel"};
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
      return {"g switch goal", "n new game", "m puzzles", "R reset", "u undo", "? help", "q quit"};
    case Phase::play:
      break;
  }
  std::vector<std::string> items{
      many ? fmt::format("0-9 {} number", p.piece) : std::string("1-9 move"), "←→ select",
      "space move", "click move"};
  if (pair) items.push_back(fmt::format("d {} 1+2", p.pieces));
  for (const char* item : {"h hint", "a auto", "u undo", "r redo", "g goal", "n new", "R reset",
                           "m puzzles", "s save", "? help", "q quit"})
    items.emplace_back(item);
  return items;
}

// The help, page `page` of what fits in `rows` rows from `top`; returns the number of pages.
int draw_help(Canvas& screen, int top, int rows, int page, const Session& s, bool many) {
  const family::Puzzle& p = s.game().puzzle();
  Canvas c(screen.width(), 200, true);
  struct Entry {
    std::string_view key, what;
  };
  // The keys in the puzzle's words: a piece with two places to go asks which.
  const std::string_view piece = p.piece;
  const std::string one =
      p.positions == 2
          ? fmt::format("move that {} ({} or {}, whichever way it can go)", piece,
                        family::position_name(p, p.start), family::position_name(p, p.goal))
          : fmt::format("move that {} (a {} with two places to go asks which)", piece, piece);
  const std::string entry_texts[] = {
      many ? fmt::format("type a {}'s number: the selection jumps to it", piece) : one,
      fmt::format("select a {}; move it (Enter works too)", piece),
      fmt::format("select {} N, {} 1; PgUp PgDn: a screenful", piece, piece),
      fmt::format("move the {} clicked", piece),
      fmt::format("move {} 1 and 2 together (with --double)", p.pieces),
      fmt::format("switch the goal between {} and {}", all_at_words(p, p.goal),
                  all_at_words(p, p.start))};
  std::vector<Entry> entries{
      {"1-9", entry_texts[0]},
      {"← → space", entry_texts[1]},
      {"Home End", entry_texts[2]},
      {"click", entry_texts[3]},
      {"d", entry_texts[4]},
      {"m", "pick a puzzle of the family and its size"},
      {"h", "hint: the next optimal move, and the rule that allows it"},
      {"a + -", "auto-play to the goal; faster, slower"},
      {"p f", "pause auto-play; finish now"},
      {"u r", "undo, redo (moves, goal switches, new games)"},
      {"g", entry_texts[5]},
      {"n R", "new game (a random start, or type one); reset to the start"},
      {"s", "save (with --save FILE or --load FILE)"},
      {"Ctrl-L", "redraw the screen"},
      {"q", "quit (asks first when the game is not saved)"},
  };
  if (!p.double_moves) std::erase_if(entries, [](const Entry& e) { return e.key == "d"; });
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
  for (const auto& text : puzzle_rules(s.game())) line(3, text);
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
  const Game& game = s.game();
  const family::Puzzle& puzzle = game.puzzle();
  const auto n = s.pieces();
  // The pieces in the puzzle's words: "5 rings", "1 disc"; the title where it says more.
  const std::string pieces = pieces_text(puzzle, n);
  const bool titled = !title_names_pieces(puzzle);
  const std::size_t text_width = std::size_t(std::max(width - 2, 1));
  const std::string what = titled ? fmt::format("{}, {}", puzzle.title, pieces) : pieces;
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
      fmt::format("rings play · {}{}{}", titled ? fmt::format("{} · ", puzzle.title) : "", pieces,
                  !puzzle.double_moves                ? ""
                  : game.mode() == Mode::double_moves ? " · double moves"
                                                      : " · single moves"),
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
  blocks.push_back(
      {{"State  " + cut(family::format_pieces(game.state()), state_cols)}, 3, Style::label, 5});
  // " (all off)", " (all on peg 2)": a goal of every piece in one place says which.
  std::string goal_suffix;
  for (const std::uint8_t d : {puzzle.goal, puzzle.start})
    if (goal_suffix.empty() && game.goal() == family::all_at(n, d))
      goal_suffix = fmt::format(" ({})", all_at_words(puzzle, d));
  blocks.push_back(
      {{"Goal   " +
        cut(family::format_pieces(game.goal()),
            text_width > columns(goal_suffix) + 8 ? text_width - 7 - columns(goal_suffix) : 1) +
        goal_suffix},
       8,
       Style::label,
       4});
  if (puzzle.notations)  // the rings' other notations: Cleve Moler's decimal state
    blocks.push_back(
        {{cut("Cleve  " + format_state(family::to_state(game.state()), Notation::cleve) +
                  " (Cleve Moler's decimal state)",
              text_width)},
         10,
         Style::label,
         5});
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
    const std::uint64_t leg_moves = game.leg_moves();
    const Aids& aids = game.aids();
    const mpz_class& optimum = game.optimum();
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
    if (leg_moves == 0) line = "★ At the goal already: g switches it, n starts a new game.";
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
      const auto& all = family::catalogue();
      for (std::size_t i = 0; i < all.size(); ++i) {
        const family::Puzzle& p = all[i];
        const std::string_view name = base_name(p);
        const char* mark = i == picker->choice ? "▸" : " ";
        lines.push_back(first_fitting(
            {fmt::format("{} {} {:<12} {} ({})", mark, i + 1, name, p.title, p.pieces),
             fmt::format("{} {} {} ({})", mark, i + 1, name, p.pieces)},
            text_width));
      }
      blocks.push_back({std::move(lines), 0, Style::label, 0});
    } else {
      const family::Puzzle& chosen = family::catalogue()[picker->choice];
      const std::string question =
          picker->step == 1
              ? fmt::format("Key ({}): ", parameter_pattern(chosen))
              : fmt::format("How many {}? (Enter: {}) ", chosen.pieces, chosen.play_size);
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
    blocks.insert(blocks.begin(), {{caption(s, whole, text_width)}, 4, Style::label, 0});
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
  // A full picture that claims room (the rings' posts, base and rule's chain) comes before the
  // lines of lowest priority.
  const PictureLayout layout = picture_layout(puzzle);
  const int full_extra = layout.reserved;
  const bool full_room = full_extra > 0 && strip_room && room >= full_extra;
  if (full_room) room -= full_extra;
  keep(100);
  if (full_room) room += full_extra;
  // The picture takes what is left (less a blank line under the title and one above the text).
  Picture picture;
  if (strip_room) {
    const int spare = room + kStripRows;
    picture = choose_picture(s, width, spare >= layout.margins_from ? spare - 2 : spare);
    room = spare - picture.rows;
  }
  c.meta().rings_in_view = std::max<std::uint64_t>(picture.in_view, 1);

  int row = 1;
  if (room > 0 && picture.rows) {
    ++row;
    --room;
  }
  if (picture.rows) {
    draw_picture(c, s, row, picture);
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
