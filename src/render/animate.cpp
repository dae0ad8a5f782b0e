// An animated SVG (SMIL) of the rings moving on the bar along the optimal solution.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
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

// One piece's keyframes: it rests at its first value, and each of its moves carries it along a
// path (spread evenly over the move's motion, from where it rests to where it rests next).
class Track {
 public:
  explicit Track(std::string rest) : values_{std::move(rest)} {}
  void move(std::uint64_t k, std::initializer_list<std::string> path) {
    const double t = kHoldStart + static_cast<double>(k) * kStep;
    for (std::size_t i = 0; const auto& v : path) {
      times_.push_back(t +
                       static_cast<double>(i++) * kMotion / static_cast<double>(path.size() - 1));
      values_.push_back(v);
    }
  }
  const std::string& start() const { return values_.front(); }
  const std::string& now() const { return values_.back(); }
  // Its animateTransform of `type` over a loop of `total` seconds (none when it never moves).
  void write(std::string& out, std::string_view type, double total) const {
    if (times_.size() == 1) return;
    auto times = times_;
    auto values = values_;
    times.push_back(total);
    values.push_back(values.back());
    animation(out, type, times, values, total, false);
  }

 private:
  std::vector<double> times_{0};
  std::vector<std::string> values_;
};

// The number of moves of an animation, refused past kMaxAnimateMoves.
Result<std::uint64_t> animated(const mpz_class& moves) {
  if (moves > to_mpz(kMaxAnimateMoves))
    return Error{fmt::format("the solution has {} moves, too many to animate (at most {})",
                             moves.get_str(), kMaxAnimateMoves),
                 "too_many_moves",
                 {{"moves", moves.get_str()}, {"most", kMaxAnimateMoves}}};
  return moves.get_ui();
}
// The length of the loop of an animation of `moves` moves, in seconds.
double loop(std::uint64_t moves) {
  return kHoldStart + static_cast<double>(moves) * kStep + kHoldEnd;
}

// The heading of a family puzzle's animation: its title and subtitle lines.
void heading(std::string& out, const detail::Words& title, const detail::Words& subtitle) {
  fmt::format_to(
      std::back_inserter(out),
      "<text class=\"title\" x=\"{0}\" y=\"28\" text-anchor=\"middle\"{1}>{2}</text>\n"
      "<text class=\"subtitle\" x=\"{0}\" y=\"48\" text-anchor=\"middle\"{3}>{4}</text>\n",
      detail::num(kWidth / 2), title.attributes(), detail::xml_escape(title.text),
      subtitle.attributes(), detail::xml_escape(subtitle.text));
}

}  // namespace

Result<std::string> animate(const State& from, const State& to, Mode mode) {
  const std::uint64_t n = from.size();
  if (n == 0) return Error{"the puzzle needs at least 1 ring, found 0", "no_pieces"};
  if (n > kMaxAnimateRings)
    return Error{fmt::format("the animation draws every ring: at most {} rings, found {}",
                             kMaxAnimateRings, n),
                 "too_many_pieces"};
  const auto moves = animated(distance(from, to, mode));
  if (!moves) return moves.failure();
  const std::uint64_t total_moves = *moves;
  const double total = loop(total_moves);

  // Each ring's keyframes: on the bar ("0 0") or hanging below it, sliding during its moves.
  const auto at = [&](bool is_on) { return fmt::format("0 {}", is_on ? 0 : kDrop); };
  std::vector<Track> tracks;
  for (Ring r = 0; r <= n; ++r) tracks.emplace_back(at(r > 0 && from.is_on(r)));
  std::uint64_t k = 0;
  solve(from, to, mode, [&](const Move& m) {
    detail::render_check();
    for (const Ring r : {m.ring(), m.is_pair() ? Ring{2} : Ring{0}}) {
      const bool on = r && tracks[r].now() == at(true);
      if (r) tracks[r].move(k, {at(on), at(!on)});
    }
    ++k;
    return true;
  });

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
      tracks[r].write(out, "translate", total);
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

namespace {

using family::Kind;
using family::Pieces;
using family::Puzzle;

// The Towers of Hanoi: the discs on their three pegs.
std::string hanoi(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
                  std::uint64_t total_moves, bool tied) {
  const std::uint64_t n = from.size();
  const double total = loop(total_moves);
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
  std::vector<Track> tracks(n + 1, Track(""));
  for (std::uint8_t peg = 0; peg < 3; ++peg)
    for (std::size_t level = 0; level < stacks[peg].size(); ++level)
      tracks[stacks[peg][level]] = Track(place(peg, level));
  std::uint64_t k = 0;
  family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
    detail::render_check();
    auto& from_stack = stacks[m.from];
    auto& to_stack = stacks[m.to];
    const std::size_t level = from_stack.size() - 1;
    from_stack.pop_back();
    to_stack.push_back(m.piece);
    tracks[m.piece].move(
        k++,
        {place(m.from, level), fmt::format("{} {}", detail::num(peg_x[m.from]), kLiftY),
         fmt::format("{} {}", detail::num(peg_x[m.to]), kLiftY), place(m.to, to_stack.size() - 1)});
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
  heading(out, title, subtitle);
  auto it = std::back_inserter(out);
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
                   d, tracks[d].start(), detail::num(-w / 2), detail::num(w), detail::num(kDiscH));
    fmt::format_to(it, "<text class=\"num\" x=\"0\" y=\"13\" text-anchor=\"middle\">{}</text>", d);
    tracks[d].write(out, "translate", total);
    out += "</g>\n";
  }
  counter(out, total_moves, total, kBaseY + 80);
  detail::svg_end(out);
  return out;
}

