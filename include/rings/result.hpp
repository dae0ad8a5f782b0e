// Errors as values at the engine's edge: parsing user input returns a Result.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace rings {

/// What was wrong with an input and where, in words, e.g. "position 7: expected 0 or 1, found '2'".
struct Error {
  std::string message;
};

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
