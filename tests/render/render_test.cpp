// The SVG writers: well-formed documents whose points, bars, vertices, edges and keyframes match
// what the engine computes.
#include "rings/render.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

#include "rings/family.hpp"
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

// ---- The family's pictures.

family::Puzzle puzzle_named(const char* name) { return *family::parse_puzzle(name); }

// The number a family state's digits make in base `base`, piece N first.
std::uint64_t digits_value(const family::Pieces& s, std::uint64_t base) {
  std::uint64_t v = 0;
  for (std::size_t i = s.size(); i-- > 0;) v = v * base + s[i];
  return v;
}

TEST(FamilyPlotPath, EveryStateOfTheEnginesPathAsANumberInThePuzzlesBase) {
  for (const char* name : {"hanoi", "elephant", "spin-out", "brain", "hexadecimal:1110"}) {
    const auto p = puzzle_named(name);
    const std::uint64_t n = p.kind == family::Kind::hanoi ? 4 : 5;
    const auto from = family::all_at(n, p.start), to = family::all_at(n, p.goal);
    const auto doc = parse_ok(plot_path(p, from, to));
    expect_words_marked(doc, name);
    const auto moves = family::distance(p, from, to).get_ui();
    const auto steps = worded(doc, "family-path-step");
    ASSERT_EQ(steps.size(), moves + 1) << name;
    EXPECT_EQ(vertices(*doc.with_class("path").at(0)).size(), moves + 1) << name;
    // Each point is the state after that many of the engine's moves, its digits and its value.
    family::Pieces s = from;
    std::uint64_t k = 0;
    const auto check = [&] {
      const auto* t = steps.at(k);
      EXPECT_EQ(t->attributes.at("data-state"), family::format_pieces(s)) << name << " " << k;
      EXPECT_EQ(t->attributes.at("data-value"), std::to_string(digits_value(s, p.positions)));
      EXPECT_EQ(t->text, "step " + std::to_string(k) + ": " + family::format_pieces(s) + " (" +
                             std::to_string(digits_value(s, p.positions)) + ")");
      ++k;
    };
    check();
    family::solve(p, from, to, [&](const family::PieceMove& m) {
      s[m.piece - 1] = m.to;
      check();
      return true;
    });
    const auto title = worded(doc, "family-path-title");
    ASSERT_EQ(title.size(), 2u);
    EXPECT_EQ(title[1]->attributes.at("data-moves"), std::to_string(moves));
    EXPECT_EQ(title[1]->attributes.at("data-puzzle"), p.name);
  }
  // 15 moves for 4 discs; the tie of Hanoi between arbitrary states is said.
  const auto hanoi = puzzle_named("hanoi");
  const family::Pieces a = *family::parse_pieces(hanoi, "0120", 4),
                       b = *family::parse_pieces(hanoi, "2101", 4);
  bool tied = false;
  family::distance(hanoi, a, b, &tied);
  const auto doc = parse_ok(plot_path(hanoi, a, b));
  EXPECT_EQ(worded(doc, "family-path-subtitle").at(0)->attributes.at("data-tie"), tied ? "1" : "0");
}

TEST(FamilyPlotPath, LongPathsAreThinnedAndTooLargeStatesRefused) {
  const auto hanoi = puzzle_named("hanoi");
  const auto doc = parse_ok(plot_path(hanoi, family::all_at(12, 0), family::all_at(12, 2)));
  EXPECT_EQ(vertices(*doc.with_class("path").at(0)).size(), 2 * kPlotColumns);
  EXPECT_TRUE(worded(doc, "family-path-step").empty());
  // 40 discs fit a 64-bit axis (3^40 - 1 < 2^64), 41 do not; 2^40 - 1 moves are too many.
  auto e = plot_path(hanoi, family::all_at(41, 0), family::all_at(41, 2));
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("at most 40 discs"), std::string::npos) << e.error();
  e = plot_path(hanoi, family::all_at(40, 0), family::all_at(40, 2));
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("too many to plot"), std::string::npos) << e.error();
  // Two states far apart in value but one move apart: a readable plot of 40 discs.
  auto near = family::all_at(40, 2);
  near[0] = 1;
  EXPECT_EQ(
      worded(parse_ok(plot_path(hanoi, family::all_at(40, 2), near)), "family-path-step").size(),
      2u);
  const auto spin = puzzle_named("spin-out");
  EXPECT_TRUE(plot_path(spin, family::all_at(64, 1),
                        [] {
                          auto s = family::all_at(64, 1);
                          s[0] = 0;
                          return s;
                        }())
                  .ok());
  EXPECT_FALSE(plot_path(spin, family::all_at(65, 1), family::all_at(65, 1)).ok());
}