// Spin-Out, The Brain, the Hexadecimal Puzzle and the Crazy Elephant Dance: the pieces in a row
// as the page draws them, piece N on the left and piece 1 at the free end on the right, each
// turning (a dial's bar, an elephant's trunk) or sliding (a rod, a bar) between its positions.
std::string row(const Puzzle& puzzle, const Pieces& from, const Pieces& to,
                std::uint64_t total_moves) {
  const std::uint64_t n = from.size();
  const double total = loop(total_moves);
  const Kind kind = puzzle.kind;
  const bool turns = kind == Kind::spin_out || kind == Kind::elephant;
  // Where a piece's moving part is in each position: turned by degrees, or slid down when in.
  const auto pose = [&](std::uint8_t d) -> std::string {
    if (kind == Kind::spin_out) return d ? "0" : "90";                        // standing, lying
    if (kind == Kind::elephant) return d == 0 ? "-90" : d == 1 ? "0" : "90";  // up, right, down
    return d ? "0 0" : "0 44";                                                // out, in
  };
  std::vector<Track> tracks;
  for (std::uint64_t i = 0; i <= n; ++i) tracks.emplace_back(pose(i ? from[i - 1] : 0));
  std::uint64_t k = 0;
  family::solve(puzzle, from, to, [&](const family::PieceMove& m) {
    detail::render_check();
    tracks[m.piece].move(k++, {pose(m.from), pose(m.to)});
    return true;
  });

  std::string out;
  const auto from_text = family::format_pieces(from), to_text = family::format_pieces(to);
  std::string name(puzzle.title);
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  const detail::Words title{
      fmt::format("{}, {} {}: {} to {}, {} move{}", name, n, n == 1 ? puzzle.piece : puzzle.pieces,
                  from_text, to_text, total_moves, total_moves == 1 ? "" : "s"),
      "family-animate-title",
      {{"puzzle", puzzle.name},
       {"pieces", fmt::to_string(n)},
       {"from", from_text},
       {"to", to_text},
       {"moves", fmt::to_string(total_moves)}}};
  std::string legend;  // the positions, where they have names
  for (std::uint8_t d = 0; d < puzzle.positions; ++d)
    if (const auto w = family::position_name(puzzle, d); w != fmt::to_string(d))
      legend += fmt::format("{}{} {}", d ? ", " : "", d, w);
  const detail::Words subtitle{
      fmt::format("states in digits, {0} {1} first (on the left), {0} 1 at the free end; {2}",
                  puzzle.piece, n,
                  legend.empty() ? fmt::format("a {} at 1 is raised", puzzle.piece) : legend),
      "family-animate-subtitle",
      {{"puzzle", puzzle.name}, {"pieces", fmt::to_string(n)}}};
  detail::svg_begin(out, kWidth, 380, title,
                    ".dial { fill: #efe6d2; stroke: #4a4034; stroke-width: 1.5; }\n"
                    ".body { fill: #d4a02a; stroke: #5a3d0c; stroke-width: 1.5; }\n"
                    ".slot { fill: #d8ceb9; }\n"
                    ".trunk { stroke: #8c8c8c; stroke-width: 9; stroke-linecap: round; }\n"
                    ".head { fill: #a0a0a0; stroke: #555; stroke-width: 1.2; }\n"
                    ".case { fill: #6a8caf; opacity: 0.6; }\n"
                    ".plate { fill: #8b5a2b; }\n"
                    ".num { font-size: 12px; fill: #333; }\n"
                    ".counter { font-size: 18px; font-family: DejaVu Sans Mono, monospace; }\n");
  heading(out, title, subtitle);
  auto it = std::back_inserter(out);
  // Each piece drawn about its origin at (x, kRowY), scaled to the room it has.
  constexpr double kRowY = 160;
  const double spacing = std::min(64.0, 720.0 / static_cast<double>(n));
  const double scale = std::min(1.0, spacing / 56), first = kWidth / 2 + spacing * (n - 1) / 2;
  fmt::format_to(it,
                 "<rect class=\"plate\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"12\" rx=\"4\"/>\n",
                 detail::num(first - spacing * (n - 0.5)), detail::num(kRowY + 60 * scale),
                 detail::num(spacing * n));
  for (std::uint64_t i = n; i >= 1; --i) {
    const double x = first - spacing * static_cast<double>(i - 1);
    fmt::format_to(it, "<g class=\"piece-{}\" transform=\"translate({} {}) scale({})\">", i,
                   detail::num(x), kRowY, detail::num(scale));
    const double w = kind == Kind::brain ? 14 : 26;  // a rod, a bar
    if (kind == Kind::spin_out)
      out +=
          "<circle class=\"dial\" r=\"22\"/><rect class=\"body\" x=\"-6\" y=\"-28\" "
          "width=\"12\" height=\"56\" rx=\"6\"";
    else if (kind == Kind::elephant)
      out += "<path class=\"trunk\" d=\"M0 0H44\"";
    else
      fmt::format_to(it,
                     "<rect class=\"slot\" x=\"-5\" y=\"-48\" width=\"10\" height=\"96\" "
                     "rx=\"5\"/><rect class=\"body\" x=\"{}\" y=\"-52\" width=\"{}\" "
                     "height=\"56\" rx=\"{}\"",
                     detail::num(-w / 2), detail::num(w), kind == Kind::brain ? 7 : 3);
    fmt::format_to(it, " transform=\"{}({})\">", turns ? "rotate" : "translate", tracks[i].start());
    tracks[i].write(out, turns ? "rotate" : "translate", total);
    out += kind == Kind::elephant ? "</path>" : "</rect>";
    if (kind == Kind::elephant)  // the head over its trunk: ears, face, eyes
      out +=
          "<circle class=\"head\" cx=\"-15\" cy=\"-8\" r=\"11\"/><circle class=\"head\" "
          "cx=\"15\" cy=\"-8\" r=\"11\"/><circle class=\"head\" r=\"17\"/><circle "
          "cx=\"-6\" cy=\"-5\" r=\"2\"/><circle cx=\"6\" cy=\"-5\" r=\"2\"/>";
    out += "</g>\n";
    if (spacing >= 16)
      fmt::format_to(it, "<text class=\"num\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                     detail::num(x), detail::num(kRowY + 90 * scale), i);
  }
  if (kind == Kind::brain)  // the case the rods slide through
    fmt::format_to(it,
                   "<rect class=\"case\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\"/>\n",
                   detail::num(first - spacing * (n - 0.5)), detail::num(kRowY - 14 * scale),
                   detail::num(spacing * n), detail::num(28 * scale));
  counter(out, total_moves, total, kRowY + 150);
  detail::svg_end(out);
  return out;
}

}  // namespace

Result<std::string> animate(const Puzzle& puzzle, const Pieces& from, const Pieces& to) {
  if (puzzle.kind == Kind::rings)  // the rings' own picture
    return animate(family::to_state(from), family::to_state(to), Mode::single);
  const std::uint64_t n = from.size();
  const bool discs = puzzle.kind == Kind::hanoi;
  const std::uint64_t most = discs ? kMaxAnimateDiscs : kMaxAnimatePieces;
  if (n == 0)
    return Error{fmt::format("{} needs at least 1 {}, found 0", puzzle.name, puzzle.piece),
                 "no_pieces"};
  if (n > most)
    return Error{fmt::format("the animation draws every {}: at most {} {}, found {}", puzzle.piece,
                             most, puzzle.pieces, n),
                 "too_many_pieces"};
  bool tied = false;
  const auto moves = animated(family::distance(puzzle, from, to, &tied));
  if (!moves) return moves.failure();
  return discs ? hanoi(puzzle, from, to, *moves, tied) : row(puzzle, from, to, *moves);
}

}  // namespace rings
