// The web app's handlers, called directly (no sockets): each API answer is checked against the
// engine, and every kind of bad request gets a 400 with a JSON error.
#include "handlers.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/plan.hpp"
#include "rings/position.hpp"
#include "rings/render.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "static_files.hpp"
#include "stop_token.hpp"

namespace rings::serve {
namespace {

using nlohmann::json;

Response get(const std::string& path, std::map<std::string, std::string> params = {}) {
  return handle({"GET", path, std::move(params), ""});
}

json get_json(const std::string& path, std::map<std::string, std::string> params) {
  const auto r = get(path, std::move(params));
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.content_type, "application/json");
  return json::parse(r.body);
}

// A 400 whose body is {"error": "...", "code": "..."}, the words containing `what`: every
// refusal carries a code, whatever the puzzle, for the page to word it.
void expect_bad(const Response& r, const std::string& what) {
  EXPECT_EQ(r.status, 400) << r.body;
  const auto j = json::parse(r.body);  // always valid JSON, even for bad bytes in the request
  ASSERT_TRUE(j.contains("error")) << r.body;
  EXPECT_NE(j["error"].get<std::string>().find(what), std::string::npos) << j["error"];
  ASSERT_TRUE(j.contains("code")) << r.body;
  EXPECT_FALSE(j["code"].get<std::string>().empty()) << r.body;
}

std::string bits(const State& s) { return format_state(s, Notation::binary); }

State state_of(std::uint64_t rings, std::uint64_t value) {
  return State::from_words(rings, {value});
}

// puzzle=: the family's answers, as the engine gives them (docs/family.md).
TEST(Family, AnswersMatchTheEngine) {
  const auto hanoi = *family::parse_puzzle("hanoi");
  EXPECT_EQ(get_json("/api/count", {{"puzzle", "hanoi"}, {"n", "64"}})["count"],
            family::count(hanoi, 64).get_str());
  EXPECT_EQ(get_json("/api/count", {{"puzzle", "spin-out"}, {"n", "7"}})["count"], "85");
  const family::Pieces a = {0, 2, 1, 0}, b = {1, 0, 1, 2};  // piece 1 first
  const auto from = family::format_pieces(a), to = family::format_pieces(b);
  EXPECT_EQ(
      get_json("/api/distance", {{"puzzle", "hanoi"}, {"from", from}, {"to", to}})["distance"],
      family::distance(hanoi, a, b).get_str());
  const auto h = get_json("/api/hint", {{"puzzle", "hanoi"}, {"state", from}, {"k", "3"}});
  const auto expected = family::hints(hanoi, a, family::all_at(4, 2), 3);
  ASSERT_EQ(h["moves"].size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(h["moves"][i]["piece"], expected[i].move.piece);
    EXPECT_EQ(h["moves"][i]["to"], family::position_name(hanoi, expected[i].move.to));
    EXPECT_EQ(h["moves"][i]["why"]["rule"], family::rule_code(expected[i].reason.rule));
  }
  EXPECT_EQ(get_json("/api/at", {{"puzzle", "elephant"}, {"n", "3"}, {"k", "5"}})["state"],
            family::format_pieces(family::state_after(
                *family::parse_puzzle("elephant"), family::all_at(3, 0), family::all_at(3, 2), 5)));
  // A page of the solution from an offset continues where the whole solution is there.
  std::vector<family::PieceMove> all;
  family::solve(hanoi, a, b, [&](const family::PieceMove& m) {
    all.push_back(m);
    return true;
  });
  const auto page =
      get_json("/api/solve",
               {{"puzzle", "hanoi"}, {"from", from}, {"to", to}, {"offset", "2"}, {"limit", "3"}});
  ASSERT_EQ(page["moves"].size(), std::min<std::size_t>(3, all.size() - 2));
  for (std::size_t i = 0; i < page["moves"].size(); ++i)
    EXPECT_EQ(page["moves"][i]["piece"], all[i + 2].piece);
  const auto v = handle({"POST",
                         "/api/verify",
                         {{"puzzle", "hanoi"}},
                         "000\n002\n012\n112\n"});  // disc 3 cannot go: discs 1-2 not on peg 2
  ASSERT_EQ(v.status, 200) << v.body;
  const auto report = json::parse(v.body);
  EXPECT_EQ(report["illegal_move"], 3);
  EXPECT_EQ(report["why"]["rule"], "needs_below");
  // A tie (disc 2 may go directly or by peg 2) is said, with the route given; none elsewhere.
  const auto tied = get_json("/api/distance", {{"puzzle", "hanoi"}, {"from", "01"}, {"to", "10"}});
  EXPECT_EQ(tied["tie"]["piece"], 2);
  EXPECT_EQ(tied["tie"]["given"], "direct");
  EXPECT_EQ(get_json("/api/solve", {{"puzzle", "hanoi"}, {"from", "01"}, {"to", "10"}})["tie"],
            tied["tie"]);
  // No tie: the key is there for every puzzle, null.
  EXPECT_TRUE(get_json("/api/distance", {{"puzzle", "hanoi"}, {"from", "00"}})["tie"].is_null());
  expect_bad(get("/api/count", {{"puzzle", "towers"}, {"n", "3"}}), "unknown puzzle 'towers'");
  expect_bad(get("/api/count", {{"puzzle", "hexadecimal:2"}, {"n", "3"}}), "bad key");
  expect_bad(get("/api/distance", {{"puzzle", "hanoi"}, {"from", "013"}, {"to", "000"}}),
             "expected a digit 0 to 2");
  expect_bad(get("/api/distance", {{"puzzle", "hanoi"}, {"from", "on"}, {"n", "3"}}),
             "two positions");
  expect_bad(get("/api/count", {{"puzzle", "hanoi"}, {"n", "3"}, {"double", "1"}}), "double");
  expect_bad(get("/api/plot", {{"puzzle", "hanoi"}, {"kind", "path"}}), "give the number of discs");
  expect_bad(get("/api/count", {{"puzzle", "hanoi"}, {"n", "300000"}}), "");
}

// The family's lists for the page: the solution as text (format=, `rings solve --puzzle`'s
// lines), a checked list's moves written again (write=) and as the engine read them (replay=1),
// and a hint's state after its moves (auto-play makes many moves an answer).
TEST(Family, ListsAsTextWrittenAgainAndReplayed) {
  const auto hanoi = *family::parse_puzzle("hanoi");
  family::Pieces s = {0, 2, 1, 0};  // piece 1 first: 0120
  std::string moves, states = "0120\n";
  std::vector<family::PieceMove> all;
  family::solve(hanoi, s, family::all_at(4, 2), [&](const family::PieceMove& m) {
    all.push_back(m);
    moves += std::to_string(all.size()) + ": " + family::to_string(hanoi, m) + "\n";
    s[m.piece - 1] = m.to;
    states += family::format_pieces(s) + "\n";
    return true;
  });
  const auto text = [](const std::string& format, const std::string& limit) {
    const auto r =
        get("/api/solve",
            {{"puzzle", "hanoi"}, {"from", "0120"}, {"format", format}, {"limit", limit}});
    EXPECT_EQ(r.status, 200) << r.body;
    return r.body;
  };
  EXPECT_EQ(text("moves", "1000"), moves);
  EXPECT_EQ(text("states", "1000"), states);
  EXPECT_EQ(text("moves", "2"), moves.substr(0, moves.find('\n', moves.find('\n') + 1) + 1));
  expect_bad(get("/api/solve", {{"puzzle", "hanoi"}, {"n", "3"}, {"format", "toggles"}}),
             "format: moves, states or json (hanoi has no toggles)");
  for (const auto& [list, format] : {std::pair{moves, "states"}, std::pair{states, "moves"}}) {
    const auto r =
        handle({"POST",
                "/api/verify",
                {{"puzzle", "hanoi"}, {"from", "0120"}, {"replay", "1"}, {"write", format}},
                list});
    ASSERT_EQ(r.status, 200) << r.body;
    const auto j = json::parse(r.body);
    EXPECT_TRUE(j["optimal"]);
    EXPECT_EQ(j["text"], std::string(format) == "moves" ? moves : states);
    ASSERT_EQ(j["replay"].size(), all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
      EXPECT_EQ(j["replay"][i], (json{{"piece", all[i].piece},
                                      {"from", family::position_name(hanoi, all[i].from)},
                                      {"to", family::position_name(hanoi, all[i].to)}}));
  }
  // An illegal list: the moves before the illegal one.
  const auto r = handle(
      {"POST", "/api/verify", {{"puzzle", "hanoi"}, {"replay", "1"}}, "000\n002\n012\n112\n"});
  EXPECT_EQ(json::parse(r.body)["replay"].size(), 2u);
  expect_bad(handle({"POST",
                     "/api/verify",
                     {{"puzzle", "hanoi"}, {"n", "3"}, {"write", "toggles"}},
                     "1 from 0 to 2\n"}),
             "write: moves or states");
  // A line that cannot be read: its code and fields, for the page to word (the move's example
  // in the engine's syntax), and the line.
  for (const auto& [list, code] :
       {std::pair{"disc 1 to peg 2\n", "bad_piece_move"},
        std::pair{"000\n003\n", "bad_piece_digit"}, std::pair{"001\n", "wrong_list_start"}}) {
    const auto e = handle({"POST", "/api/verify", {{"puzzle", "hanoi"}, {"from", "000"}}, list});
    EXPECT_EQ(e.status, 400) << e.body;
    const auto j = json::parse(e.body);
    EXPECT_EQ(j["code"], code) << e.body;
    EXPECT_EQ(j["line"], std::string(code) == "bad_piece_digit" ? 2 : 1) << e.body;
  }
  EXPECT_EQ(json::parse(handle({"POST", "/api/verify", {{"puzzle", "elephant"}, {"n", "3"}}, "x\n"})
                            .body)["example"],
            "elephant 1 from up to right");
  const auto h = get_json("/api/hint", {{"puzzle", "hanoi"}, {"state", "0120"}, {"k", "3"}});
  EXPECT_EQ(h["state"],
            get_json("/api/at", {{"puzzle", "hanoi"}, {"from", "0120"}, {"k", "3"}})["state"]);
}

// /api/state, /api/move and /api/table of the family against a breadth-first search from the
// target over the engine's moves (themselves checked against the rules in
// tests/family_test.cpp), for every state of 4 pieces and every move asked of it.
TEST(Family, StateMoveAndTableAgreeWithBreadthFirstSearch) {
  for (const std::string name : {"spin-out", "brain", "elephant", "hanoi", "hexadecimal:1110"}) {
    const auto pz = *family::parse_puzzle(name);
    const unsigned n = 4, p = pz.positions;
    const family::Pieces target = {1, 0, 2 % p, 1};
    std::map<family::Pieces, int> dist = {{target, 0}};
    for (std::vector<family::Pieces> level = {target}; !level.empty();) {
      std::vector<family::Pieces> next;
      for (const auto& s : level)
        for (const auto& m : family::legal_moves(pz, s)) {
          auto t = s;
          t[m.piece - 1] = m.to;
          if (dist.emplace(t, dist[s] + 1).second) next.push_back(t);
        }
      level = std::move(next);
    }
    const auto to = family::format_pieces(target);
    const auto table = get_json("/api/table", {{"puzzle", name}, {"to", to}});
    ASSERT_EQ(table["rows"].size(), dist.size()) << name;  // every state, and connected
    for (const auto& [s, d] : dist) {
      const auto text = family::format_pieces(s);
      const auto j = get_json("/api/state", {{"puzzle", name}, {"state", text}, {"to", to}});
      EXPECT_EQ(j["distance"], std::to_string(d)) << name << " " << text;
      EXPECT_EQ(j["legal"].size(), family::legal_moves(pz, s).size());
      if (d == 0) {
        EXPECT_TRUE(j["next"].is_null());
      } else {  // the next move is legal and one move nearer
        auto t = s;
        // Its positions by their codes: the digit of the code named.
        const auto digit = [&](const json& code) {
          std::uint8_t d = 0;
          while (d < pz.positions && pz.position_names[d] != code.get<std::string>()) ++d;
          return d;
        };
        t[j["next"]["piece"].get<std::uint64_t>() - 1] = digit(j["next"]["to"]);
        EXPECT_EQ(dist[t], d - 1) << name << " " << text << " " << j["next"];
        EXPECT_EQ(digit(j["next"]["from"]), s[j["next"]["piece"].get<std::uint64_t>() - 1]);
      }
      // Every move of pieces 0..n+1 to every digit: legal exactly as the engine's moves.
      for (std::uint64_t piece = 0; piece <= n + 1; ++piece)
        for (std::uint8_t digit = 0; digit <= p; ++digit) {
          const auto m = get_json("/api/move", {{"puzzle", name},
                                                {"state", text},
                                                {"piece", std::to_string(piece)},
                                                {"to", std::to_string(digit)}});
          const std::uint8_t at = piece >= 1 && piece <= n ? s[piece - 1] : 0;
          const family::PieceMove move{piece, at, digit};
          const auto why = family::why_illegal(pz, s, move);
          const auto legal = family::legal_moves(pz, s);
          EXPECT_EQ(m["legal"], std::find(legal.begin(), legal.end(), move) != legal.end());
          EXPECT_EQ(m["legal"], !why);
          const auto reason = why ? *why : family::why_legal(pz, s, move);
          EXPECT_EQ(m["why"]["rule"], family::rule_code(reason.rule));
          EXPECT_EQ(m["reason"], family::to_string(pz, reason));
          if (reason.rule == family::PieceRule::needs_below)
            EXPECT_EQ(m["why"]["other"], reason.other);
          if (!why) {
            auto t = s;
            t[piece - 1] = digit;
            EXPECT_EQ(m["state"], family::format_pieces(t));
            EXPECT_LE(std::abs(dist[t] - d), 1);  // (equal across a Hanoi triangle)
          }
        }
    }
    for (const auto& r : table["rows"])  // each row's distance is the search's
      EXPECT_EQ(r["distance"],
                std::to_string(dist[*family::parse_pieces(pz, r["state"].get<std::string>(), n)]));
    EXPECT_EQ(table["rows"][1]["state"], "0001");  // counting order, piece N first
  }
  // Two positions: `to` may be left out (the other one); three need it.
  EXPECT_EQ(
      get_json("/api/move", {{"puzzle", "spin-out"}, {"state", "11"}, {"piece", "1"}})["state"],
      "10");
  expect_bad(get("/api/move", {{"puzzle", "hanoi"}, {"state", "00"}, {"piece", "1"}}),
             "missing parameter 'to'");
  expect_bad(get("/api/move", {{"puzzle", "hanoi"}, {"state", "00"}, {"piece", "x"}, {"to", "1"}}),
             "piece");
  expect_bad(get("/api/table", {{"puzzle", "hanoi"}, {"n", "11"}}), "at most 2^16 rows");
  EXPECT_EQ(get_json("/api/table", {{"puzzle", "hanoi"}, {"n", "10"}})["rows"].size(), 59049u);
}

TEST(Hint, MatchesTheEngineAndCountsWhatRemains) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    const State from = State::all_on(9), to = State::all_off(9);
    const auto j = get_json(
        "/api/hint",
        {{"state", bits(from)}, {"k", "4"}, {"double", mode == Mode::double_moves ? "1" : "0"}});
    const auto expected = hints(from, to, 4, mode);
    ASSERT_EQ(j["moves"].size(), expected.size());
    State after = from;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const auto& m = j["moves"][i];
      EXPECT_EQ(m["ring"], expected[i].move.ring());
      EXPECT_EQ(m["to"], expected[i].move.on() ? "on" : "off");
      EXPECT_EQ(m.value("double", false), expected[i].move.is_pair());
      EXPECT_EQ(m["reason"], to_string(expected[i].reason));
      EXPECT_EQ(m["why"]["rule"], rule_code(expected[i].reason.rule));
      apply(after, expected[i].move);
    }
    EXPECT_EQ(j["remaining"], distance(after, to, mode).get_str());
    EXPECT_EQ(j["state"], bits(after));
  }
}

