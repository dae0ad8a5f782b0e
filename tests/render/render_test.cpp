// The SVG writers: well-formed documents whose points, bars, vertices, edges and keyframes match
// what the engine computes.
#include "rings/render.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "xml_check.hpp"

namespace rings {
namespace {

using test::parse_xml;
using test::XmlDocument;

XmlDocument parse_ok(const Result<std::string>& svg) {
  EXPECT_TRUE(svg.ok()) << (svg.ok() ? "" : svg.error());
  if (!svg.ok()) return {};
  auto doc = parse_xml(*svg);
  EXPECT_TRUE(doc.ok()) << doc.error;
  EXPECT_EQ(doc.elements.at(0).name, "svg");
  EXPECT_EQ(svg->find("<script"), std::string::npos);
  return doc;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

// The (x, y) vertices of a polyline's points attribute.
std::vector<std::pair<double, double>> vertices(const test::XmlElement& polyline) {
  std::vector<std::pair<double, double>> out;
  for (const auto& p : split(polyline.attributes.at("points"), ' ')) {
    const auto comma = p.find(',');
    out.emplace_back(std::stod(p.substr(0, comma)), std::stod(p.substr(comma + 1)));
  }
  return out;
}

// The top and bottom of the data area, from the axes' path "M{left} {top}V{bottom}H{right}".
std::pair<double, double> data_top_bottom(const XmlDocument& doc) {
  for (const auto* e : doc.with_class("axis"))
    if (e->name == "path") {
      const auto& d = e->attributes.at("d");
      const auto space = d.find(' '), v = d.find('V'), h = d.find('H');
      return {std::stod(d.substr(space + 1, v - space - 1)), std::stod(d.substr(v + 1, h - v - 1))};
    }
  ADD_FAILURE() << "no axes";
  return {0, 0};
}

State only_ring_on(std::uint64_t rings, Ring r) {
  State s(rings);
  s.set(r, true);
  return s;
}

TEST(XmlCheck, AcceptsWellFormedAndRejectsBroken) {
  EXPECT_TRUE(
      parse_xml("<?xml version=\"1.0\"?>\n<a x='1'><b/>t &amp; &#233;<!-- c --></a>\n").ok());
  for (const char* bad :
       {"<a><b></a></b>", "<a>", "<a x=1/>", "<a>&nbsp;</a>", "<a/><b/>", "<a x=\"1\" x=\"2\"/>",
        "<a>1 < 2</a>", "text<a/>", "<a x=\"1\"y=\"2\"/>"})
    EXPECT_FALSE(parse_xml(bad).ok()) << bad;
}

TEST(PlotPath, CleveSixRingsHasEveryStateOfThePath) {
  const State from = State::all_on(6), to = State::all_off(6);
  const auto doc = parse_ok(plot_path(from, to, Mode::single, Notation::cleve));
  const std::uint64_t moves = distance(from, to, Mode::single).get_ui();
  const auto points = doc.with_class("point");
  ASSERT_EQ(points.size(), moves + 1);  // Cleve's path from 0 to 63 has 43 states
  // Each point's tooltip is the state after that many moves, as the engine computes it.
  EXPECT_EQ(doc.named("title").size(), moves + 2);  // the document's title and one a point
  std::uint64_t k = 0;
  for (const auto* title : doc.named("title")) {
    if (title->parent == 0) continue;  // the document's own title
    const State s = state_after(from, to, k, Mode::single);
    EXPECT_EQ(title->text, "step " + std::to_string(k) + ": " + format_state(s, Notation::cleve));
    ++k;
  }
  EXPECT_EQ(k, moves + 1);
  const auto line = doc.with_class("path");
  ASSERT_EQ(line.size(), 1u);
  const auto v = vertices(*line[0]);
  EXPECT_EQ(v.size(), moves + 1);
  // The extremes of the path touch the top and the bottom of the data area.
  const auto [top, bottom] = data_top_bottom(doc);
  const auto [lo, hi] =
      std::minmax_element(v.begin(), v.end(), [](auto a, auto b) { return a.second < b.second; });
  EXPECT_DOUBLE_EQ(lo->second, top);
  EXPECT_DOUBLE_EQ(hi->second, bottom);
}

TEST(PlotPath, DoubleMovesAndDecimalValues) {
  const State from = State::all_on(7), to = only_ring_on(7, 3);
  const auto doc = parse_ok(plot_path(from, to, Mode::double_moves, Notation::decimal));
  const std::uint64_t moves = distance(from, to, Mode::double_moves).get_ui();
  EXPECT_EQ(vertices(*doc.with_class("path").at(0)).size(), moves + 1);
  const auto titles = doc.named("title");
  ASSERT_EQ(titles.size(), moves + 2);
  EXPECT_EQ(titles[1]->text, "step 0: " + format_state(from, Notation::decimal));
  EXPECT_EQ(titles.back()->text,
            "step " + std::to_string(moves) + ": " + format_state(to, Notation::decimal));
}

TEST(PlotPath, LongPathsAreThinnedToTwoPointsAPixelColumnKeepingTheExtremes) {
  for (std::uint64_t n : {11, 20}) {
    const State from = State::all_on(n), to = State::all_off(n);
    const auto svg = plot_path(from, to, Mode::single, Notation::decimal);
    const auto doc = parse_ok(svg);
    ASSERT_GT(distance(from, to, Mode::single), 2 * kPlotColumns);
    EXPECT_TRUE(doc.with_class("point").empty());
    const auto v = vertices(*doc.with_class("path").at(0));
    EXPECT_EQ(v.size(), 2 * kPlotColumns);
    const auto [top, bottom] = data_top_bottom(doc);
    const auto [lo, hi] =
        std::minmax_element(v.begin(), v.end(), [](auto a, auto b) { return a.second < b.second; });
    EXPECT_DOUBLE_EQ(lo->second, top);
    EXPECT_DOUBLE_EQ(hi->second, bottom);
    EXPECT_LT(svg->size(), 64u * 1024) << n << " rings";
  }
}

TEST(PlotPath, RefusesWhatItCannotDraw) {
  auto e = plot_path(State::all_on(65), State::all_off(65), Mode::single, Notation::decimal);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("at most 64 rings"), std::string::npos) << e.error();
  e = plot_path(State::all_on(64), State::all_off(64), Mode::single, Notation::decimal);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find(distance(State::all_on(64), State::all_off(64), Mode::single).get_str()),
            std::string::npos)
      << e.error();
  e = plot_path(State::all_on(3), State::all_off(3), Mode::single, Notation::binary);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("decimal or cleve"), std::string::npos) << e.error();
  // Near states of many rings are fine: the axis spans only the values on the path.
  State a = State::all_on(64), b = a;
  b.set(1, false);
  EXPECT_EQ(parse_ok(plot_path(a, b, Mode::single, Notation::decimal)).with_class("point").size(),
            2u);
}

