// The drawing kit of the game's screens (internal to apps/play): a grid of cells with styles
// and click areas, and text that fits, wraps and is cut by terminal columns.
#pragma once

#include <fmt/format.h>
#include <gmpxx.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "screen.hpp"

namespace rings::play::draw {

// The ASCII stand-ins for the few other characters the game writes (the engine's reasons say
// "rings 1–3").
inline std::string to_ascii(std::string_view text) {
  static constexpr std::pair<std::string_view, std::string_view> kSubstitutes[] = {
      {"–", "-"}, {"—", "-"}, {"←", "<"}, {"→", ">"}, {"·", "-"}, {"…", "~"}, {"★", "*"},
      {"█", "#"}, {"┃", "|"}, {"━", "-"}, {"▲", "^"}, {"▼", "v"}, {"↑", "^"}, {"↓", "v"},
      {"▸", ">"}, {"◀", "<"}, {"▶", ">"}, {"│", "|"}, {"─", "-"}, {"┴", "+"}, {"╭", "."},
      {"╮", "."}, {"╰", "'"}, {"╯", "'"}, {"═", "="}};
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

inline std::size_t utf8_length(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

// The first `cols` columns of `text`.
inline std::string_view first_columns(std::string_view text, std::size_t cols) {
  std::size_t byte = 0;
  for (std::size_t col = 0; col < cols && byte < text.size(); ++col)
    byte += utf8_length(text[byte]);
  return text.substr(0, std::min(byte, text.size()));
}

// `text` cut to `max` columns, with "…" when cut.
inline std::string cut(std::string_view text, std::size_t max) {
  if (columns(text) <= max) return std::string(text);
  return std::string(first_columns(text, max > 1 ? max - 1 : 0)) + "…";
}

// `text` in lines of at most `width` columns, broken at spaces (a longer word is cut).
inline std::vector<std::string> wrap(std::string_view text, std::size_t width) {
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
  bool is_unicode() const { return unicode_; }
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
inline std::string short_number(const mpz_class& n, std::size_t max = 24) {
  std::string s = n.get_str();
  if (s.size() <= max) return s;
  return fmt::format("{}…({} digits)", s.substr(0, std::min<std::size_t>(max / 2, 10)), s.size());
}

inline std::string plural(std::uint64_t k, std::string_view what) {
  return fmt::format("{} {}{}", k, what, k == 1 ? "" : "s");
}

// The first of `candidates` that fits `width` columns, or the last one wrapped.
inline std::vector<std::string> fit_or_wrap(std::initializer_list<std::string> candidates,
                                            std::size_t width) {
  for (const auto& c : candidates)
    if (columns(c) <= width) return {c};
  return wrap(*(candidates.end() - 1), width);
}

// The first of `candidates` that fits `width` columns (the last one, cut, if none does).
inline std::string first_fitting(std::initializer_list<std::string> candidates, std::size_t width) {
  for (const auto& c : candidates)
    if (columns(c) <= width) return c;
  return cut(*(candidates.end() - 1), width);
}

// Which pieces are drawn and how big: a window of `in_view` rings, `high` (drawn on the left)
// down to `high - in_view + 1`, in cells of `cell` columns and rings `ring_rows` rows high
// (0: the one-row strip).
struct Picture {
  int rows = 0;
  int cell = 2;
  int ring_rows = 0;
  std::uint64_t in_view = 0, high = 0;
  std::uint64_t low() const { return high - in_view + 1; }
};

inline std::string repeat(const char* glyph, int k) {
  std::string out;
  for (int i = 0; i < k; ++i) out += glyph;
  return out;
}

// Items in lines of at most `width` columns, two spaces apart, never split.
inline std::vector<std::string> wrap_items(const std::vector<std::string>& items,
                                           std::size_t width) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    if (!out.empty() && columns(out.back()) + 2 + columns(item) <= width)
      out.back() += "  " + item;
    else
      out.push_back(cut(item, width));
  }
  return out;
}

}  // namespace rings::play::draw