TEST(Hint, TowardAnyTargetInAnyNotation) {
  // 13 = 1101 in decimal; the target is all-on; n gives the ring count.
  const auto j =
      get_json("/api/hint", {{"state", "13"}, {"to", "on"}, {"n", "4"}, {"notation", "decimal"}});
  const auto expected = hints(state_of(4, 13), State::all_on(4), 1, Mode::single);
  ASSERT_EQ(j["moves"].size(), 1u);
  EXPECT_EQ(j["moves"][0]["ring"], expected[0].move.ring());
  EXPECT_EQ(j["moves"][0]["to"], expected[0].move.on() ? "on" : "off");
  // The state after the hint, in the notation asked for.
  State after = state_of(4, 13);
  apply(after, expected[0].move);
  EXPECT_EQ(j["state"], format_state(after, Notation::decimal));
}

TEST(Hint, AtTheTargetThereIsNothingToDo) {
  const auto j = get_json("/api/hint", {{"state", "0000"}});
  EXPECT_TRUE(j["moves"].empty());
  EXPECT_EQ(j["remaining"], "0");
  EXPECT_EQ(j["state"], "0000");
}

TEST(Distance, AgreesWithTheEngineForEveryPairOfFiveRingStates) {
  for (std::uint64_t a = 0; a < 32; ++a)
    for (std::uint64_t b = 0; b < 32; b += 3) {
      const State sa = state_of(5, a), sb = state_of(5, b);
      const auto j = get_json(
          "/api/distance", {{"from", bits(sa)}, {"to", bits(sb)}, {"double", a % 2 ? "1" : "0"}});
      EXPECT_EQ(j["distance"],
                distance(sa, sb, a % 2 ? Mode::double_moves : Mode::single).get_str());
    }
}

