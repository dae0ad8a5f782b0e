// How the HTTP layer reads a request target ("/api/hint?state=1%2B1") into handlers.hpp's
// Request: as cpp-httplib 0.11 decoded it, so that no API answer changed when the HTTP layer
// became Boost.Beast. Pure functions, tested in tests/serve/request_target_test.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "handlers.hpp"

namespace rings::serve {

/// `s` with each `%XX` turned into its byte and each `%uXXXX` into the code point's UTF-8 (a
/// surrogate pair `%uD83D%uDE00` into its one character; a lone surrogate left out: the HTTP
/// layer refuses those first, lone_surrogate()), and with '+' as a space when `plus_is_space`
/// (a query, not a path). An escape that is cut short or not two hex digits stays as it is.
///
///     decode_url("a%2Bb+c%u00e9", true)  // "a+b cé"
std::string decode_url(std::string_view s, bool plus_is_space);

/// The first `%uXXXX` escape of `target` that is half of a surrogate pair without its other
/// half (no character: the HTTP layer answers 400 rather than drop it), or nothing.
///
///     lone_surrogate("/api/hint?state=%uD83D")  // "%uD83D"
std::optional<std::string> lone_surrogate(std::string_view target);

/// The request of `method` for `target`: its path (decoded, without the query or a fragment)
/// and query parameters (`&`-separated `key=value` pairs, decoded; a key without '=' has an
/// empty value; empty pairs are skipped; a later repeat of a key wins). Nothing when the
/// target has more than one '?' (the HTTP layer answers 400).
std::optional<Request> request_of(std::string_view method, std::string_view target);

/// Whether an Accept-Encoding header's value takes gzip: `gzip`, `x-gzip` or `*` (any case),
/// unless its weight is zero (`gzip;q=0`).
///
///     accepts_gzip("gzip, deflate, br")  // true
///     accepts_gzip("br;q=1, gzip;q=0")   // false
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace rings::serve
