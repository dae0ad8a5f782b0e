// The Python module `rings` (the extension rings._rings, re-exported by rings/__init__.py): the
// rings' states, moves and rules as classes, and the answers of every puzzle (count, distance,
// hint, at, solve, plan, verify, table, puzzles) as the CLI's --json gives them: each question
// read by read_problem, answered by src/answers, its JSON converted to dicts by one converter
// (to_python). Bad input, out-of-range numbers included, raises ValueError with the reader's or
// the engine's message. Long calls release the GIL, and the loops that may run long (solve's
// iterator, verify) answer Ctrl-C.
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

#include "answers.hpp"
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

using answers::json;

constexpr unsigned kMaxTableLog2 = 16;  // rows of table(): 2^16 at most, as /api/table

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

// ---- The answers: every question is read by the one reader (read_problem) and answered by the
// answers layer (src/answers), whose JSON becomes Python objects by one converter, the same for
// every puzzle.

// The fields that are counts (of moves, or a position on the path, or the modulus): decimal
// strings in the JSON (they may be of any size), ints in Python, at any depth of an answer.
// Everything else is as the JSON has it: positions by their codes, states as str.
constexpr std::array<std::string_view, 12> kCountKeys = {
    "count", "distance", "first",   "last",     "mod",       "move",
    "moves", "offset",   "optimum", "position", "remaining", "step"};

bool is_count_key(std::string_view key) {
  return std::find(kCountKeys.begin(), kCountKeys.end(), key) != kCountKeys.end();
}

bool is_decimal(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

py::str text(const std::string& s) {
  PyObject* t =
      PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "backslashreplace");
  if (!t) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(t);
}

// An answer of the answers layer as Python objects: objects as dicts, arrays as lists, and the
// values of the count keys (kCountKeys) as ints.
py::object to_python(const json& j, bool count = false) {
  switch (j.type()) {
    case json::value_t::null:
    case json::value_t::discarded:
      return py::none();
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string: {
      const auto& s = j.get_ref<const std::string&>();
      if (!count || !is_decimal(s)) return text(s);
      if (s.size() <= 18) return py::int_(std::stoull(s));
      return to_int(mpz_class(s, 10));
    }
    case json::value_t::array: {
      py::list out(j.size());
      std::size_t i = 0;
      for (const auto& x : j) out[i++] = to_python(x);
      return out;
    }
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, value] : j.items())
        out[text(key)] = to_python(value, is_count_key(key));
      return out;
    }
    case json::value_t::binary:
      break;
  }
  return py::none();
}

// A state argument: a State (the rings' object, written in the question's notation for the
// reader) or its text: digits, piece N first, "start", "goal" (and the rings' "on", "off").
using StateArg = std::variant<State, std::string>;

// The states of a question by their parameters' names ("frm", "to").
using StateArgs = std::vector<std::pair<std::string_view, StateArg>>;

// A question as Python asks it, read by read_problem: the puzzle, the options, the states, N
// when given. Errors are the reader's words, each input named by its parameter ("to: position
// 3: expected 0 or 1, found '2'"; "double: NAME has no double moves ...").
Problem read(std::string_view puzzle, bool double_moves, const StateArgs& states,
             const std::optional<py::int_>& pieces = std::nullopt,
             std::string_view notation = "binary") {
  const auto how = parse_notation(notation);
  std::vector<std::string> texts;
  std::optional<std::string> n;
  if (pieces) n = number_text(*pieces);
  for (const auto& [name, arg] : states) {
    if (const auto* s = std::get_if<State>(&arg)) {
      // A State says its size; decimal and cleve text alone would not.
      if (!n) n = std::to_string(s->size());
      texts.push_back(format_state(*s, how ? *how : Notation::binary));
    } else {
      texts.push_back(std::get<std::string>(arg));
    }
  }
  ProblemText question;
  question.puzzle = puzzle;
  question.notation = notation;
  question.double_moves = double_moves;
  question.names = kParameterNames;
  if (n) question.pieces = *n;
  for (std::size_t i = 0; i < texts.size(); ++i)
    question.states.push_back({states[i].first, texts[i]});
  std::optional<Result<Problem>> q;
  {
    py::gil_scoped_release unlocked;  // a state of 10^8 rings takes a while to read
    q.emplace(read_problem(question));
  }
  return value_or_fail(std::move(*q));
}