TEST(Distance, IsExactForManyRings) {
  const auto j = get_json("/api/distance", {{"from", "on"}, {"to", "off"}, {"n", "200"}});
  EXPECT_EQ(j["distance"], count(200, Mode::single).get_str());
}

TEST(Solve, PagesJoinIntoTheWholeSolution) {
  for (Mode mode : {Mode::single, Mode::double_moves}) {
    const State from = state_of(7, 0b1011001), to = state_of(7, 0b0100110);
    std::vector<json> expected;
    solve(from, to, mode, [&](const Move& m) {
      json j = {{"piece", m.ring()},
                {"ring", m.ring()},
                {"from", m.on() ? "off" : "on"},
                {"to", m.on() ? "on" : "off"}};
      if (m.is_pair()) j["double"] = true;
      expected.push_back(j);
      return true;
    });
    std::vector<json> joined;
    for (std::size_t offset = 0; offset <= expected.size(); offset += 7) {
      const auto j = get_json("/api/solve", {{"from", bits(from)},
                                             {"to", bits(to)},
                                             {"offset", std::to_string(offset)},
                                             {"limit", "7"},
                                             {"double", mode == Mode::double_moves ? "1" : "0"}});
      ASSERT_EQ(j["count"], std::to_string(expected.size()));
      ASSERT_EQ(j["moves"].size(), std::min<std::size_t>(7, expected.size() - offset));
      for (const auto& m : j["moves"]) joined.push_back(m);
    }
    EXPECT_EQ(joined, expected);
  }
}

