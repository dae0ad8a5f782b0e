// Cleve Moler's plot: the value of the state at each step of the optimal path.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "rings/position.hpp"
#include "rings/render.hpp"
#include "rings/solve.hpp"
#include "svg.hpp"

namespace rings {
namespace {

// The state as a number: its single word is the decimal value (State's layout); Cleve's
// convention sets the bits of the rings that are off.
std::uint64_t value_of(const State& s, Notation notation) {
  const std::uint64_t v = s.words()[0];
  if (notation == Notation::decimal) return v;
  const std::uint64_t all = s.size() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << s.size()) - 1;
  return ~v & all;
}

// The steps that fall in one column of the plot: their lowest and highest values, and which
// came first, so the thinned line goes up and down in the order the path did.
struct Column {
  std::uint64_t lo = UINT64_MAX, hi = 0;
  std::uint64_t lo_step = 0, hi_step = 0;

  void add(std::uint64_t step, std::uint64_t v) {
    if (v < lo) lo = v, lo_step = step;
    if (v > hi) hi = v, hi_step = step;
  }
};

}  // namespace

namespace detail {

bool path_thinned(std::uint64_t points) { return points > 2 * kPlotColumns; }

std::string path_chart(const ChartText& text, std::uint64_t points,
                       const std::function<void(const std::function<void(std::uint64_t)>&)>& walk,
                       const std::function<Words(std::uint64_t, std::uint64_t)>& step_words) {
  const bool thin = path_thinned(points);
  const std::uint64_t columns = thin ? kPlotColumns : points;

  // Stream the values into the columns: memory is one column a pixel, whatever the length.
  std::vector<Column> cols(columns);
  std::uint64_t step = 0;
  walk([&](std::uint64_t v) {
    if (step % 1024 == 0) detail::render_check();
    cols[thin ? step * columns / points : step].add(step, v);
    ++step;
  });

  std::uint64_t lo = UINT64_MAX, hi = 0;
  for (const auto& c : cols) lo = std::min(lo, c.lo), hi = std::max(hi, c.hi);
  std::string out;
  const auto f = chart_begin(out, text, kPlotColumns, 420, 0, points - 1, lo, hi,
                             ".path { fill: none; stroke: #1f5fa8; stroke-width: 1.5; "
                             "stroke-linejoin: round; }\n"
                             ".point { fill: #1f5fa8; }\n");
  auto it = std::back_inserter(out);
  // A column's x: the step itself, or the middle of its pixel column when thinned.
  const auto x_of = [&](std::uint64_t c) {
    return thin ? f.left + (static_cast<double>(c) + 0.5) * f.width / static_cast<double>(columns)
                : f.x(c);
  };
  out += "<polyline class=\"path\" points=\"";
  for (std::uint64_t c = 0; c < columns; ++c) {
    const auto& col = cols[c];
    const double x = x_of(c);
    if (!thin) {
      fmt::format_to(it, "{},{} ", num(x), num(f.y(col.lo)));
      continue;
    }
    const bool lo_first = col.lo_step <= col.hi_step;
    fmt::format_to(it, "{0},{1} {0},{2} ", num(x), num(f.y(lo_first ? col.lo : col.hi)),
                   num(f.y(lo_first ? col.hi : col.lo)));
  }
  out.back() = '"';
  out += "/>\n";
  if (points <= 128) {
    out += "<g>\n";
    for (std::uint64_t c = 0; c < columns; ++c) {
      const Words w = step_words(c, cols[c].lo);
      fmt::format_to(it,
                     "<circle class=\"point\" cx=\"{}\" cy=\"{}\" r=\"3\"><title{}>{}</title>"
                     "</circle>\n",
                     num(x_of(c)), num(f.y(cols[c].lo)), w.attributes(), xml_escape(w.text));
    }
    out += "</g>\n";
  }
  svg_end(out);
  return out;
}

}  // namespace detail

Result<std::string> plot_path(const State& from, const State& to, Mode mode, Notation notation) {
  if (notation != Notation::decimal && notation != Notation::cleve)
    return Error{fmt::format("a path plot shows states as decimal or cleve numbers, not {}",
                             notation_name(notation)),
                 "bad_notation"};
  const std::uint64_t n = from.size();
  if (n == 0) return Error{"the puzzle needs at least 1 ring, found 0", "no_pieces"};
  if (n > kMaxPathPlotRings)
    return Error{
        fmt::format(
            "a path plot shows each state as a number on a linear axis: at most {} rings, found {}",
            kMaxPathPlotRings, n),
        "too_many_pieces"};
  const mpz_class moves = distance(from, to, mode);
  if (moves > to_mpz(kMaxPathPlotMoves))
    return Error{fmt::format("the path has {} moves, too many to plot (at most 2^30 = {})",
                             moves.get_str(), kMaxPathPlotMoves),
                 "path_too_long"};
  const std::uint64_t points = moves.get_ui() + 1;
  const bool thin = detail::path_thinned(points);
  const std::uint64_t columns = thin ? kPlotColumns : points;
  const bool cleve = notation == Notation::cleve;
  detail::ChartText text;
  const bool dbl = mode == Mode::double_moves;
  text.title = {
      fmt::format("Optimal path: {} ring{}, {} move{}{}", n, n == 1 ? "" : "s", points - 1,
                  points == 2 ? "" : "s", dbl ? " (rings 1+2 together count as one)" : ""),
      "path-title",
      {{"rings", fmt::to_string(n)},
       {"moves", fmt::to_string(points - 1)},
       {"double", dbl ? "1" : "0"}}};
  const auto from_text = detail::abbreviate(format_state(from, notation), 24),
             to_text = detail::abbreviate(format_state(to, notation), 24);
  text.subtitle = {
      fmt::format("from {} to {} in {}{}", from_text, to_text,
                  cleve ? "Cleve Moler's convention (bit i-1 set when ring i is off)"
                        : "decimal (bit i-1 set when ring i is on)",
                  thin ? fmt::format("; each pixel column shows the range of about {} states",
                                     points / columns)
                       : ""),
      "path-subtitle",
      {{"from", from_text}, {"to", to_text}, {"notation", cleve ? "cleve" : "decimal"}}};
  if (thin) text.subtitle.fields.emplace_back("per", fmt::to_string(points / columns));
  text.x_label = {"move", "axis-move"};
  text.y_label = cleve ? detail::Words{"state (Cleve's number)", "axis-state-cleve"}
                       : detail::Words{"state (decimal)", "axis-state-decimal"};
  return detail::path_chart(
      text, points,
      [&](const std::function<void(std::uint64_t)>& add) {
        State s = from;
        add(value_of(s, notation));
        solve(from, to, mode, [&](const Move& m) {
          apply(s, m);
          add(value_of(s, notation));
          return true;
        });
      },
      [](std::uint64_t step, std::uint64_t value) {
        return detail::Words{fmt::format("step {}: {}", step, value),
                             "path-step",
                             {{"step", fmt::to_string(step)}, {"value", fmt::to_string(value)}}};
      });
}

}  // namespace rings
