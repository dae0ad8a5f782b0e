// Every code an Error may carry, in one table with the fields each names: the front ends word a
// refusal by its code (the page in five languages), so a code is a value of this table, checked
// when the program is compiled, never a free string.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rings {

/// The codes: each with the fields it may name besides those every code may carry (`parameter`,
/// the request's parameter or option; `line` and `key`, where in a move list), and whether a web
/// API answer can carry it (the game's files cannot). docs/api.md words them; `GET /api/errors`
/// answers the table, which the page's tests read to check that the page words every code.
#define RINGS_ERROR_CODES(X)                                                         \
  /* States and counts (rings/notation.hpp, rings/family.hpp, rings/problem.hpp). */ \
  X(bad_digit, "position found", true)                                               \
  X(bad_decimal_digit, "position found", true)                                       \
  X(wrong_length, "found rings", true)                                               \
  X(state_too_large, "notation rings", true)                                         \
  X(too_many_rings, "rings max", true)                                               \
  X(empty_state, "", true)                                                           \
  X(no_rings, "", true)                                                              \
  X(needs_rings, "found notation", true)                                             \
  X(unknown_notation, "found", true)                                                 \
  X(not_a_number, "name found", true)                                                \
  X(too_large, "name found max", true)                                               \
  X(unknown_puzzle, "", true)                                                        \
  X(needs_pieces, "", true)                                                          \
  X(no_pieces, "", true)                                                             \
  X(too_many_pieces, "pieces max", true)                                             \
  X(wrong_piece_count, "found pieces", true)                                         \
  X(bad_piece_digit, "position max found", true)                                     \
  X(two_positions_only, "positions", true)                                           \
  X(no_double_moves, "", true)                                                       \
  X(no_notation, "", true)                                                           \
  /* Move lists (rings/verify.hpp, family::ListChecker). */                          \
  X(unknown_list_format, "found", true)                                              \
  X(bad_move, "found", true)                                                         \
  X(bad_pair, "found", true)                                                         \
  X(bad_direction, "found", true)                                                    \
  X(bad_ring, "rings found", true)                                                   \
  X(bad_toggle, "rings found", true)                                                 \
  X(wrong_move_number, "number expected", true)                                      \
  X(wrong_list_start, "found start", true)                                           \
  X(bad_piece_move, "example pieces found", true)                                    \
  X(bad_piece_toggle, "pieces found", true)                                          \
  X(json_no_direction, "", true)                                                     \
  X(json_no_positions, "", true)                                                     \
  X(json_unbalanced, "", true)                                                       \
  X(json_open_string, "", true)                                                      \
  X(json_unexpected, "found", true)                                                  \
  /* Plans and pictures (rings/plan.hpp, rings/render.hpp). */                       \
  X(bad_depth, "", true)                                                             \
  X(bad_limit, "", true)                                                             \
  X(not_in_solution, "at moves", true)                                               \
  X(plan_too_large, "most", true)                                                    \
  X(too_many_moves, "moves most", true)                                              \
  X(path_too_long, "", true)                                                         \
  X(bad_notation, "", true)                                                          \
  X(cannot_draw, "", true)                                                           \
  /* The game's files (rings play). */                                               \
  X(bad_save_file, "", false)                                                        \
  X(bad_records_file, "", false)                                                     \
  X(cannot_write, "", false)                                                         \
  /* The web API's requests (rings serve, and the page's engine). */                 \
  X(missing_parameter, "", true)                                                     \
  X(bad_flag, "", true)                                                              \
  X(bad_number, "", true)                                                            \
  X(bad_modulus, "", true)                                                           \
  X(bad_offset, "", true)                                                            \
  X(past_end, "", true)                                                              \
  X(bad_format, "", true)                                                            \
  X(bad_kind, "", true)                                                              \
  X(answer_too_large, "max milestones rings", true)                                  \
  X(not_found, "", true)                                                             \
  X(method_not_allowed, "", true)                                                    \
  X(body_too_large, "", true)                                                        \
  X(out_of_memory, "", true)                                                         \
  X(cross_site, "", true)                                                            \
  X(time_limit, "", true)

/// The codes, as an enum (`ErrorCode::bad_digit`).
enum class ErrorCode : std::uint8_t {
#define RINGS_ERROR_ENUM(name, fields, api) name,
  RINGS_ERROR_CODES(RINGS_ERROR_ENUM)
#undef RINGS_ERROR_ENUM
};

/// A code's name as it appears in JSON ("bad_digit"), the fields it names ("position found",
/// separated by spaces), and whether the web API can answer it.
struct ErrorCodeInfo {
  std::string_view name;
  std::string_view fields;
  bool api = true;  ///< a web API answer can carry it
};

/// Every code, in the order of the enum.
inline constexpr auto kErrorCodes = std::to_array<ErrorCodeInfo>({
#define RINGS_ERROR_INFO(name, fields, api) {#name, fields, api},
    RINGS_ERROR_CODES(RINGS_ERROR_INFO)
#undef RINGS_ERROR_INFO
});

namespace detail {
// Not constexpr: reaching it while compiling an ErrorCode's name stops the build.
inline void unknown_error_code() {}
consteval ErrorCode error_code_named(std::string_view name) {
  for (std::size_t i = 0; i < kErrorCodes.size(); ++i)
    if (kErrorCodes[i].name == name) return static_cast<ErrorCode>(i);
  unknown_error_code();  // a code missing from RINGS_ERROR_CODES
  return ErrorCode{};
}
}  // namespace detail

/// An Error's code: an ErrorCode, or its name written where the error is made (`"bad_digit"`),
/// which must be in the table: a name the table lacks does not compile.
class Code {
 public:
  constexpr Code(ErrorCode code) : code_(code) {}  // NOLINT(google-explicit-constructor)
  consteval Code(const char* name)                 // NOLINT(google-explicit-constructor)
      : code_(detail::error_code_named(name)) {}
  constexpr ErrorCode value() const { return code_; }
  constexpr std::string_view name() const {
    return kErrorCodes[static_cast<std::size_t>(code_)].name;
  }
  constexpr std::string_view fields() const {
    return kErrorCodes[static_cast<std::size_t>(code_)].fields;
  }
  friend constexpr bool operator==(const Code& a, std::string_view name) {
    return a.name() == name;
  }

 private:
  ErrorCode code_;
};

}  // namespace rings