TEST(Solve, StartsDeepInAHugeSolution) {
  // Offset 2^70 of the 200-ring solution: the page is the solver's moves from the state there.
  const mpz_class offset = mpz_class(1) << 70;
  const auto j =
      get_json("/api/solve", {{"n", "200"}, {"offset", offset.get_str()}, {"limit", "3"}});
  const State from = State::all_on(200), to = State::all_off(200);
  std::vector<Move> expected;
  solve(state_after(from, to, offset, Mode::single), to, Mode::single, [&](const Move& m) {
    expected.push_back(m);
    return expected.size() < 3;
  });
  ASSERT_EQ(j["moves"].size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(j["moves"][i]["ring"], expected[i].ring());
}

Response verify(const std::string& body, std::map<std::string, std::string> params) {
  return handle({"POST", "/api/verify", std::move(params), body});
}

TEST(Verify, AnOptimalListInEachFormat) {
  std::string moves, toggles, states = "111\n";
  State s = State::all_on(3);
  solve(s, State::all_off(3), Mode::single, [&](const Move& m) {
    moves += to_string(m) + "\n";
    toggles += std::to_string(m.ring()) + "\n";
    apply(s, m);
    states += bits(s) + "\n";
    return true;
  });
  for (const auto& body : {moves, toggles, states}) {
    const auto r = verify(body, {{"n", "3"}});
    ASSERT_EQ(r.status, 200) << r.body;
    const auto j = json::parse(r.body);
    EXPECT_TRUE(j["ok"]) << body;
    EXPECT_TRUE(j["optimal"]);
    EXPECT_EQ(j["moves"], count(3, Mode::single).get_ui());
  }
}

// write=F: the list's moves written again in F, as /api/solve?format=F writes the same moves.
TEST(Verify, WritesTheListAgainInAnotherFormat) {
  for (const char* format : {"moves", "toggles", "states"}) {
    const auto r = verify("2\n1\n", {{"from", "111"}, {"to", "100"}, {"write", format}});
    ASSERT_EQ(r.status, 200) << r.body;
    const auto solved =
        handle({"GET", "/api/solve", {{"from", "111"}, {"to", "100"}, {"format", format}}, ""});
    EXPECT_EQ(json::parse(r.body)["text"], solved.body) << format;
  }
  expect_bad(verify("1\n", {{"from", "111"}, {"write", "json"}}),
             "write: moves, toggles or states");
}

TEST(Verify, NamesTheFirstIllegalMoveAndItsRule) {
  const auto r = verify("ring 1 off\nring 3 off\nring 2 off\nring 1 off\n", {{"from", "111"}});
  const auto j = json::parse(r.body);
  EXPECT_FALSE(j["ok"]);
  EXPECT_FALSE(j["legal"]);
  EXPECT_EQ(j["illegal_move"], 3);
  State s = state_of(3, 0b010);
  const Reason why = *why_illegal(s, Move::single(2, false), Mode::single);
  EXPECT_EQ(j["rule"], to_string(why));
  EXPECT_EQ(j["why"]["rule"], "needs_previous_on");
  EXPECT_EQ(j["why"]["ring"], 2);
  EXPECT_EQ(j["why"]["text"], to_string(why));
}

TEST(Verify, ALegalListThatStopsShort) {
  const auto j = json::parse(verify("ring 1 off\n", {{"from", "111"}}).body);
  EXPECT_TRUE(j["legal"]);
  EXPECT_FALSE(j["reached"]);
  EXPECT_EQ(j["remaining"],
            distance(state_of(3, 0b110), State::all_off(3), Mode::single).get_str());
}

TEST(Verify, BadLinesAndBodiesAreRefused) {
  expect_bad(verify("ring 1 sideways\n", {{"n", "3"}}), "line 1");
  // A megabyte-long bad line is quoted, not echoed whole.
  const auto long_line = verify("ring 1 " + std::string(1 << 20, 'z') + "\n", {{"n", "3"}});
  expect_bad(long_line, "line 1");
  EXPECT_LT(long_line.body.size(), 400u);  // the words quote the line, and so does "found"
  const auto r = verify(std::string(kMaxBody + 1, '1'), {{"n", "3"}});
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(json::parse(r.body).contains("error"));
}

TEST(State, EveryNotationPositionDistanceAndTheLegalMoves) {
  for (std::uint64_t v = 0; v < 64; ++v) {
    const State s = state_of(6, v);
    const auto j = get_json("/api/state", {{"state", bits(s)}, {"double", "1"}});
    EXPECT_EQ(j["decimal"], format_state(s, Notation::decimal));
    EXPECT_EQ(j["cleve"], format_state(s, Notation::cleve));
    EXPECT_EQ(j["position"], rank(s).get_str());
    EXPECT_EQ(j["distance"], distance(s, State::all_off(6), Mode::double_moves).get_str());
    EXPECT_EQ(j["legal"].size(), legal_moves(s, Mode::double_moves).size());
  }
}

TEST(Move, AgreesWithTheRulesForEveryRingOfEveryFiveRingState) {
  for (std::uint64_t v = 0; v < 32; ++v) {
    const State s = state_of(5, v);
    for (Ring ring = 1; ring <= 5; ++ring) {
      const auto j = get_json("/api/move", {{"state", bits(s)}, {"ring", std::to_string(ring)}});
      const Move m = toggle_move(s, ring);
      const auto why = why_illegal(s, m, Mode::single);
      EXPECT_EQ(j["legal"], !why.has_value());
      const Reason reason = why ? *why : why_legal(s, m);
      EXPECT_EQ(j["reason"], to_string(reason));
      EXPECT_EQ(j["why"]["rule"], rule_code(reason.rule));
      EXPECT_EQ(j["why"].value("blocking", Ring{0}), reason.blocking);
      if (!why) {
        State after = s;
        apply(after, m);
        EXPECT_EQ(j["state"], bits(after));
      }
    }
  }
}

TEST(Move, RingsOutsideThePuzzleAndThePairMove) {
  EXPECT_FALSE(get_json("/api/move", {{"state", "101"}, {"ring", "9"}})["legal"]);
  EXPECT_FALSE(get_json("/api/move", {{"state", "011"}, {"ring", "1+2"}})["legal"]);
  const auto j = get_json("/api/move", {{"state", "011"}, {"ring", "1+2"}, {"double", "1"}});
  EXPECT_TRUE(j["legal"]);
  EXPECT_EQ(j["state"], "000");
}

// The same SVG as `rings plot` and `rings animate` (rings::render), and their limits as 400s.
TEST(Plot, ServesTheRenderersPictures) {
  const auto path =
      get("/api/plot",
          {{"kind", "path"}, {"from", "0"}, {"to", "63"}, {"n", "6"}, {"notation", "cleve"}});
  EXPECT_EQ(path.status, 200);
  EXPECT_EQ(path.content_type, "image/svg+xml");
  EXPECT_EQ(path.body,
            *plot_path(*parse_state("0", 6, Notation::cleve),
                       *parse_state("63", 6, Notation::cleve), Mode::single, Notation::cleve));
  EXPECT_EQ(get("/api/plot", {{"kind", "path"}, {"from", "1111"}}).body,
            *plot_path(State::all_on(4), State::all_off(4), Mode::single, Notation::decimal));
  EXPECT_EQ(get("/api/plot", {{"kind", "lengths"}, {"n", "5"}, {"double", "1"}}).body,
            *plot_lengths(5, Mode::double_moves));
  EXPECT_EQ(get("/api/plot", {{"kind", "hypercube"}, {"n", "3"}}).body, *plot_hypercube(3));
  EXPECT_EQ(get("/api/plot", {{"kind", "animate"}, {"from", "111"}}).body,
            *animate(State::all_on(3), State::all_off(3), Mode::single));
  expect_bad(get("/api/plot", {{"kind", "pie"}}),
             "kind must be path, lengths, hypercube, sierpinski or animate");
  expect_bad(get("/api/plot", {{"kind", "lengths"}, {"n", "17"}}), "at most 16 rings");
  expect_bad(get("/api/plot", {{"kind", "path"}, {"n", "30"}}), "more than 1048576 moves");
}

// The family's pictures: the renderer's SVG for puzzle= (as `rings plot path|sierpinski
// --puzzle`), and the rings' pictures refused for the family.
TEST(Plot, ServesTheFamilysPictures) {
  const auto hanoi = *family::parse_puzzle("hanoi");
  const auto s = [&](const char* text) { return *family::parse_pieces(hanoi, text, 4); };
  const auto path = get("/api/plot", {{"kind", "path"}, {"puzzle", "hanoi"}, {"n", "4"}});
  EXPECT_EQ(path.status, 200);
  EXPECT_EQ(path.content_type, "image/svg+xml");
  EXPECT_EQ(path.body, *plot_path(hanoi, family::all_at(4, 0), family::all_at(4, 2)));
  const auto elephant = *family::parse_puzzle("elephant");
  EXPECT_EQ(
      get("/api/plot", {{"kind", "path"}, {"puzzle", "elephant"}, {"from", "0120"}, {"to", "2222"}})
          .body,
      *plot_path(elephant, *family::parse_pieces(elephant, "0120", 4), family::all_at(4, 2)));
  const auto graph = *plot_sierpinski(hanoi, s("0120"), s("2101"));
  EXPECT_EQ(get("/api/plot",
                {{"kind", "sierpinski"}, {"puzzle", "hanoi"}, {"from", "0120"}, {"to", "2101"}})
                .body,
            graph);
  // Without puzzle= the Sierpiński graph is Hanoi's.
  EXPECT_EQ(get("/api/plot", {{"kind", "sierpinski"}, {"from", "0120"}, {"to", "2101"}}).body,
            graph);
  EXPECT_EQ(
      get("/api/plot", {{"kind", "animate"}, {"puzzle", "hanoi"}, {"from", "0120"}, {"to", "2101"}})
          .body,
      *animate(hanoi, s("0120"), s("2101")));
  // Every puzzle is animated, and charted by path lengths.
  EXPECT_EQ(get("/api/plot", {{"kind", "animate"}, {"puzzle", "elephant"}, {"from", "0120"}}).body,
            *animate(elephant, *family::parse_pieces(elephant, "0120", 4), family::all_at(4, 2)));
  const auto spin = *family::parse_puzzle("spin-out");
  EXPECT_EQ(get("/api/plot", {{"kind", "animate"}, {"puzzle", "spin-out"}, {"n", "5"}}).body,
            *animate(spin, family::all_at(5, 1), family::all_at(5, 0)));
  EXPECT_EQ(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "elephant"}, {"n", "4"}}).body,
            *plot_lengths(elephant, 4));
  EXPECT_EQ(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "brain"}}).body,
            *plot_lengths(*family::parse_puzzle("brain"), 6));
  expect_bad(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "elephant"}, {"n", "11"}}),
             "at most 10 elephants");
  expect_bad(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "hexadecimal:2"}, {"n", "3"}}),
             "bad key");
  expect_bad(get("/api/plot", {{"kind", "animate"}, {"puzzle", "brain"}, {"n", "12"}}),
             "too many to animate");
  expect_bad(get("/api/plot", {{"kind", "animate"}, {"puzzle", "elephant"}, {"from", "0130"}}),
             "from");
  expect_bad(get("/api/plot", {{"kind", "sierpinski"}, {"puzzle", "elephant"}, {"n", "3"}}),
             "Towers of Hanoi");
  expect_bad(get("/api/plot", {{"kind", "sierpinski"}, {"puzzle", "rings"}, {"n", "3"}}),
             "Towers of Hanoi");
  expect_bad(get("/api/plot", {{"kind", "sierpinski"}, {"n", "7"}}), "at most 6 discs");
  expect_bad(get("/api/plot", {{"kind", "hypercube"}, {"puzzle", "hanoi"}, {"n", "3"}}),
             "kind=sierpinski");
  expect_bad(get("/api/plot", {{"kind", "hypercube"}, {"puzzle", "brain"}, {"n", "3"}}),
             "rings only");
  expect_bad(get("/api/plot", {{"kind", "path"}, {"puzzle", "hanoi"}, {"n", "21"}}),
             "more than 1048576 moves");
  expect_bad(get("/api/plot", {{"kind", "path"},
                               {"puzzle", "hanoi"},
                               {"from", std::string(41, '2')},
                               {"to", std::string(40, '2') + "1"}}),
             "at most 40 discs");
  // Too many pieces to plot are refused before the distance of 100,000 discs is computed.
  expect_bad(get("/api/plot", {{"kind", "path"}, {"puzzle", "hanoi"}, {"n", "100000"}}),
             "at most 40 discs");
}