std::uint64_t power3(std::uint64_t n) {
  std::uint64_t p = 1;
  while (n--) p *= 3;
  return p;
}

// The edges of Hanoi's state graph counted by a breadth-first search through the engine's legal
// moves from the start: every state is reached, and the edges are 3(3^n - 1)/2.
std::uint64_t bfs_edges(const family::Puzzle& p, std::uint64_t n, std::uint64_t* reached) {
  std::map<family::Pieces, bool> seen;
  std::deque<family::Pieces> queue{family::all_at(n, p.start)};
  seen[queue.front()] = true;
  std::uint64_t degrees = 0;
  while (!queue.empty()) {
    const auto s = queue.front();
    queue.pop_front();
    for (const auto& m : family::legal_moves(p, s)) {
      ++degrees;
      auto t = s;
      t[m.piece - 1] = m.to;
      if (!seen[t]) seen[t] = true, queue.push_back(t);
    }
  }
  *reached = seen.size();
  return degrees / 2;
}

TEST(Sierpinski, EveryStateAVertexEveryLegalMoveAnEdgeOfOneLengthAndThePath) {
  const auto hanoi = puzzle_named("hanoi");
  for (std::uint64_t n = 1; n <= kMaxSierpinskiDiscs; ++n) {
    const auto from = family::all_at(n, 0), to = family::all_at(n, 2);
    const auto doc = parse_ok(plot_sierpinski(hanoi, from, to));
    expect_words_marked(doc, "sierpinski");
    std::uint64_t reached = 0;
    const std::uint64_t edges = bfs_edges(hanoi, n, &reached);
    EXPECT_EQ(reached, power3(n)) << n;
    EXPECT_EQ(edges, 3 * (power3(n) - 1) / 2) << n;  // the Hanoi graph's edges, by BFS
    const auto vs = doc.with_class("vertex");
    ASSERT_EQ(vs.size(), power3(n)) << n;
    const auto es = doc.with_class("edge");
    ASSERT_EQ(es.size(), edges) << n;
    // Every edge is a legal move between the states at its ends, and all have one length: the
    // layout puts the two states of every move side by side, and no two states together.
    std::map<std::pair<std::string, std::string>, std::string> at;  // (x, y) -> state
    for (const auto* v : vs)
      at[{v->attributes.at("cx"), v->attributes.at("cy")}] = v->attributes.at("data-state");
    EXPECT_EQ(at.size(), vs.size()) << "two states in one place";
    const auto xy = [](const test::XmlElement* e, const char* x, const char* y) {
      return std::pair<std::string, std::string>{e->attributes.at(x), e->attributes.at(y)};
    };
    const auto length = [](const test::XmlElement* e) {
      return std::hypot(std::stod(e->attributes.at("x2")) - std::stod(e->attributes.at("x1")),
                        std::stod(e->attributes.at("y2")) - std::stod(e->attributes.at("y1")));
    };
    const double unit = length(es[0]);
    std::set<std::pair<std::string, std::string>> drawn;
    for (const auto* e : es) {
      EXPECT_NEAR(length(e), unit, 0.01) << n;
      const auto a = at.at(xy(e, "x1", "y1")), b = at.at(xy(e, "x2", "y2"));
      drawn.emplace(std::min(a, b), std::max(a, b));
      const auto sa = *family::parse_pieces(hanoi, a, n), sb = *family::parse_pieces(hanoi, b, n);
      bool legal = false;
      for (const auto& m : family::legal_moves(hanoi, sa)) {
        auto t = sa;
        t[m.piece - 1] = m.to;
        legal = legal || t == sb;
      }
      EXPECT_TRUE(legal) << a << " - " << b;
    }
    EXPECT_EQ(drawn.size(), edges);
    // No vertex is nearer another than one edge.
    for (const auto* v : vs)
      for (const auto* w : vs)
        if (v < w)
          ASSERT_GE(
              std::hypot(std::stod(v->attributes.at("cx")) - std::stod(w->attributes.at("cx")),
                         std::stod(v->attributes.at("cy")) - std::stod(w->attributes.at("cy"))),
              unit - 0.01);
    // The path is the engine's: its distance in moves, one unbroken line along the edges.
    const auto route = doc.with_class("route");
    EXPECT_EQ(route.size(), family::distance(hanoi, from, to).get_ui()) << n;
    EXPECT_EQ(at.at(xy(route.front(), "x1", "y1")), family::format_pieces(from));
    EXPECT_EQ(at.at(xy(route.back(), "x2", "y2")), family::format_pieces(to));
    for (std::size_t i = 0; i < route.size(); ++i) {
      const auto a = at.at(xy(route[i], "x1", "y1")), b = at.at(xy(route[i], "x2", "y2"));
      EXPECT_TRUE(drawn.count({std::min(a, b), std::max(a, b)})) << a << " - " << b;
      if (i > 0) EXPECT_EQ(xy(route[i], "x1", "y1"), xy(route[i - 1], "x2", "y2"));
    }
    // Each state's tooltip gives its distance to the target, as the engine computes it.
    for (const auto* v : worded(doc, "sierpinski-vertex")) {
      const auto s = *family::parse_pieces(hanoi, v->attributes.at("data-state"), n);
      EXPECT_EQ(v->attributes.at("data-moves"), family::distance(hanoi, s, to).get_str());
      EXPECT_EQ(v->attributes.at("data-to"), family::format_pieces(to));
    }
  }
}