StateArg or_goal(const std::optional<StateArg>& to) { return to ? *to : StateArg("goal"); }

std::optional<std::uint64_t> modulus(const std::optional<py::int_>& mod) {
  if (!mod) return std::nullopt;
  return checked_count(*mod, "mod", 1, ~std::uint64_t{0});
}

// An answer computed with the GIL released, then converted: `answer` returns json or
// Result<json>.
template <class F>
py::object answer(F&& answer) {
  std::optional<decltype(answer())> found;
  {
    py::gil_scoped_release unlocked;
    found.emplace(answer());
  }
  if constexpr (std::is_same_v<decltype(answer()), json>)
    return to_python(*found);
  else
    return to_python(value_or_fail(std::move(*found)));
}

// The optimal solution as a Python iterator of moves, each the dict of a move of the answers
// layer ({"piece","from","to"}, the rings' with "ring" and "double"), for every puzzle. The
// rings' engine pushes moves into a sink, so the iterator pulls them in blocks: each refill
// restarts solve() from the current state (linear in N), which a block of moves amortises to
// O(1) a move, with memory bounded by the block; a move of rings 1..64 is a copy of the dict
// made for it the first time (the dict itself is the caller's to change). The family's engine
// is a pull iterator. Iteration goes through tp_iternext (solution_next below), not a bound
// method.
class Solution {
 public:
  explicit Solution(Problem q) : q_(std::make_unique<Problem>(std::move(q))) {
    if (q_->in_bits()) {
      state_ = q_->bits[0];
    } else {
      digits_ = q_->digits[0];
      pieces_ = std::make_unique<family::PieceSolution>(q_->puzzle, q_->digits[0], q_->digits[1]);
    }
  }
  Solution(const Solution&) = delete;
  Solution(Solution&& other) noexcept
      : q_(std::move(other.q_)),
        state_(std::move(other.state_)),
        digits_(std::move(other.digits_)),
        pieces_(std::move(other.pieces_)),
        block_(std::move(other.block_)),
        next_(other.next_),
        cache_(std::exchange(other.cache_, {})) {}
  ~Solution() {
    for (PyObject* m : cache_) Py_XDECREF(m);
  }

  // The next move as a new reference, or nullptr at the end (no exception set) or on an error
  // (exception set).
  PyObject* next() {
    if (pieces_) {
      family::PieceMove m;
      if (!pieces_->next(m)) return nullptr;
      digits_[m.piece - 1] = m.to;
      return to_python(answers::move(q_->puzzle, m)).release().ptr();
    }
    if (next_ == block_.size() && !refill()) return nullptr;
    const Move m = block_[next_++];
    apply(state_, m);
    if (m.ring() > 64 && !m.is_pair()) return to_python(answers::move(m)).release().ptr();
    const std::size_t slot = m.is_pair() ? 128 + m.on() : (m.ring() - 1) * 2 + m.on();
    PyObject*& made = cache_[slot];
    if (!made) made = to_python(answers::move(m)).release().ptr();
    return PyDict_Copy(made);
  }
  // The answer's head: `rings solve --json` without its "moves".
  py::object head() const { return to_python(answers::solution_head(*q_)); }
  // The state after the moves produced so far, and the target, as the question writes states.
  std::string state() const {
    return pieces_ ? family::format_pieces(digits_) : format_state(state_, q_->notation);
  }
  std::string target() const {
    return q_->in_bits() ? format_state(q_->bits[1], q_->notation)
                         : family::format_pieces(q_->digits[1]);
  }
  mpz_class remaining() const {
    return pieces_ ? family::distance(q_->puzzle, digits_, q_->digits[1])
                   : distance(state_, q_->bits[1], q_->mode);
  }