// The plan against the engine's: the same milestones, and the path to move `at`.
TEST(Plan, MatchesTheEngine) {
  for (Mode mode : {Mode::single, Mode::double_moves})
    for (const std::uint64_t at : {1, 100, 200, 252}) {
      const State from = State::all_on(9), to = state_of(9, 5);
      std::map<std::string, std::string> params = {{"state", bits(from)},
                                                   {"to", bits(to)},
                                                   {"depth", "3"},
                                                   {"limit", "2"},
                                                   {"at", std::to_string(at)}};
      if (mode == Mode::double_moves) params["double"] = "1";
      const auto j = get_json("/api/plan", params);
      PlanOptions o;
      o.depth = 3;
      o.limit = 2;
      o.at = at;
      const auto p = plan(from, to, mode, o);
      ASSERT_TRUE(p) << p.error();
      EXPECT_EQ(j["moves"], p->moves.get_str());
      EXPECT_EQ(j["rings"], 9);
      EXPECT_EQ(j["at"]["move"], std::to_string(at));
      EXPECT_EQ(j["at"]["path"].get<std::vector<std::uint64_t>>(), p->at);
      // Level by level along the path: every listed milestone as the engine lists it.
      const json* list = &j;
      const PlanList* expected = &p->milestones;
      for (std::size_t level = 0; level < p->at.size(); ++level) {
        ASSERT_EQ((*list)["count"], std::to_string(expected->count));
        ASSERT_EQ((*list)["milestones"].size(), expected->shown.size());
        const json* next = nullptr;
        const PlanList* next_expected = nullptr;
        for (std::size_t i = 0; i < expected->shown.size(); ++i) {
          const auto& m = expected->shown[i].milestone;
          const json& got = (*list)["milestones"][i];
          EXPECT_EQ(got["index"], expected->shown[i].index);
          // Every puzzle's goals: a piece's move, or the pieces below arranged.
          EXPECT_EQ(got["goal"], m.goal == Goal::ring ? "piece" : "arrange");
          EXPECT_EQ(got["ring"], m.ring);
          EXPECT_EQ(got["first"], m.first.get_str());
          EXPECT_EQ(got["last"], m.last.get_str());
          EXPECT_EQ(got["text"], to_string(m));
          if (expected->shown[i].index == p->at[level]) {
            next = &got;
            next_expected = &expected->shown[i].parts;
          }
        }
        ASSERT_NE(next, nullptr);
        if (next_expected->count == 0) break;
        list = next;
        expected = next_expected;
      }
    }
}

TEST(Plan, BadRequests) {
  expect_bad(get("/api/plan"), "missing parameter 'state'");
  expect_bad(get("/api/plan", {{"state", "111"}, {"depth", "0"}}), "depth");
  expect_bad(get("/api/plan", {{"state", "111"}, {"depth", "x"}}), "depth");
  expect_bad(get("/api/plan", {{"state", "111"}, {"limit", "0"}}), "limit");
  expect_bad(get("/api/plan", {{"state", "111"}, {"at", "6"}}), "move 6 is not in the solution");
  expect_bad(get("/api/plan", {{"state", "111"}, {"at", "-1"}}), "at must be a whole number");
  expect_bad(get("/api/plan", {{"state", "111"}, {"to", "11"}}), "to");
  // A plan too large to list is refused, not computed.
  expect_bad(get("/api/plan", {{"state", "on"}, {"n", "40"}, {"depth", "100"}, {"limit", "100"}}),
             "more than 100000 milestones");
  expect_bad(get("/api/plan", {{"state", "on"}, {"n", "100000"}, {"depth", "3"}}),
             "choose a smaller depth");
}

TEST(BadRequests, GetOneClearError) {
  expect_bad(get("/api/hint"), "missing parameter 'state'");
  expect_bad(get("/api/hint", {{"state", "1021"}}), "position 3");
  expect_bad(get("/api/hint", {{"state", "on"}}), "number of rings");
  expect_bad(get("/api/hint", {{"state", "111"}, {"k", "-1"}}), "k");
  expect_bad(get("/api/hint", {{"state", "111"}, {"k", std::to_string(kMaxHints + 1)}}), "k");
  expect_bad(get("/api/hint", {{"state", "111"}, {"to", "11"}}), "to");
  expect_bad(get("/api/hint", {{"state", "111"}, {"double", "maybe"}}), "double");
  expect_bad(get("/api/hint", {{"state", "111"}, {"notation", "roman"}}), "roman");
  expect_bad(get("/api/hint", {{"state", "\xff\xfe"}}), "state");
  expect_bad(get("/api/distance", {{"n", std::to_string(kMaxApiPieces + 1)}}), "at most");
  // The family's bound is the rings'; modulo M, a count of any size.
  expect_bad(get("/api/distance", {{"puzzle", "hanoi"}, {"n", std::to_string(kMaxApiPieces + 1)}}),
             "at most");
  EXPECT_EQ(
      get_json("/api/count",
               {{"puzzle", "hanoi"}, {"n", "1000000000000000000"}, {"mod", "1000000007"}})["count"],
      "719476259");
  expect_bad(get("/api/distance", {{"n", "0"}}), "at least 1 ring");
  expect_bad(get("/api/solve", {{"n", "3"}, {"limit", std::to_string(kMaxPage + 1)}}), "limit");
  expect_bad(get("/api/solve", {{"n", "3"}, {"offset", "6"}}), "past the end");
  expect_bad(get("/api/solve", {{"n", "3"}, {"offset", "-1"}}), "offset");
  expect_bad(get("/api/move", {{"state", "111"}, {"ring", "x"}}), "ring");
}

