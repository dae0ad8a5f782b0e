// The web app's server side as pure functions: a Request (method, path, query parameters, body)
// goes in, a Response (status, content type, body) comes out. No sockets, no threads, no
// globals: the HTTP layer (http_server.hpp) only translates, and the tests call handle()
// directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace rings::serve {

/// A request as the handlers see it.
struct Request {
  std::string method = "GET";
  std::string path;                           ///< e.g. "/api/hint", without the query
  std::map<std::string, std::string> params;  ///< query parameters, already decoded
  std::string body;
  bool gzip = false;  ///< the client takes `Content-Encoding: gzip` (its Accept-Encoding)
};

/// The rest of a large answer's body, made on demand: the rows of a table, the text of a
/// solution. The HTTP layer asks for it a piece at a time as its client reads (so the answer is
/// never held whole); handle() asks for it all at once.
class Producer {
 public:
  virtual ~Producer() = default;
  /// Appends the body's next bytes to `out`: about `want` bytes (a row may end past it), fewer
  /// when the body ends. Whether more remain. May throw Stopped (check_stop()).
  virtual bool next(std::string& out, std::size_t want) = 0;
};

/// A response: JSON for the API (errors are `{"error":"…"}`), the file for static paths.
struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  bool gzip = false;    ///< `body` is gzip-compressed (Content-Encoding: gzip)
  bool varies = false;  ///< the answer depends on the request's Accept-Encoding (Vary)
  /// When set, the body goes on with what this makes (only from respond(), never handle()).
  std::shared_ptr<Producer> more{};
};

/// Bounds on what a request may ask for, so that no request can take the server down.
inline constexpr std::size_t kMaxBody = 8u << 20;  ///< bytes of a POST body (a move list)
#ifndef RINGS_MAX_API_PIECES
#define RINGS_MAX_API_PIECES 100'000
#endif
/// Pieces of a state given to the API. The page's engine in the browser (web/engine) takes more:
/// there the work is on the asker's own machine.
inline constexpr std::uint64_t kMaxApiPieces = RINGS_MAX_API_PIECES;
inline constexpr unsigned kMaxPlotMoves = 1u << 20;       ///< moves of a path plot (/api/plot)
inline constexpr std::uint64_t kMaxHints = 1'000;         ///< k of /api/hint
inline constexpr std::uint64_t kMaxPage = 1'000;          ///< limit of /api/solve
inline constexpr std::uint64_t kDefaultPage = 100;        ///< limit of /api/solve when not given
inline constexpr std::uint64_t kMaxTextMoves = 1u << 20;  ///< limit of /api/solve?format=moves…
inline constexpr std::size_t kMaxText = 4u << 20;         ///< bytes of a text solution
inline constexpr std::size_t kMaxReplay = 10'000;         ///< moves of /api/verify?replay=1
inline constexpr std::uint64_t kMaxTableRings = 16;       ///< /api/table: at most 2^16 rows
#ifndef __EMSCRIPTEN__
/// Milestones an /api/plan lists: beyond, 400 with code answer_too_large (the JSON of 100,000
/// costs about 100 MB while it is made).
inline constexpr std::uint64_t kMaxPlanListed = 10'000;
/// Bytes of verify's `write=` text: beyond, 400 with code answer_too_large (a short list of a
/// large puzzle written as states would otherwise make gigabytes).
inline constexpr std::size_t kMaxWrittenText = kMaxText;
#else
// The page's engine in the browser: its own memory, as large as the engine allows.
inline constexpr std::uint64_t kMaxPlanListed = UINT64_MAX;
inline constexpr std::size_t kMaxWrittenText = SIZE_MAX;
#endif

/// Answers one request. The API (SPEC.md, and docs/web.md for the page's extras):
///
///     GET  /api/hint?state=S[&to=T][&k=K][&double=1]   the next K optimal moves, their reasons
///     GET  /api/distance?from=A&to=B[&double=1]        the optimal number of moves
///     GET  /api/count?n=N[&double=1]                   moves to take N rings off
///     GET  /api/at?k=K&from=A&to=B[&double=1]          the state after K optimal moves
///     GET  /api/table?n=N[&to=T][&double=1]            every state and its distance to T
///     GET  /api/solve?from=A&to=B[&offset=O][&limit=L] a page of the optimal solution
///          [&format=moves|toggles|states]            its first L moves as `rings solve` writes
///                                                     them (text/plain, at most 4 MiB)
///     POST /api/verify?from=A&to=B[&double=1]          checks the move list in the body
///          [&replay=1]                                 and gives its first 10,000 legal moves
///     GET  /api/state?state=S[&to=T][&double=1]        the state in every notation, its
///                                                      position, distance and legal moves
///     GET  /api/move?state=S&ring=R|1+2[&double=1]     whether a move is legal, and why
///
/// count, distance, hint and at take `mod=M` (1..2^64-1) to print their counts modulo M. The
/// answers' JSON comes from src/answers (answers.hpp), shared with the CLI's --json.
/// Every state parameter may be written in `notation` (binary by default, ring1-first, decimal,
/// cleve) or as on/off; `n` gives the ring count when no state is written in 0s and 1s. Any
/// other GET path is a file of the page (only from the embedded set; "/" is index.html).
/// Bad requests get status 400 and `{"error":"…"}`, unknown paths 404, other methods 405.
///
///     handle({.path = "/api/distance", .params = {{"from", "111"}, {"to", "000"}}}).body
///     // {"distance":"5"}
Response handle(const Request& request);

/// As handle(), but the body of a large answer (a table, a solution's text, verify's write=
/// text) may go on in `more`, to be sent as its client reads: what the HTTP layer calls. The
/// bytes are handle()'s.
Response respond(const Request& request);

}  // namespace rings::serve