 private:
  static constexpr std::size_t kBlock = 4096;

  bool refill() {
    if (PyErr_CheckSignals() != 0) return false;  // list(rings.solve(...)) answers Ctrl-C
    block_.clear();
    next_ = 0;
    solve(state_, q_->bits[1], q_->mode, [&](const Move& m) {
      block_.push_back(m);
      return block_.size() < kBlock;
    });
    return !block_.empty();
  }

  std::unique_ptr<Problem> q_;  // where it is: the family's engine refers to its puzzle
  State state_;                 // the rings: the state after the moves produced
  family::Pieces digits_;       // the others: the same
  std::unique_ptr<family::PieceSolution> pieces_;  // the others' engine
  std::vector<Move> block_;  // the rings: moves computed ahead of state_, from block_[next_] on
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
// piece and Ctrl-C checked between them. Returns false once the checker stopped.
bool feed_text(answers::ListCheck& checker, std::string_view text) {
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
void verify_lines(const py::object& lines, answers::ListCheck& checker) {
  if (const auto text = text_of(lines.ptr())) {
    feed_text(checker, *text);
    return;
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
      if (!feed_text(checker, piece)) return;
      piece.clear();
    }
  }
  if (PyErr_Occurred()) throw py::error_already_set();
  feed_text(checker, piece);
}

constexpr const char* kModuleDoc =
    R"(The Chinese Rings puzzle (Baguenaudier, Patience, nine linked rings) and its family.

Rings are numbered 1..N; ring 1 is at the free end of the bar. Ring 1 can always move; ring
k > 1 can move only when ring k-1 is on and rings 1..k-2 are all off. A state is written ring N
first, 1 = on the bar: nine rings all on is "111111111". The 2^N states form one path (the
binary reflected Gray code), so distances, counts and solutions have closed forms and are exact
for any number of rings. With double=True, rings 1 and 2 moving together (both on or both off)
count as one move.

The answers (count, distance, hint, at, solve, plan, verify, table, puzzles) are those of the
command line's --json and the web API, as dicts, for every puzzle of puzzles() (puzzle=): the
same keys and types for every puzzle, the rings' with "rings" and a move's "ring" besides.
Every answer starts with "puzzle", "pieces", "double" ("mod" where given). A move is
{"piece", "from", "to"}, the positions by their codes ("on"/"off", "peg 2"). States are
State objects (the rings) or str: digits, piece N first, "start" or "goal". Counts (count,
distance, remaining, optimum, moves, first, last, step, position, offset, move, mod) are ints
of any size; everything else is as in the JSON.

Bad input, numbers out of range included, raises ValueError with the words of the one reader
of questions. Long calls release the GIL; solve()'s iterator and verify() answer Ctrl-C.