// Each parse error carries its code and fields as data, beside the English words (kept as they
// were), so the page words it in its own language.
TEST(BadRequests, CarryTheirCodeAndFields) {
  const auto body = [](const Response& r) {
    EXPECT_EQ(r.status, 400) << r.body;
    return json::parse(r.body);
  };
  auto j = body(get("/api/hint", {{"state", "1120111"}}));
  EXPECT_EQ(j["error"], "state: position 3: expected 0 or 1, found '2'");
  EXPECT_EQ(j["code"], "bad_digit");
  EXPECT_EQ(j["position"], 3);
  EXPECT_EQ(j["found"], "2");
  EXPECT_EQ(j["parameter"], "state");
  // A character of several bytes is the field whole ('２', not its first byte).
  j = body(get("/api/hint", {{"state", "1\xef\xbc\x92"}}));
  EXPECT_EQ(j["code"], "bad_digit");
  EXPECT_EQ(j["found"], "\xef\xbc\x92");
  j = body(get("/api/hint", {{"state", "5"}, {"notation", "decimal"}, {"n", "3"}, {"to", "x"}}));
  EXPECT_EQ(j["code"], "bad_decimal_digit");
  EXPECT_EQ(j["parameter"], "to");
  EXPECT_EQ(j["found"], "x");
  j = body(get("/api/hint", {{"state", "12"}, {"notation", "decimal"}, {"n", "3"}}));
  EXPECT_EQ(j["code"], "state_too_large");
  EXPECT_EQ(j["rings"], 3);
  EXPECT_EQ(j["notation"], "decimal");
  j = body(get("/api/hint", {{"state", "111"}, {"to", "11"}}));
  EXPECT_EQ(j["error"], "to: the state has 2 rings but the puzzle has 3 rings");
  EXPECT_EQ(j["code"], "wrong_length");
  EXPECT_EQ(j["found"], 2);
  EXPECT_EQ(j["rings"], 3);
  // The one reader's codes, the same for every puzzle.
  j = body(get("/api/hint", {{"state", "on"}}));
  EXPECT_EQ(j["code"], "needs_pieces");
  j = body(get("/api/hint", {{"state", " "}, {"n", "3"}}));
  EXPECT_EQ(j["code"], "empty_state");
  j = body(get("/api/hint", {{"state", "111"}, {"notation", "roman"}}));
  EXPECT_EQ(j["code"], "unknown_notation");
  EXPECT_EQ(j["found"], "roman");
  j = body(get("/api/hint", {{"state", "111"}, {"k", "x"}}));
  EXPECT_EQ(j["code"], "not_a_number");
  EXPECT_EQ(j["name"], "k");
  EXPECT_EQ(j["found"], "x");
  j = body(get("/api/distance", {{"n", std::to_string(kMaxApiPieces + 1)}}));
  EXPECT_EQ(j["code"], "too_many_pieces");
  EXPECT_EQ(j["max"], kMaxApiPieces);
  EXPECT_EQ(j["parameter"], "n");
  j = body(get("/api/distance", {{"n", "0"}}));
  EXPECT_EQ(j["code"], "no_pieces");
  j = body(get("/api/hint"));
  EXPECT_EQ(j["code"], "missing_parameter");
  EXPECT_EQ(j["parameter"], "state");
  // The move-list parser: the line, and what was wrong on it.
  j = body(verify("ring 1 off\nring 9 off\n", {{"n", "3"}}));
  EXPECT_EQ(j["code"], "bad_ring");
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["rings"], 3);
  EXPECT_EQ(j["found"], "ring 9 off");
  EXPECT_EQ(j["error"].get<std::string>().rfind(
                "line 2: expected a ring from 1 to 3, found 'ring 9 off'", 0),
            0u);
  j = body(verify("ring 1 sideways\n", {{"n", "3"}}));
  EXPECT_EQ(j["code"], "bad_direction");
  EXPECT_EQ(j["line"], 1);
  j = body(verify("2: ring 1 off\n", {{"n", "3"}}));
  EXPECT_EQ(j["code"], "wrong_move_number");
  EXPECT_EQ(j["number"], 2);
  EXPECT_EQ(j["expected"], 1);
  j = body(verify("1\n9\n", {{"n", "3"}}));
  EXPECT_EQ(j["code"], "bad_toggle");
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["found"], "9");
  j = body(verify("011\n0a1\n", {{"n", "3"}, {"format", "states"}}));
  EXPECT_EQ(j["code"], "bad_digit");
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["position"], 2);
  j = body(verify("{\"moves\": [\n{\"ring\": 1, \"to\": \"up\"}\n]}\n", {{"n", "3"}}));
  EXPECT_EQ(j["code"], "bad_direction");
  EXPECT_EQ(j["line"], 2);
  EXPECT_EQ(j["found"], "up");
  j = body(verify("ring 1 off\n", {{"n", "3"}, {"format", "roman"}}));
  EXPECT_EQ(j["code"], "unknown_list_format");
}

// Every route refuses bad parameters with a code for every puzzle of the catalogue: the
// family's refusals used to come without one.
TEST(BadRequests, EveryRouteAndEveryPuzzleGivesACode) {
  const std::vector<std::map<std::string, std::string>> bad_params = {
      {{"n", "0"}},
      {{"n", "x"}},
      {{"n", "99999999999"}},
      {{"state", "9"}, {"from", "9"}, {"to", "9"}, {"n", "1"}},
      {{"state", ""}, {"from", ""}},
      {{"n", "3"}, {"double", "maybe"}},
      {{"n", "3"}, {"k", "x"}, {"offset", "x"}, {"limit", "x"}, {"depth", "x"}, {"at", "x"}},
      {{"n", "3"}, {"format", "roman"}, {"kind", "roman"}},
      {{"n", "3"}, {"notation", "roman"}},
  };
  const auto table = get_json("/api/errors", {});
  const char* paths[] = {"/api/hint",  "/api/distance", "/api/count", "/api/at",   "/api/table",
                         "/api/solve", "/api/state",    "/api/move",  "/api/plot", "/api/plan"};
  for (const auto& puzzle : family::catalogue())
    for (const char* path : paths)
      for (auto params : bad_params) {
        params["puzzle"] = puzzle.name;
        const auto r = get(path, params);
        if (r.status == 200) continue;  // what one route ignores, another refuses
        SCOPED_TRACE(fmt::format("{} {} {}", puzzle.name, path, json(params).dump()));
        EXPECT_EQ(r.status, 400) << r.body;
        const auto j = json::parse(r.body);
        ASSERT_TRUE(j.contains("code")) << r.body;
        // The code is one of the table's, and names only the fields the table gives it.
        const auto row = std::find_if(table.begin(), table.end(),
                                      [&](const json& c) { return c["code"] == j["code"]; });
        ASSERT_NE(row, table.end()) << r.body;
        for (const auto& [key, value] : j.items())
          EXPECT_TRUE(key == "error" || key == "code" || key == "parameter" || key == "line" ||
                      key == "key" ||
                      std::find((*row)["fields"].begin(), (*row)["fields"].end(), key) !=
                          (*row)["fields"].end())
              << key << " in " << r.body;
      }
  // A puzzle that does not exist, and the rings' own options given to another puzzle.
  for (const auto& [params, code] :
       std::vector<std::pair<std::map<std::string, std::string>, std::string>>{
           {{{"puzzle", "chess"}, {"n", "3"}}, "unknown_puzzle"},
           {{{"puzzle", "hexadecimal:12"}, {"n", "3"}}, "unknown_puzzle"},
           {{{"puzzle", "hanoi"}, {"n", "3"}, {"double", "1"}}, "no_double_moves"},
           {{{"puzzle", "hanoi"}, {"n", "3"}, {"notation", "cleve"}}, "no_notation"}}) {
    const auto r = get("/api/count", params);
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(json::parse(r.body)["code"], code) << r.body;
  }
}

// The error codes: the table of rings/error_code.hpp that an API answer can carry, each once.
TEST(Errors, TheTableOfCodes) {
  const auto list = get_json("/api/errors", {});
  std::set<std::string> seen;
  for (const auto& c : list) {
    EXPECT_TRUE(seen.insert(c["code"].get<std::string>()).second) << c;
    EXPECT_TRUE(c["fields"].is_array()) << c;
  }
  std::size_t api = 0;
  for (const auto& c : kErrorCodes) api += c.api;
  EXPECT_EQ(list.size(), api);
  EXPECT_TRUE(seen.contains("bad_digit") && seen.contains("too_many_pieces"));
  EXPECT_FALSE(seen.contains("bad_save_file"));  // the game's files never reach the API
  EXPECT_EQ(Code("bad_digit").fields(), "position found");
  EXPECT_EQ(Error("x", ErrorCode::no_pieces).code, "no_pieces");
}

// The catalogue, as `rings puzzles --json` writes it: every puzzle the engine knows, with what a
// front end needs to offer it.
TEST(Puzzles, TheCatalogue) {
  const auto list = get_json("/api/puzzles", {});
  ASSERT_TRUE(list.is_array());
  ASSERT_EQ(list.size(), family::catalogue().size());
  EXPECT_EQ(list[0]["name"], "rings");
  EXPECT_EQ(list[0]["max_size"], rings::kMaxRings);
  EXPECT_TRUE(list[0]["double_moves"].get<bool>());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& p = family::catalogue()[i];
    const auto& j = list[i];
    SCOPED_TRACE(p.name);
    EXPECT_EQ(j["name"], p.name);
    EXPECT_EQ(j["positions"], p.positions);
    EXPECT_EQ(j["position_names"].size(), p.positions);
    EXPECT_GE(j["default_size"].get<std::uint64_t>(), 1u);
    EXPECT_GE(j["max_size"].get<std::uint64_t>(), j["default_size"].get<std::uint64_t>());
    EXPECT_EQ(j["toggles"], p.positions == 2);
    // Each name is a puzzle of its own: the API answers it, and its count is the engine's.
    const auto count = get_json("/api/count", {{"puzzle", p.name}, {"n", "5"}});
    EXPECT_EQ(count["count"], family::count(*family::parse_puzzle(p.name), 5).get_str());
  }
}