TEST(PlotLengths, OneBarAStateAsTallAsItsDistance) {
  for (const Mode mode : {Mode::single, Mode::double_moves}) {
    const std::uint64_t n = 6;
    const auto doc = parse_ok(plot_lengths(n, mode));
    const auto bars = doc.with_class("bar");
    ASSERT_EQ(bars.size(), std::uint64_t{1} << n);
    std::uint64_t longest = 0;
    std::vector<std::uint64_t> lengths;
    for (std::uint64_t v = 0; v < bars.size(); ++v) {
      const State s = State::from_words(n, {v});
      lengths.push_back(distance(s, State::all_off(n), mode).get_ui());
      longest = std::max(longest, lengths.back());
    }
    double tallest = 0;
    for (const auto* bar : bars)
      tallest = std::max(tallest, std::stod(bar->attributes.at("height")));
    for (std::uint64_t v = 0; v < bars.size(); ++v) {
      const auto title = doc.children(static_cast<std::size_t>(bars[v] - doc.elements.data()));
      ASSERT_EQ(title.size(), 1u);
      EXPECT_EQ(title[0]->text, std::to_string(v) + " (" +
                                    format_state(State::from_words(n, {v}), Notation::binary) +
                                    "): " + std::to_string(lengths[v]) +
                                    (lengths[v] == 1 ? " move" : " moves"));
      EXPECT_NEAR(std::stod(bars[v]->attributes.at("height")) / tallest,
                  static_cast<double>(lengths[v]) / static_cast<double>(longest), 1e-3);
    }
  }
}

TEST(PlotLengths, SixteenRingsAreOneBarAColumn) {
  const auto svg = plot_lengths(16, Mode::single);
  const auto doc = parse_ok(svg);
  EXPECT_EQ(doc.with_class("bar").size(), std::min(std::uint64_t{1} << 16, kPlotColumns));
  EXPECT_LT(svg->size(), 128u * 1024);
  EXPECT_FALSE(plot_lengths(17, Mode::single).ok());
  EXPECT_FALSE(plot_lengths(0, Mode::single).ok());
}

