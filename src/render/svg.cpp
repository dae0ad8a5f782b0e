#include "svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "rings/render.hpp"

namespace rings {
namespace {
thread_local RenderCheck current_check = nullptr;
}  // namespace

RenderCheck set_render_check(RenderCheck check) { return std::exchange(current_check, check); }

}  // namespace rings

namespace rings::detail {

void render_check() {
  if (current_check) current_check();
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string abbreviate(std::string_view text, std::size_t max) {
  if (text.size() <= max || max < 3) return std::string(text);
  const std::size_t head = (max - 1) / 2, tail = max - 1 - head;
  return fmt::format("{}…{}", text.substr(0, head), text.substr(text.size() - tail));
}

std::string num(double v) {
  std::string s = fmt::format("{:.3f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string hue(double t) {
  const double h = 240 * (1 - t) / 60, c = 0.85, x = c * (1 - std::abs(std::fmod(h, 2) - 1));
  double rgb[3] = {0, 0, 0};
  const int sector = std::min(static_cast<int>(h), 3);
  const int slots[4][2] = {{0, 1}, {1, 0}, {1, 2}, {2, 1}};  // (c, x) channels for hues 0..240
  rgb[slots[sector][0]] = c;
  rgb[slots[sector][1]] = x;
  const double m = 0.5 - c / 2;
  const auto byte = [&](double v) { return static_cast<int>(std::lround((v + m) * 255)); };
  return fmt::format("#{:02x}{:02x}{:02x}", byte(rgb[0]), byte(rgb[1]), byte(rgb[2]));
}

std::string Words::attributes() const {
  std::string out = fmt::format(" data-word=\"{}\"", xml_escape(key));
  for (const auto& [name, value] : fields)
    fmt::format_to(std::back_inserter(out), " data-{}=\"{}\"", name, xml_escape(value));
  return out;
}

void svg_begin(std::string& out, double width, double height, const Words& title,
               std::string_view css) {
  fmt::format_to(std::back_inserter(out),
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                 "viewBox=\"0 0 {0} {1}\" font-family=\"DejaVu Sans, Helvetica, Arial, "
                 "sans-serif\">\n<title{4}>{2}</title>\n<style>\n"
                 ".title {{ font-size: 16px; font-weight: bold; }}\n"
                 ".subtitle {{ font-size: 12px; fill: #444; }}\n"
                 ".tick {{ font-size: 11px; fill: #333; }}\n"
                 ".label {{ font-size: 12px; fill: #222; }}\n"
                 ".axis {{ stroke: #222; stroke-width: 1; fill: none; }}\n"
                 ".grid {{ stroke: #ddd; stroke-width: 1; }}\n"
                 "{3}</style>\n"
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                 num(width), num(height), xml_escape(title.text), css, title.attributes());
}

namespace {

// Round tick values in [lo, hi]: multiples of the smallest 1, 2 or 5 x 10^k step that gives
// at most eight intervals.
std::vector<std::uint64_t> ticks(std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t span = hi - lo;
  std::uint64_t step = 1;
  for (std::uint64_t decade = 1;; decade *= 10) {
    bool found = false;
    for (std::uint64_t f : {1, 2, 5}) {
      step = decade * f;
      if (span / step <= 8) {
        found = true;
        break;
      }
    }
    if (found || decade > UINT64_MAX / 100) break;
  }
  std::vector<std::uint64_t> out;
  std::uint64_t t = lo % step == 0 ? lo : lo + (step - lo % step);
  for (; t >= lo && t <= hi; t += step) {
    out.push_back(t);
    if (t > UINT64_MAX - step) break;
  }
  return out;
}

}  // namespace

Frame chart_begin(std::string& out, const ChartText& text, double plot_width, double plot_height,
                  std::uint64_t x_lo, std::uint64_t x_hi, std::uint64_t y_lo, std::uint64_t y_hi,
                  std::string_view css) {
  // An empty range still needs a scale: widen it upward (or downward at the top).
  if (x_lo == x_hi) x_hi == UINT64_MAX ? --x_lo : ++x_hi;
  if (y_lo == y_hi) y_hi == UINT64_MAX ? --y_lo : ++y_hi;
  const auto xt = ticks(x_lo, x_hi), yt = ticks(y_lo, y_hi);
  std::size_t y_chars = 1;
  for (auto t : yt) y_chars = std::max(y_chars, fmt::formatted_size("{}", t));
  Frame f;
  f.left = 40 + 7.0 * static_cast<double>(y_chars);
  f.top = 64;
  f.width = plot_width;
  f.height = plot_height;
  f.x_lo = x_lo, f.x_hi = x_hi, f.y_lo = y_lo, f.y_hi = y_hi;
  const double width = f.left + plot_width + 30, height = f.top + plot_height + 56;
  svg_begin(out, width, height, text.title, css);
  auto it = std::back_inserter(out);
  fmt::format_to(
      it,
      "<text class=\"title\" x=\"{0}\" y=\"24\" text-anchor=\"middle\"{1}>{2}</text>\n"
      "<text class=\"subtitle\" x=\"{0}\" y=\"44\" text-anchor=\"middle\"{3}>{4}</text>\n",
      num(width / 2), text.title.attributes(), xml_escape(text.title.text),
      text.subtitle.attributes(), xml_escape(text.subtitle.text));
  const double bottom = f.top + f.height, right = f.left + f.width;
  out += "<g class=\"ticks\">\n";
  for (auto t : xt) {
    const double x = f.x(t);
    fmt::format_to(it,
                   "<line class=\"grid\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>"
                   "<line class=\"axis\" x1=\"{0}\" y1=\"{2}\" x2=\"{0}\" y2=\"{3}\"/>"
                   "<text class=\"tick\" x=\"{0}\" y=\"{4}\" text-anchor=\"middle\">{5}</text>\n",
                   num(x), num(f.top), num(bottom), num(bottom + 5), num(bottom + 18), t);
  }
  for (auto t : yt) {
    const double y = f.y(t);
    fmt::format_to(it,
                   "<line class=\"grid\" x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\"/>"
                   "<line class=\"axis\" x1=\"{3}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\"/>"
                   "<text class=\"tick\" x=\"{4}\" y=\"{5}\" text-anchor=\"end\">{6}</text>\n",
                   num(y), num(f.left), num(right), num(f.left - 5), num(f.left - 8), num(y + 4),
                   t);
  }
  out += "</g>\n";
  fmt::format_to(it,
                 "<path class=\"axis\" d=\"M{0} {1}V{2}H{3}\"/>\n"
                 "<text class=\"label\" x=\"{4}\" y=\"{5}\" text-anchor=\"middle\"{9}>{6}</text>\n"
                 "<text class=\"label\" transform=\"translate(16 {7}) rotate(-90)\" "
                 "text-anchor=\"middle\"{10}>{8}</text>\n",
                 num(f.left), num(f.top), num(bottom), num(right), num(f.left + f.width / 2),
                 num(bottom + 40), xml_escape(text.x_label.text), num(f.top + f.height / 2),
                 xml_escape(text.y_label.text), text.x_label.attributes(),
                 text.y_label.attributes());
  return f;
}

}  // namespace rings::detail