TEST(Sierpinski, AnyTwoStatesAndWhatItRefuses) {
  const auto hanoi = puzzle_named("hanoi");
  const auto a = *family::parse_pieces(hanoi, "0120", 4),
             b = *family::parse_pieces(hanoi, "2101", 4);
  const auto doc = parse_ok(plot_sierpinski(hanoi, a, b));
  EXPECT_EQ(doc.with_class("route").size(), family::distance(hanoi, a, b).get_ui());
  EXPECT_EQ(doc.with_class("start").at(0)->attributes.at("data-state"), "0120");
  EXPECT_EQ(doc.with_class("goal").at(0)->attributes.at("data-state"), "2101");
  auto e = plot_sierpinski(hanoi, family::all_at(7, 0), family::all_at(7, 2));
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("at most 6 discs"), std::string::npos) << e.error();
  e = plot_sierpinski(puzzle_named("elephant"), family::all_at(3, 0), family::all_at(3, 2));
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("Towers of Hanoi"), std::string::npos) << e.error();
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

// The Towers of Hanoi: each disc lifted from the peg the engine's move takes it from, carried and
// put down on top of the stack of its destination; at the end every disc on its target peg.
TEST(AnimateHanoi, EveryDiscMovesAsTheEngineSaysOntoItsStack) {
  const auto hanoi = *family::parse_puzzle("hanoi");
  std::mt19937_64 rng(19);
  for (std::uint64_t n = 1; n <= 6; ++n)
    for (int pair = 0; pair < 3; ++pair) {
      family::Pieces from = family::all_at(n, 0), to = family::all_at(n, 2);
      if (pair > 0)
        for (std::uint64_t i = 0; i < n; ++i)
          from[i] = static_cast<std::uint8_t>(rng() % 3),
          to[i] = static_cast<std::uint8_t>(rng() % 3);
      const auto doc = parse_ok(animate(hanoi, from, to));
      expect_words_marked(doc, "hanoi");
      std::vector<double> peg_x;
      for (const auto* peg : doc.with_class("peg"))
        peg_x.push_back(std::stod(peg->attributes.at("x1")));
      ASSERT_EQ(peg_x.size(), 3u);
      const auto xy = [](const std::string& v) {
        const auto space = v.find(' ');
        return std::pair<double, double>{std::stod(v.substr(0, space)),
                                         std::stod(v.substr(space + 1))};
      };
      // Each disc's start (its transform) and keyframes.
      std::vector<std::pair<double, double>> at(n + 1);
      std::vector<std::vector<std::string>> keys(n + 1);
      for (std::uint64_t d = 1; d <= n; ++d) {
        const auto g = doc.with_class("disc-" + std::to_string(d));
        ASSERT_EQ(g.size(), 1u);
        const auto& tr = g[0]->attributes.at("transform");
        at[d] = xy(tr.substr(10, tr.size() - 11));  // translate(x y)
        EXPECT_DOUBLE_EQ(at[d].first, peg_x[from[d - 1]]) << d;
        for (const auto* k : doc.children(static_cast<std::size_t>(g[0] - doc.elements.data())))
          if (k->name == "animateTransform") keys[d] = split(k->attributes.at("values"), ';');
      }
      std::vector<std::size_t> used(n + 1, 0);
      std::uint64_t total = 0;
      family::solve(hanoi, from, to, [&](const family::PieceMove& m) {
        ++total;
        const auto d = m.piece;
        const auto& k = keys[d];
        EXPECT_GE(k.size(), used[d] + 5) << "disc " << d;
        if (k.size() < used[d] + 5) return false;
        EXPECT_EQ(xy(k[used[d] + 1]), at[d]) << "disc " << d << " starts where it rests";
        const auto lift = xy(k[used[d] + 2]), over = xy(k[used[d] + 3]), land = xy(k[used[d] + 4]);
        EXPECT_DOUBLE_EQ(lift.first, peg_x[m.from]);
        EXPECT_DOUBLE_EQ(over.first, peg_x[m.to]);
        EXPECT_DOUBLE_EQ(land.first, peg_x[m.to]);
        EXPECT_LT(lift.second, at[d].second);
        // Put down on top of the discs on its new peg (all larger: the engine's move is legal).
        double top = 1e9;
        for (std::uint64_t e = 1; e <= n; ++e)
          if (e != d && at[e].first == land.first) {
            EXPECT_GT(e, d);
            top = std::min(top, at[e].second);
          }
        EXPECT_LT(land.second, top);
        EXPECT_GT(land.second, lift.second);
        at[d] = land;
        used[d] += 4;
        return true;
      });
      for (std::uint64_t d = 1; d <= n; ++d) {
        EXPECT_DOUBLE_EQ(at[d].first, peg_x[to[d - 1]]) << "disc " << d << " ends on its peg";
        // A start key, four a move, an end key (none for a disc that stays).
        EXPECT_EQ(keys[d].size(), used[d] ? used[d] + 2 : 0) << "disc " << d;
      }
      EXPECT_EQ(total, family::distance(hanoi, from, to).get_ui());
      ASSERT_EQ(worded(doc, "counter-of").size(), 1u);
      EXPECT_EQ(worded(doc, "counter-of")[0]->attributes.at("data-moves"), std::to_string(total));
    }
  EXPECT_FALSE(animate(hanoi, family::all_at(11, 0), family::all_at(11, 2)).ok());
}