TEST(Routing, MethodsAndUnknownPaths) {
  EXPECT_EQ(get("/api/verify").status, 405);
  EXPECT_EQ(handle({"POST", "/api/hint", {}, ""}).status, 405);
  EXPECT_EQ(handle({"DELETE", "/index.html", {}, ""}).status, 405);
  // HEAD is GET's answer (the HTTP layer sends its head alone).
  EXPECT_EQ(handle({"HEAD", "/index.html", {}, ""}).body,
            handle({"GET", "/index.html", {}, ""}).body);
  EXPECT_EQ(handle({"HEAD", "/api/count", {{"n", "4"}}, ""}).status, 200);
  EXPECT_EQ(handle({"HEAD", "/api/verify", {}, ""}).status, 405);
  // A path that does not exist is 404 whatever the method.
  EXPECT_EQ(handle({"POST", "/api/nope", {}, ""}).status, 404);
  EXPECT_EQ(handle({"POST", "/nope.html", {}, ""}).status, 404);
  EXPECT_EQ(handle({"DELETE", "/api/hint/x", {}, ""}).status, 404);
  EXPECT_EQ(get("/api/nothing").status, 404);
  EXPECT_EQ(json::parse(get("/api/nothing").body)["code"], "not_found");
  EXPECT_EQ(json::parse(get("/api/verify").body)["code"], "method_not_allowed");
}

TEST(StaticFiles, OnlyTheEmbeddedOnesAreServed) {
  const auto index = get("/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(index.body, get("/index.html").body);
  EXPECT_EQ(get("/app.js").content_type, "text/javascript; charset=utf-8");
  for (const auto* path : {"/../CMakeLists.txt", "/static/app.js", "/etc/passwd", "/handlers.cpp",
                           "/%2e%2e/app.js", "/app.js/"}) {
    const auto r = get(path);
    EXPECT_EQ(r.status, 404) << path;
    EXPECT_TRUE(json::parse(r.body).contains("error"));
  }
}

TEST(StaticFiles, AreTheFilesOfTheStaticSiteByteForByte) {
  // Every file of build/<preset>/web/ (the engine too when Emscripten built it), and no other
  // but rings-engine-file.js, the WebAssembly as a script for file:// pages only.
  // Each with its gzip copy (NAME.gz beside it), which is not a file of its own.
  std::size_t on_disk = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RINGS_WEB_DIR))
    on_disk += entry.is_regular_file() && entry.path().filename() != "rings-engine-file.js" &&
               entry.path().extension() != ".gz";
  ASSERT_EQ(static_files().size(), on_disk);
  ASSERT_GE(static_files().size(), 6u);
  const auto read = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream disk;
    disk << in.rdbuf();
    return in ? std::optional(disk.str()) : std::nullopt;
  };
  for (const auto& f : static_files()) {
    const std::string path = std::string(RINGS_WEB_DIR) + std::string(f.path);
    EXPECT_EQ(read(path), f.body) << f.path;
    EXPECT_EQ(read(path + ".gz"), f.gzip) << f.path;
  }
}

TEST(StaticFiles, GzippedOnlyToAClientThatTakesIt) {
  for (const auto& f : static_files()) {
    Request r{"GET", std::string(f.path), {}, ""};
    const auto plain = handle(r);
    EXPECT_EQ(plain.body, f.body) << f.path;
    EXPECT_FALSE(plain.gzip) << f.path;
    EXPECT_TRUE(plain.varies) << f.path;
    r.gzip = true;
    const auto packed = handle(r);
    EXPECT_EQ(packed.body, f.gzip) << f.path;
    EXPECT_TRUE(packed.gzip) << f.path;
    EXPECT_TRUE(packed.varies) << f.path;
    EXPECT_EQ(packed.content_type, plain.content_type) << f.path;
  }
  // The API's answers are never compressed.
  Request api{"GET", "/api/count", {{"n", "5"}}, ""};
  api.gzip = true;
  EXPECT_FALSE(handle(api).gzip);
  EXPECT_FALSE(handle(api).varies);
}

