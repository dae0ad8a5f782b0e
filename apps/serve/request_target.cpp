// Request targets decoded as cpp-httplib 0.11 did (request_target.hpp).
#include "request_target.hpp"

#include <cstddef>

namespace rings::serve {
namespace {

// The pieces of `s` between `d`s, spaces and tabs trimmed, empty pieces left out.
template <class Fn>
void split(std::string_view s, char d, Fn fn) {
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != d) continue;
    std::string_view piece = s.substr(begin, i - begin);
    while (!piece.empty() && (piece.front() == ' ' || piece.front() == '\t'))
      piece.remove_prefix(1);
    while (!piece.empty() && (piece.back() == ' ' || piece.back() == '\t')) piece.remove_suffix(1);
    if (!piece.empty()) fn(piece);
    begin = i + 1;
  }
}

// `count` hex digits of `s` at `i`, if they are all there.
std::optional<int> hex_at(std::string_view s, std::size_t i, int count) {
  int value = 0;
  for (; count > 0; ++i, --count) {
    if (i >= s.size()) return std::nullopt;
    const char c = s[i];
    const int v = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
    if (v < 0) return std::nullopt;
    value = value * 16 + v;
  }
  return value;
}

void append_utf8(std::string& out, int code) {
  const auto put = [&](int c) { out += static_cast<char>(c); };
  if (code >= 0x10000) {
    put(0xF0 | (code >> 18));
    put(0x80 | ((code >> 12) & 0x3F));
    put(0x80 | ((code >> 6) & 0x3F));
    put(0x80 | (code & 0x3F));
  } else if (code < 0x80) {
    put(code);
  } else if (code < 0x800) {
    put(0xC0 | (code >> 6));
    put(0x80 | (code & 0x3F));
  } else if (code < 0xD800 || code >= 0xE000) {  // surrogates are left out
    put(0xE0 | (code >> 12));
    put(0x80 | ((code >> 6) & 0x3F));
    put(0x80 | (code & 0x3F));
  }
}

bool is_high_surrogate(int code) { return code >= 0xD800 && code < 0xDC00; }
bool is_low_surrogate(int code) { return code >= 0xDC00 && code < 0xE000; }

// The low surrogate of a `%uXXXX` escape at `i`, if there is one.
std::optional<int> low_surrogate_at(std::string_view s, std::size_t i) {
  if (i + 1 >= s.size() || s[i] != '%' || s[i + 1] != 'u') return std::nullopt;
  const auto code = hex_at(s, i + 2, 4);
  if (!code || !is_low_surrogate(*code)) return std::nullopt;
  return code;
}

}  // namespace

std::string decode_url(std::string_view s, bool plus_is_space) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 1 < s.size()) {
      if (s[i + 1] == 'u') {
        if (const auto code = hex_at(s, i + 2, 4)) {
          // JavaScript's escape() writes a character beyond U+FFFF as a surrogate pair.
          if (is_high_surrogate(*code))
            if (const auto low = low_surrogate_at(s, i + 6)) {
              append_utf8(out, 0x10000 + ((*code - 0xD800) << 10) + (*low - 0xDC00));
              i += 11;
              continue;
            }
          append_utf8(out, *code);
          i += 5;
          continue;
        }
      } else if (const auto byte = hex_at(s, i + 1, 2)) {
        out += static_cast<char>(*byte);
        i += 2;
        continue;
      }
    }
    out += plus_is_space && s[i] == '+' ? ' ' : s[i];
  }
  return out;
}

std::optional<Request> request_of(std::string_view method, std::string_view target) {
  Request r;
  r.method = method;
  target = target.substr(0, target.find('#'));
  int count = 0;
  split(target, '?', [&](std::string_view piece) {
    if (count == 0) r.path = decode_url(piece, false);
    if (count == 1)
      split(piece, '&', [&](std::string_view pair) {
        std::string_view key, value;
        bool first = true;
        split(pair, '=',
              [&](std::string_view part) { (first ? key : value) = part, first = false; });
        r.params.insert_or_assign(decode_url(key, true), decode_url(value, true));
      });
    ++count;
  });
  if (count > 2) return std::nullopt;
  return r;
}

std::optional<std::string> lone_surrogate(std::string_view target) {
  for (std::size_t i = 0; i + 1 < target.size(); ++i) {
    if (target[i] != '%' || target[i + 1] != 'u') continue;
    const auto code = hex_at(target, i + 2, 4);
    if (!code) continue;
    if (is_high_surrogate(*code) && low_surrogate_at(target, i + 6)) {
      i += 11;
      continue;
    }
    if (is_high_surrogate(*code) || is_low_surrogate(*code))
      return std::string(target.substr(i, 6));
    i += 5;
  }
  return std::nullopt;
}

bool accepts_gzip(std::string_view accept_encoding) {
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  const auto same = [&](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (lower(a[i]) != b[i]) return false;
    return true;
  };
  bool gzip = false;
  split(accept_encoding, ',', [&](std::string_view coding) {
    std::string_view name = coding.substr(0, coding.find(';'));
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    if (!same(name, "gzip") && !same(name, "x-gzip") && name != "*") return;
    // A weight of zero ("q=0", "q=0.0", "q=0.000") refuses; any other weight accepts.
    bool zero = false;
    split(coding.substr(name.size()), ';', [&](std::string_view param) {
      const std::size_t eq = param.find('=');
      if (eq == param.npos) return;
      std::string_view key = param.substr(0, eq), q = param.substr(eq + 1);
      while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
      while (!q.empty() && (q.front() == ' ' || q.front() == '\t')) q.remove_prefix(1);
      if (same(key, "q")) zero = !q.empty() && q.find_first_not_of("0.") == q.npos;
    });
    gzip = gzip || !zero;
  });
  return gzip;
}

}  // namespace rings::serve