TEST(PlotHypercube, EveryStateEdgeLegalMoveAndTheGrayPath) {
  for (std::uint64_t n = 1; n <= kMaxHypercubeRings; ++n) {
    const auto doc = parse_ok(plot_hypercube(n));
    const std::uint64_t states = std::uint64_t{1} << n;
    EXPECT_EQ(doc.with_class("vertex").size(), states) << n;
    EXPECT_EQ(doc.with_class("edge").size(), n * states / 2) << n;
    std::set<std::pair<std::uint64_t, std::uint64_t>> moves;
    for (std::uint64_t v = 0; v < states; ++v)
      for (const Move& m : legal_moves(State::from_words(n, {v}), Mode::single)) {
        State t = State::from_words(n, {v});
        apply(t, m);
        moves.emplace(std::min(v, t.words()[0]), std::max(v, t.words()[0]));
      }
    EXPECT_EQ(doc.with_class("move").size(), moves.size()) << n;
    const auto gray = doc.with_class("gray");
    EXPECT_EQ(gray.size(), distance(State::all_off(n), only_ring_on(n, n), Mode::single).get_ui());
    // The Gray path is one unbroken line.
    for (std::size_t i = 1; i < gray.size(); ++i) {
      EXPECT_EQ(gray[i]->attributes.at("x1"), gray[i - 1]->attributes.at("x2"));
      EXPECT_EQ(gray[i]->attributes.at("y1"), gray[i - 1]->attributes.at("y2"));
    }
    // Each state's tooltip gives its position on the path.
    const auto vs = doc.with_class("vertex");
    for (std::uint64_t v = 0; v < states; ++v) {
      const State s = State::from_words(n, {v});
      const auto title = doc.children(static_cast<std::size_t>(vs[v] - doc.elements.data()));
      ASSERT_EQ(title.size(), 1u);
      EXPECT_EQ(vs[v]->attributes.at("data-state"), format_state(s, Notation::binary));
      EXPECT_EQ(title[0]->text, format_state(s, Notation::binary) + ": position " +
                                    rank(s).get_str() + " on the Gray path");
    }
  }
  EXPECT_FALSE(plot_hypercube(kMaxHypercubeRings + 1).ok());
}

// Every word a picture shows is marked with its key (data-word) and the numbers it holds as
// fields, so a front end can put it in its own language (the page does); the English stays.
void expect_words_marked(const XmlDocument& doc, const std::string& what) {
  for (const auto& e : doc.elements) {
    if (e.name != "text" && e.name != "title") continue;
    const bool words = std::any_of(e.text.begin(), e.text.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    });
    if (words) {
      EXPECT_TRUE(e.attributes.count("data-word")) << what << ": " << e.text;
    }
  }
}

// The elements whose data-word is `key`.
std::vector<const test::XmlElement*> worded(const XmlDocument& doc, const std::string& key) {
  std::vector<const test::XmlElement*> out;
  for (const auto& e : doc.elements) {
    const auto w = e.attributes.find("data-word");
    if (w != e.attributes.end() && w->second == key) out.push_back(&e);
  }
  return out;
}

TEST(Words, EveryWordOfEveryPictureIsMarkedWithItsKeyAndFields) {
  const State from = State::all_on(5), to = State::all_off(5);
  const auto moves = distance(from, to, Mode::single).get_str();
  const auto path = parse_ok(plot_path(from, to, Mode::single, Notation::decimal));
  expect_words_marked(path, "path");
  const auto title = worded(path, "path-title");
  ASSERT_EQ(title.size(), 2u);  // the document's <title> and the heading
  EXPECT_EQ(title[1]->attributes.at("data-rings"), "5");
  EXPECT_EQ(title[1]->attributes.at("data-moves"), moves);
  EXPECT_EQ(title[1]->text, "Optimal path: 5 rings, " + moves + " moves");  // English as before
  EXPECT_EQ(worded(path, "axis-move").size(), 1u);
  EXPECT_EQ(worded(path, "path-step").size(), std::stoul(moves) + 1);
  EXPECT_EQ(worded(path, "path-step")[1]->attributes.at("data-step"), "1");
  expect_words_marked(parse_ok(plot_path(from, to, Mode::double_moves, Notation::cleve)), "cleve");

  const auto lengths = parse_ok(plot_lengths(4, Mode::single));
  expect_words_marked(lengths, "lengths");
  const auto bars = worded(lengths, "lengths-bar");
  ASSERT_EQ(bars.size(), 16u);
  EXPECT_EQ(bars[15]->attributes.at("data-state"), "1111");
  EXPECT_EQ(bars[15]->attributes.at("data-moves"),
            distance(State::all_on(4), State::all_off(4), Mode::single).get_str());

  const auto cube = parse_ok(plot_hypercube(3));
  expect_words_marked(cube, "hypercube");
  const auto vertex = worded(cube, "cube-vertex");
  ASSERT_EQ(vertex.size(), 8u);
  EXPECT_EQ(vertex[5]->attributes.at("data-state"), "101");
  EXPECT_EQ(vertex[5]->attributes.at("data-position"), rank(State::from_words(3, {5})).get_str());

  const auto anim = parse_ok(animate(from, to, Mode::single));
  expect_words_marked(anim, "animate");
  ASSERT_EQ(worded(anim, "counter-of").size(), 1u);
  EXPECT_EQ(worded(anim, "counter-of")[0]->attributes.at("data-moves"), moves);
  EXPECT_EQ(worded(anim, "animate-title")[1]->attributes.at("data-from"), "11111");
}