    >>> import rings
    >>> rings.count(9)["count"]
    341
    >>> rings.distance("0120", "goal", puzzle="hanoi")["distance"]
    10
    >>> [m["reason"] for m in rings.hint("110100", k=2)["moves"]]
    ['ring 1 can always move', 'ring 2 can move: ring 1 is on']
    >>> [(m["piece"], m["to"]) for m in rings.solve(rings.State.all_on(3))]
    [(1, 'off'), (3, 'off'), (1, 'on'), (2, 'off'), (1, 'off')]
)";

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

  // ---- The answers, one function a command of the CLI: read by read_problem, answered by
  // src/answers, converted by to_python, for every puzzle alike.
  m.def(
      "puzzles", [] { return to_python(answers::puzzles()); },
      R"(The catalogue: one dict a puzzle, as `rings puzzles --json` and /api/puzzles give it:
"name", "title", "positions", "position_names", "piece", "pieces", "start", "goal" (the
digit every piece shows there), "default_size", "max_size", "double_moves", "notations",
"toggles", "source"...

    >>> [p["name"] for p in rings.puzzles()][:1]
    ['rings'])");
  m.def(
      "count",
      [](const py::int_& n, bool dbl, const std::optional<py::int_>& mod,
         const std::string& puzzle) {
        const auto modulo = modulus(mod);
        const Problem q = read(puzzle, dbl, {}, n);
        return answer([&] { return answers::count(q, modulo); });
      },
      py::arg("n"), py::kw_only(), py::arg("double") = false, py::arg("mod") = py::none(),
      py::arg("puzzle") = "rings",
      R"(The moves from the puzzle's start to its goal with N pieces: `rings count N --json`.

For the rings floor(2^(N+1)/3), or 2^(N-1) - [N even] with double=True. With mod=M, the count
modulo M, for N up to 2^64 - 1; exact up to the puzzle's max_size.

    >>> rings.count(7, puzzle=rings.puzzles()[1]["name"])["count"]  # the catalogue's second
    85)");
  m.def(
      "distance",
      [](const StateArg& a, const StateArg& b, bool dbl, const std::optional<py::int_>& mod,
         const std::string& puzzle) {
        const auto modulo = modulus(mod);
        const Problem q = read(puzzle, dbl, {{"a", a}, {"b", b}});
        return answer([&] { return answers::distance(q, modulo); });
      },
      py::arg("a"), py::arg("b"), py::kw_only(), py::arg("double") = false,
      py::arg("mod") = py::none(), py::arg("puzzle") = "rings",
      R"(The optimal number of moves between two states: `rings distance A B --json`, with "tie"
(a puzzle whose three positions are all joined: a piece that may go directly or by the third
position; else None).

    >>> rings.distance(rings.State.all_on(9), "off")["distance"]
    341
    >>> rings.distance("0120", "goal", puzzle="hanoi")["distance"]
    10)");
  m.def(
      "hint",
      [](const StateArg& state, const std::optional<StateArg>& to, const py::int_& k, bool dbl,
         const std::optional<py::int_>& mod, const std::string& puzzle) {
        const auto count =
            checked_count(k, "k", 0, kMaxHints, " (use rings.solve for whole solutions)");
        const auto modulo = modulus(mod);
        const Problem q = read(puzzle, dbl, {{"state", state}, {"to", or_goal(to)}});
        return answer([&] { return answers::hint(q, count, modulo); });
      },
      py::arg("state"), py::arg("to") = py::none(), py::arg("k") = 1, py::kw_only(),
      py::arg("double") = false, py::arg("mod") = py::none(), py::arg("puzzle") = "rings",
      R"(The next k optimal moves from `state` toward `to` (default: the goal): `rings hint
--json`. "moves" lists them (fewer when the target is nearer), each a move with "reason" (the
rule that allows it, in words) and "why" (the rule as data); "remaining" and "state" are the
moves left and the state after them. k is at most MAX_HINTS (a million), as for `rings hint
-k`; rings.solve() streams whole solutions.

    >>> h = rings.hint("000", puzzle="hanoi")
    >>> [(m["piece"], m["from"], m["to"]) for m in h["moves"]], h["remaining"]
    ([(1, 'peg 0', 'peg 2')], 6))");
  m.def(
      "at",
      [](const StateArg& frm, const StateArg& to, const py::int_& k, bool dbl,
         const std::optional<py::int_>& mod, const std::string& puzzle) {
        const auto modulo = modulus(mod);
        const mpz_class steps = to_mpz(k, "k");
        const Problem q = read(puzzle, dbl, {{"frm", frm}, {"to", to}});
        return answer([&] { return answers::at(q, steps, modulo); });
      },
      py::arg("frm"), py::arg("to"), py::arg("k"), py::kw_only(), py::arg("double") = false,
      py::arg("mod") = py::none(), py::arg("puzzle") = "rings",
      R"(The state after k optimal moves from `frm` toward `to`: `rings at K --json`, "state"
(and for the rings its "position" on the path from all off), or past the end "past_end": True
and the solution's "count".

    >>> rings.at("111", "off", 4)["state"], rings.at("00", "goal", 9, puzzle="hanoi")["count"]
    ('001', 3))");

  py::class_<Solution> solution(m, "Solution", py::is_final(),
                                R"(The optimal solution, one move at a time (an iterator).

Made by rings.solve(). Each move is a dict, as `rings solve --json` lists them:
{"piece", "from", "to"} (the rings' with "ring", and "double" for rings 1+2). Moves are
produced as they are asked for, so a solution of any length can be followed or cut short:
itertools.islice(rings.solve(rings.State.all_on(60)), 10).)");
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
      .def_property_readonly("head", &Solution::head,
                             R"(The answer's head, `rings solve --json` but its "moves": "puzzle",
"pieces", "double", "from", "to", "count" (the whole solution's moves), "offset", "tie".)")
      .def_property_readonly("state", &Solution::state,
                             "The state after the moves produced so far (str).")
      .def_property_readonly("target", &Solution::target, "The state the solution reaches (str).")
      .def_property_readonly(
          "remaining", [](const Solution& s) { return to_int(s.remaining()); },
          "How many moves are left.");
  // for loops, list() and the like call tp_iternext: point it straight at the solution, past
  // the bound __next__ method pybind11 made.
  reinterpret_cast<PyTypeObject*>(solution.ptr())->tp_iternext = solution_next;
  PyType_Modified(reinterpret_cast<PyTypeObject*>(solution.ptr()));
  m.def(
      "solve",
      [](const StateArg& frm, const std::optional<StateArg>& to, bool dbl,
         const std::string& puzzle) {
        return Solution(read(puzzle, dbl, {{"frm", frm}, {"to", or_goal(to)}}));
      },
      py::arg("frm"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("puzzle") = "rings",
      R"(The optimal solution from `frm` to `to` (default: the goal), as a lazy Solution iterator
of moves: dict(solution.head, moves=list(solution)) is `rings solve --json`.

    >>> [(m["piece"], m["to"]) for m in rings.solve("111")]
    [(1, 'off'), (3, 'off'), (1, 'on'), (2, 'off'), (1, 'off')]
    >>> [(m["piece"], m["from"], m["to"]) for m in rings.solve("00", puzzle="hanoi")]
    [(1, 'peg 0', 'peg 1'), (2, 'peg 0', 'peg 2'), (1, 'peg 1', 'peg 2')])");

  m.def(
      "plan",
      [](const StateArg& state, const std::optional<StateArg>& to, bool dbl, const py::int_& depth,
         const py::int_& limit, const std::optional<py::int_>& at, const std::string& puzzle) {
        PlanOptions options;
        options.depth = checked_count(depth, "depth", 0, ~std::uint64_t{0});
        options.limit = checked_count(limit, "limit", 0, ~std::uint64_t{0});
        if (at) options.at = to_mpz(*at, "at");
        const Problem q = read(puzzle, dbl, {{"state", state}, {"to", or_goal(to)}});
        return answer([&] { return answers::plan(q, options); });
      },
      py::arg("state"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("depth") = kDefaultPlanDepth, py::arg("limit") = kDefaultPlanLimit,
      py::arg("at") = py::none(), py::arg("puzzle") = "rings",
      R"(The plan of the optimal solution from `state` to `to` (default: the goal): `rings plan
--json`, its milestones as a tree of dicts. A milestone's "goal" is "piece" (piece "piece" goes
"from" "to" with its last move) or "arrange" (pieces 1.."pieces": piece "pieces" at below[0],
the next at below[1], ..., the others at "rest"); its moves are "first".."last", its words
"text"; listed parts ("count", "milestones") partition its moves. `depth` levels, at most
`limit` milestones a level, and with at=P the milestones containing move P ("at": {"move",
"path"}: their indices level by level).

    >>> [m["text"] for m in rings.plan(rings.State.all_on(3), depth=1)["milestones"]]
    ['take ring 3 off', 'take ring 2 off', 'take ring 1 off']
    >>> [m["text"] for m in rings.plan("000", puzzle="hanoi", depth=1)["milestones"]]
    ['move disc 3 from peg 0 to peg 2', 'move disc 2 from peg 1 to peg 2', 'move disc 1 from peg 0 to peg 2'])");

  m.def(
      "verify",
      [](const py::object& lines, const StateArg& frm, const std::optional<StateArg>& to, bool dbl,
         std::string_view format, std::string_view notation, const std::string& puzzle) {
        const ListFormat how = value_or_fail(parse_list_format(format));
        const Problem q =
            read(puzzle, dbl, {{"frm", frm}, {"to", or_goal(to)}}, std::nullopt, notation);
        answers::ListCheck checker(q, how, true, to.has_value());
        verify_lines(lines, checker);
        return to_python(checker.report().json);
      },
      py::arg("lines"), py::arg("frm"), py::arg("to") = py::none(), py::kw_only(),
      py::arg("double") = false, py::arg("format") = "detect", py::arg("notation") = "binary",
      py::arg("puzzle") = "rings",
      R"(Checks a move list from `frm` to `to` (default: the goal) against the rules: `rings verify
--json`, "ok" (legal and the target reached), "moves" (legal moves checked), "legal",
"reached", "optimal", "optimum", "remaining", and for an illegal list "illegal_move", "rule"
(in words) and "why" (as data).

lines is the whole list as a str or bytes (the fastest: read with the GIL released), or any
iterable of lines, str or bytes (a list, an open file). The format is "moves"
("12: ring 3 off", "3: disc 1 from peg 0 to peg 2"), "toggles" ("3", "1+2"), "states" (the
first line is frm), "json", or "detect" (from the first line). A list that cannot be read
raises ValueError.

    >>> r = rings.verify("1\n3\n2\n", rings.State.all_on(3))
    >>> r["ok"], r["illegal_move"], r["rule"]
    (False, 3, 'ring 2 needs ring 1 on; ring 1 is off')
    >>> rings.verify("disc 1 from 0 to 1\n2 from 0 to 2\n", "00", puzzle="hanoi")["remaining"]
    1)");

  m.def(
      "table",
      [](const py::int_& n, const std::optional<StateArg>& to, bool dbl,
         const std::string& puzzle) {
        const Problem q = read(puzzle, dbl, {{"to", or_goal(to)}}, n);
        if (!answers::TableRows::size(q.puzzle, q.pieces, kMaxTableLog2))
          fail(fmt::format("the table has {}^N rows: at most 2^{} ({} {})", q.puzzle.positions,
                           kMaxTableLog2, q.pieces, q.puzzle.pieces));
        return answer([&] {
          json out = answers::head(q.puzzle, q.pieces, q.mode);
          json rows = json::array();
          answers::TableRows table(q);
          for (std::string state, distance; table.next(state, distance);)
            rows.push_back({{"distance", distance}, {"state", state}});
          out["rows"] = std::move(rows);
          return out;
        });
      },
      py::arg("n"), py::arg("to") = py::none(), py::kw_only(), py::arg("double") = false,
      py::arg("puzzle") = "rings",
      R"(Every state of N pieces, in counting order (piece 1 the lowest digit), and its distance
to `to` (default: the goal): `rings table N --json`, "rows" of {"state", "distance"}, at most
2^16 rows (as /api/table).

    >>> [(r["state"], r["distance"]) for r in rings.table(2)["rows"]]
    [('00', 0), ('01', 1), ('10', 3), ('11', 2)])");

  m.attr("__name__") = extension_name;
}
