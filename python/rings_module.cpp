// The Python module `rings` (the extension rings._rings, re-exported by rings/__init__.py): the
// engine's states, moves, positions, solutions, hints and verifier under Pythonic names. Every
// answer comes from the engine; bad input, out-of-range numbers included, raises ValueError with
// the engine's message (the words the CLI prints after "rings: error:"). Long calls release the
// GIL, and the loops that may run long (solve's iterator, verify) answer Ctrl-C.
#include <fmt/format.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "rings/family.hpp"
#include "rings/notation.hpp"
#include "rings/plan.hpp"
#include "rings/position.hpp"
#include "rings/problem.hpp"
#include "rings/rules.hpp"
#include "rings/solve.hpp"
#include "rings/state.hpp"
#include "rings/verify.hpp"
#include "rings/version.hpp"

namespace py = pybind11;

namespace rings::python {
namespace {

// Bad input: ValueError(what) (raised by the translator registered below, which runs with the
// GIL, so fail() may be called without it). `what` may quote bytes of the input that are not
// UTF-8: Python shows them as \xNN.
struct InputError {
  std::string what;
};

[[noreturn]] void fail(std::string what) { throw InputError{std::move(what)}; }

void translate_input_error(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const InputError& e) {
    PyObject* text = PyUnicode_DecodeUTF8(e.what.data(), static_cast<Py_ssize_t>(e.what.size()),
                                          "backslashreplace");
    if (text) {
      PyErr_SetObject(PyExc_ValueError, text);
      Py_DECREF(text);
    }
  }
}

template <class T>
T value_or_fail(Result<T> r) {
  if (!r) fail(r.error());
  return std::move(*r);
}

// Ctrl-C (or another signal handler's exception) while a loop of ours runs.
void check_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

Mode mode_of(bool double_moves) { return double_moves ? Mode::double_moves : Mode::single; }

std::string rings_word(std::uint64_t n) { return fmt::format("{} ring{}", n, n == 1 ? "" : "s"); }

// An int as an error message shows it (Python refuses str() of ints of over 4300 digits).
std::string number_text(const py::int_& v) {
  const auto bits = v.attr("bit_length")().cast<std::uint64_t>();
  if (bits > 256) return fmt::format("{}a {}-bit number", v < py::int_(0) ? "-" : "", bits);
  return py::repr(v).cast<std::string>();  // an int's repr is its digits
}

// An int of any size as a uint64_t, or nothing when it is negative or above 2^64 - 1.
std::optional<std::uint64_t> as_u64(const py::int_& v) {
  const unsigned long long x = PyLong_AsUnsignedLongLong(v.ptr());
  if (x == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  return x;
}

// A count in [lo, hi], or ValueError in the CLI's words: "k is too large: 7 (at most 5)".
std::uint64_t checked_count(const py::int_& v, std::string_view what, std::uint64_t lo,
                            std::uint64_t hi, std::string_view advice = "") {
  const auto x = as_u64(v);
  if (x && *x >= lo && *x <= hi) return *x;
  if ((!x && v < py::int_(0)) || (x && *x < lo))
    fail(fmt::format("{} must be at least {}, found {}", what, lo, number_text(v)));
  fail(fmt::format("{} is too large: {} (at most {}){}", what, number_text(v), hi, advice));
}

// The same checks, in the same words, as the CLI's ring count: the engine's one reader.
std::uint64_t checked_rings(const py::int_& n) {
  if (n < py::int_(0))
    fail(fmt::format("the puzzle needs at least 1 ring, found {}", number_text(n)));
  if (!as_u64(n))  // past 2^64 - 1: as parse_count words it, a huge one shown by its size
    fail(fmt::format("N is too large: {} (at most {})", number_text(n), ~std::uint64_t{0}));
  static const auto the_rings = *family::parse_puzzle("rings");
  const auto x = read_pieces(the_rings, number_text(n), "N", kMaxRings);
  if (!x) fail(x.error());
  return *x;
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

// A State crosses pickle as (rings, its words as little-endian bytes).
py::bytes words_bytes(const State& s) {
  const auto w = s.words();
  std::string out(w.size() * 8, '\0');
  for (std::size_t i = 0; i < w.size(); ++i)
    for (int b = 0; b < 8; ++b) out[i * 8 + b] = static_cast<char>(w[i] >> (8 * b));
  return py::bytes(out);
}

State state_from_bytes(std::uint64_t rings, std::string_view bytes) {
  const std::size_t words = (rings + 63) / 64;
  if (bytes.size() != words * 8)
    fail(fmt::format("a pickled state of {} has {} bytes, not {}", rings_word(rings), bytes.size(),
                     words * 8));
  std::vector<std::uint64_t> w(words, 0);
  for (std::size_t i = 0; i < bytes.size(); ++i)
    w[i / 8] |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * (i % 8));
  return State::from_words(rings, std::move(w));
}

// States order by size, then by their position on the path from all off (rank): sorted()
// lists states of one puzzle in the order the solution from all off passes them.
std::strong_ordering compare(const State& a, const State& b) {
  if (a.size() != b.size()) return a.size() <=> b.size();
  const auto ra = rank_words(a), rb = rank_words(b);
  for (std::size_t i = ra.size(); i-- > 0;)
    if (ra[i] != rb[i]) return ra[i] <=> rb[i];
  return std::strong_ordering::equal;
}

std::strong_ordering compare(const Move& a, const Move& b) {
  if (a.ring() != b.ring()) return a.ring() <=> b.ring();
  if (a.on() != b.on()) return a.on() <=> b.on();
  return a.is_pair() <=> b.is_pair();
}

// The optimal solution as a Python iterator. The engine's solve() pushes moves into a sink, so
// the iterator pulls them in blocks: each refill restarts solve() from the current state (linear
// in N), which a block of moves amortises to O(1) a move, with memory bounded by the block.
// Iteration goes through tp_iternext (solution_next below), not a bound method, and gives the
// same Move object for the same move of rings 1..64 (Moves are immutable): about 30 ns a move.
class Solution {
 public:
  Solution(State from, State to, Mode mode)
      : state_(std::move(from)), target_(std::move(to)), mode_(mode) {}
  Solution(const Solution&) = delete;
  Solution(Solution&& other) noexcept
      : state_(std::move(other.state_)),
        target_(std::move(other.target_)),
        mode_(other.mode_),
        block_(std::move(other.block_)),
        next_(other.next_),
        cache_(std::exchange(other.cache_, {})) {}
  ~Solution() {
    for (PyObject* m : cache_) Py_XDECREF(m);
  }

  // The next move as a new reference, or nullptr at the end (no exception set) or on an error
  // (exception set).
  PyObject* next() {
    if (next_ == block_.size() && !refill()) return nullptr;
    const Move m = block_[next_++];
    apply(state_, m);
    const std::size_t slot = m.is_pair()      ? 128 + m.on()
                             : m.ring() <= 64 ? (m.ring() - 1) * 2 + m.on()
                                              : 0;
    if (m.ring() > 64 && !m.is_pair()) return py::cast(m).release().ptr();
    PyObject*& cached = cache_[slot];
    if (!cached) cached = py::cast(m).release().ptr();
    Py_INCREF(cached);
    return cached;
  }
  const State& state() const { return state_; }
  const State& target() const { return target_; }
  mpz_class remaining() const { return distance(state_, target_, mode_); }

 private:
  static constexpr std::size_t kBlock = 4096;

  bool refill() {
    if (PyErr_CheckSignals() != 0) return false;  // list(rings.solve(...)) answers Ctrl-C
    block_.clear();
    next_ = 0;
    solve(state_, target_, mode_, [&](const Move& m) {
      block_.push_back(m);
      return block_.size() < kBlock;
    });
    return !block_.empty();
  }

  State state_;
  State target_;
  Mode mode_;
  std::vector<Move> block_;  // moves computed ahead of state_, from block_[next_] on
  std::size_t next_ = 0;
  std::array<PyObject*, 130> cache_{};  // rings 1..64 on/off, then rings 1+2 off/on
};

PyObject* solution_next(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  auto& solution = *static_cast<Solution*>(inst->get_value_and_holder().value_ptr());
  try {
    return solution.next();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const InputError&) {
    translate_input_error(std::current_exception());
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// Checks move-list text in pieces of whole lines, the GIL released while the engine reads each
// piece and Ctrl-C checked between them. Returns false once the checker stopped. (A Checker is
// the rings' ListChecker or the family's.)
template <class Checker>
bool feed_text(Checker& checker, std::string_view text) {
  constexpr std::size_t kPiece = 1 << 22;
  while (!text.empty()) {
    std::size_t end = text.size();
    if (end > kPiece) {
      const auto nl = text.find('\n', kPiece);
      end = nl == std::string_view::npos ? text.size() : nl + 1;
    }
    Result<bool> more = false;
    {
      py::gil_scoped_release unlocked;
      more = checker.feed(text.substr(0, end));
    }
    if (!value_or_fail(std::move(more))) return false;
    text.remove_prefix(end);
    check_signals();
  }
  return true;
}

// The text of a str or bytes object, without a copy (valid while the object lives), or nothing
// for other objects.
std::optional<std::string_view> text_of(PyObject* obj) {
  if (PyUnicode_Check(obj)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(obj, &size);
    if (!data) {
      PyErr_Clear();
      fail("the move list is not valid text (it has unpaired surrogates)");
    }
    return std::string_view(data, static_cast<std::size_t>(size));
  }
  if (PyBytes_Check(obj))
    return std::string_view(PyBytes_AS_STRING(obj),
                            static_cast<std::size_t>(PyBytes_GET_SIZE(obj)));
  return std::nullopt;
}

// Checks a move list as `rings verify` does (a states list starts with the start state): a
// whole str or bytes at once, or an iterable of lines (str or bytes) gathered into pieces.
template <class Checker>
auto verify_lines(const py::object& lines, Checker& checker) {
  if (const auto text = text_of(lines.ptr())) {
    feed_text(checker, *text);
    return checker.report();
  }
  py::iterator it;
  try {
    it = py::iter(lines);
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_TypeError)) throw;
    fail(fmt::format("a move list is a str, bytes or an iterable of lines: found {}",
                     py::str(py::type::of(lines).attr("__name__")).cast<std::string>()));
  }
  std::string piece;
  std::uint64_t item = 0;
  while (PyObject* raw = PyIter_Next(it.ptr())) {
    const auto line = py::reinterpret_steal<py::object>(raw);
    ++item;
    const auto text = text_of(line.ptr());
    if (!text)
      fail(fmt::format("item {} of the move list is not a line (str or bytes): found {}", item,
                       py::str(py::type::of(line).attr("__name__")).cast<std::string>()));
    piece += *text;
    if (text->empty() || text->back() != '\n') piece.push_back('\n');
    if (piece.size() >= (1 << 20)) {
      if (!feed_text(checker, piece)) return checker.report();
      piece.clear();
    }
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  feed_text(checker, piece);
  return checker.report();
}

// The milestones of a plan level as dicts: the fields of `rings plan --json`, numbers as ints.
py::list plan_milestones(const PlanList& list) {
  py::list out;
  for (const auto& step : list.shown) {
    const Milestone& m = step.milestone;
    py::dict d;
    d["index"] = step.index;
    d["goal"] = std::string(goal_code(m.goal));
    d["ring"] = m.ring;
    if (m.goal == Goal::ring) {
      if (m.pair) d["double"] = true;
      d["to"] = m.on ? "on" : "off";
    }
    d["first"] = to_int(m.first);
    d["last"] = to_int(m.last);
    d["text"] = to_string(m);
    if (step.parts.count) {
      d["count"] = step.parts.count;
      d["milestones"] = plan_milestones(step.parts);
    }
    out.append(std::move(d));
  }
  return out;
}

// The milestones of a family plan level as dicts: `rings plan --puzzle --json`'s fields, numbers
// as ints.
py::list piece_plan_milestones(const family::Puzzle& pz, const family::PiecePlanList& list) {
  py::list out;
  for (const auto& step : list.shown) {
    const auto& m = step.milestone;
    py::dict d;
    d["index"] = step.index;
    d["goal"] = std::string(family::goal_code(m.goal));
    if (m.goal == family::PieceGoal::move) {
      d["piece"] = m.move.piece;
      d["from"] = m.move.from;
      d["to"] = m.move.to;
    } else {
      d["pieces"] = m.pieces;
      py::list below;
      for (std::uint8_t i = 0; i < m.below.length && i < m.pieces; ++i)
        below.append(m.below.digits[i]);
      d["below"] = std::move(below);
      d["rest"] = m.below.rest;
    }
    d["first"] = to_int(m.first);
    d["last"] = to_int(m.last);
    d["text"] = family::to_string(pz, m);
    if (step.parts.count) {
      d["count"] = step.parts.count;
      d["milestones"] = piece_plan_milestones(pz, step.parts);
    }
    out.append(std::move(d));
  }
  return out;
}

// A plan's "at": the move asked for and the index of the milestone holding it at each level.
void add_plan_at(py::dict& out, const PlanOptions& options,
                 const std::vector<std::uint64_t>& path) {
  if (!options.at) return;
  py::dict where;
  where["move"] = to_int(*options.at);
  where["path"] = path;
  out["at"] = std::move(where);
}

constexpr const char* kModuleDoc =
    R"(The Chinese Rings puzzle (Baguenaudier, Patience, nine linked rings).

Rings are numbered 1..N; ring 1 is at the free end of the bar. Ring 1 can always move; ring
k > 1 can move only when ring k-1 is on and rings 1..k-2 are all off. A state is written ring N
first, 1 = on the bar: nine rings all on is "111111111". The 2^N states form one path (the
binary reflected Gray code), so distances, counts and solutions have closed forms and are exact
for any number of rings.

With double=True, rings 1 and 2 moving together (both on or both off) count as one move.

Bad input, numbers out of range included, raises ValueError with the same message as the rings
command line. Long calls release the GIL; solve()'s iterator and verify() answer Ctrl-C.

    >>> import rings
    >>> rings.count(9)
    341
    >>> s = rings.State.from_string("110100")
    >>> [(str(m), why) for m, why in rings.hints(s, k=2)]
    [('ring 1 on', 'ring 1 can always move'), ('ring 2 on', 'ring 2 can move: ring 1 is on')]
    >>> [str(m) for m in rings.solve(rings.State.all_on(3))]
    ['ring 1 off', 'ring 3 off', 'ring 1 on', 'ring 2 off', 'ring 1 off']
)";

// ---- The family (puzzle=; docs/family.md): states are str, one digit a piece, piece N first.

// A state argument: a State (the rings), or str (the family; for the rings, read as binary).
using StateArg = std::variant<State, std::string>;

State as_state(const StateArg& a) {
  if (const auto* s = std::get_if<State>(&a)) return *s;
  return value_or_fail(parse_state(std::get<std::string>(a), std::nullopt, Notation::binary));
}

// The puzzle named, or nothing for the rings (their own State-based answers).
std::optional<family::Puzzle> family_of(const std::string& name, bool dbl) {
  auto p = value_or_fail(family::parse_puzzle(name));
  if (p.kind == family::Kind::rings) return std::nullopt;
  if (dbl) fail(fmt::format("double moves are a convention of the rings; {} has none", p.name));
  return p;
}

// Two states of a family puzzle, str (digits, start, goal; on/off for two positions), of one
// piece count: the length of the first written in digits.
std::pair<family::Pieces, family::Pieces> family_states(const family::Puzzle& p, const StateArg& a,
                                                        const StateArg& b) {
  if (!std::holds_alternative<std::string>(a) || !std::holds_alternative<std::string>(b))
    fail(fmt::format("the states of {} are str: one digit a {}, {} N first", p.name, p.piece,
                     p.piece));
  const auto& ta = std::get<std::string>(a);
  const auto& tb = std::get<std::string>(b);
  auto n = family::pieces_written(ta);
  if (!n) n = family::pieces_written(tb);
  if (!n) fail(fmt::format("give a state of {} in digits", p.name));
  if (*n > family::kMaxPieces)
    fail(fmt::format("a state of {} {} is too large for {} (at most {})", *n, p.pieces, p.name,
                     family::kMaxPieces));
  return {value_or_fail(family::parse_pieces(p, ta, n)),
          value_or_fail(family::parse_pieces(p, tb, n))};
}

// A move of a family puzzle as Python sees it: (piece, from, to).
py::tuple move_tuple(const family::PieceMove& m) { return py::make_tuple(m.piece, m.from, m.to); }

// The family's solution as a Python iterator of (piece, from, to): the engine's pull iterator.
class PieceSolution {
 public:
  PieceSolution(const family::Puzzle& p, family::Pieces from, family::Pieces to)
      : solution_(p, std::move(from), std::move(to)) {}
  py::tuple next() {
    family::PieceMove m;
    if (!solution_.next(m)) throw py::stop_iteration();
    return move_tuple(m);
  }
  py::int_ length() const { return to_int(solution_.length()); }

 private:
  family::PieceSolution solution_;
};

// What rings.verify(..., puzzle=...) found: the engine's report and the puzzle that words it.
struct PieceReport {
  family::Puzzle puzzle;
  family::PieceReport report;
};

// A family reason as a dict: the fields of the CLI's JSON "why" (src/answers), numbers as ints.
py::dict reason_dict(const family::Puzzle& p, const family::PieceReason& r) {
  using family::PieceRule;
  py::dict d;
  d["rule"] = std::string(family::rule_code(r.rule));
  if (r.rule != PieceRule::no_change && r.rule != PieceRule::several_change) {
    d["piece"] = r.move.piece;
    d["from"] = r.move.from;
    d["to"] = r.move.to;
  }
  if (r.rule == PieceRule::needs_below) {
    d["other"] = r.other;
    d["needed"] = r.needed;
  }
  if (r.rule == PieceRule::needs_below || r.rule == PieceRule::not_there ||
      r.rule == PieceRule::not_a_position)
    d["found"] = r.found;
  if (r.rule == PieceRule::not_a_piece) d["pieces"] = r.pieces;
  d["text"] = family::to_string(p, r);
  return d;
}

}  // namespace
}  // namespace rings::python

