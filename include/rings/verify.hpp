// Checking a move list of any length against the rules, one line at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rings/notation.hpp"
#include "rings/position.hpp"
#include "rings/result.hpp"
#include "rings/rules.hpp"
#include "rings/state.hpp"

namespace rings {

/// The formats of a move list (as `rings solve --format` writes them).
///   moves:   `12: ring 3 off` or `ring 3 off`, `rings 1+2 on`; the number is optional.
///   toggles: `3`, `1+2`: the ring that moves; its direction follows from the state.
///   states:  one state a line in a notation, the start state first.
///   json:    the moves of a JSON answer, as `rings solve --json` and the web API write them
///            ({"from":…,"moves":[{"ring":3,"to":"off"},…]} or a bare array of moves).
/// Moves and toggles are read leniently too: any case ("Ring 3 OFF"), without the word ring
/// ("3 off"), several on a line separated by commas, semicolons or spaces ("1, 3, 1").
enum class ListFormat : std::uint8_t { detect, moves, toggles, states, json };

Result<ListFormat> parse_list_format(std::string_view name);

/// A ring (or rings 1+2) named without a direction, as in the toggles format.
struct Toggle {
  Ring ring = 1;
  bool pair = false;
};

/// One parsed line: a move, a toggle, a state (states format), or nothing (a blank line).
using ListItem = std::variant<std::monostate, Move, Toggle, State>;

/// Parses a move list line by line. In `detect` mode the first non-blank line decides: `{` or
/// `[` is JSON, a line with "ring", "on" or "off" the moves format, a line of exactly N
/// characters 0/1 (or, in the decimal and cleve notations, a number) the states format,
/// anything else toggles. (One ring: "0" is a state; "1" is decided by ListChecker.)
class MoveListParser {
 public:
  MoveListParser(std::uint64_t rings, ListFormat format, Notation notation)
      : rings_(rings), format_(format), notation_(notation) {}

  /// Parses the next line (without its newline). Errors name the line: "line 4: …".
  Result<ListItem> parse_line(std::string_view line);
  /// Reads a line that parse_line refused the lenient way: several moves or toggles, any case,
  /// "3 off". Appends the items to `out`; an Error when that fails too.
  Result<bool> parse_lenient(std::string_view line, std::vector<ListItem>& out);
  ListFormat format() const { return format_; }
  void set_format(ListFormat format) { format_ = format; }
  std::uint64_t line() const { return line_; }
  Notation notation() const { return notation_; }

 private:
  friend class ListChecker;  // its fast paths take whole runs of lines and count them here
  Result<ListItem> parse_move(std::string_view s);
  Result<ListItem> parse_toggle(std::string_view s);

  std::uint64_t rings_;
  ListFormat format_;
  Notation notation_;
  std::uint64_t line_ = 0;
  std::uint64_t moves_ = 0;
};

/// What a verifier found.
struct VerifyReport {
  std::uint64_t moves = 0;         ///< legal moves checked
  bool legal = true;               ///< no illegal move
  std::uint64_t illegal_move = 0;  ///< the number (from 1) of the first illegal move
  Reason rule;                     ///< the rule it breaks (when not legal)
  bool reached = false;            ///< the state after the moves is the target
  bool optimal = false;            ///< legal, reached, and no longer than the optimum
  mpz_class optimum;               ///< optimal number of moves from start to target
  mpz_class remaining;             ///< optimal number of moves from where the list ends
};

/// Applies moves one at a time from a start state, stopping at the first illegal one.
class Verifier {
 public:
  Verifier(State from, State to, Mode mode)
      : state_(std::move(from)), start_(state_), to_(std::move(to)), mode_(mode) {}

  /// Checks and applies `move`; false on an illegal move (the first is kept in the report).
  bool step(const Move& move);
  /// Toggles `ring` (or rings 1+2), in the direction the state allows.
  bool step(const Toggle& t) { return step(toggle_move(state_, t.ring, t.pair)); }
  /// Checks that `next` is one legal move away, and applies it (states format).
  bool step_to(const State& next);
  /// Moves checked so far.
  std::uint64_t moves() const { return moves_; }
  /// Changes the target (a JSON list may name it after its moves).
  void set_target(State to) { to_ = std::move(to); }
  const State& state() const { return state_; }
  /// The report (computes the optimum: linear in N).
  VerifyReport report() const;

