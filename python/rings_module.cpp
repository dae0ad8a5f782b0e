// The Python module `rings`: the engine's states, moves, positions, solutions, hints and
// verifier under Pythonic names. Every answer comes from the engine; bad input raises ValueError
// with the engine's message (the words the CLI prints after "rings: error:").
#include <fmt/format.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "rings/state.hpp"
#include "rings/verify.hpp"

#ifndef RINGS_VERSION
#define RINGS_VERSION "unknown"
#endif

namespace py = pybind11;

namespace rings::python {
namespace {

[[noreturn]] void fail(const std::string& what) { throw py::value_error(what); }

template <class T>
T value_or_fail(Result<T> r) {
  if (!r) fail(r.error());
  return std::move(*r);
}

Mode mode_of(bool double_moves) { return double_moves ? Mode::double_moves : Mode::single; }

std::string rings_word(std::uint64_t n) { return fmt::format("{} ring{}", n, n == 1 ? "" : "s"); }

// The same checks, in the same words, as the CLI's ring count.
std::uint64_t checked_rings(std::int64_t n) {
  if (n < 1) fail(fmt::format("the puzzle needs at least 1 ring, found {}", n));
  if (static_cast<std::uint64_t>(n) > kMaxRings)
    fail(fmt::format("{} rings do not fit in memory (at most {})", n, kMaxRings));
  return static_cast<std::uint64_t>(n);
}

void check_same_size(const State& puzzle, const State& other) {
  if (other.size() != puzzle.size())
    fail(fmt::format("the state has {} but the puzzle has {}", rings_word(other.size()),
                     rings_word(puzzle.size())));
}

// Big numbers cross as little-endian bytes: linear in size, and free of Python's limit on
// the digits of int <-> str conversions.
py::int_ to_int(const mpz_class& z) {
  std::string bytes((mpz_sizeinbase(z.get_mpz_t(), 2) + 7) / 8, '\0');
  std::size_t n = 0;
  mpz_export(bytes.data(), &n, -1, 1, 0, 0, z.get_mpz_t());
  bytes.resize(n);
  return py::module_::import("builtins").attr("int").attr("from_bytes")(py::bytes(bytes), "little");
}

mpz_class to_mpz(const py::int_& k, std::string_view what) {
  if (k < py::int_(0)) fail(fmt::format("{} must be at least 0", what));
  const auto bits = k.attr("bit_length")().cast<std::uint64_t>();
  const auto bytes = k.attr("to_bytes")((bits + 7) / 8, "little").cast<std::string>();
  mpz_class z;
  mpz_import(z.get_mpz_t(), bytes.size(), -1, 1, 0, 0, bytes.data());
  return z;
}

// The optimal solution as a Python iterator. The engine's solve() pushes moves into a sink, so
// the iterator pulls them in blocks: each refill restarts solve() from the current state (linear
// in N), which a block of moves amortises to O(1) a move, with memory bounded by the block.
class Solution {
 public:
  Solution(State from, State to, Mode mode)
      : state_(std::move(from)), target_(std::move(to)), mode_(mode) {}

  Move next() {
    if (next_ == block_.size()) {
      block_.clear();
      next_ = 0;
      solve(state_, target_, mode_, [&](const Move& m) {
        block_.push_back(m);
        return block_.size() < kBlock;
      });
      if (block_.empty()) throw py::stop_iteration();
    }
    const Move m = block_[next_++];
    apply(state_, m);
    return m;
  }
  const State& state() const { return state_; }
  const State& target() const { return target_; }
  mpz_class remaining() const { return distance(state_, target_, mode_); }

 private:
  static constexpr std::size_t kBlock = 1024;

  State state_;
  State target_;
  Mode mode_;
  std::vector<Move> block_;  // moves computed ahead of state_, from block_[next_] on
  std::size_t next_ = 0;
};

// Checks a move list as `rings verify` does (a states list starts with the start state).
VerifyReport verify_lines(const py::object& lines, const State& from, const State& to, Mode mode,
                          ListFormat format, Notation notation) {
  ListChecker checker(from, to, mode, format, notation, true);
  if (py::isinstance<py::str>(lines)) {
    value_or_fail(checker.feed(lines.cast<std::string>()));
  } else {
    for (py::handle line : lines) {
      auto text = py::cast<std::string>(line);
      if (text.empty() || text.back() != '\n') text.push_back('\n');
      if (!value_or_fail(checker.feed(text))) break;
    }
  }
  return checker.report();
}

constexpr const char* kModuleDoc =
    R"(The Chinese Rings puzzle (Baguenaudier, Patience, nine linked rings).

Rings are numbered 1..N; ring 1 is at the free end of the bar. Ring 1 can always move; ring
k > 1 can move only when ring k-1 is on and rings 1..k-2 are all off. A state is written ring N
first, 1 = on the bar: nine rings all on is "111111111". The 2^N states form one path (the
binary reflected Gray code), so distances, counts and solutions have closed forms and are exact
for any number of rings.

With double=True, rings 1 and 2 moving together (both on or both off) count as one move.

Bad input raises ValueError with the same message as the rings command line.

