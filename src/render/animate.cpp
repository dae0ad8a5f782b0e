// An animated SVG (SMIL) of the rings moving on the bar along the optimal solution.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "rings/family.hpp"
#include "rings/position.hpp"
#include "rings/render.hpp"
#include "rings/solve.hpp"
#include "svg.hpp"

namespace rings {
namespace {

// Timing in seconds: a pause on the start, each move, the part of a move spent moving, and a
// pause on the end before the loop starts again.
constexpr double kHoldStart = 1, kStep = 0.5, kMotion = 0.35, kHoldEnd = 2;

// Geometry in pixels: the bar's height, a ring's half-height, and how far a ring that is off
// hangs below the bar.
constexpr double kWidth = 860, kBarY = 170, kRail = 12, kRingRy = 44, kDrop = 2 * kRingRy + 16;
constexpr double kPlateY = kBarY + kRingRy + kDrop + 36;

std::string key_time(double t, double total) { return fmt::format("{:.6f}", t / total); }

// Appends an animation of the `values` (as text) at the `times` (seconds, from 0) over one
// loop of `total` seconds. The last key time is 1.
void animation(std::string& out, std::string_view type, const std::vector<double>& times,
               const std::vector<std::string>& values, double total, bool discrete) {
  out += "<animateTransform attributeName=\"transform\" type=\"";
  out += type;
  out += "\" values=\"";
  for (std::size_t i = 0; i < values.size(); ++i) (out += i ? ";" : "") += values[i];
  out += "\" keyTimes=\"";
  for (std::size_t i = 0; i < times.size(); ++i) (out += i ? ";" : "") += key_time(times[i], total);
  fmt::format_to(std::back_inserter(out),
                 "\" dur=\"{}s\" repeatCount=\"indefinite\" calcMode=\"{}\"/>", detail::num(total),
                 discrete ? "discrete" : "linear");
}

// The counter: one odometer wheel a digit, each a column of glyphs (0-9, then blank for a
// leading zero) behind a one-glyph window, turned to the right glyph when a move ends; its
// baseline at `counter_y`.
void counter(std::string& out, std::uint64_t total_moves, double total, double counter_y) {
  auto it = std::back_inserter(out);
  const std::size_t places = fmt::formatted_size("{}", total_moves);
  constexpr double kGlyph = 10.84, kLine = 24;  // DejaVu Sans Mono at 18px
  // "move " + digits + " of " + digits, centred.
  const double digits_x =
      kWidth / 2 - kGlyph * static_cast<double>(9 + 2 * places) / 2 + 5 * kGlyph;
  fmt::format_to(
      it, "<text class=\"counter\" x=\"{}\" y=\"{}\" data-word=\"counter-move\">move</text>\n",
      detail::num(digits_x - 5 * kGlyph), detail::num(counter_y));
  for (std::size_t p = 0; p < places; ++p) {
    const double x = digits_x + kGlyph * static_cast<double>(places - 1 - p);
    fmt::format_to(it,
                   "<clipPath id=\"digit-{0}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" "
                   "height=\"{4}\"/></clipPath>\n<g clip-path=\"url(#digit-{0})\"><g>",
                   p, detail::num(x), detail::num(counter_y - kLine + 5), detail::num(kGlyph),
                   detail::num(kLine));
    for (int g = 0; g <= 10; ++g)
      fmt::format_to(it, "<text class=\"counter\" x=\"{}\" y=\"{}\">{}</text>", detail::num(x),
                     detail::num(counter_y + kLine * g), g < 10 ? static_cast<char>('0' + g) : ' ');
    std::uint64_t unit = 1;
    for (std::size_t i = 0; i < p; ++i) unit *= 10;
    const auto glyph = [&](std::uint64_t count) {
      return count < unit && p > 0 ? 10 : static_cast<int>(count / unit % 10);
    };
    std::vector<double> times{0};
    std::vector<std::string> values{fmt::format("0 {}", -kLine * glyph(0))};
    for (std::uint64_t done = 1; done <= total_moves; ++done)
      if (glyph(done) != glyph(done - 1)) {
        times.push_back(kHoldStart + static_cast<double>(done - 1) * kStep + kMotion);
        values.push_back(fmt::format("0 {}", -kLine * glyph(done)));
      }
    if (times.size() > 1) animation(out, "translate", times, values, total, true);
    out += "</g></g>\n";
  }
  fmt::format_to(it,
                 "<text class=\"counter\" x=\"{0}\" y=\"{1}\" data-word=\"counter-of\" "
                 "data-moves=\"{2}\">of {2}</text>\n",
                 detail::num(digits_x + kGlyph * static_cast<double>(places + 1)),
                 detail::num(counter_y), total_moves);
}

}  // namespace

Result<std::string> animate(const State& from, const State& to, Mode mode) {
  const std::uint64_t n = from.size();
  if (n == 0) return Error{"the puzzle needs at least 1 ring, found 0"};
  if (n > kMaxAnimateRings)
    return Error{fmt::format("the animation draws every ring: at most {} rings, found {}",
                             kMaxAnimateRings, n)};
  const mpz_class moves = distance(from, to, mode);
  if (moves > to_mpz(kMaxAnimateMoves))
    return Error{fmt::format("the solution has {} moves, too many to animate (at most {})",
                             moves.get_str(), kMaxAnimateMoves)};
  const std::uint64_t total_moves = moves.get_ui();

  // The move numbers at which each ring moves (at most kMaxAnimateMoves in all).
  std::vector<std::vector<std::uint64_t>> moves_of(n + 1);
  std::uint64_t k = 0;
  solve(from, to, mode, [&](const Move& m) {
    moves_of[m.ring()].push_back(k);
    if (m.is_pair()) moves_of[2].push_back(k);
    ++k;
    return true;
  });
  const double total = kHoldStart + static_cast<double>(total_moves) * kStep + kHoldEnd;

  // Ring N at the handle on the left, ring 1 near the free end on the right.
  const double spacing = std::min(56.0, 660.0 / static_cast<double>(n));
  const double rx = std::clamp(spacing * 0.42, 6.0, 18.0);
  const double first = (kWidth - spacing * static_cast<double>(n - 1)) / 2;
  const auto ring_x = [&](Ring r) { return first + spacing * static_cast<double>(n - r); };
  const double bar_left = ring_x(n) - spacing / 2 - 30, bar_right = ring_x(1) + spacing / 2 + 40;

  std::string out;
  const auto from_text = detail::abbreviate(format_state(from, Notation::binary), 20),
             to_text = detail::abbreviate(format_state(to, Notation::binary), 20);
  const detail::Words title{
      fmt::format("{} ring{}: {} to {}, {} move{}", n, n == 1 ? "" : "s", from_text, to_text,
                  total_moves, total_moves == 1 ? "" : "s"),
      "animate-title",
      {{"rings", fmt::to_string(n)},
       {"from", from_text},
       {"to", to_text},
       {"moves", fmt::to_string(total_moves)}}};
  const bool dbl = mode == Mode::double_moves;
  detail::svg_begin(out, kWidth, 480, title,
                    ".ring { fill: none; stroke: #b8860b; stroke-width: 4; }\n"
                    ".post { stroke: #777; stroke-width: 2.5; }\n"
                    ".rail { fill: none; stroke: #555; stroke-width: 5; }\n"
                    ".plate { fill: #8b5a2b; }\n"
                    ".num { font-size: 12px; fill: white; }\n"
                    ".counter { font-size: 18px; font-family: DejaVu Sans Mono, monospace; }\n");
  auto it = std::back_inserter(out);
  fmt::format_to(it,
                 "<text class=\"title\" x=\"{0}\" y=\"28\" text-anchor=\"middle\"{4}>{1}</text>\n"
                 "<text class=\"subtitle\" x=\"{0}\" y=\"48\" text-anchor=\"middle\" "
                 "data-word=\"animate-subtitle\" data-rings=\"{2}\" data-double=\"{5}\">states in "
                 "binary, ring {2} first; ring 1 is nearest the free end of the bar{3}</text>\n",
                 detail::num(kWidth / 2), detail::xml_escape(title.text), n,
                 dbl ? "; rings 1+2 may move together" : "", title.attributes(), dbl ? 1 : 0);

  // A ring is drawn in two halves with the bar between them, so the bar passes through the rings
  // that are on. Each half moves down by kDrop when its ring comes off.
  const auto ring_layer = [&](bool front) {
    out += front ? "<g>\n" : "<g clip-path=\"url(#above-plate)\">\n";
    for (Ring r = n; r >= 1; --r) {
      const double x = ring_x(r), top = kBarY - kRingRy, bottom = kBarY + kRingRy;
      fmt::format_to(it, "<g class=\"ring-{}\"{}>", r,
                     from.is_on(r) ? "" : fmt::format(" transform=\"translate(0 {})\"", kDrop));
      if (!front)
        fmt::format_to(it, "<line class=\"post\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>",
                       detail::num(x), detail::num(bottom), detail::num(kPlateY + 10));
      fmt::format_to(it, "<path class=\"ring\" d=\"M{0} {1}A{2} {3} 0 0 {4} {0} {5}\"/>",
                     detail::num(x), detail::num(top), detail::num(rx), detail::num(kRingRy),
                     front ? 1 : 0, detail::num(bottom));
      const auto& ms = moves_of[r];
      if (!ms.empty()) {
        // Hold, then slide during the move's motion; the last key holds until the loop ends.
        std::vector<double> times{0};
        std::vector<std::string> values;
        bool on = from.is_on(r);
        const auto at = [&](bool is_on) { return fmt::format("0 {}", is_on ? 0 : kDrop); };
        values.push_back(at(on));
        for (auto m : ms) {
          const double start = kHoldStart + static_cast<double>(m) * kStep;
          times.push_back(start);
          values.push_back(at(on));
          on = !on;
          times.push_back(start + kMotion);
          values.push_back(at(on));
        }
        times.push_back(total);
        values.push_back(at(on));
        animation(out, "translate", times, values, total, false);
      }
      out += "</g>\n";
    }
    out += "</g>\n";
  };
  // The posts of rings that are off reach below the plate: cut them at its middle.
  fmt::format_to(it, "<clipPath id=\"above-plate\"><rect width=\"{}\" height=\"{}\"/></clipPath>\n",
                 detail::num(kWidth), detail::num(kPlateY + 13));
  ring_layer(false);
  fmt::format_to(it,
                 "<rect class=\"rail\" x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                 "rx=\"{4}\"/>\n<rect x=\"{5}\" y=\"{6}\" width=\"34\" height=\"{7}\" rx=\"6\" "
                 "fill=\"#333\"/>\n",
                 detail::num(bar_left), detail::num(kBarY - kRail),
                 detail::num(bar_right - bar_left), detail::num(2 * kRail), detail::num(kRail),
                 detail::num(bar_left - 30), detail::num(kBarY - kRail - 6),
                 detail::num(2 * kRail + 12));
  ring_layer(true);
  fmt::format_to(it,
                 "<rect class=\"plate\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"26\" rx=\"4\"/>\n",
                 detail::num(ring_x(n) - spacing / 2), detail::num(kPlateY),
                 detail::num(spacing * static_cast<double>(n)));
  if (spacing >= 16)
    for (Ring r = 1; r <= n; ++r)
      fmt::format_to(it, "<text class=\"num\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                     detail::num(ring_x(r)), detail::num(kPlateY + 17), r);

  counter(out, total_moves, total, kPlateY + 66);
  detail::svg_end(out);
  return out;
}

Result<std::string> animate(const family::Puzzle& puzzle, const family::Pieces& from,
                            const family::Pieces& to) {
  if (puzzle.kind != family::Kind::hanoi)
    return Error{fmt::format("rings animate draws the rings and the Towers of Hanoi, not {} ({})",
                             puzzle.title, puzzle.name)};
  const std::uint64_t n = from.size();
  if (n == 0) return Error{"hanoi needs at least 1 disc, found 0"};
  if (n > kMaxAnimateDiscs)
    return Error{fmt::format("the animation draws every disc: at most {} discs, found {}",
                             kMaxAnimateDiscs, n)};
  bool tied = false;
  const mpz_class moves = family::distance(puzzle, from, to, &tied);
  if (moves > to_mpz(kMaxAnimateMoves))
    return Error{fmt::format("the solution has {} moves, too many to animate (at most {})",
                             moves.get_str(), kMaxAnimateMoves)};
  const std::uint64_t total_moves = moves.get_ui();
  const double total = kHoldStart + static_cast<double>(total_moves) * kStep + kHoldEnd;

  // Pegs 0, 1, 2 from left to right; disc N the widest. A disc's place is its peg and its
  // height in the stack: the engine's moves are replayed on the stacks.
  constexpr double kBaseY = 330, kDiscH = 18, kLiftY = 100, kPegTop = kBaseY - 11 * kDiscH;
  const double peg_x[3] = {kWidth / 2 - 270, kWidth / 2, kWidth / 2 + 270};
  const auto width = [&](std::uint64_t disc) {
    return n == 1 ? 120.0 : 40 + 200 * static_cast<double>(disc - 1) / static_cast<double>(n - 1);
  };
  std::vector<std::uint64_t> stacks[3];  // discs, bottom first
  for (std::uint64_t d = n; d >= 1; --d) stacks[from[d - 1]].push_back(d);
  const auto place = [&](std::uint64_t peg, std::size_t level) {
    return fmt::format("{} {}", detail::num(peg_x[peg]),
                       detail::num(kBaseY - kDiscH * static_cast<double>(level + 1)));
  };
  // Each disc's keyframes: rest, then for each of its moves lift, cross, land.
  std::vector<std::vector<double>> times(n + 1);
  std::vector<std::vector<std::string>> values(n + 1);
  for (std::uint8_t peg = 0; peg < 3; ++peg)
    for (std::size_t level = 0; level < stacks[peg].size(); ++level) {
      const auto d = stacks[peg][level];
      times[d] = {0};
      values[d] = {place(peg, level)};
    }
  std::uint64_t k = 0;
  family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
    const auto d = m.piece;
    const double t = kHoldStart + static_cast<double>(k++) * kStep;
    auto& from_stack = stacks[m.from];
    auto& to_stack = stacks[m.to];
    const std::size_t level = from_stack.size() - 1;
    from_stack.pop_back();
    to_stack.push_back(d);
    auto& ts = times[d];
    auto& vs = values[d];
    const std::string lift_from = fmt::format("{} {}", detail::num(peg_x[m.from]), kLiftY),
                      lift_to = fmt::format("{} {}", detail::num(peg_x[m.to]), kLiftY);
    ts.insert(ts.end(), {t, t + kMotion / 3, t + 2 * kMotion / 3, t + kMotion});
    vs.insert(vs.end(),
              {place(m.from, level), lift_from, lift_to, place(m.to, to_stack.size() - 1)});
    return true;
  });

