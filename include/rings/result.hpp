// Errors as values at the engine's edge: parsing user input returns a Result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "rings/error_code.hpp"

namespace rings {

/// One fact an Error names: a number (a position, a ring count) or a piece of the input.
using ErrorField = std::variant<std::uint64_t, std::string>;

/// What was wrong with an input and where: in English words (`message`, e.g. "position 7:
/// expected 0 or 1, found '2'"), and as data for a front end that words it in another language:
/// a `code` ("bad_digit") and its `fields` ({"position", 7}, {"found", "2"}). The codes are the
/// table of rings/error_code.hpp, with their fields. Every Error has a code: the constructor
/// asks for one, so no refusal reaches a front end with words alone.
///
///     Error{"position 7: expected 0 or 1, found '2'", "bad_digit", {{"position", 7u}, {"found",
///     "2"}}}
struct Error {
  using Fields = std::vector<std::pair<std::string, ErrorField>>;
  Error(std::string message, Code code, Fields fields = {})
      : message(std::move(message)), code(code), fields(std::move(fields)) {}

  std::string message;
  Code code;
  Fields fields;

  /// The same error said of a part of a larger input: "`where`: message", with the field
  /// {key, value} added (e.g. the line of a move list, or the parameter of a request).
  Error within(std::string_view where, std::string key, ErrorField value) const {
    Error e{std::string(where) + ": " + message, code, fields};
    e.fields.emplace_back(std::move(key), std::move(value));
    return e;
  }
};

/// `text` safe to print on a terminal in one line: control characters (C0, DEL and the C1
/// controls U+0080..U+009F) and bytes that are not UTF-8 as \xNN, and at most `max` (>= 3)
/// bytes, cut with "..." on a UTF-8 character boundary.
std::string printable(std::string_view text, std::size_t max);

/// A piece of the input as an error message quotes it: printable, in single quotes, about `max`
/// bytes (a bad line may be a gigabyte long).
std::string quote_input(std::string_view text, std::size_t max = 100);

/// Either a value or an Error. A result that is dropped unread is a refusal lost: the compiler
/// warns.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(v_).message; }
  /// The whole Error (its code and fields too), to pass on or answer with.
  const Error& failure() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace rings
