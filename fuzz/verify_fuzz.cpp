// Fuzzes move lists: ListChecker (MoveListParser and Verifier), as `rings verify`, the web API
// and the Python module drive it. Input: a line `N FORMAT NOTATION MODE` (e.g. `5 detect binary
// single`), a line with the start state, a line with the target, then the move list. Fed whole
// or a line at a time, the list must get the same answer, and the report must agree with itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "rings/position.hpp"
#include "rings/verify.hpp"

using namespace rings;

namespace {

// The next space-separated word of `s` (consumed).
std::string_view word(std::string_view& s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  const auto end = s.find(' ');
  const auto w = s.substr(0, end);
  s = end == std::string_view::npos ? std::string_view{} : s.substr(end);
  return w;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::string_view header = fuzz::next_line(rest);
  const auto rings = parse_count(word(header), "N", 4096);
  const auto format = parse_list_format(word(header));
  const auto notation = parse_notation(word(header));
  const auto mode_name = word(header);
  if (!rings || *rings == 0 || !format || !notation) return 0;
  const Mode mode = mode_name == "double" ? Mode::double_moves : Mode::single;
  const auto from = parse_state(fuzz::next_line(rest), *rings, *notation);
  const auto to = parse_state(fuzz::next_line(rest), *rings, *notation);
  if (!from || !to) return 0;
  const bool from_given = size % 2;  // any bit of the input will do

  ListChecker whole(*from, *to, mode, *format, *notation, from_given);
  const auto answer = whole.feed(rest);
  ListChecker by_line(*from, *to, mode, *format, *notation, from_given);
  Result<bool> line_answer = true;
  for (std::string_view lines = rest; !lines.empty() && line_answer.ok() && *line_answer;) {
    const auto line = fuzz::next_line(lines);
    line_answer = by_line.feed(std::string(line) + "\n");
  }
  fuzz::check(answer.ok() == line_answer.ok(), "fed whole or by line: the same error or none");
  if (!answer) {
    fuzz::check(answer.error() == line_answer.error(), "fed whole or by line: the same error");
    fuzz::check(answer.error().starts_with("line ") || answer.error().starts_with("the list "),
                "a list error says where");
    return 0;
  }
  const VerifyReport r = whole.report();
  const VerifyReport l = by_line.report();
  fuzz::check(report_text(r) == report_text(l), "fed whole or by line: the same report");
  fuzz::check(*answer == r.legal, "feed answers whether every move was legal");
  fuzz::check(r.reached == (r.remaining == 0), "reached means nothing remains");
  fuzz::check(!r.optimal || (r.legal && r.reached && r.optimum == r.moves),
              "optimal means legal, reached and as short as the optimum");
  fuzz::check(r.legal || !r.rule.is_legal(), "an illegal move comes with a rule that forbids it");
  fuzz::check(r.legal || r.illegal_move == r.moves + 1, "the illegal move follows the legal ones");
  // Legal moves walk the state graph: they cannot change the distance to the target by more
  // than their number, and single moves (each one step along the Gray path) keep its parity.
  const mpz_class change = abs(mpz_class(r.optimum - r.remaining));
  fuzz::check(change <= r.moves, "moves change the distance by at most their number");
  if (r.legal && mode == Mode::single)
    fuzz::check(mpz_class(change - r.moves) % 2 == 0, "single moves keep the parity");
  return 0;
}