// The position a piece's pose (its moving part's transform value) shows, as render.hpp says
// each puzzle is drawn: Spin-Out's bar lying (90 degrees) 0 or standing 1, an elephant's trunk
// up (-90) 0, right 1 or down (90) 2, a rod or bar raised (not slid down) 1, a disc on the peg
// at its x.
std::uint8_t pose_digit(const family::Puzzle& p, const std::string& pose,
                        const std::vector<double>& peg_x) {
  const auto space = pose.find(' ');
  const double a = std::stod(pose.substr(0, space));
  const double b = space == std::string::npos ? 0 : std::stod(pose.substr(space + 1));
  switch (p.kind) {
    case family::Kind::spin_out:
      return std::abs(a) == 90 ? 0 : a == 0 ? 1 : 9;
    case family::Kind::elephant:
      return a == -90 ? 0 : a == 0 ? 1 : a == 90 ? 2 : 9;
    case family::Kind::hanoi:
      for (std::uint8_t peg = 0; peg < peg_x.size(); ++peg)
        if (a == peg_x[peg]) return peg;
      return 9;
    default:
      return b == 0 ? 1 : b > 0 ? 0 : 9;
  }
}

// Every puzzle of the family: the animation's frames, read back from each piece's keyframes
// (the pose after each of its moves, at the time the move ends), are one a move, as many as the
// engine's distance, each one legal move from the last along the engine's solution, from the
// start state to the target; the words are marked.
TEST(AnimateFamily, EveryFrameIsTheNextLegalStateOfTheSolution) {
  std::mt19937_64 rng(1919);
  for (const char* name : {"spin-out", "brain", "elephant", "hanoi", "hexadecimal:1110",
                           "hexadecimal:0000", "hexadecimal:0110", "hexadecimal:1111"}) {
    const auto pz = puzzle_named(name);
    const bool hanoi = pz.kind == family::Kind::hanoi;
    for (std::uint64_t n = 1; n <= 6; ++n)
      for (int pair = 0; pair < 3; ++pair) {
        family::Pieces from = family::all_at(n, pz.start), to = family::all_at(n, pz.goal);
        if (pair > 0)
          for (std::uint64_t i = 0; i < n; ++i)
            from[i] = static_cast<std::uint8_t>(rng() % pz.positions),
            to[i] = static_cast<std::uint8_t>(rng() % pz.positions);
        const auto what = std::string(name) + " " + family::format_pieces(from) + " -> " +
                          family::format_pieces(to);
        const std::uint64_t moves = family::distance(pz, from, to).get_ui();
        const auto doc = parse_ok(animate(pz, from, to));
        expect_words_marked(doc, name);
        const std::string key = hanoi ? "hanoi-animate-" : "family-animate-";
        ASSERT_EQ(worded(doc, key + "title").size(), 2u) << what;  // <title> and the heading
        EXPECT_EQ(worded(doc, key + "title")[1]->attributes.at("data-moves"),
                  std::to_string(moves));
        EXPECT_EQ(worded(doc, key + "subtitle").size(), 1u) << what;
        ASSERT_EQ(worded(doc, "counter-of").size(), 1u);
        EXPECT_EQ(worded(doc, "counter-of")[0]->attributes.at("data-moves"), std::to_string(moves));
        EXPECT_EQ(worded(doc, "counter-move").size(), 1u);
        std::vector<double> peg_x;
        for (const auto* peg : doc.with_class("peg"))
          peg_x.push_back(std::stod(peg->attributes.at("x1")));
        // Frames: (time the move ends, piece, position before, position after).
        std::vector<std::tuple<double, std::uint64_t, std::uint8_t, std::uint8_t>> frames;
        for (std::uint64_t i = 1; i <= n; ++i) {
          const auto g = doc.with_class((hanoi ? "disc-" : "piece-") + std::to_string(i));
          ASSERT_EQ(g.size(), 1u) << what << " piece " << i;
          // The moving part: the disc's group, or the child that holds the animation.
          const test::XmlElement* part = g[0];
          if (!hanoi)
            for (const auto* c : doc.children(static_cast<std::size_t>(g[0] - doc.elements.data())))
              if (c->attributes.count("transform")) part = c;
          const auto& tr = part->attributes.at("transform");
          const auto open = tr.find('(');
          if (!hanoi) ASSERT_NE(part, g[0]) << what;
          const std::string start = tr.substr(open + 1, tr.size() - open - 2);
          EXPECT_EQ(pose_digit(pz, start, peg_x), from[i - 1]) << what << " piece " << i;
          const test::XmlElement* anim = nullptr;
          for (const auto* c : doc.children(static_cast<std::size_t>(part - doc.elements.data())))
            if (c->name == "animateTransform") anim = c;
          if (!anim) continue;  // a piece that never moves
          const auto values = split(anim->attributes.at("values"), ';');
          const auto times = split(anim->attributes.at("keyTimes"), ';');
          const std::size_t per = hanoi ? 4 : 2;  // keys a move: lifted, carried, put down
          ASSERT_EQ(values.size(), times.size());
          ASSERT_EQ((values.size() - 2) % per, 0u) << what;
          EXPECT_EQ(values.front(), start);
          EXPECT_EQ(values.back(), values[values.size() - 2]);  // held to the end of the loop
          for (std::size_t k = 1; k + 1 < values.size(); k += per)
            frames.emplace_back(std::stod(times[k + per - 1]), i, pose_digit(pz, values[k], peg_x),
                                pose_digit(pz, values[k + per - 1], peg_x));
        }
        ASSERT_EQ(frames.size(), moves) << what;
        std::sort(frames.begin(), frames.end());
        family::Pieces s = from;
        family::PieceSolution solution(pz, from, to);
        for (std::size_t f = 0; f < frames.size(); ++f) {
          const auto [t, piece, before, after] = frames[f];
          if (f) EXPECT_LT(std::get<0>(frames[f - 1]), t) << what << ": one move a frame";
          const family::PieceMove m{piece, before, after};
          ASSERT_FALSE(family::why_illegal(pz, s, m)) << what << " frame " << f + 1;
          family::PieceMove expected;
          ASSERT_TRUE(solution.next(expected));
          EXPECT_EQ(m, expected) << what << " frame " << f + 1;
          s[piece - 1] = after;
        }
        EXPECT_EQ(s, to) << what;
      }
  }
}

