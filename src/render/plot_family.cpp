// The family's pictures: the path plot of any puzzle, and the Towers of Hanoi's state graph (the
// Sierpiński graph) with the optimal path over it.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <vector>

#include "rings/position.hpp"
#include "rings/render.hpp"
#include "svg.hpp"

namespace rings {
namespace {

using family::Pieces;
using family::Puzzle;

// The most pieces whose states, read as numbers in base `base`, fit a 64-bit axis.
std::uint64_t max_plotted_pieces(std::uint64_t base) {
  std::uint64_t n = 0;
  for (std::uint64_t power = 1; power <= UINT64_MAX / base; power *= base) ++n;
  // base^n - 1 fits when base^n does not overflow; base^n - 1 = UINT64_MAX for base 2, n = 64.
  return base == 2 ? 64 : n;
}

// The state's digits as a number, piece N the highest digit.
std::uint64_t value_of(const Pieces& s, std::uint64_t base) {
  std::uint64_t v = 0;
  for (std::size_t i = s.size(); i-- > 0;) v = v * base + s[i];
  return v;
}

std::string count_of(std::uint64_t n, const Puzzle& p) {
  return fmt::format("{} {}", n, n == 1 ? p.piece : p.pieces);
}

// Where the Towers of Hanoi have a second shortest path: the words that say which is drawn.
constexpr std::string_view kTieWords =
    "; one of two shortest paths: the largest disc that moves goes directly, not by the third peg";

}  // namespace

Result<std::string> plot_path(const Puzzle& puzzle, const Pieces& from, const Pieces& to) {
  const std::uint64_t n = from.size(), base = puzzle.positions;
  if (n == 0)
    return Error{fmt::format("{} needs at least 1 {}, found 0", puzzle.name, puzzle.piece),
                 "no_pieces"};
  const std::uint64_t most = max_plotted_pieces(base);
  if (n > most)
    return Error{fmt::format("a path plot shows each state as a number on a linear axis: at most "
                             "{} {} for {}, found {}",
                             most, puzzle.pieces, puzzle.name, n),
                 "too_many_pieces"};
  bool tied = false;
  const mpz_class moves = family::distance(puzzle, from, to, &tied);
  if (moves > to_mpz(kMaxPathPlotMoves))
    return Error{fmt::format("the path has {} moves, too many to plot (at most 2^30 = {})",
                             moves.get_str(), kMaxPathPlotMoves),
                 "path_too_long"};
  const std::uint64_t points = moves.get_ui() + 1;
  const bool thin = detail::path_thinned(points);
  const std::uint64_t per = points / (thin ? kPlotColumns : points);

  detail::ChartText text;
  text.title = {fmt::format("Optimal path of {}: {}, {} move{}", puzzle.title, count_of(n, puzzle),
                            points - 1, points == 2 ? "" : "s"),
                "family-path-title",
                {{"puzzle", puzzle.name},
                 {"pieces", fmt::to_string(n)},
                 {"moves", fmt::to_string(points - 1)}}};
  const auto from_text = detail::abbreviate(family::format_pieces(from), 24),
             to_text = detail::abbreviate(family::format_pieces(to), 24);
  text.subtitle = {
      fmt::format(
          "from {} to {}; the digits read in base {}, {} {} first{}{}", from_text, to_text, base,
          puzzle.piece, n, tied ? kTieWords : "",
          thin ? fmt::format("; each pixel column shows the range of about {} states", per) : ""),
      "family-path-subtitle",
      {{"from", from_text},
       {"to", to_text},
       {"base", fmt::to_string(base)},
       {"pieces", fmt::to_string(n)},
       {"tie", tied ? "1" : "0"},
       {"puzzle", puzzle.name}}};
  if (thin) text.subtitle.fields.emplace_back("per", fmt::to_string(per));
  text.x_label = {"move", "axis-move"};
  text.y_label = {
      fmt::format("state (base {})", base), "axis-state-base", {{"base", fmt::to_string(base)}}};

  // Powers of the base, to follow the value as pieces move.
  std::vector<std::uint64_t> power(n, 1);
  for (std::uint64_t i = 1; i < n; ++i) power[i] = power[i - 1] * base;
  return detail::path_chart(
      text, points,
      [&](const std::function<void(std::uint64_t)>& add) {
        std::uint64_t v = value_of(from, base);
        add(v);
        family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
          v = v - m.from * power[m.piece - 1] + m.to * power[m.piece - 1];
          add(v);
          return true;
        });
      },
      [&](std::uint64_t step, std::uint64_t value) {
        // The state's digits back from its value: piece N first, as the puzzle writes them.
        Pieces s(n);
        for (std::uint64_t i = 0; i < n; ++i, value /= base) s[i] = value % base;
        const auto state = family::format_pieces(s);
        return detail::Words{fmt::format("step {}: {} ({})", step, state, value_of(s, base)),
                             "family-path-step",
                             {{"step", fmt::to_string(step)},
                              {"state", state},
                              {"value", fmt::to_string(value_of(s, base))}}};
      });
}