PYBIND11_MODULE(_rings, m) {
  using namespace rings;
  using namespace rings::python;
  // Everything defined here is rings.X to Python (the package re-exports it): its __module__,
  // its name in signatures and for pickle.
  py::register_exception_translator(translate_input_error);
  const py::object extension_name = m.attr("__name__");
  m.attr("__name__") = "rings";
  m.doc() = kModuleDoc;
  m.attr("__version__") = std::string(kVersion);
  m.attr("MAX_RINGS") = kMaxRings;
  m.attr("MAX_HINTS") = kMaxHints;

  py::class_<Move>(m, "Move", R"(A move: ring `ring` goes on (on=True) or off.

A double move (rings 1 and 2 together, only legal with double=True) has pair=True and ring 1.
str() gives the move in words: "ring 3 off", "rings 1+2 on". Moves are immutable, hashable,
picklable, and compare as the tuples (ring, on, pair).)")
      .def(py::init([](const py::int_& ring, bool on, bool pair) {
             const auto r = as_u64(ring);
             if (!r || *r < 1)
               fail(fmt::format("ring numbers start at 1, found {}", number_text(ring)));
             if (pair && *r != 1) fail("a double move is rings 1+2: give ring=1");
             return pair ? Move::pair(on) : Move::single(*r, on);
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
      .def(
          "__lt__", [](const Move& a, const Move& b) { return compare(a, b) < 0; },
          py::is_operator())
      .def(
          "__le__", [](const Move& a, const Move& b) { return compare(a, b) <= 0; },
          py::is_operator())
      .def(
          "__gt__", [](const Move& a, const Move& b) { return compare(a, b) > 0; },
          py::is_operator())
      .def(
          "__ge__", [](const Move& a, const Move& b) { return compare(a, b) >= 0; },
          py::is_operator())
      .def(
          "__hash__",
          [](const Move& mv) { return py::hash(py::make_tuple(mv.ring(), mv.on(), mv.is_pair())); })
      // Pickled as the call that makes it again (every pickle protocol).
      .def("__reduce__", [](const py::object& self) {
        const auto& mv = self.cast<const Move&>();
        return py::make_tuple(py::type::of(self), py::make_tuple(mv.ring(), mv.on(), mv.is_pair()));
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
the same rings on, can be dict keys, pickle, and order by size, then by their position on the
path from all off (rank): sorted() lists them in the order the solution from all off passes.)");
  state
      .def(py::init([](const py::int_& n) { return State(checked_rings(n)); }), py::arg("rings"),
           "N rings, all off.")
      .def_static(
          "all_on", [](const py::int_& n) { return State::all_on(checked_rings(n)); },
          py::arg("rings"), "N rings, all on the bar (the usual start).")
      .def_static(
          "all_off", [](const py::int_& n) { return State::all_off(checked_rings(n)); },
          py::arg("rings"), "N rings, all off the bar (the usual goal).")
      .def_static(
          "from_string",
          [](std::string_view text, const std::optional<py::int_>& n, std::string_view notation) {
            std::optional<std::uint64_t> rings;
            if (n) rings = checked_rings(*n);
            const Notation how = value_or_fail(parse_notation(notation));
            Result<State> s = State();
            {
              py::gil_scoped_release unlocked;
              s = parse_state(text, rings, how);
            }
            return value_or_fail(std::move(s));
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
          [](const State& s, const py::int_& ring) {
            const auto r = as_u64(ring);
            if (!r || *r < 1 || *r > s.size())
              throw py::index_error(fmt::format("there is no ring {}: the puzzle has {}",
                                                number_text(ring), rings_word(s.size())));
            return s.is_on(*r);
          },
          py::arg("ring"), "True when ring `ring` (1..N) is on the bar.")
      .def(
          "format",
          [](const State& s, std::string_view notation) {
            const Notation how = value_or_fail(parse_notation(notation));
            py::gil_scoped_release unlocked;
            return format_state(s, how);
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
      .def(
          "__lt__", [](const State& a, const State& b) { return compare(a, b) < 0; },
          py::is_operator())
      .def(
          "__le__", [](const State& a, const State& b) { return compare(a, b) <= 0; },
          py::is_operator())
      .def(
          "__gt__", [](const State& a, const State& b) { return compare(a, b) > 0; },
          py::is_operator())
      .def(
          "__ge__", [](const State& a, const State& b) { return compare(a, b) >= 0; },
          py::is_operator())
      .def("__hash__",
           [](const State& s) { return py::hash(py::make_tuple(s.size(), words_bytes(s))); })
      // Pickled as _unpickle_state(rings, words): every pickle protocol, 1 bit a ring.
      .def("__reduce__", [](const State& s) {
        return py::make_tuple(py::module_::import("rings").attr("_unpickle_state"),
                              py::make_tuple(s.size(), words_bytes(s)));
      });
  m.def(
      "_unpickle_state",
      [](const py::int_& n, const py::bytes& words) {
        return state_from_bytes(checked_rings(n), std::string_view(words));
      },
      "The State that State.__reduce__ pickled.");
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
      "rank",
      [](const State& s) {
        mpz_class k;
        {
          py::gil_scoped_release unlocked;
          k = rank(s);
        }
        return to_int(k);
      },
      py::arg("state"),
      R"(The position of `state` on the path of all 2^N states from all-off (its inverse Gray
code), as an int of any size: rank(State.all_off(n)) == 0.)");
  m.def(
      "unrank",
      [](const py::int_& position, const py::int_& n) {
        const auto rings = checked_rings(n);
        const mpz_class k = to_mpz(position, "the position");
        if (mpz_sizeinbase(k.get_mpz_t(), 2) > rings && k != 0)
          fail(fmt::format("the position must be less than 2^{} for {}", rings, rings_word(rings)));
        py::gil_scoped_release unlocked;
        return unrank(k, rings);
      },
      py::arg("position"), py::arg("rings"),
      "The state at `position` (0 <= position < 2^rings) on the path from all-off: the "
      "inverse of rank().");
  m.def(
      "distance",
      [](const StateArg& oa, const StateArg& ob, bool dbl, const std::string& puzzle) {
        if (const auto p = family_of(puzzle, dbl)) {
          const auto [a, b] = family_states(*p, oa, ob);
          mpz_class d;
          {
            py::gil_scoped_release unlocked;
            d = family::distance(*p, a, b);
          }
          return to_int(d);
        }
        const State a = as_state(oa), b = as_state(ob);
        check_same_size(a, b);
        mpz_class d;
        {
          py::gil_scoped_release unlocked;
          d = distance(a, b, mode_of(dbl));
        }
        return to_int(d);
      },
      py::arg("a"), py::arg("b"), py::kw_only(), py::arg("double") = false,
      py::arg("puzzle") = "rings",
      R"(The optimal number of moves between two states of the same size, as an int.

    >>> rings.distance(rings.State.all_on(9), rings.State.all_off(9))
    341

With puzzle= one of the family (spin-out, brain, hexadecimal:K1K2K3K4, elephant, hanoi), the
states are str, one digit a piece, piece N first ("start" and "goal" too):

    >>> rings.distance("0120", "goal", puzzle="hanoi")
    10)");
  m.def(
      "count",
      [](const py::int_& n, bool dbl, const std::optional<py::int_>& mod,
         const std::string& puzzle) -> py::int_ {
        if (const auto p = family_of(puzzle, dbl)) {
          // Modulo M by the count's recurrence, for any n up to 2^64 - 1.
          if (mod) {
            const auto pieces =
                checked_count(n, fmt::format("the number of {}", p->pieces), 1, ~std::uint64_t{0});
            const auto modulus = checked_count(*mod, "mod", 1, ~std::uint64_t{0});
            return py::int_(value_or_fail(family::count_mod(*p, pieces, modulus)));
          }
          const auto pieces =
              checked_count(n, fmt::format("the number of {}", p->pieces), 1, family::kMaxPieces);
          mpz_class c;
          {
            py::gil_scoped_release unlocked;
            c = family::count(*p, pieces);
          }
          return to_int(c);
        }
        if (mod) {
          const auto modulus = checked_count(*mod, "mod", 1, ~std::uint64_t{0});
          const auto rings = checked_count(n, "the number of rings", 1, ~std::uint64_t{0});
          std::uint64_t c = 0;
          {
            py::gil_scoped_release unlocked;
            c = count_mod(rings, mode_of(dbl), modulus);
          }
          return py::int_(c);
        }
        const auto rings = checked_rings(n);
        mpz_class c;
        {
          py::gil_scoped_release unlocked;
          c = count(rings, mode_of(dbl));
        }
        return to_int(c);
      },
      py::arg("rings"), py::kw_only(), py::arg("double") = false, py::arg("mod") = py::none(),
      py::arg("puzzle") = "rings",
      R"(The number of moves to remove all N rings: floor(2^(N+1)/3), or 2^(N-1) - [N even]
with double=True. With mod=M, the count modulo M, for N up to 2^64 - 1. With puzzle= one of
the family, the moves from its start to its goal with N pieces (rings.count(7,
puzzle="spin-out") == 85).)");
  m.def(
      "state_after",
      [](const StateArg& ofrom, const StateArg& oto, const py::int_& k, bool dbl,
         const std::string& puzzle) -> StateArg {
        if (const auto p = family_of(puzzle, dbl)) {
          const auto [a, b] = family_states(*p, ofrom, oto);
          const mpz_class steps = to_mpz(k, "the step");
          if (const auto most = family::max_state_after_pieces(*p); a.size() > most)
            fail(fmt::format("the state after k moves of {} {} is too large to find (at most {})",
                             a.size(), p->pieces, most));
          mpz_class total;
          family::Pieces s;
          {
            py::gil_scoped_release unlocked;
            s = family::state_after(*p, a, b, steps, &total);
          }
          if (steps > total)
            fail(fmt::format("step {} is past the end: the solution has {} moves", steps.get_str(),
                             total.get_str()));
          return family::format_pieces(s);
        }
        const State from = as_state(ofrom), to = as_state(oto);
        check_same_size(from, to);
        const Mode mode = mode_of(dbl);
        const mpz_class steps = to_mpz(k, "the step");
        State s;
        {
          py::gil_scoped_release unlocked;  // (fail() makes no Python object: it may throw here)
          const mpz_class total = distance(from, to, mode);
          if (steps > total)
            fail(fmt::format("step {} is past the end: the solution has {} moves", steps.get_str(),
                             total.get_str()));
          s = state_after(from, to, steps, mode);
        }
        return s;
      },
      py::arg("frm"), py::arg("to"), py::arg("k"), py::kw_only(), py::arg("double") = false,
      py::arg("puzzle") = "rings",
      "The state after k optimal moves from `frm` toward `to` (k at most their distance); with "
      "puzzle= one of the family, states are str (as in distance()).");

  py::class_<Solution> solution(m, "Solution", py::is_final(),
                                R"(The optimal solution, one Move at a time (an iterator).

Made by rings.solve(). Moves are produced as they are asked for, so the solution of any
length can be followed or cut short: itertools.islice(rings.solve(rings.State.all_on(60)), 10).
The same move of rings 1..64 is the same Move object each time.)");
  solution.def("__iter__", [](py::object self) { return self; })
      .def("__next__",
           [](Solution& s) {
             auto move = py::reinterpret_steal<py::object>(s.next());
             if (!move) {
               if (PyErr_Occurred()) throw py::error_already_set();
               throw py::stop_iteration();
             }
             return move;
           })
      .def_property_readonly("state", &Solution::state,
                             "The state after the moves produced so far.")
      .def_property_readonly("target", &Solution::target, "The state the solution reaches.")
      .def_property_readonly(
          "remaining", [](const Solution& s) { return to_int(s.remaining()); },
          "How many moves are left.");
  // for loops, list() and the like call tp_iternext: point it straight at the solution, past
  // the bound __next__ method pybind11 made (a third of the time of a move).
  reinterpret_cast<PyTypeObject*>(solution.ptr())->tp_iternext = solution_next;
  PyType_Modified(reinterpret_cast<PyTypeObject*>(solution.ptr()));
  m.def(
      "solve",
      [](const StateArg& ofrom, const std::optional<StateArg>& oto, bool dbl,
         const std::string& puzzle) -> py::object {
        if (const auto p = family_of(puzzle, dbl)) {
          const auto [a, b] = family_states(*p, ofrom, oto ? *oto : StateArg("goal"));
          return py::cast(PieceSolution(*p, a, b));
        }
        const State from = as_state(ofrom);
        std::optional<State> to;
        if (oto) to = as_state(*oto);
        if (to) check_same_size(from, *to);
        return py::cast(Solution(from, to ? *to : State::all_off(from.size()), mode_of(dbl)));
      },
      py::arg("frm"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("puzzle") = "rings",
      R"(The optimal solution from `frm` to `to` (default: all off), as a lazy iterator of Moves.

    >>> [str(m) for m in rings.solve(rings.State.all_on(3))]
    ['ring 1 off', 'ring 3 off', 'ring 1 on', 'ring 2 off', 'ring 1 off']

With puzzle= one of the family, a PieceSolution of (piece, from, to) (to defaults to the goal):

    >>> list(rings.solve("00", puzzle="hanoi"))
    [(1, 0, 1), (2, 0, 2), (1, 1, 2)])");
  m.def(
      "hints",
      [](const StateArg& ofrom, const std::optional<StateArg>& oto, const py::int_& k, bool dbl,
         const std::string& puzzle) -> py::object {
        const auto count =
            checked_count(k, "k", 0, kMaxHints, " (use rings.solve for whole solutions)");
        if (const auto p = family_of(puzzle, dbl)) {
          const auto [a, b] = family_states(*p, ofrom, oto ? *oto : StateArg("goal"));
          std::vector<family::PieceHint> found;
          {
            py::gil_scoped_release unlocked;
            found = family::hints(*p, a, b, count);
          }
          py::list out;
          for (const auto& h : found)
            out.append(py::make_tuple(move_tuple(h.move), family::to_string(*p, h.reason)));
          return out;
        }
        const State from = as_state(ofrom);
        std::optional<State> to;
        if (oto) to = as_state(*oto);
        if (to) check_same_size(from, *to);
        std::vector<Hint> found;
        {
          py::gil_scoped_release unlocked;
          found = hints(from, to ? *to : State::all_off(from.size()), count, mode_of(dbl));
        }
        std::vector<std::pair<Move, std::string>> out;
        out.reserve(found.size());
        for (auto& h : found) out.emplace_back(h.move, to_string(h.reason));
        return py::cast(std::move(out));
      },
      py::arg("state"), py::arg("to") = py::none(), py::arg("k") = 1, py::kw_only(),
      py::arg("double") = false, py::arg("puzzle") = "rings",
      R"(The next k optimal moves from `state` toward `to` (default: all off), each as a pair
(Move, reason): the rule that allows it. Fewer when the target is nearer. k is at most
MAX_HINTS (a million), as for `rings hint -k`; rings.solve() streams whole solutions. With
puzzle= one of the family, ((piece, from, to), reason) pairs in the puzzle's words.)");

  py::class_<PieceSolution>(m, "PieceSolution", py::is_final(),
                            R"(The optimal solution of a puzzle of the family, one (piece, from, to)
at a time (an iterator), made by rings.solve(..., puzzle=...). Memory O(N) for any length.)")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &PieceSolution::next)
      .def_property_readonly("length", &PieceSolution::length,
                             "The number of moves of the whole solution.");

  m.def(
      "plan",
      [](const StateArg& state, std::optional<StateArg> to_arg, bool dbl, const py::int_& depth,
         const py::int_& limit, std::optional<py::int_> at, const std::string& puzzle) -> py::dict {
        PlanOptions options;
        options.depth = checked_count(depth, "depth", 0, ~std::uint64_t{0});
        options.limit = checked_count(limit, "limit", 0, ~std::uint64_t{0});
        if (at) options.at = to_mpz(*at, "at");
        if (const auto pz = family_of(puzzle, dbl)) {
          const auto [a, b] = family_states(*pz, state, to_arg ? *to_arg : StateArg{"goal"});
          std::optional<Result<family::PiecePlan>> found;
          {
            py::gil_scoped_release unlocked;
            found = family::plan(*pz, a, b, options);
          }
          const family::PiecePlan p = value_or_fail(std::move(*found));
          py::dict out;
          out["puzzle"] = pz->name;
          out["pieces"] = a.size();
          out["moves"] = to_int(p.moves);
          out["count"] = p.milestones.count;
          out["milestones"] = piece_plan_milestones(*pz, p.milestones);
          add_plan_at(out, options, p.at);
          return out;
        }
        const State from = as_state(state);
        std::optional<State> to;
        if (to_arg) to = as_state(*to_arg);
        if (to) check_same_size(from, *to);
        std::optional<Result<Plan>> found;
        {
          py::gil_scoped_release unlocked;
          found = plan(from, to ? *to : State::all_off(from.size()), mode_of(dbl), options);
        }
        const Plan p = value_or_fail(std::move(*found));
        py::dict out;
        out["rings"] = from.size();
        out["moves"] = to_int(p.moves);
        out["count"] = p.milestones.count;
        out["milestones"] = plan_milestones(p.milestones);
        add_plan_at(out, options, p.at);
        return out;
      },
      py::arg("state"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("depth") = kDefaultPlanDepth, py::arg("limit") = kDefaultPlanLimit,
      py::arg("at") = py::none(), py::arg("puzzle") = "rings",
      R"(The plan of the optimal solution from `state` to `to` (default: all off): its milestones
as a tree of dicts, the fields of `rings plan --json` with numbers as ints. Each milestone has
its "goal" code ("ring": ring "ring" goes "to" on/off with its last move, "double" for rings
1+2; "only_ring": ring "ring" on and the rings below off; "clear": rings 1.."ring" off), its
moves "first".."last" and its English "text"; listed parts ("count", "milestones") partition
its moves. `depth` levels, at most `limit` milestones a level, and with at=P the milestones
containing move P ("at": {"move", "path"}: their indices level by level).

    >>> [m["text"] for m in rings.plan(rings.State.all_on(3), depth=1)["milestones"]]
    ['take ring 3 off', 'take ring 2 off', 'take ring 1 off']

With puzzle= one of the family, states are str (`to` defaults to the goal) and the dict is
`rings plan --puzzle --json`'s: "puzzle", "pieces", and milestones whose "goal" is "piece"
(piece "piece" goes "from" "to" with its last move) or "arrange" (pieces 1.."pieces": piece
"pieces" at below[0], the next at below[1], ..., the others at "rest").

    >>> [m["text"] for m in rings.plan("000", puzzle="hanoi", depth=1)["milestones"]]
    ['move disc 3 from peg 0 to peg 2', 'move disc 2 from peg 1 to peg 2', 'move disc 1 from peg 0 to peg 2'])");

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
  py::class_<PieceReport>(m, "PieceReport", R"(What rings.verify(..., puzzle=...) found for a puzzle
of the family: the fields of VerifyReport, the rule as a dict.

bool(report) is True when every move is legal and the target is reached; str(report) is the
line `rings verify --puzzle` prints, e.g. "ok: 7 moves, target reached, optimal".)")
      .def_property_readonly(
          "puzzle", [](const PieceReport& r) { return r.puzzle.name; }, "The puzzle's name.")
      .def_property_readonly(
          "moves", [](const PieceReport& r) { return r.report.moves; },
          "The number of legal moves checked.")
      .def_property_readonly(
          "legal", [](const PieceReport& r) { return r.report.legal; },
          "True when no move is illegal.")
      .def_property_readonly(
          "illegal_move", [](const PieceReport& r) { return r.report.illegal_move; },
          "The number (from 1) of the first illegal move, 0 when all are legal.")
      .def_property_readonly(
          "rule",
          [](const PieceReport& r) {
            return r.report.legal ? std::string() : family::to_string(r.puzzle, r.report.rule);
          },
          "The rule the illegal move breaks, in the puzzle's words ('' when all are legal).")
      .def_property_readonly(
          "why",
          [](const PieceReport& r) -> py::object {
            if (r.report.legal) return py::none();
            return reason_dict(r.puzzle, r.report.rule);
          },
          R"(The rule the illegal move breaks as a dict, the CLI's JSON "why" (None when all are
legal): "rule" (needs_below, not_there, ...), the move's "piece", "from", "to", what the rule
names ("other", "needed", "found", "pieces") and "text".)")
      .def_property_readonly(
          "reached", [](const PieceReport& r) { return r.report.reached; },
          "True when the moves end at the target.")
      .def_property_readonly(
          "optimal", [](const PieceReport& r) { return r.report.optimal; },
          "True when legal, reached, and no longer than the optimum.")
      .def_property_readonly(
          "optimum", [](const PieceReport& r) { return to_int(r.report.optimum); },
          "The optimal number of moves from the start to the target.")
      .def_property_readonly(
          "remaining", [](const PieceReport& r) { return to_int(r.report.remaining); },
          "The optimal number of moves from where the list ends to the target.")
      .def("__bool__", [](const PieceReport& r) { return r.report.legal && r.report.reached; })
      .def("__str__", [](const PieceReport& r) { return family::report_text(r.puzzle, r.report); })
      .def("__repr__", [](const PieceReport& r) {
        return fmt::format("<PieceReport: {}>", family::report_text(r.puzzle, r.report));
      });
  m.def(
      "verify",
      [](const py::object& lines, const StateArg& ofrom, std::optional<StateArg> oto, bool dbl,
         std::string_view format, std::string_view notation,
         const std::string& puzzle) -> std::variant<VerifyReport, PieceReport> {
        if (const auto p = family_of(puzzle, dbl)) {
          // The family's lists are read line by line as moves or states (as the CLI's).
          if (format != "detect")
            fail(fmt::format("format= is for the rings; {} lists are read as moves or states",
                             p->name));
          if (notation != "binary")
            fail(fmt::format("notation= is for the rings; {} states are digits, {} N first",
                             p->name, p->piece));
          const auto [a, b] = family_states(*p, ofrom, oto ? *oto : StateArg("goal"));
          PieceReport out{*p, {}};
          // The checker refers to its puzzle: out.puzzle, which outlives it.
          family::ListChecker checker(out.puzzle, a, b, true);
          out.report = verify_lines(lines, checker);
          return out;
        }
        const State from = as_state(ofrom);
        const State to = oto ? as_state(*oto) : State::all_off(from.size());
        check_same_size(from, to);
        ListChecker checker(from, to, mode_of(dbl), value_or_fail(parse_list_format(format)),
                            value_or_fail(parse_notation(notation)), true);
        return verify_lines(lines, checker);
      },
      py::arg("lines"), py::arg("frm"), py::arg("to") = py::none(), py::kw_only(),
      py::arg("double") = false, py::arg("format") = "detect", py::arg("notation") = "binary",
      py::arg("puzzle") = "rings",
      R"(Checks a move list from `frm` to `to` (default: all off) against the rules.

lines is the whole list as a str or bytes (the fastest: read with the GIL released), or any
iterable of lines, str or bytes (a list, an open file). The format is "moves"
("12: ring 3 off"), "toggles" ("3", "1+2"), "states" (the first line is frm), or "detect"
(from the first line). Returns a VerifyReport; a list that cannot be read raises ValueError.

    >>> print(rings.verify("1\n3\n2\n", rings.State.all_on(3)))
    move 3: illegal: ring 2 needs ring 1 on; ring 1 is off

With puzzle= one of the family, states are str (as in distance(); `to` defaults to the goal),
the list is moves as `rings solve --puzzle` writes them ("3: disc 1 from peg 0 to peg 2") or
states, and the answer is a PieceReport:

    >>> print(rings.verify("disc 1 from 0 to 1\n2 from 0 to 2\n", "00", puzzle="hanoi"))
    ok: 2 moves, target not reached (1 more move needed))");

  m.attr("__name__") = extension_name;
}
