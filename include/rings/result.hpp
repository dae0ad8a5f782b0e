// Errors as values at the engine's edge: parsing user input returns a Result.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace rings {

/// What was wrong with an input and where, in words, e.g. "position 7: expected 0 or 1, found '2'".
struct Error {
  std::string message;
};

/// `text` safe to print on a terminal in one line: control characters (C0, DEL and the C1
/// controls U+0080..U+009F) and bytes that are not UTF-8 as \xNN, and at most `max` (>= 3)
/// bytes, cut with "..." on a UTF-8 character boundary.
std::string printable(std::string_view text, std::size_t max);

/// A piece of the input as an error message quotes it: printable, in single quotes, about `max`
/// bytes (a bad line may be a gigabyte long).
std::string quote_input(std::string_view text, std::size_t max = 100);

/// Either a value or an Error.
template <class T>
class Result {
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

 private:
  std::variant<T, Error> v_;
};

}  // namespace rings
