// Cleve Moler's bar chart: the optimal number of moves from every start state to all-off (and,
// for the family, to the puzzle's goal).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "rings/position.hpp"
#include "rings/render.hpp"
#include "svg.hpp"

namespace rings {
namespace {

// The states a pixel column stands for, when there are more states than columns (else 0).
std::uint64_t per_column(std::uint64_t states) {
  return states > kPlotColumns ? states / kPlotColumns : 0;
}

// The chart of the path lengths of the states, in order, with `text` around it: one bar a
// state, its tooltip `bar(v, length)`, or, when there are more states than pixel columns, the
// longest path of the states in each column (the chart's outline).
std::string lengths_chart(const detail::ChartText& text, const std::vector<std::uint64_t>& lengths,
                          const std::function<detail::Words(std::uint64_t, std::uint64_t)>& bar) {
  const std::uint64_t states = lengths.size(), columns = std::min(states, kPlotColumns);
  std::vector<std::uint64_t> bars(columns, 0);
  for (std::uint64_t v = 0; v < states; ++v) {
    auto& b = bars[v * columns / states];
    b = std::max(b, lengths[v]);
  }
  const std::uint64_t longest = *std::max_element(bars.begin(), bars.end());
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
    if (columns == states) {
      const auto words = bar(c, bars[c]);
      fmt::format_to(it, "><title{}>{}</title></rect>\n", words.attributes(),
                     detail::xml_escape(words.text));
    } else {
      out += "/>\n";
    }
  }
  out += "</g>\n";
  detail::svg_end(out);
  return out;
}

detail::Words bar_words(std::uint64_t value, const std::string& state, std::uint64_t moves) {
  return {fmt::format("{} ({}): {} move{}", value, state, moves, moves == 1 ? "" : "s"),
          "lengths-bar",
          {{"value", fmt::to_string(value)}, {"state", state}, {"moves", fmt::to_string(moves)}}};
}

}  // namespace

Result<std::string> plot_lengths(std::uint64_t rings, Mode mode) {
  if (rings == 0) return Error{"the puzzle needs at least 1 ring, found 0", "no_pieces"};
  if (rings > kMaxLengthsRings)
    return Error{
        fmt::format("the bar chart has a bar for each of the 2^N states: at most {} rings, "
                    "found {}",
                    kMaxLengthsRings, rings),
        "too_many_pieces"};
  const std::uint64_t states = std::uint64_t{1} << rings, per = per_column(states);
  const mpz_class goal = rank(State::all_off(rings));

  detail::ChartText text;
  text.title = {fmt::format("Optimal number of moves to all-off from each start, {} ring{}", rings,
                            rings == 1 ? "" : "s"),
                "lengths-title",
                {{"rings", fmt::to_string(rings)}}};
  const bool dbl = mode == Mode::double_moves;
  text.subtitle = {
      fmt::format("{}{}", dbl ? "rings 1+2 together count as one move" : "single moves",
                  per ? fmt::format("; each bar is the longest of about {} states", per) : ""),
      "lengths-subtitle",
      {{"double", dbl ? "1" : "0"}}};
  if (per) text.subtitle.fields.emplace_back("per", fmt::to_string(per));
  text.x_label = {"start state (decimal: bit i-1 set when ring i is on)", "axis-start"};
  text.y_label = {"moves to all-off", "axis-moves-to-off"};
  std::vector<std::uint64_t> lengths(states);
  for (std::uint64_t v = 0; v < states; ++v) {
    detail::render_check();
    lengths[v] = position_distance(rank(State::from_words(rings, {v})), goal, mode).get_ui();
  }
  return lengths_chart(text, lengths, [&](std::uint64_t v, std::uint64_t moves) {
    return bar_words(v, format_state(State::from_words(rings, {v}), Notation::binary), moves);
  });
}

Result<std::string> plot_lengths(const family::Puzzle& puzzle, std::uint64_t pieces) {
  const std::uint64_t base = puzzle.positions;
  std::uint64_t states = 1, most = 0;
  while (states * base <= kMaxLengthsStates) states *= base, ++most;
  if (pieces == 0)
    return Error{fmt::format("{} needs at least 1 {}, found 0", puzzle.name, puzzle.piece),
                 "no_pieces"};
  if (pieces > most)
    return Error{
        fmt::format(
            "the bar chart has a bar for each of the {}^N states: at most {} {} for {}, found {}",
            base, most, puzzle.pieces, puzzle.name, pieces),
        "too_many_pieces"};
  states = 1;
  for (std::uint64_t i = 0; i < pieces; ++i) states *= base;
  const std::uint64_t per = per_column(states);
  // State v: its digits in base `base`, piece 1 the lowest (the order of rings table --puzzle).
  const auto state = [&](std::uint64_t v) {
    family::Pieces s(pieces);
    for (auto& d : s) d = static_cast<std::uint8_t>(v % base), v /= base;
    return s;
  };
  const family::Pieces goal = family::all_at(pieces, puzzle.goal);
  const auto goal_text = family::format_pieces(goal);

  detail::ChartText text;
  text.title = {fmt::format("Optimal number of moves to the goal from each start: {}, {} {}",
                            puzzle.title, pieces, pieces == 1 ? puzzle.piece : puzzle.pieces),
                "family-lengths-title",
                {{"puzzle", puzzle.name}, {"pieces", fmt::to_string(pieces)}}};
  text.subtitle = {
      fmt::format("the goal is {}; states in base {}, {} {} the highest digit{}", goal_text, base,
                  puzzle.piece, pieces,
                  per ? fmt::format("; each bar is the longest of about {} states", per) : ""),
      "family-lengths-subtitle",
      {{"goal", goal_text},
       {"base", fmt::to_string(base)},
       {"pieces", fmt::to_string(pieces)},
       {"puzzle", puzzle.name}}};
  if (per) text.subtitle.fields.emplace_back("per", fmt::to_string(per));
  text.x_label = {
      fmt::format("state (base {})", base), "axis-state-base", {{"base", fmt::to_string(base)}}};
  text.y_label = {"moves to the goal", "axis-moves-to-goal"};
  std::vector<std::uint64_t> lengths(states);
  for (std::uint64_t v = 0; v < states; ++v) {
    detail::render_check();
    lengths[v] = family::distance(puzzle, state(v), goal).get_ui();
  }
  return lengths_chart(text, lengths, [&](std::uint64_t v, std::uint64_t moves) {
    return bar_words(v, family::format_pieces(state(v)), moves);
  });
}

}  // namespace rings