namespace {

struct Point {
  double x = 0, y = 0;
};

// The recursive triangle layout. Corner c of the big triangle is where every disc is on peg c
// (peg 0 at the top, 1 bottom left, 2 bottom right). The largest disc's peg p picks the triangle
// at corner p, half the size; inside it the smaller discs are laid out the same way, but with
// their pegs sent to other corners: "all smaller discs on peg t" must sit at the corner facing the
// triangle of peg r when t is where they must be for the largest disc to go from p to r. That
// is read from the puzzle's rule (its edges), so every legal move joins two neighbouring
// vertices; the test checks it against the engine's legal moves.
std::vector<Point> layout(const Puzzle& puzzle, std::uint64_t n) {
  // corner_of[p][t]: inside the triangle of a disc on peg p, the corner of the smaller discs'
  // peg t (in the parent's corner labels).
  std::array<std::array<std::uint8_t, 3>, 3> corner_of{};
  for (std::uint8_t p = 0; p < 3; ++p) {
    corner_of[p][p] = p;
    for (const auto& e : puzzle.edges)
      if (e.a == p || e.b == p) corner_of[p][e.below.rest] = e.a == p ? e.b : e.a;
  }
  const double h = std::sqrt(3.0) / 2;
  const std::array<Point, 3> corner = {Point{0.5, 0}, Point{0, h}, Point{1, h}};
  std::size_t states = 1;
  for (std::uint64_t i = 0; i < n; ++i) states *= 3;
  std::vector<Point> pos(states);
  for (std::size_t v = 0; v < states; ++v) {
    std::array<std::uint8_t, 3> perm = {0, 1, 2};  // peg -> corner in the current triangle
    std::size_t rest = v, div = states / 3;
    for (std::uint64_t i = n; i-- > 0; div /= 3) {
      const auto peg = static_cast<std::uint8_t>(rest / div);
      rest %= div;
      const double size = std::ldexp(1.0, static_cast<int>(i));
      pos[v].x += size * corner[perm[peg]].x;
      pos[v].y += size * corner[perm[peg]].y;
      std::array<std::uint8_t, 3> next{};
      for (std::uint8_t t = 0; t < 3; ++t) next[t] = perm[corner_of[peg][t]];
      perm = next;
    }
  }
  return pos;
}

// The state numbered v (its digits in base 3, piece N the highest).
Pieces state_of(std::size_t v, std::uint64_t n) {
  Pieces s(n);
  for (std::uint64_t i = 0; i < n; ++i, v /= 3) s[i] = static_cast<std::uint8_t>(v % 3);
  return s;
}

}  // namespace

bool draws_sierpinski(const Puzzle& puzzle) { return puzzle.kind == family::Kind::hanoi; }