// The animated positions of ring `r`'s halves: the values of its animateTransform, or none.
std::vector<std::vector<std::string>> ring_values(const XmlDocument& doc, Ring r) {
  std::vector<std::vector<std::string>> out;
  for (const auto* g : doc.with_class("ring-" + std::to_string(r))) {
    const auto kids = doc.children(static_cast<std::size_t>(g - doc.elements.data()));
    out.emplace_back();
    for (const auto* k : kids)
      if (k->name == "animateTransform") out.back() = split(k->attributes.at("values"), ';');
  }
  return out;
}

TEST(Animate, EveryRingMovesWhenTheSolutionMovesIt) {
  for (const Mode mode : {Mode::single, Mode::double_moves}) {
    const std::uint64_t n = 6;
    const State from = State::all_on(n), to = only_ring_on(n, 2);
    const auto doc = parse_ok(animate(from, to, mode));
    std::vector<std::uint64_t> moved(n + 1, 0);
    std::uint64_t total = 0;
    solve(from, to, mode, [&](const Move& m) {
      ++moved[m.ring()];
      if (m.is_pair()) ++moved[2];
      ++total;
      return true;
    });
    for (Ring r = 1; r <= n; ++r) {
      const auto halves = ring_values(doc, r);
      ASSERT_EQ(halves.size(), 2u) << "ring " << r;  // drawn behind and in front of the bar
      EXPECT_EQ(halves[0], halves[1]);
      if (moved[r] == 0) {
        EXPECT_TRUE(halves[0].empty());
        continue;
      }
      // A start key, two keys a move (before and after), an end key.
      ASSERT_EQ(halves[0].size(), 2 * moved[r] + 2) << "ring " << r;
      EXPECT_EQ(halves[0].front() == "0 0", from.is_on(r)) << "ring " << r;
      EXPECT_EQ(halves[0].back() == "0 0", to.is_on(r)) << "ring " << r;
    }
    // The units wheel of the counter turns once a move.
    const auto clips = doc.named("clipPath");
    const auto wheels = std::count_if(clips.begin(), clips.end(), [](auto* c) {
      return c->attributes.at("id").rfind("digit-", 0) == 0;
    });
    EXPECT_EQ(static_cast<std::size_t>(wheels), std::to_string(total).size());
    std::size_t units = 0;
    for (const auto* a : doc.named("animateTransform"))
      if (a->attributes.at("calcMode") == "discrete" && units == 0)
        units = split(a->attributes.at("values"), ';').size();
    EXPECT_EQ(units, total + 1);
  }
}

TEST(Animate, KeyTimesStartAtZeroRiseAndEndAtOne) {
  const auto doc = parse_ok(animate(State::all_on(5), State::all_off(5), Mode::single));
  const auto anims = doc.named("animateTransform");
  ASSERT_FALSE(anims.empty());
  for (const auto* a : anims) {
    const auto times = split(a->attributes.at("keyTimes"), ';');
    ASSERT_EQ(times.size(), split(a->attributes.at("values"), ';').size());
    EXPECT_EQ(std::stod(times.front()), 0.0);
    for (std::size_t i = 1; i < times.size(); ++i)
      EXPECT_LE(std::stod(times[i - 1]), std::stod(times[i]));
    if (a->attributes.at("calcMode") == "linear") {
      EXPECT_EQ(std::stod(times.back()), 1.0);
    }
  }
}

TEST(Animate, RefusesTooManyRingsOrMoves) {
  EXPECT_TRUE(parse_ok(animate(State::all_on(3), State::all_on(3), Mode::single))
                  .named("animateTransform")
                  .empty());
  const State big_from = State::all_on(12), big_to = State::all_off(12);
  ASSERT_GT(distance(big_from, big_to, Mode::single), kMaxAnimateMoves);
  const auto e = animate(big_from, big_to, Mode::single);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("too many to animate"), std::string::npos) << e.error();
  State a = State::all_off(kMaxAnimateRings + 1), b = a;
  b.set(1, true);
  EXPECT_FALSE(animate(a, b, Mode::single).ok());
}

}  // namespace
}  // namespace rings
