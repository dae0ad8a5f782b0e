// The N-cube of states, its legal moves and the Gray path through it.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "rings/position.hpp"
#include "rings/render.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "svg.hpp"

namespace rings {
namespace {

struct Point {
  double x = 0, y = 0;
};

// Nested squares: rings 1 and 2 span a small square, rings 3 and 4 one 2.2 times larger turned
// by 27 degrees, rings 5 and 6 the next. A search over these two numbers for 2 to 6 rings found
// they keep the vertices well apart from each other and from the edges they are not on (so no
// edge seems to pass through a state), and the labels of the states apart.
std::vector<Point> layout(std::uint64_t rings) {
  constexpr double kScale = 2.2, kTurn = 27 * std::numbers::pi / 180;
  std::vector<Point> dirs;
  for (std::uint64_t i = 0; i < rings; ++i) {
    const double level = static_cast<double>(i / 2), r = std::pow(kScale, level);
    const double angle = kTurn * level + (i % 2 ? std::numbers::pi / 2 : 0);
    dirs.push_back({r * std::cos(angle), r * std::sin(angle)});
  }
  std::vector<Point> pos(std::size_t{1} << rings);
  for (std::size_t v = 0; v < pos.size(); ++v)
    for (std::uint64_t i = 0; i < rings; ++i)
      if (v >> i & 1) pos[v].x += dirs[i].x, pos[v].y += dirs[i].y;
  return pos;
}

}  // namespace

Result<std::string> plot_hypercube(std::uint64_t rings) {
  if (rings == 0) return Error{"the puzzle needs at least 1 ring, found 0", "no_pieces"};
  if (rings > kMaxHypercubeRings)
    return Error{
        fmt::format("the hypercube is drawn with all 2^N states: at most {} rings, found {}",
                    kMaxHypercubeRings, rings),
        "too_many_pieces"};
  const std::size_t states = std::size_t{1} << rings;
  auto pos = layout(rings);

  // Fit the drawing into the area below the title.
  constexpr double kWidth = 860, kHeight = 700, kAreaW = 720, kAreaH = 560, kTop = 90;
  double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
  for (auto p : pos)
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  double scale = 220;  // at most this many pixels for ring 1's edge
  if (x1 > x0) scale = std::min(scale, kAreaW / (x1 - x0));
  if (y1 > y0) scale = std::min(scale, kAreaH / (y1 - y0));
  const double dx = (kWidth - (x1 - x0) * scale) / 2 - x0 * scale;
  const double dy = kTop + (kAreaH - (y1 - y0) * scale) / 2 - y0 * scale;
  for (auto& p : pos) p = {p.x * scale + dx, p.y * scale + dy};

  const double radius = rings >= 5 ? 4.5 : 7;
  const int font = rings >= 5 ? 10 : 13;
  std::string out;
  const detail::Words title{fmt::format("The {}-cube of states of {} ring{} and the Gray path",
                                        rings, rings, rings == 1 ? "" : "s"),
                            "cube-title",
                            {{"rings", fmt::to_string(rings)}}};
  detail::svg_begin(
      out, kWidth, kHeight, title,
      fmt::format(".edge {{ stroke: #bbb; stroke-width: 1; }}\n"
                  ".gray {{ stroke-width: 9; stroke-linecap: round; opacity: 0.7; }}\n"
                  ".move {{ stroke: #111; stroke-width: 1.8; }}\n"
                  ".vertex {{ fill: white; stroke: #111; stroke-width: 1.5; }}\n"
                  ".start {{ stroke: #2040d0; stroke-width: 3; }}\n"
                  ".goal {{ stroke: #d02020; stroke-width: 3; }}\n"
                  ".state {{ font-size: {}px; font-family: DejaVu Sans Mono, "
                  "monospace; paint-order: stroke; stroke: white; stroke-width: 3; "
                  "}}\n",
                  font));
  auto it = std::back_inserter(out);
  fmt::format_to(it,
                 "<text class=\"title\" x=\"{0}\" y=\"26\" text-anchor=\"middle\"{3}>{1}</text>\n"
                 "<text class=\"subtitle\" x=\"{0}\" y=\"46\" text-anchor=\"middle\" "
                 "data-word=\"cube-edges\">faint: the "
                 "hypercube's edges (one ring changes); dark: the legal moves; colour: the Gray "
                 "path</text>\n"
                 "<text class=\"subtitle\" x=\"{0}\" y=\"62\" text-anchor=\"middle\" "
                 "data-word=\"cube-ends\" data-rings=\"{2}\">from all-off (blue) to only ring {2} "
                 "on (red); states in binary, ring {2} first</text>\n",
                 detail::num(kWidth / 2), detail::xml_escape(title.text), rings,
                 title.attributes());
  const auto line = [&](std::string_view cls, std::size_t a, std::size_t b,
                        std::string_view extra) {
    fmt::format_to(it, "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>\n", cls,
                   detail::num(pos[a].x), detail::num(pos[a].y), detail::num(pos[b].x),
                   detail::num(pos[b].y), extra);
  };
  const auto state = [&](std::size_t v) { return State::from_words(rings, {v}); };
  const auto index = [](const State& s) { return static_cast<std::size_t>(s.words()[0]); };

  out += "<g>\n";
  for (std::size_t v = 0; v < states; ++v)
    for (std::uint64_t i = 0; i < rings; ++i)
      if (!(v >> i & 1)) line("edge", v, v | std::size_t{1} << i, "");
  out += "</g>\n<g>\n";
  // The Gray path: the solution from all-off to only-ring-N-on, each step in its own hue.
  State s = State::all_off(rings), last(rings);
  last.set(rings, true);
  const double steps = static_cast<double>(states - 1);
  std::uint64_t step = 0;
  solve(s, last, Mode::single, [&](const Move& m) {
    const std::size_t a = index(s);
    apply(s, m);
    const double t = static_cast<double>(step++) / std::max(1.0, steps - 1);
    line("gray", a, index(s), fmt::format(" stroke=\"{}\"", detail::hue(t)));
    return true;
  });
  out += "</g>\n<g>\n";
  for (std::size_t v = 0; v < states; ++v)
    for (const Move& m : legal_moves(state(v), Mode::single)) {
      State t = state(v);
      apply(t, m);
      if (index(t) > v) line("move", v, index(t), "");
    }
  out += "</g>\n<g>\n";
  // The corners; data-state names each one's state, so that a page can mark it on the drawing.
  for (std::size_t v = 0; v < states; ++v) {
    const State sv = state(v);
    const bool end = v == 0 || sv == last;
    const std::string name = format_state(sv, Notation::binary);
    fmt::format_to(it,
                   "<circle class=\"vertex{0}\" data-state=\"{1}\" cx=\"{2}\" cy=\"{3}\" r=\"{4}\">"
                   "<title data-word=\"cube-vertex\" data-state=\"{1}\" data-position=\"{5}\">{1}: "
                   "position {5} on the Gray path</title></circle>\n",
                   v == 0       ? " start"
                   : sv == last ? " goal"
                                : "",
                   name, detail::num(pos[v].x), detail::num(pos[v].y),
                   detail::num(end ? radius + 2 : radius), rank(sv).get_str());
  }
  // Each label sits in the corner of its vertex that points out of its small square (rings 1
  // and 2), so the labels of neighbouring vertices and squares do not meet (checked for the
  // layout's numbers up to 6 rings).
  for (std::size_t v = 0; v < states; ++v) {
    const bool left = rings > 1 && !(v & 1), below = v & 2;
    fmt::format_to(it, "<text class=\"state\" x=\"{}\" y=\"{}\"{}>{}</text>\n",
                   detail::num(pos[v].x + (left ? -1 : 1) * (radius + 2)),
                   detail::num(pos[v].y + (below ? radius + font : -radius - 1)),
                   left ? " text-anchor=\"end\"" : "", format_state(state(v), Notation::binary));
  }
  out += "</g>\n";
  detail::svg_end(out);
  return out;
}

}  // namespace rings