  std::string out;
  const auto from_text = family::format_pieces(from), to_text = family::format_pieces(to);
  const detail::Words title{
      fmt::format("The Towers of Hanoi, {} disc{}: {} to {}, {} move{}", n, n == 1 ? "" : "s",
                  from_text, to_text, total_moves, total_moves == 1 ? "" : "s"),
      "hanoi-animate-title",
      {{"pieces", fmt::to_string(n)},
       {"from", from_text},
       {"to", to_text},
       {"moves", fmt::to_string(total_moves)}}};
  const detail::Words subtitle{
      fmt::format("states in digits, disc {} first: the peg of each disc, peg 0 on the left{}", n,
                  tied ? "; one of two shortest solutions: the largest disc that moves goes "
                         "directly"
                       : ""),
      "hanoi-animate-subtitle",
      {{"pieces", fmt::to_string(n)}, {"tie", tied ? "1" : "0"}}};
  detail::svg_begin(out, kWidth, 440, title,
                    ".disc { fill: #c8702a; stroke: #5a2d0c; stroke-width: 1.5; }\n"
                    ".peg { stroke: #8b5a2b; stroke-width: 8; stroke-linecap: round; }\n"
                    ".plate { fill: #8b5a2b; }\n"
                    ".num { font-size: 12px; fill: white; }\n"
                    ".pegnum { font-size: 14px; fill: #333; }\n"
                    ".counter { font-size: 18px; font-family: DejaVu Sans Mono, monospace; }\n");
  auto it = std::back_inserter(out);
  fmt::format_to(
      it,
      "<text class=\"title\" x=\"{0}\" y=\"28\" text-anchor=\"middle\"{1}>{2}</text>\n"
      "<text class=\"subtitle\" x=\"{0}\" y=\"48\" text-anchor=\"middle\"{3}>{4}</text>\n",
      detail::num(kWidth / 2), title.attributes(), detail::xml_escape(title.text),
      subtitle.attributes(), detail::xml_escape(subtitle.text));
  for (int peg = 0; peg < 3; ++peg)
    fmt::format_to(it,
                   "<line class=\"peg\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>"
                   "<text class=\"pegnum\" x=\"{0}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
                   detail::num(peg_x[peg]), detail::num(kPegTop), detail::num(kBaseY),
                   detail::num(kBaseY + 36), peg);
  fmt::format_to(
      it, "<rect class=\"plate\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" rx=\"4\"/>\n",
      detail::num(peg_x[0] - 130), detail::num(kBaseY), detail::num(peg_x[2] - peg_x[0] + 260));
  // Each disc: a rectangle about the origin, moved to its place by its transform.
  for (std::uint64_t d = n; d >= 1; --d) {
    const double w = width(d);
    fmt::format_to(it,
                   "<g class=\"disc-{0}\" transform=\"translate({1})\"><rect class=\"disc\" "
                   "x=\"{2}\" y=\"0\" width=\"{3}\" height=\"{4}\" rx=\"6\"/>",
                   d, values[d][0], detail::num(-w / 2), detail::num(w), detail::num(kDiscH));
    fmt::format_to(it, "<text class=\"num\" x=\"0\" y=\"13\" text-anchor=\"middle\">{}</text>", d);
    if (times[d].size() > 1) {
      times[d].push_back(total);
      values[d].push_back(values[d].back());
      animation(out, "translate", times[d], values[d], total, false);
    }
    out += "</g>\n";
  }
  counter(out, total_moves, total, kBaseY + 80);
  detail::svg_end(out);
  return out;
}

}  // namespace rings