TEST(AnimateFamily, RefusesWhatItCannotDraw) {
  const auto brain = puzzle_named("brain");
  EXPECT_FALSE(animate(brain, family::all_at(0, 0), family::all_at(0, 1)).ok());
  const auto many = animate(brain, family::all_at(12, 0), family::all_at(12, 1));  // 2730 moves
  ASSERT_FALSE(many.ok());
  EXPECT_NE(many.error().find("too many to animate"), std::string::npos) << many.error();
  const auto hex = puzzle_named("hexadecimal:1111");  // one move a bar
  EXPECT_TRUE(
      animate(hex, family::all_at(kMaxAnimatePieces, 0), family::all_at(kMaxAnimatePieces, 1))
          .ok());
  const auto wide = animate(hex, family::all_at(kMaxAnimatePieces + 1, 0),
                            family::all_at(kMaxAnimatePieces + 1, 1));
  ASSERT_FALSE(wide.ok());
  EXPECT_NE(wide.error().find("at most 32 bars"), std::string::npos) << wide.error();
  // The rings through the family's door are the rings' own picture.
  EXPECT_EQ(*animate(puzzle_named("rings"), family::all_at(4, 1), family::all_at(4, 0)),
            *animate(State::all_on(4), State::all_off(4), Mode::single));
}

