// Fuzzes move lists: MoveListParser and Verifier, as `rings verify` drives them.
// Input: a line `N FORMAT NOTATION MODE` (e.g. `5 detect binary single`), a line with the start
// state, a line with the target, then the move list. The report must agree with the positions.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

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

  MoveListParser parser(*rings, *format, *notation);
  std::optional<Verifier> verifier;
  State start = *from;
  while (!rest.empty()) {
    auto item = parser.parse_line(fuzz::next_line(rest));
    if (!item) {
      fuzz::check(item.error().starts_with("line "), "a list error names its line");
      return 0;
    }
    if (std::holds_alternative<std::monostate>(*item)) continue;
    if (!verifier) {
      // A states list starts with its start state.
      if (auto* first = std::get_if<State>(&*item);
          first && parser.format() == ListFormat::states) {
        fuzz::check(first->size() == *rings, "a listed state has N rings");
        start = *first;
        verifier.emplace(*first, *to, mode);
        continue;
      }
      verifier.emplace(*from, *to, mode);
    }
    const bool ok = std::visit(
        [&](auto& x) {
          using T = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<T, State>)
            return verifier->step_to(x);
          else if constexpr (std::is_same_v<T, std::monostate>)
            return true;
          else
            return verifier->step(x);
        },
        *item);
    if (!ok) break;
  }
  if (!verifier) verifier.emplace(*from, *to, mode);

  const VerifyReport r = verifier->report();
  fuzz::check(r.moves == verifier->moves(), "the report counts the moves checked");
  fuzz::check(r.reached == (verifier->state() == *to), "reached means the target state");
  fuzz::check(r.remaining == distance(verifier->state(), *to, mode), "remaining is the distance");
  fuzz::check(!r.optimal || (r.legal && r.reached && r.optimum == r.moves),
              "optimal means legal, reached and as short as the optimum");
  fuzz::check(r.legal == r.rule.empty(), "an illegal move comes with its rule");
  if (r.legal) {
    // Every move changes the position on the Gray path by 1 (or 2 for rings 1+2 together):
    // legal moves cannot get further than their number, and single moves keep the parity.
    const mpz_class covered = distance(start, verifier->state(), mode);
    fuzz::check(covered <= r.moves, "legal moves get no further than their number");
    if (mode == Mode::single)
      fuzz::check(mpz_class(covered - r.moves) % 2 == 0, "single moves keep the parity");
  }
  return 0;
}
