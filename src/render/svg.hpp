// What the SVG writers share: escaping, the document frame and the axes of a chart.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rings::detail {

/// Calls this thread's RenderCheck (rings/render.hpp), if any: in every long loop.
void render_check();

/// `text` with &, <, >, " and ' written as XML entities.
std::string xml_escape(std::string_view text);

/// `text` shortened to `max` characters with an ellipsis in the middle (long states in titles).
std::string abbreviate(std::string_view text, std::size_t max);

/// Words of a picture, marked for a front end to put in its own language (ARCHITECTURE.md 9):
/// the English `text`, the `key` naming what it says and the `fields` it holds (numbers and
/// states, kept apart from the words). docs/web.md lists the keys and their fields.
struct Words {
  std::string text, key;
  std::vector<std::pair<std::string, std::string>> fields = {};

  /// ` data-word="key" data-NAME="value"…`, to write into the element that shows `text`.
  std::string attributes() const;
};

/// Opens an SVG document of `width` x `height` pixels with a white background, a <title> and
/// the shared styles plus `css` (class rules of the picture).
void svg_begin(std::string& out, double width, double height, const Words& title,
               std::string_view css);
inline void svg_end(std::string& out) { out += "</svg>\n"; }

/// The data area of a chart and the integer ranges its axes show.
struct Frame {
  double left = 0, top = 0, width = 0, height = 0;
  std::uint64_t x_lo = 0, x_hi = 1, y_lo = 0, y_hi = 1;

  /// Pixel coordinates of data values (hi > lo always).
  double x(std::uint64_t v) const {
    return left + static_cast<double>(v - x_lo) / static_cast<double>(x_hi - x_lo) * width;
  }
  double y(std::uint64_t v) const {
    return top + height - static_cast<double>(v - y_lo) / static_cast<double>(y_hi - y_lo) * height;
  }
};

/// The text of a chart around its data area.
struct ChartText {
  Words title, subtitle, x_label, y_label;
};

/// Opens a chart document whose data area is `plot_width` x `plot_height` pixels over the
/// ranges [x_lo, x_hi] and [y_lo, y_hi] (widened by one when empty): title and subtitle, both
/// axes with ticks at round values, tick labels, grid lines and axis labels. The left margin
/// grows with the longest y label. Returns the frame to draw the data in; close with svg_end().
Frame chart_begin(std::string& out, const ChartText& text, double plot_width, double plot_height,
                  std::uint64_t x_lo, std::uint64_t x_hi, std::uint64_t y_lo, std::uint64_t y_hi,
                  std::string_view css);

/// Whether a path plot of `points` states is thinned to two values a pixel column.
bool path_thinned(std::uint64_t points);

/// Cleve Moler's plot of a path of `points` states (at least 1) with `text` around it: `walk`
/// calls its argument with the value of each state in order (streamed, never stored); up to 128
/// states each is a marker whose tooltip is `step_words(step, value)`. See plot_path().
std::string path_chart(const ChartText& text, std::uint64_t points,
                       const std::function<void(const std::function<void(std::uint64_t)>&)>& walk,
                       const std::function<Words(std::uint64_t, std::uint64_t)>& step_words);

/// A colour between blue (t = 0) and red (t = 1) around the hue circle, as #rrggbb: the stroke
/// of step t of a path drawn over a graph.
std::string hue(double t);

/// A number with at most three decimals and no trailing zeros, for coordinates.
std::string num(double v);

}  // namespace rings::detail
