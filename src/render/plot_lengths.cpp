// Cleve Moler's bar chart: the optimal number of moves from every start state to all-off.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "rings/position.hpp"
#include "rings/render.hpp"
#include "svg.hpp"

namespace rings {

Result<std::string> plot_lengths(std::uint64_t rings, Mode mode) {
  if (rings == 0) return Error{"the puzzle needs at least 1 ring, found 0"};
  if (rings > kMaxLengthsRings)
    return Error{
        fmt::format("the bar chart has a bar for each of the 2^N states: at most {} rings, "
                    "found {}",
                    kMaxLengthsRings, rings)};
  const std::uint64_t states = std::uint64_t{1} << rings;
  const std::uint64_t columns = std::min(states, kPlotColumns);
  // One bar a state, or, when there are more states than pixel columns, the longest path of the
  // states in each column (the chart's outline).
  std::vector<std::uint64_t> bars(columns, 0);
  const mpz_class goal = rank(State::all_off(rings));
  std::uint64_t longest = 0;
  for (std::uint64_t v = 0; v < states; ++v) {
    const std::uint64_t len =
        position_distance(rank(State::from_words(rings, {v})), goal, mode).get_ui();
    auto& bar = bars[v * columns / states];
    bar = std::max(bar, len);
    longest = std::max(longest, len);
  }

  detail::ChartText text;
  text.title = {fmt::format("Optimal number of moves to all-off from each start, {} ring{}", rings,
                            rings == 1 ? "" : "s"),
                "lengths-title",
                {{"rings", fmt::to_string(rings)}}};
  const bool dbl = mode == Mode::double_moves;
  text.subtitle = {
      fmt::format("{}{}", dbl ? "rings 1+2 together count as one move" : "single moves",
                  columns < states ? fmt::format("; each bar is the longest of about {} states",
                                                 states / columns)
                                   : ""),
      "lengths-subtitle",
      {{"double", dbl ? "1" : "0"}}};
  if (columns < states) text.subtitle.fields.emplace_back("per", fmt::to_string(states / columns));
  text.x_label = {"start state (decimal: bit i-1 set when ring i is on)", "axis-start"};
  text.y_label = {"moves to all-off", "axis-moves-to-off"};
  std::string out;
  const auto f = detail::chart_begin(out, text, kPlotColumns, 420, 0, states, 0, longest,
                                     ".bar { fill: #c0552b; }\n");
  auto it = std::back_inserter(out);
  const double width = f.width / static_cast<double>(columns);
  const double gap = width >= 4 ? 1 : 0;  // separate bars that are wide enough to see apart
  out += "<g>\n";
  for (std::uint64_t c = 0; c < columns; ++c) {
    const double y = f.y(bars[c]);
    fmt::format_to(it, "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
                   detail::num(f.left + static_cast<double>(c) * width + gap / 2), detail::num(y),
                   detail::num(width - gap), detail::num(f.top + f.height - y));
    if (columns == states)
      fmt::format_to(it,
                     "><title data-word=\"lengths-bar\" data-value=\"{0}\" data-state=\"{1}\" "
                     "data-moves=\"{2}\">{0} ({1}): {2} move{3}</title></rect>\n",
                     c, format_state(State::from_words(rings, {c}), Notation::binary), bars[c],
                     bars[c] == 1 ? "" : "s");
    else
      out += "/>\n";
  }
  out += "</g>\n";
  detail::svg_end(out);
  return out;
}

}  // namespace rings