 private:
  friend class ListChecker;  // its fast paths move rings 1..64 in the state's lowest word
  bool fail(const Reason& rule);
  bool step_high(const Move& move);
  Ring lowest_high();

  State state_;
  // The rings above 64 that are on, lowest first, as far as known: exactly those up to ring
  // known_to_. A move of ring k > 65 needs the lowest of them; scanning the state for it each
  // time would cost N/64 words a move (a list toggling ring 10^6 over and over).
  std::deque<Ring> highs_;
  Ring known_to_ = 64;
  State start_;
  State to_;
  Mode mode_;
  std::uint64_t moves_ = 0;
  bool failed_ = false;
  Reason rule_;
};

/// Checks a whole move list as `rings verify` does: parses it line by line (in any of the list
/// formats), takes a states list's first line as its start state, and stops at the first illegal
/// move. Feed it the text in pieces of whole lines; it holds no more than the current state.
///
///     ListChecker c(State::all_on(3), State::all_off(3), Mode::single, ListFormat::detect,
///                   Notation::binary);
///     c.feed("1\n3\n1\n2\n1\n");
///     report_text(c.report()) == "ok: 5 moves, target reached, optimal"
class ListChecker {
 public:
  /// With `from_given`, a states list must start at `from` (the user named it); otherwise its
  /// first line is the start, and a JSON list's "from" is. Without `to_given`, a JSON list's
  /// "to" is the target.
  ListChecker(State from, State to, Mode mode, ListFormat format, Notation notation,
              bool from_given = false, bool to_given = true);

  /// Checks the lines of `text`, split at '\n' (a last line without one counts too). Returns
  /// false once a move is illegal (the rest is not read), or an Error naming a line that cannot
  /// be read.
  Result<bool> feed(std::string_view text);
  /// The report (computes the optimum: linear in N).
  VerifyReport report() const;
  /// Keeps the first `count` legal moves the list makes (to replay it), whatever their format;
  /// the fast paths wait until they are kept. Call before feeding.
  void keep_moves(std::size_t count) { keep_ = count; }
  /// The moves kept (see keep_moves), in order.
  std::vector<Move> kept_moves() const;

 private:
  Result<bool> feed_line(std::string_view line);
  Result<bool> feed_item(const ListItem& item);
  Result<bool> feed_json(std::string_view line);
  Result<bool> json_value(std::string_view token, bool is_string);
  // The fast paths of long lists: each takes the lines of `text` from its start while they have
  // the exact shape `rings solve` writes and their moves are legal single moves of rings 1..64
  // (or rings 1+2), and returns how many bytes it took. The first line it does not take goes
  // through feed_line, which reads any shape and names an illegal move and its rule.
  std::size_t take_toggles(std::string_view text);
  std::size_t take_moves(std::string_view text);
  std::size_t take_states(std::string_view text);

  MoveListParser parser_;
  bool to_given_;
  bool pending_one_ = false;  // one ring, first line "1": a toggle or the start state
  // The JSON reader's state: nesting, the key a value belongs to, the move object being read.
  struct Json {
    int depth = 0;
    std::string key;
    bool after_colon = false;
    std::optional<std::uint64_t> ring;
    std::optional<bool> on;
    bool pair = false;
    int move_depth = 0;  // the nesting of the move objects (a hint's "why" is one deeper)
    std::uint64_t lines = 0;
    std::optional<State> to;
  } json_;
  State from_;
  State to_;
  Mode mode_;
  Notation notation_;
  bool from_given_;
  std::optional<Verifier> verifier_;  // made at the first item: a states list names its start
  bool stopped_ = false;
  std::size_t keep_ = 0;  // moves to keep for a replay
  std::vector<Move> kept_;
};

/// The ring count a move list states, from the start of its text: the length of a states
/// list's first line (in 0s and 1s), or a JSON list's "rings" or "from". Nothing when it does
/// not say.
std::optional<std::uint64_t> rings_of_list(std::string_view text, Notation notation);

/// A report in English, as `rings verify` prints it: "ok: 341 moves, target reached, optimal",
/// "ok: 2 moves, target not reached (3 more moves needed)", "move 2: illegal: ring 2 needs …".
std::string report_text(const VerifyReport& report);

}  // namespace rings