// Answers a small request would make huge are refused with a code, before they are made.
TEST(Caps, AnswersASmallRequestWouldMakeHuge) {
  // 10,000 moves of 100,000 rings written again as states: a gigabyte.
  std::string body;
  for (int i = 0; i < 10'000; ++i) body += "1\n";
  const auto written =
      handle({"POST",
              "/api/verify",
              {{"n", "100000"}, {"from", "on"}, {"write", "states"}, {"format", "toggles"}},
              body});
  expect_bad(written, "larger than");
  EXPECT_EQ(json::parse(written.body)["code"], "answer_too_large");
  EXPECT_EQ(json::parse(written.body)["max"], kMaxWrittenText);
  // Within the cap the text is written whole, as before.
  const auto small =
      handle({"POST", "/api/verify", {{"n", "100"}, {"from", "on"}, {"write", "states"}}, body});
  ASSERT_EQ(small.status, 200) << small.body.substr(0, 200);
  EXPECT_EQ(json::parse(small.body)["text"].get<std::string>().size(), 10'001u * 101);

  // A plan listing more than kMaxPlanListed milestones.
  const auto plan =
      get("/api/plan", {{"n", "330"}, {"state", "on"}, {"depth", "3"}, {"limit", "1000"}});
  expect_bad(plan, "milestones");
  EXPECT_EQ(json::parse(plan.body)["code"], "answer_too_large");
  EXPECT_EQ(get_json("/api/plan",
                     {{"n", "330"}, {"state", "on"}, {"depth", "2"}, {"limit", "90"}})["count"],
            "330");
}

TEST(Caps, TablesOfTooManyRowsCarryTheCode) {
  const auto rings = get("/api/table", {{"n", "17"}});
  // One bound for every puzzle: 2^16 rows.
  expect_bad(rings, "at most 2^16 rows");
  EXPECT_EQ(json::parse(rings.body)["code"], "answer_too_large");
  EXPECT_EQ(json::parse(rings.body)["max"], 65536);
  const auto hanoi = get("/api/table", {{"puzzle", "hanoi"}, {"n", "11"}});
  expect_bad(hanoi, "at most 2^16 rows");
  EXPECT_EQ(json::parse(hanoi.body)["code"], "answer_too_large");
}

// The table is written row by row: the same bytes as the JSON tree's dump.
TEST(Caps, TablesAreTheBytesOfTheirJson) {
  for (const auto& params : std::vector<std::map<std::string, std::string>>{
           {{"n", "5"}},
           {{"n", "4"}, {"to", "on"}, {"notation", "decimal"}},
           {{"puzzle", "hanoi"}, {"n", "3"}},
           {{"puzzle", "spin-out"}, {"n", "4"}}}) {
    const auto r = get("/api/table", params);
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.body, json::parse(r.body).dump()) << r.body.substr(0, 200);
  }
}

// Every route answers every puzzle of the catalogue (GET /api/puzzles) with one key set at a
// small size: one handler a route. The rings' answers may carry their own keys (docs/schemas):
// "rings" (pieces again), and the state in every notation with its place on the Gray path.
TEST(EveryPuzzle, EveryRouteAnswersWithOneKeySet) {
  const std::set<std::string> rings_only = {"rings", "binary", "decimal", "cleve", "position"};
  std::map<std::string, std::set<std::string>> shared;  // route: the keys every puzzle gives
  for (const auto& pz : get_json("/api/puzzles", {})) {
    const std::string name = pz["name"];
    SCOPED_TRACE(name);
    const std::map<std::string, std::string> q = {{"puzzle", name}, {"n", "3"}};
    const auto with = [&](std::map<std::string, std::string> more) {
      more.insert(q.begin(), q.end());
      return more;
    };
    const auto state = get_json("/api/state", with({{"state", "start"}}));
    const auto& next = state["next"];
    ASSERT_TRUE(next.is_object()) << state;
    const auto& names = pz["position_names"];
    const auto to = std::find(names.begin(), names.end(), next["to"]) - names.begin();
    const auto moves = get("/api/solve", with({{"format", "moves"}, {"limit", "1000"}}));
    ASSERT_EQ(moves.status, 200) << moves.body;
    const auto checked = handle({"POST", "/api/verify", with({{"replay", "1"}}), moves.body});
    ASSERT_EQ(checked.status, 200) << checked.body;
    const std::map<std::string, json> answers = {
        {"count", get_json("/api/count", q)},
        {"distance", get_json("/api/distance", q)},
        {"hint", get_json("/api/hint", with({{"state", "start"}}))},
        {"at", get_json("/api/at", with({{"k", "1"}}))},
        {"table", get_json("/api/table", q)},
        {"solve", get_json("/api/solve", q)},
        {"plan", get_json("/api/plan", with({{"state", "start"}, {"at", "1"}}))},
        {"state", state},
        {"move", get_json("/api/move", with({{"state", "start"},
                                             {"piece", next["piece"].dump()},
                                             {"to", std::to_string(to)}}))},
        {"verify", json::parse(checked.body)},
    };
    EXPECT_TRUE(answers.at("move")["legal"]) << answers.at("move");
    EXPECT_TRUE(answers.at("verify")["optimal"]) << checked.body;
    for (const auto& [route, answer] : answers) {
      std::set<std::string> keys;
      for (const auto& [key, value] : answer.items())
        if (!rings_only.contains(key)) keys.insert(key);
      EXPECT_EQ(answer["puzzle"], name) << route;
      const auto [at, first] = shared.emplace(route, keys);
      EXPECT_EQ(keys, at->second) << route << ": " << answer.dump().substr(0, 300);
    }
    // Every puzzle's pictures of its path, its lengths and its solution.
    for (const char* kind : {"path", "lengths", "animate"}) {
      const auto svg = get("/api/plot", with({{"kind", kind}}));
      EXPECT_EQ(svg.status, 200) << kind << " " << svg.body.substr(0, 200);
      EXPECT_EQ(svg.content_type, "image/svg+xml") << kind;
    }
  }
  EXPECT_EQ(shared.size(), 10u);
}

// The HTTP layer's work stops when its client leaves or its CPU time runs out: the long loops
// of the handlers check.
// The large answers the HTTP layer sends as their client reads (respond()'s `more`), made in
// pieces of any size: the very bytes handle() gives, and nothing held but the piece.
TEST(Stream, PiecesMakeTheWholeAnswer) {
  const std::string moves = "1\n3\n1\n2\n1\n";
  const std::vector<Request> requests = {
      {"GET", "/api/table", {{"n", "9"}, {"to", "101"}, {"notation", "decimal"}}, ""},
      {"GET", "/api/table", {{"n", "5"}, {"puzzle", "hanoi"}}, ""},
      {"GET", "/api/table", {{"n", "7"}, {"puzzle", "spin-out"}}, ""},
      {"GET", "/api/solve", {{"n", "12"}, {"format", "moves"}, {"limit", "1000"}}, ""},
      {"GET", "/api/solve", {{"n", "12"}, {"format", "toggles"}, {"limit", "0"}}, ""},
      {"GET", "/api/solve", {{"n", "20"}, {"format", "toggles"}, {"limit", "100000"}}, ""},
      {"GET", "/api/solve", {{"n", "9"}, {"format", "states"}, {"double", "1"}}, ""},
      // Cut at 4 MiB at the end of a line: 100,000 rings as states.
      {"GET", "/api/solve", {{"n", "100000"}, {"format", "states"}, {"limit", "100"}}, ""},
      {"GET", "/api/solve", {{"n", "6"}, {"puzzle", "hanoi"}, {"format", "moves"}}, ""},
      {"GET",
       "/api/solve",
       {{"n", "8"}, {"puzzle", "brain"}, {"format", "states"}, {"limit", "0"}},
       ""},
      {"POST",
       "/api/verify",
       {{"from", "111"}, {"to", "000"}, {"write", "states"}, {"replay", "1"}},
       moves},
      {"POST", "/api/verify", {{"n", "3"}, {"write", "toggles"}}, moves},
      {"POST",
       "/api/verify",
       {{"n", "2"}, {"puzzle", "hanoi"}, {"write", "states"}},
       "disc 1 from peg 0 to peg 1\ndisc 2 from peg 0 to peg 2\n"},
      {"GET", "/api/hint", {{"state", "1011"}}, ""},
  };
  for (const auto& r : requests) {
    const Response whole = handle(r);
    EXPECT_FALSE(whole.more);
    EXPECT_EQ(whole.status, 200) << r.path << " " << whole.body.substr(0, 300);
    // Small pieces for small answers (a text is made again from its start for each piece).
    for (const std::size_t want :
         {whole.body.size() < 20'000 ? std::size_t{1} : std::size_t{4099}, std::size_t{65536}}) {
      Response streamed = respond(r);
      std::size_t pieces = 0, largest = 0;
      if (streamed.more)
        for (bool more = true; more; ++pieces) {
          std::string piece;
          more = streamed.more->next(piece, want);
          largest = std::max(largest, piece.size());
          streamed.body += piece;
        }
      EXPECT_EQ(streamed.status, whole.status);
      EXPECT_EQ(streamed.content_type, whole.content_type);
      EXPECT_EQ(streamed.body, whole.body) << r.path << " in pieces of " << want;
      if (whole.body.size() > (1u << 20)) {
        EXPECT_GT(pieces, whole.body.size() / (want + 1024)) << r.path;
        EXPECT_LE(largest, want + 1024) << r.path;  // a row or a line past `want` at most
      }
    }
  }
}

TEST(Stop, LongAnswersStopWhenAsked) {
  std::atomic<bool> server_stopping{false};
  StopToken left(std::chrono::seconds(60), &server_stopping);
  left.request_stop();
  {
    const ScopedStopToken scope(left);
    try {
      get("/api/table", {{"n", "16"}});
      ADD_FAILURE() << "a table for a client that left was made";
    } catch (const Stopped& s) {
      EXPECT_FALSE(s.timed_out);
    }
  }
  StopToken quick(std::chrono::milliseconds(1), &server_stopping);
  {
    const ScopedStopToken scope(quick);
    try {
      get("/api/table", {{"n", "16"}});
      ADD_FAILURE() << "1 ms of CPU time made a whole answer";
    } catch (const Stopped& s) {
      EXPECT_TRUE(s.timed_out);
    }
  }
  StopToken fresh(std::chrono::seconds(60), &server_stopping);
  server_stopping = true;  // SIGTERM
  {
    const ScopedStopToken scope(fresh);
    EXPECT_THROW(get("/api/solve", {{"n", "20"}, {"limit", "1000"}}), Stopped);
  }
  // A picture being drawn stops too (the renderers' check).
  StopToken gone(std::chrono::seconds(60), &server_stopping);
  gone.request_stop();
  {
    const ScopedStopToken scope(gone);
    EXPECT_THROW(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "hanoi"}, {"n", "6"}}), Stopped);
    EXPECT_THROW(get("/api/plot", {{"kind", "sierpinski"}, {"n", "4"}}), Stopped);
    EXPECT_THROW(get("/api/plot", {{"kind", "path"}, {"n", "12"}}), Stopped);
    EXPECT_THROW(get("/api/plot", {{"kind", "animate"}, {"n", "5"}}), Stopped);
  }
  EXPECT_EQ(get("/api/plot", {{"kind", "lengths"}, {"puzzle", "hanoi"}, {"n", "6"}}).status, 200);
  // Without a token (the tests, the fuzzer, the page's engine) nothing stops.
  EXPECT_EQ(get("/api/table", {{"n", "8"}}).status, 200);
}

}  // namespace
}  // namespace rings::serve