Result<std::string> plot_sierpinski(const Puzzle& puzzle, const Pieces& from, const Pieces& to) {
  if (!draws_sierpinski(puzzle))
    return Error{
        fmt::format(
            "the Sierpiński graph is the state graph of the Towers of Hanoi, not of {} ({}): plot "
            "its path instead",
            puzzle.title, puzzle.name),
        "cannot_draw"};
  const std::uint64_t n = from.size();
  if (n == 0) return Error{"hanoi needs at least 1 disc, found 0", "no_pieces"};
  if (n > kMaxSierpinskiDiscs)
    return Error{
        fmt::format("the Sierpiński graph is drawn with all 3^N states: at most {} discs, found {}",
                    kMaxSierpinskiDiscs, n),
        "too_many_pieces"};
  auto pos = layout(puzzle, n);
  const std::size_t states = pos.size();

  // Fit the triangle (2^N - 1 edges a side) into the area below the title.
  constexpr double kWidth = 900, kHeight = 740, kArea = 680, kTop = 100;
  const double side = std::ldexp(1.0, static_cast<int>(n)) - 1;
  const double scale = kArea / side, dx = (kWidth - kArea) / 2;
  for (auto& p : pos) p = {p.x * scale + dx, p.y * scale + kTop};
  const double radius = n >= 5 ? 2.5 : n >= 4 ? 4 : 6;
  const bool labelled = n <= 3;

  bool tied = false;
  const mpz_class moves = family::distance(puzzle, from, to, &tied);
  // Every legal move of every state, each edge once (from its lower-numbered end).
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  for (std::size_t v = 0; v < states; ++v) {
    detail::render_check();
    const Pieces s = state_of(v, n);
    for (const auto& m : family::legal_moves(puzzle, s)) {
      Pieces t = s;
      t[m.piece - 1] = m.to;
      const auto w = static_cast<std::size_t>(value_of(t, 3));
      if (w > v) edges.emplace_back(v, w);
    }
  }

  std::string out;
  const detail::Words title{
      fmt::format("The Sierpiński graph of {}: the {} states of the Towers of Hanoi and their {} "
                  "moves",
                  count_of(n, puzzle), states, edges.size()),
      "sierpinski-title",
      {{"pieces", fmt::to_string(n)},
       {"states", fmt::to_string(states)},
       {"edges", fmt::to_string(edges.size())}}};
  const auto from_text = family::format_pieces(from), to_text = family::format_pieces(to);
  const detail::Words path{
      fmt::format("the optimal path from {} (blue) to {} (red): {} move{}{}", from_text, to_text,
                  moves.get_str(), moves == 1 ? "" : "s", tied ? kTieWords : ""),
      "sierpinski-path",
      {{"from", from_text},
       {"to", to_text},
       {"moves", moves.get_str()},
       {"tie", tied ? "1" : "0"}}};
  const detail::Words layout_words{
      fmt::format("the largest disc's peg picks a corner triangle (peg 0 top, 1 left, 2 right), "
                  "each smaller disc one inside it; states disc {} first",
                  n),
      "sierpinski-layout",
      {{"pieces", fmt::to_string(n)}}};
  detail::svg_begin(out, kWidth, kHeight, title,
                    fmt::format(".edge {{ stroke: #888; stroke-width: 1.2; }}\n"
                                ".route {{ stroke-width: {}; stroke-linecap: round; opacity: 0.75; "
                                "}}\n"
                                ".vertex {{ fill: white; stroke: #111; stroke-width: 1.2; }}\n"
                                ".start {{ stroke: #2040d0; stroke-width: 3; }}\n"
                                ".goal {{ stroke: #d02020; stroke-width: 3; }}\n"
                                ".state {{ font-size: 12px; font-family: DejaVu Sans Mono, "
                                "monospace; paint-order: stroke; stroke: white; stroke-width: 3; "
                                "}}\n",
                                n >= 5 ? 4 : 7));
  auto it = std::back_inserter(out);
  fmt::format_to(
      it,
      "<text class=\"title\" x=\"{0}\" y=\"26\" text-anchor=\"middle\"{1}>{2}</text>\n"
      "<text class=\"subtitle\" x=\"{0}\" y=\"46\" text-anchor=\"middle\"{3}>{4}</text>\n"
      "<text class=\"subtitle\" x=\"{0}\" y=\"62\" text-anchor=\"middle\"{5}>{6}</text>\n",
      detail::num(kWidth / 2), title.attributes(), detail::xml_escape(title.text),
      path.attributes(), detail::xml_escape(path.text), layout_words.attributes(),
      detail::xml_escape(layout_words.text));
  const auto line = [&](std::string_view cls, std::size_t a, std::size_t b,
                        std::string_view extra) {
    fmt::format_to(it, "<line class=\"{}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>\n", cls,
                   detail::num(pos[a].x), detail::num(pos[a].y), detail::num(pos[b].x),
                   detail::num(pos[b].y), extra);
  };
  out += "<g>\n";
  for (const auto& [a, b] : edges) line("edge", a, b, "");
  out += "</g>\n<g>\n";
  // The optimal path, each step in its own hue from blue to red.
  Pieces s = from;
  const double steps = moves.get_d();
  std::uint64_t step = 0;
  family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
    const auto a = static_cast<std::size_t>(value_of(s, 3));
    s[m.piece - 1] = m.to;
    const double t = static_cast<double>(step++) / std::max(1.0, steps - 1);
    line("route", a, static_cast<std::size_t>(value_of(s, 3)),
         fmt::format(" stroke=\"{}\"", detail::hue(t)));
    return true;
  });
  out += "</g>\n<g>\n";
  // The states; data-state names each one, so that a page can mark it on the drawing.
  const auto vfrom = static_cast<std::size_t>(value_of(from, 3)),
             vto = static_cast<std::size_t>(value_of(to, 3));
  for (std::size_t v = 0; v < states; ++v) {
    detail::render_check();
    const Pieces sv = state_of(v, n);
    const auto name = family::format_pieces(sv);
    const auto left = family::distance(puzzle, sv, to).get_str();
    const bool end = v == vfrom || v == vto;
    fmt::format_to(it,
                   "<circle class=\"vertex{0}\" data-state=\"{1}\" cx=\"{2}\" cy=\"{3}\" r=\"{4}\">"
                   "<title data-word=\"sierpinski-vertex\" data-state=\"{1}\" data-moves=\"{5}\" "
                   "data-to=\"{7}\">"
                   "{1}: {5} move{6} to {7}</title></circle>\n",
                   v == vfrom ? " start"
                   : v == vto ? " goal"
                              : "",
                   name, detail::num(pos[v].x), detail::num(pos[v].y),
                   detail::num(end ? radius + 2 : radius), left, left == "1" ? "" : "s", to_text);
  }
  if (labelled) {
    // Each label sits outside its vertex, away from the middle of its small triangle.
    for (std::size_t v = 0; v < states; ++v) {
      const std::size_t base = v - v % 3;
      double cx = 0, cy = 0;
      for (std::size_t k = 0; k < 3; ++k) cx += pos[base + k].x / 3, cy += pos[base + k].y / 3;
      const double ux = pos[v].x - cx, uy = pos[v].y - cy, len = std::hypot(ux, uy);
      const double off = radius + 4;
      const double x = pos[v].x + (len > 0 ? ux / len * off : 0);
      const double y = pos[v].y + (len > 0 ? uy / len * off : -off) + 4;
      fmt::format_to(it, "<text class=\"state\" x=\"{}\" y=\"{}\" text-anchor=\"{}\">{}</text>\n",
                     detail::num(x), detail::num(y),
                     ux < -0.5  ? "end"
                     : ux > 0.5 ? "start"
                                : "middle",
                     family::format_pieces(state_of(v, n)));
    }
  }
  out += "</g>\n";
  detail::svg_end(out);
  return out;
}

}  // namespace rings