    >>> import rings
    >>> rings.count(9)
    341
    >>> s = rings.State.from_string("110100")
    >>> [(str(m), why) for m, why in rings.hints(s, k=2)]
    [('ring 1 on', 'ring 1 can always move'), ('ring 2 on', 'ring 2 can move: ring 1 is on')]
    >>> [str(m) for m in rings.solve(rings.State.all_on(3))]
    ['ring 1 off', 'ring 3 off', 'ring 1 on', 'ring 2 off', 'ring 1 off']
)";

}  // namespace
}  // namespace rings::python

PYBIND11_MODULE(rings, m) {
  using namespace rings;
  using namespace rings::python;
  m.doc() = kModuleDoc;
  m.attr("__version__") = RINGS_VERSION;
  m.attr("MAX_RINGS") = kMaxRings;

  py::class_<Move>(m, "Move", R"(A move: ring `ring` goes on (on=True) or off.

A double move (rings 1 and 2 together, only legal with double=True) has pair=True and ring 1.
str() gives the move in words: "ring 3 off", "rings 1+2 on".)")
      .def(py::init([](std::int64_t ring, bool on, bool pair) {
             if (ring < 1) fail(fmt::format("ring numbers start at 1, found {}", ring));
             if (pair && ring != 1) fail("a double move is rings 1+2: give ring=1");
             return pair ? Move::pair(on) : Move::single(static_cast<Ring>(ring), on);
           }),
           py::arg("ring"), py::arg("on"), py::arg("pair") = false,
           "Move(3, False) is ring 3 off; Move(1, True, pair=True) is rings 1+2 on.")
      .def_property_readonly("ring", &Move::ring, "The ring that moves (1 for rings 1+2).")
      .def_property_readonly("on", &Move::on,
                             "True when the ring goes on the bar, False when it comes off.")
      .def_property_readonly("pair", &Move::is_pair,
                             "True for rings 1 and 2 together (a double move).")
      .def("__str__", [](const Move& mv) { return to_string(mv); })
      .def("__repr__",
           [](const Move& mv) {
             return fmt::format("Move({}, {}{})", mv.ring(), mv.on() ? "True" : "False",
                                mv.is_pair() ? ", pair=True" : "");
           })
      .def(py::self == py::self)
      .def("__hash__", [](const Move& mv) {
        return py::hash(py::make_tuple(mv.ring(), mv.on(), mv.is_pair()));
      });

  py::class_<Reason>(m, "Reason", R"(Why a move is legal or illegal, as data: the rule's code
(e.g. "needs_lower_off") and the rings it names. str() gives the English sentence the CLI and
the web API print.)")
      .def_property_readonly(
          "rule", [](const Reason& r) { return std::string(rule_code(r.rule)); },
          "The rule's code: free_end, after_lowest, pair_together (legal); not_a_ring, already, "
          "needs_previous_on, needs_lower_off, pair_needs_double, pair_needs_two, pair_apart, "
          "no_change, several_change (illegal).")
      .def_readonly("move", &Reason::move, "The move judged.")
      .def_readonly("blocking", &Reason::blocking,
                    "needs_lower_off: the lowest ring that is on; pair_apart: the ring that is "
                    "on; else 0.")
      .def_readonly("rings", &Reason::rings,
                    "not_a_ring, pair_needs_two: the ring count; several_change: how many rings "
                    "change (3: more than two); else 0.")
      .def_property_readonly("legal", &Reason::is_legal, "True when the rule allows the move.")
      .def("__str__", [](const Reason& r) { return to_string(r); })
      .def("__repr__",
           [](const Reason& r) {
             return fmt::format("<Reason {}: {}>", rule_code(r.rule), to_string(r));
           })
      .def(py::self == py::self);

  py::class_<State> state(m, "State", R"(A position of N rings (immutable).

state[k] is True when ring k (1..N) is on. str() is the canonical notation, ring N first:
State.from_string("110") has rings 3 and 2 on and ring 1 off. States are equal when they have
the same rings on, and can be dict keys.)");
  state
      .def(py::init([](std::int64_t n) { return State(checked_rings(n)); }), py::arg("rings"),
           "N rings, all off.")
      .def_static(
          "all_on", [](std::int64_t n) { return State::all_on(checked_rings(n)); },
          py::arg("rings"), "N rings, all on the bar (the usual start).")
      .def_static(
          "all_off", [](std::int64_t n) { return State::all_off(checked_rings(n)); },
          py::arg("rings"), "N rings, all off the bar (the usual goal).")
      .def_static(
          "from_string",
          [](std::string_view text, std::optional<std::int64_t> n, std::string_view notation) {
            std::optional<std::uint64_t> rings;
            if (n) rings = checked_rings(*n);
            return value_or_fail(parse_state(text, rings, value_or_fail(parse_notation(notation))));
          },
          py::arg("text"), py::arg("rings") = py::none(), py::arg("notation") = "binary",
          R"(Reads a state: "1011" (ring N first), "on" or "off".

notation is "binary" (the default), "ring1-first", "decimal" or "cleve" (Cleve Moler's:
bit i-1 set when ring i is off). rings, the ring count, is needed by "on", "off", decimal and
cleve; a binary string of another length is an error. Errors say what and where:
ValueError("position 3: expected 0 or 1, found '2'").)")
      .def_property_readonly("rings", &State::size, "The number of rings N.")
      .def(
          "__getitem__",
          [](const State& s, std::int64_t ring) {
            if (ring < 1 || static_cast<std::uint64_t>(ring) > s.size())
              throw py::index_error(fmt::format("there is no ring {}: the puzzle has {}", ring,
                                                rings_word(s.size())));
            return s.is_on(static_cast<Ring>(ring));
          },
          py::arg("ring"), "True when ring `ring` (1..N) is on the bar.")
      .def(
          "format",
          [](const State& s, std::string_view notation) {
            return format_state(s, value_or_fail(parse_notation(notation)));
          },
          py::arg("notation") = "binary",
          R"(The state written in a notation: "binary", "ring1-first", "decimal", "cleve".)")
      .def(
          "legal_moves",
          [](const State& s, bool dbl) {
            const auto moves = legal_moves(s, mode_of(dbl));
            return std::vector<Move>(moves.begin(), moves.end());
          },
          py::kw_only(), py::arg("double") = false,
          "The legal moves: ring 1, the ring above the lowest ring that is on, and with "
          "double=True rings 1+2 when both are on or both off.")
      .def(
          "apply",
          [](const State& s, const Move& mv, bool dbl) {
            if (auto why = why_illegal(s, mv, mode_of(dbl))) fail(to_string(*why));
            State after = s;
            apply(after, mv);
            return after;
          },
          py::arg("move"), py::kw_only(), py::arg("double") = false,
          "The state after a legal move (a new State). An illegal move raises ValueError with "
          "the rule it breaks.")
      .def("__str__", [](const State& s) { return format_state(s, Notation::binary); })
      .def("__repr__",
           [](const State& s) {
             return fmt::format("State.from_string('{}')", format_state(s, Notation::binary));
           })
      .def(py::self == py::self)
      .def("__hash__", [](const State& s) {
        const auto w = s.words();
        return py::hash(py::make_tuple(
            s.size(), py::bytes(reinterpret_cast<const char*>(w.data()), w.size_bytes())));
      });
  // Rings are numbered from 1, so Python's fallback iteration from index 0 would be wrong.
  state.attr("__iter__") = py::none();

  m.def(
      "why_illegal",
      [](const State& s, const Move& mv, bool dbl) -> std::optional<std::string> {
        if (auto why = why_illegal(s, mv, mode_of(dbl))) return to_string(*why);
        return std::nullopt;
      },
      py::arg("state"), py::arg("move"), py::kw_only(), py::arg("double") = false,
      R"(Why `move` is illegal in `state`, in words, or None when it is legal.

    >>> rings.why_illegal(rings.State.from_string("000"), rings.Move(2, True))
    'ring 2 needs ring 1 on; ring 1 is off')");
  m.def(
      "why_legal",
      [](const State& s, const Move& mv, bool dbl) {
        if (auto why = why_illegal(s, mv, mode_of(dbl))) fail(to_string(*why));
        return to_string(why_legal(s, mv, mode_of(dbl)));
      },
      py::arg("state"), py::arg("move"), py::kw_only(), py::arg("double") = false,
      R"(The rule that allows `move` in `state`, in words ("ring 2 can move: ring 1 is on").
An illegal move raises ValueError with the rule it breaks.)");
  m.def(
      "judge",
      [](const State& s, const Move& mv, bool dbl) {
        const Mode mode = mode_of(dbl);
        const auto illegal = why_illegal(s, mv, mode);
        return illegal ? *illegal : why_legal(s, mv, mode);
      },
      py::arg("state"), py::arg("move"), py::kw_only(), py::arg("double") = false,
      R"(The rule that allows or forbids `move` in `state`, as a Reason (code and rings).

    >>> r = rings.judge(rings.State.from_string("0110"), rings.Move(4, True))
    >>> (r.rule, r.blocking, r.legal)
    ('needs_lower_off', 2, False))");

  m.def(
      "rank", [](const State& s) { return to_int(rank(s)); }, py::arg("state"),
      R"(The position of `state` on the path of all 2^N states from all-off (its inverse Gray
code), as an int of any size: rank(State.all_off(n)) == 0.)");
  m.def(
      "unrank",
      [](const py::int_& position, std::int64_t n) {
        const auto rings = checked_rings(n);
        const mpz_class k = to_mpz(position, "the position");
        if (mpz_sizeinbase(k.get_mpz_t(), 2) > rings && k != 0)
          fail(fmt::format("the position must be less than 2^{} for {}", rings, rings_word(rings)));
        return unrank(k, rings);
      },
      py::arg("position"), py::arg("rings"),
      "The state at `position` (0 <= position < 2^rings) on the path from all-off: the "
      "inverse of rank().");
  m.def(
      "distance",
      [](const State& a, const State& b, bool dbl) {
        check_same_size(a, b);
        return to_int(distance(a, b, mode_of(dbl)));
      },
      py::arg("a"), py::arg("b"), py::kw_only(), py::arg("double") = false,
      R"(The optimal number of moves between two states of the same size, as an int.

    >>> rings.distance(rings.State.all_on(9), rings.State.all_off(9))
    341)");
  m.def(
      "count",
      [](std::int64_t n, bool dbl, std::optional<std::int64_t> mod) -> py::int_ {
        if (mod) {
          if (*mod < 1) fail("mod must be at least 1");
          if (n < 1) fail(fmt::format("the puzzle needs at least 1 ring, found {}", n));
          return py::int_(count_mod(static_cast<std::uint64_t>(n), mode_of(dbl),
                                    static_cast<std::uint64_t>(*mod)));
        }
        return to_int(count(checked_rings(n), mode_of(dbl)));
      },
      py::arg("rings"), py::kw_only(), py::arg("double") = false, py::arg("mod") = py::none(),
      R"(The number of moves to remove all N rings: floor(2^(N+1)/3), or 2^(N-1) - [N even]
with double=True. With mod=M, the count modulo M, for N up to 2^63 - 1.)");
  m.def(
      "state_after",
      [](const State& from, const State& to, const py::int_& k, bool dbl) {
        check_same_size(from, to);
        const Mode mode = mode_of(dbl);
        const mpz_class steps = to_mpz(k, "the step");
        const mpz_class total = distance(from, to, mode);
        if (steps > total)
          fail(fmt::format("step {} is past the end: the solution has {} moves", steps.get_str(),
                           total.get_str()));
        return state_after(from, to, steps, mode);
      },
      py::arg("frm"), py::arg("to"), py::arg("k"), py::kw_only(), py::arg("double") = false,
      "The state after k optimal moves from `frm` toward `to` (k at most their distance).");

  py::class_<Solution>(m, "Solution", R"(The optimal solution, one Move at a time (an iterator).

Made by rings.solve(). Moves are produced as they are asked for, so the solution of any
length can be followed or cut short: itertools.islice(rings.solve(rings.State.all_on(60)), 10).)")
      .def("__iter__", [](Solution& s) -> Solution& { return s; })
      .def("__next__", &Solution::next)
      .def_property_readonly("state", &Solution::state,
                             "The state after the moves produced so far.")
      .def_property_readonly("target", &Solution::target, "The state the solution reaches.")
      .def_property_readonly(
          "remaining", [](const Solution& s) { return to_int(s.remaining()); },
          "How many moves are left.");
  m.def(
      "solve",
      [](const State& from, std::optional<State> to, bool dbl) {
        if (to) check_same_size(from, *to);
        return Solution(from, to ? *to : State::all_off(from.size()), mode_of(dbl));
      },
      py::arg("frm"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      R"(The optimal solution from `frm` to `to` (default: all off), as a lazy iterator of Moves.

    >>> [str(m) for m in rings.solve(rings.State.all_on(3))]
    ['ring 1 off', 'ring 3 off', 'ring 1 on', 'ring 2 off', 'ring 1 off'])");
  m.def(
      "hints",
      [](const State& from, std::optional<State> to, std::int64_t k, bool dbl) {
        if (to) check_same_size(from, *to);
        if (k < 0) fail(fmt::format("k must be at least 0, found {}", k));
        std::vector<std::pair<Move, std::string>> out;
        for (auto& h : hints(from, to ? *to : State::all_off(from.size()),
                             static_cast<std::uint64_t>(k), mode_of(dbl)))
          out.emplace_back(h.move, to_string(h.reason));
        return out;
      },
      py::arg("state"), py::arg("to") = py::none(), py::arg("k") = 1, py::kw_only(),
      py::arg("double") = false,
      R"(The next k optimal moves from `state` toward `to` (default: all off), each as a pair
(Move, reason): the rule that allows it. Fewer when the target is nearer.)");

  py::class_<VerifyReport>(m, "VerifyReport", R"(What rings.verify() found.

bool(report) is True when every move is legal and the target is reached; str(report) is the
line `rings verify` prints, e.g. "ok: 341 moves, target reached, optimal".)")
      .def_readonly("moves", &VerifyReport::moves, "The number of legal moves checked.")
      .def_readonly("legal", &VerifyReport::legal, "True when no move is illegal.")
      .def_readonly("illegal_move", &VerifyReport::illegal_move,
                    "The number (from 1) of the first illegal move, 0 when all are legal.")
      .def_property_readonly(
          "rule", [](const VerifyReport& r) { return r.legal ? std::string() : to_string(r.rule); },
          "The rule the illegal move breaks, in words ('' when all are legal).")
      .def_property_readonly(
          "why",
          [](const VerifyReport& r) { return r.legal ? std::nullopt : std::optional(r.rule); },
          "The rule the illegal move breaks, as a Reason (None when all are legal).")
      .def_readonly("reached", &VerifyReport::reached, "True when the moves end at the target.")
      .def_readonly("optimal", &VerifyReport::optimal,
                    "True when legal, reached, and no longer than the optimum.")
      .def_property_readonly(
          "optimum", [](const VerifyReport& r) { return to_int(r.optimum); },
          "The optimal number of moves from the start to the target.")
      .def_property_readonly(
          "remaining", [](const VerifyReport& r) { return to_int(r.remaining); },
          "The optimal number of moves from where the list ends to the target.")
      .def("__bool__", [](const VerifyReport& r) { return r.legal && r.reached; })
      .def("__str__", &report_text)
      .def("__repr__",
           [](const VerifyReport& r) { return fmt::format("<VerifyReport: {}>", report_text(r)); });
  m.def(
      "verify",
      [](const py::object& lines, const State& from, std::optional<State> to, bool dbl,
         std::string_view format, std::string_view notation) {
        if (to) check_same_size(from, *to);
        return verify_lines(lines, from, to ? *to : State::all_off(from.size()), mode_of(dbl),
                            value_or_fail(parse_list_format(format)),
                            value_or_fail(parse_notation(notation)));
      },
      py::arg("lines"), py::arg("frm"), py::arg("to") = py::none(), py::kw_only(),
      py::arg("double") = false, py::arg("format") = "detect", py::arg("notation") = "binary",
      R"(Checks a move list from `frm` to `to` (default: all off) against the rules.

lines is a str, or any iterable of lines (a list, an open file). The format is "moves"
("12: ring 3 off"), "toggles" ("3", "1+2"), "states" (the first line is frm), or "detect"
(from the first line). Returns a VerifyReport; a line that cannot be read raises ValueError.

    >>> print(rings.verify("1\n3\n2\n", rings.State.all_on(3)))
    move 3: illegal: ring 2 needs ring 1 on; ring 1 is off)");
}