// The family's bar chart: one bar a state in counting order (piece 1 the lowest digit), each as
// tall as its distance to the goal, which a breadth-first search over the engine's legal moves
// confirms for every state; thinned past 680 states; bounded by 2^16 states.
TEST(FamilyPlotLengths, EveryStatesDistanceToTheGoalAsTheSearchFindsIt) {
  for (const char* name :
       {"spin-out", "brain", "elephant", "hanoi", "hexadecimal:1110", "hexadecimal:0101"}) {
    const auto pz = puzzle_named(name);
    const std::uint64_t base = pz.positions;
    for (std::uint64_t n = 1; n <= (base == 2 ? 6u : 4u); ++n) {
      std::uint64_t states = 1;
      for (std::uint64_t i = 0; i < n; ++i) states *= base;
      // The search, from the goal (every move can be undone).
      const auto state = [&](std::uint64_t v) {
        family::Pieces s(n);
        for (auto& d : s) d = static_cast<std::uint8_t>(v % base), v /= base;
        return s;
      };
      std::vector<int> dist(states, -1);
      std::deque<std::uint64_t> queue{digits_value(family::all_at(n, pz.goal), base)};
      dist[queue.front()] = 0;
      while (!queue.empty()) {
        const auto v = queue.front();
        queue.pop_front();
        for (const auto& m : family::legal_moves(pz, state(v))) {
          auto t = state(v);
          t[m.piece - 1] = m.to;
          const auto w = digits_value(t, base);
          if (dist[w] < 0) dist[w] = dist[v] + 1, queue.push_back(w);
        }
      }
      const auto doc = parse_ok(plot_lengths(pz, n));
      expect_words_marked(doc, name);
      for (const char* key : {"family-lengths-title", "family-lengths-subtitle", "axis-state-base",
                              "axis-moves-to-goal"})
        EXPECT_FALSE(worded(doc, key).empty()) << key;
      const auto bars = doc.with_class("bar");
      ASSERT_EQ(bars.size(), states) << name << " " << n;
      const int longest = *std::max_element(dist.begin(), dist.end());
      double tallest = 0;
      for (const auto* bar : bars)
        tallest = std::max(tallest, std::stod(bar->attributes.at("height")));
      for (std::uint64_t v = 0; v < states; ++v) {
        const auto title = doc.children(static_cast<std::size_t>(bars[v] - doc.elements.data()));
        ASSERT_EQ(title.size(), 1u);
        EXPECT_EQ(title[0]->attributes.at("data-word"), "lengths-bar");
        EXPECT_EQ(title[0]->attributes.at("data-state"), family::format_pieces(state(v)));
        EXPECT_EQ(title[0]->attributes.at("data-moves"), std::to_string(dist[v]))
            << name << " " << family::format_pieces(state(v));
        if (longest > 0)
          EXPECT_NEAR(std::stod(bars[v]->attributes.at("height")) / tallest,
                      static_cast<double>(dist[v]) / longest, 1e-3);
      }
    }
  }
  const auto elephant = puzzle_named("elephant");
  EXPECT_EQ(parse_ok(plot_lengths(elephant, 10)).with_class("bar").size(), kPlotColumns);
  EXPECT_FALSE(plot_lengths(elephant, 11).ok());
  EXPECT_FALSE(plot_lengths(elephant, 0).ok());
  EXPECT_TRUE(plot_lengths(puzzle_named("hexadecimal:0000"), 16).ok());
  const auto e = plot_lengths(puzzle_named("spin-out"), 17);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().find("at most 16 dials"), std::string::npos) << e.error();
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
  // In data too, for a front end to word: the code and the two numbers.
  EXPECT_EQ(e.failure().code, "too_many_moves");
  ASSERT_EQ(e.failure().fields.size(), 2u);
  EXPECT_EQ(std::get<std::string>(e.failure().fields[0].second),
            distance(big_from, big_to, Mode::single).get_str());
  EXPECT_EQ(std::get<std::uint64_t>(e.failure().fields[1].second), kMaxAnimateMoves);
  State a = State::all_off(kMaxAnimateRings + 1), b = a;
  b.set(1, true);
  EXPECT_FALSE(animate(a, b, Mode::single).ok());
}

}  // namespace
}  // namespace rings
