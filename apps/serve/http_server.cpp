// The HTTP layer of `rings serve`. Boost.Beast's basic_parser reads each request (its own
// callbacks keep only what the handlers need, so a request costs its bytes and no more) and
// Boost.Asio runs one event loop per thread: a slow or idle client costs a socket and a small
// buffer, never a thread. Expensive answers are computed by a small work pool (work_pool.hpp)
// at a lower CPU priority, each stopped when its client leaves or its CPU time runs out
// (stop_token.hpp), so cheap requests, answered in the loops, are never held up behind them.
// What clients may make the server hold is bounded by the constants of http_server.hpp;
// docs/robustness.md lists them and what each refusal looks like.
#include "http_server.hpp"

// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp uses std::exchange unincluded
// clang-format on

#include <malloc.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <list>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "handlers.hpp"
#include "request_target.hpp"
#include "stop_token.hpp"
#include "work_pool.hpp"

namespace rings::serve {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using beast::error_code;

// ---- Answers -----------------------------------------------------------------------------------

// The page loads its scripts, styles, WebAssembly and service worker from this server only,
// and no other site may frame it. Inline styles: a plot the page opens in a tab is a blob: of
// the engine's SVG, which inherits this policy and carries its style sheet inline.
constexpr std::string_view kPagePolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
// A plot opened on its own carries its style sheet inline, and nothing else.
constexpr std::string_view kPlotPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

constexpr std::string_view kSecurityHeaders =
    "Cache-Control: no-store\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "X-Frame-Options: DENY\r\n"
    "Referrer-Policy: no-referrer\r\n"
    "Cross-Origin-Opener-Policy: same-origin\r\n"
    "Cross-Origin-Resource-Policy: same-origin\r\n";

std::string_view reason_phrase(int status) {
  const auto r = http::obsolete_reason(static_cast<http::status>(status));
  return {r.data(), r.size()};
}

// How an answer's body ends: after Content-Length bytes; with the last HTTP/1.1 chunk (a body
// made as it is sent); or, to an HTTP/1.0 client, when the connection closes.
enum class Framing { length, chunked, close };

// The answer's head (the body is written from the Response itself, never copied).
std::string serialize_head(const Response& r, bool keep_alive, Framing framing) {
  std::string out;
  out.reserve(512);
  out += "HTTP/1.1 ";
  out += std::to_string(r.status);
  out += ' ';
  out += reason_phrase(r.status);
  out += "\r\nContent-Type: ";
  out += r.content_type;
  if (framing == Framing::length) {
    out += "\r\nContent-Length: ";
    out += std::to_string(r.body.size());
  } else if (framing == Framing::chunked) {
    out += "\r\nTransfer-Encoding: chunked";
  }
  out += "\r\nContent-Security-Policy: ";
  out += r.content_type == "image/svg+xml" ? kPlotPolicy : kPagePolicy;
  out += "\r\n";
  if (r.gzip) out += "Content-Encoding: gzip\r\n";
  if (r.varies) out += "Vary: Accept-Encoding\r\n";
  out += kSecurityHeaders;
  if (r.status == 503) out += "Retry-After: 1\r\n";
  out += keep_alive ? "Keep-Alive: timeout=1\r\n" : "Connection: close\r\n";
  out += "\r\n";
  return out;
}

// A refusal: {"error": why}, and its code for the page to word when given.
Response refusal(int status, std::string_view why, std::string_view code = {}) {
  nlohmann::json body{{"error", why}};
  if (!code.empty()) body["code"] = code;
  return {status, "application/json",
          body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
}

// A duration in seconds as a message says it: "5", or "0.03" for a limit the tests lowered.
std::string seconds(std::chrono::nanoseconds d) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", std::chrono::duration<double>(d).count());
  return text;
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (lower(s[i]) != lower(prefix[i])) return false;
  return true;
}

// Requests whose answer may cost much CPU time or memory (a plot, a plan, a table, pages of a
// solution, a move list checked): computed in the work pool. The others are answered in the
// event loop at once; their cost is small and bounded by the API's limits.
bool is_expensive(std::string_view path) {
  static constexpr std::string_view kExpensive[] = {"/api/plot", "/api/plan", "/api/table",
                                                    "/api/solve", "/api/verify"};
  return std::find(std::begin(kExpensive), std::end(kExpensive), path) != std::end(kExpensive);
}

// ---- Who may ask ----------------------------------------------------------------------------

bool is_loopback(const net::ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6()).is_loopback();
  return a.is_loopback();
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// The names a Host header may give, as the user meant them: the address (or name) given to
// --host, the address the client connected to, "localhost" on a loopback address, and every
// --allow-host. A page reaching the server through DNS rebinding names its own site: refused.
class HostCheck {
 public:
  HostCheck(std::string_view listen_host, std::vector<std::string> allowed)
      : listen_host_(lowercase(listen_host)), allowed_(std::move(allowed)) {
    for (auto& a : allowed_) a = lowercase(a);
  }
  /// The port the server listens on, known once it is bound.
  void set_port(unsigned short port) { port_ = port; }

  /// Whether `authority` ("name", "name:port", "[v6]:port") names this server for a client
  /// connected to `local`; `default_port` when it gives none.
  bool allows(std::string_view authority, const net::ip::address& local,
              unsigned short default_port) const {
    std::string_view name = authority, port_text;
    if (authority.starts_with('[')) {
      const auto close = authority.find(']');
      if (close == std::string_view::npos) return false;
      name = authority.substr(1, close - 1);
      const auto rest = authority.substr(close + 1);
      if (!rest.empty() && !rest.starts_with(':')) return false;
      if (!rest.empty()) port_text = rest.substr(1);
    } else if (const auto colon = authority.find(':'); colon != std::string_view::npos) {
      name = authority.substr(0, colon);
      port_text = authority.substr(colon + 1);
    }
    const std::string host = lowercase(name);
    if (host.empty()) return false;
    for (const auto& a : allowed_)
      if (host == a) return true;  // a name the user allowed, through any port (a proxy's)
    unsigned port = port_text.empty() ? default_port : 0;
    if (!port_text.empty()) {
      if (port_text.size() > 5) return false;
      for (const char c : port_text) {
        if (c < '0' || c > '9') return false;
        port = port * 10 + static_cast<unsigned>(c - '0');
      }
    }
    if (port != port_) return false;
    if (host == listen_host_) return true;
    if (host == "localhost") return is_loopback(local);
    error_code ec;
    const auto address = net::ip::make_address(host, ec);
    return !ec && (address == local || (is_loopback(address) && is_loopback(local)));
  }

 private:
  std::string listen_host_;
  std::vector<std::string> allowed_;
  unsigned short port_ = 0;
};

// ---- Reading a request ----------------------------------------------------------------------

// Bytes of request bodies held at once, by all connections together.
class Budget {
 public:
  explicit Budget(std::size_t limit) : limit_(limit) {}
  bool take(std::size_t n) {
    std::size_t used = used_.load();
    do {
      if (n > limit_ - used) return false;
    } while (!used_.compare_exchange_weak(used, used + n));
    return true;
  }
  void give_back(std::size_t n) { used_ -= n; }
  bool over() const { return used_.load() > limit_; }
  void add(std::size_t n) { used_ += n; }

 private:
  std::size_t limit_;
  std::atomic<std::size_t> used_{0};
};

// A request, as Beast's parser finds it: only the request line, the few fields that matter
// and the body are kept. Anything ambiguous or unsupported stops it with a refusal.
class RequestParser final : public http::basic_parser<true> {
 public:
  explicit RequestParser(Budget& bodies) : bodies_(bodies) {
    header_limit(kMaxHeader);
    body_limit(kMaxBody);
    eager(true);
  }
  ~RequestParser() override { bodies_.give_back(reserved_); }
  RequestParser(const RequestParser&) = delete;
  RequestParser& operator=(const RequestParser&) = delete;

  std::string method, target, body;
  int version = 11;  ///< 10 for HTTP/1.0, 11 for HTTP/1.1
  std::optional<std::string> host, origin, fetch_site;
  bool gzip = false;             ///< an Accept-Encoding takes gzip
  bool started = false;          ///< the request line has been read
  bool expect_continue = false;  ///< the client waits for "100 Continue" before the body
  std::optional<Response> refused;

 private:
  void refuse(error_code& ec, int status, std::string why) {
    refused = refusal(status, why);
    ec = http::error::bad_value;
  }

  void on_request_impl(http::verb, beast::string_view method_text, beast::string_view target_text,
                       int version, error_code& ec) override {
    started = true;
    version_ = this->version = version;
    if (target_text.size() > kMaxTarget)
      return refuse(ec, 414, fmt_limit("the request target is longer than", kMaxTarget));
    method.assign(method_text.data(), method_text.size());
    target.assign(target_text.data(), target_text.size());
  }
  void on_response_impl(int, beast::string_view, int, error_code&) override {}

  void on_field_impl(http::field f, beast::string_view name, beast::string_view value,
                     error_code& ec) override {
    if (++fields_ > kMaxFields)
      return refuse(ec, 431, fmt_limit("the request has more header fields than", kMaxFields));
    const std::string_view v(value.data(), value.size());
    switch (f) {
      case http::field::host:
        if (host) return refuse(ec, 400, "the request has more than one Host header");
        host.emplace(v);
        break;
      case http::field::origin:
        if (origin) return refuse(ec, 400, "the request has more than one Origin header");
        origin.emplace(v);
        break;
      case http::field::content_length:
        // Beast accepts a repeat or a list of one value; neither says anything a client needs.
        if (has_length_ || v.empty() || v.find_first_not_of("0123456789") != v.npos)
          return refuse(ec, 400, "Content-Length must be given once, as a decimal number");
        has_length_ = true;
        break;
      case http::field::transfer_encoding:
        // HTTP/1.0 has no transfer codings: a 1.0 peer (or a proxy) would read the body as
        // ending elsewhere (RFC 9112 section 6.1).
        if (version_ < 11)
          return refuse(ec, 400, "Transfer-Encoding is not part of HTTP/1.0: send Content-Length");
        if (!beast::iequals(value, "chunked"))
          return refuse(ec, 400, "the only transfer coding accepted is chunked");
        break;
      case http::field::content_encoding:
        if (!beast::iequals(value, "identity"))
          return refuse(ec, 415, "request bodies must not be compressed (Content-Encoding)");
        break;
      case http::field::accept_encoding:
        gzip = gzip || accepts_gzip(v);
        break;
      case http::field::expect:
        if (!beast::iequals(value, "100-continue"))
          return refuse(ec, 417, "the only expectation understood is 100-continue");
        expect_continue = true;
        break;
      default:
        if (beast::iequals(name, "sec-fetch-site")) {
          if (fetch_site) return refuse(ec, 400, "the request has more than one Sec-Fetch-Site");
          fetch_site.emplace(v);
        }
        break;
    }
  }
  void on_header_impl(error_code&) override {}

  void on_body_init_impl(const boost::optional<std::uint64_t>& length, error_code& ec) override {
    if (length) reserve(*length, ec);
  }
  std::size_t on_body_impl(beast::string_view s, error_code&) override {
    body.append(s.data(), s.size());
    return s.size();
  }
  void on_chunk_header_impl(std::uint64_t size, beast::string_view, error_code& ec) override {
    // Room for this chunk, and at least twice the room so far: the string grows, and the
    // budget counts its capacity, in a few steps even for a body of many small chunks.
    if (body.size() + size > body.capacity())
      reserve(std::max(body.size() + size, std::min<std::uint64_t>(2 * body.capacity(), kMaxBody)),
              ec);
  }
  std::size_t on_chunk_body_impl(std::uint64_t, beast::string_view s, error_code&) override {
    body.append(s.data(), s.size());
    return s.size();
  }
  void on_finish_impl(error_code&) override {}

  // Room for a body of `n` bytes, within the budget shared by all connections.
  void reserve(std::uint64_t n, error_code& ec) {
    if (n <= reserved_) return;
    if (n > kMaxBody || !bodies_.take(n - reserved_))
      return refuse(ec, 503, "the server is busy: try again soon");
    reserved_ = n;
    body.reserve(n);
  }

  static std::string fmt_limit(std::string_view what, std::size_t limit) {
    return std::string(what) + ' ' + std::to_string(limit);
  }

  Budget& bodies_;
  int version_ = 11;
  std::size_t reserved_ = 0, fields_ = 0;
  bool has_length_ = false;
};

// ---- The server ---------------------------------------------------------------------------

class Session;

struct Config {
  Clock::duration timeout;
  HostCheck hosts;
  /// CPU time an expensive answer may take, all its pieces together: kWorkCpuLimit, or less
  /// when the tests lower it (RINGS_SERVE_CPU_LIMIT_MS).
  std::chrono::nanoseconds cpu_limit = kWorkCpuLimit;
};

// Beast tells its stream's rate policy of every read: here, only to time the peer's bytes
// (Session::arrived). Reads and writes are never held back.
class PacePolicy {
 public:
  Session* session = nullptr;

 private:
  friend class beast::rate_policy_access;
  static constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
  std::size_t available_read_bytes() const noexcept { return kAll; }
  std::size_t available_write_bytes() const noexcept { return kAll; }
  void transfer_read_bytes(std::size_t n) const noexcept;
  void transfer_write_bytes(std::size_t) const noexcept {}
  void on_timer() const noexcept {}
};
using Stream = beast::basic_stream<tcp, net::any_io_executor, PacePolicy>;

// The open connections, to close the one furthest behind kMinRate when a new one needs the
// room: a crowd of slow or idle peers then makes room for a client that asks something, or
// uploads steadily, instead of locking it out.
class Connections {
 public:
  using Handle = std::list<std::weak_ptr<Session>>::iterator;
  Handle add(std::weak_ptr<Session> s) {
    std::lock_guard lock(mutex_);
    return list_.insert(list_.end(), std::move(s));
  }
  void remove(Handle h, bool evicted) {
    std::lock_guard lock(mutex_);
    list_.erase(h);
    if (evicted) --evicting_;
  }
  /// Makes room for one more; false when every connection is busy being answered.
  bool make_room();
  /// Closes the connection whose client has left a large answer unread the longest, if since
  /// before `before`: its bytes go back to the answers' budget. Whether there was one.
  bool shed_stalled(Clock::rep before);

 private:
  std::mutex mutex_;
  std::list<std::weak_ptr<Session>> list_;
  std::size_t evicting_ = 0;  // claimed, and not yet gone
};

struct Shared {
  explicit Shared(Config c) : config(std::move(c)) {}
  Config config;
  Budget bodies{kBodyBudget};
  Budget answers{kAnswerBudget};
  Connections connections;
  std::atomic<bool> stopping{false};  // SIGTERM: the work in progress stops
  WorkPool pool{kWorkers, kMaxQueuedWork, kWorkNice};
};

class Session final : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Shared& shared)
      : stream_(std::move(socket)),
        fd_(stream_.socket().native_handle()),
        shared_(shared),
        buffer_(kMaxHeader + 1024) {
    stream_.rate_policy().session = this;
  }
  ~Session() {
    if (registered_) shared_.connections.remove(handle_, evicted_);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start() {
    handle_ = shared_.connections.add(weak_from_this());
    registered_ = true;
    error_code ec;
    local_ = stream_.socket().local_endpoint(ec).address();
    stream_.socket().set_option(tcp::no_delay(true), ec);  // small answers must not wait (Nagle)
    // What has come already counts from now: a request sent at once is prompt, even when the
    // event loop reads it late.
    const std::size_t already = stream_.socket().available(ec);
    ahead_ = ec ? 0 : already;
    wait_for_request(kFirstRequestWait, ahead_);
  }

  /// Until when the bytes its peer sent since it began to wait pay for its waiting (see
  /// kMinRate): the smallest is the peer furthest behind; meaningful while waiting_since().
  Clock::rep paid_until() const { return paid_until_.load(std::memory_order_relaxed); }
  /// `n` bytes read from the peer (its rate policy says so).
  void arrived(std::size_t n) {
    const std::size_t counted = std::min(n, ahead_);  // when start() found them
    ahead_ -= counted;
    credit(n - counted);
  }

  /// Since when the connection has waited on its peer (for a request, or the rest of one);
  /// 0 while it is being answered.
  Clock::rep waiting_since() const { return waiting_since_.load(); }

  /// Claims the connection for eviction if it has waited on its peer since `since`; then
  /// evict(), in the connection's own thread, closes it.
  bool claim(Clock::rep since) {
    const unsigned answered = answered_.load();
    if (!waiting_since_.compare_exchange_strong(since, 0)) return false;
    claimed_at_ = answered;
    evicted_ = true;
    return true;
  }
  void evict() {
    // Unless it got its request meanwhile and is being answered: then it goes later.
    if (answered_.load() == claimed_at_) close();
  }

  /// Since when the client has left a large answer unwritten; 0 when there is none.
  Clock::rep writing_since() const { return writing_since_.load(); }
  /// Closes the connection if it still writes the answer it wrote `since`.
  void shed(Clock::rep since) {
    if (writing_since_.load() == since) close();
  }
  net::any_io_executor executor() { return stream_.get_executor(); }
  /// The socket's descriptor, to see from another thread what has come unread.
  int fd() const { return fd_; }

 private:
  // `already`: bytes of it that have come, not yet read.
  void wait_for_request(Clock::duration idle, std::size_t already = 0) {
    waiting_since_ = Clock::now().time_since_epoch().count();
    paid_until_.store(waiting_since_.load(), std::memory_order_relaxed);
    credit(already);
    if (buffer_.size() > 0) return read_request();  // the next request came with the last one
    stream_.expires_after(std::min(idle, shared_.config.timeout));
    stream_.async_read_some(buffer_.prepare(buffer_.max_size()),
                            [self = shared_from_this()](error_code ec, std::size_t n) {
                              if (ec) return self->close();
                              self->buffer_.commit(n);
                              self->read_request();
                            });
  }

  // From the request's first byte, its header has `timeout` to arrive (its body, read_body()).
  void read_request() {
    parser_.emplace(shared_.bodies);
    request_began_ = Clock::now();
    stream_.expires_at(request_began_ + shared_.config.timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](error_code ec, std::size_t) { self->on_header(ec); });
  }

  void on_header(error_code ec) {
    if (ec) return refuse_or_close(ec);
    if (auto why = absolute_form()) return answer(*why, false);
    if (auto why = check_header()) return answer(*why, false);
    if (parser_->is_done()) return on_request({});
    if (!parser_->expect_continue) return read_body();
    static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
    net::async_write(stream_, net::buffer(kContinue.data(), kContinue.size()),
                     [self = shared_from_this()](error_code ec, std::size_t) {
                       if (ec) return self->close();
                       self->read_body();
                     });
  }

  // The body, a read at a time, each with its deadline: `timeout` from the request's first
  // byte, and then as long again as its bytes so far take at kMinRate, but never more than
  // `timeout` from now. A steady upload goes on past `timeout`; a trickle ends there.
  void read_body() {
    const auto timeout = shared_.config.timeout;
    const auto earned = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(static_cast<double>(parser_->body.size()) / kMinRate));
    stream_.expires_at(std::min(request_began_ + timeout + earned, Clock::now() + timeout));
    http::async_read_some(stream_, buffer_, *parser_,
                          [self = shared_from_this()](error_code ec, std::size_t) {
                            if (ec || self->parser_->is_done()) return self->on_request(ec);
                            self->read_body();
                          });
  }

  // A target in absolute form ("http://127.0.0.1:8642/api/hint?…", RFC 9112 section 3.2.2) is
  // read as its path; its authority must name this server, as the Host must.
  std::optional<Response> absolute_form() {
    std::string_view t = parser_->target;
    const bool https = starts_with_nocase(t, "https://");
    if (!https && !starts_with_nocase(t, "http://")) return std::nullopt;
    t.remove_prefix(https ? 8 : 7);
    const auto end = t.find_first_of("/?#");
    const std::string_view authority = t.substr(0, end);
    if (!shared_.config.hosts.allows(authority, local_, https ? 443 : 80))
      return refusal(403, "the request target names " + std::string(authority.substr(0, 200)) +
                              ", which is not this server");
    const std::string_view rest = end == std::string_view::npos ? "" : t.substr(end);
    parser_->target = rest.starts_with('/') ? std::string(rest) : "/" + std::string(rest);
    return std::nullopt;
  }

  // The Host must name this server, and a POST from a page must come from its own origin.
  std::optional<Response> check_header() const {
    const auto& hosts = shared_.config.hosts;
    if (!parser_->host) return refusal(400, "the request has no Host header");
    if (!hosts.allows(*parser_->host, local_, 80))
      return refusal(403, "the Host header names " + parser_->host->substr(0, 200) +
                              ", which is not this server: start rings serve with "
                              "--allow-host NAME to answer to another name");
    if (parser_->origin && parser_->method != "GET" && parser_->method != "HEAD" &&
        !same_origin(*parser_->origin))
      return refusal(403, "a request from the page at " + parser_->origin->substr(0, 200) +
                              " may not change anything here");
    // Any page the user visits may ask the API of a server on this machine: only this
    // server's own page (and names given with --allow-host) may. A browser says where a request
    // comes from in Sec-Fetch-Site and, for scripts' requests, Origin; programs send neither.
    // The path as the handlers will read it: "/%61pi/hint" is the API too.
    const std::string_view target = parser_->target;
    if (decode_url(target.substr(0, target.find_first_of("?#")), false).starts_with("/api/")) {
      const auto& site = parser_->fetch_site;
      if (site && (beast::iequals(*site, "cross-site") || beast::iequals(*site, "same-site")))
        return refusal(
            403,
            "the API answers only the page of this server, not a page of " +
                std::string(*site == "same-site" ? "another port or name" : "another site"),
            "cross_site");
      if (parser_->origin && !same_origin(*parser_->origin))
        return refusal(403,
                       "the API answers only the page of this server, not the page at " +
                           std::string(parser_->origin->substr(0, 200)),
                       "cross_site");
    }
    return std::nullopt;
  }

  // Whether a page of `origin` ("http://127.0.0.1:8642") is this server's own.
  bool same_origin(std::string_view origin) const {
    const bool https = origin.starts_with("https://");
    return (https || origin.starts_with("http://")) &&
           shared_.config.hosts.allows(origin.substr(https ? 8 : 7), local_, https ? 443 : 80);
  }

  void refuse_or_close(error_code ec) {
    if (parser_ && parser_->refused) return answer(*parser_->refused, false);
    if (ec == http::error::header_limit)
      return answer(parser_->started ? refusal(431, "the request's header is longer than " +
                                                        std::to_string(kMaxHeader) + " bytes")
                                     : refusal(414, "the request line is longer than " +
                                                        std::to_string(kMaxHeader) + " bytes"),
                    false);
    if (ec == http::error::body_limit)
      return answer(
          refusal(413, "the request body is larger than " + std::to_string(kMaxBody) + " bytes"),
          false);
    // A peer that went away, stopped half-way or ran out of time gets no answer.
    if (ec.category() != http::make_error_code(http::error::bad_method).category() ||
        ec == http::error::end_of_stream || ec == http::error::partial_message ||
        ec == http::error::buffer_overflow)
      return close();
    answer(refusal(400, "the request is not valid HTTP/1.1: " + ec.message()), false);
  }

  void on_request(error_code ec) {
    if (ec) return refuse_or_close(ec);
    waiting_since_ = 0;
    if (const auto escape = lone_surrogate(parser_->target))
      return answer(refusal(400, "the request target has " + *escape +
                                     ", half of a UTF-16 surrogate pair: no character"),
                    false);
    auto request = request_of(parser_->method, parser_->target);
    if (!request) return answer(refusal(400, "the request target has more than one '?'"), false);
    request->body = std::move(parser_->body);
    request->gzip = parser_->gzip;
    http11_ = parser_->version >= 11;
    const bool keep_alive = parser_->keep_alive() && ++served_ < kRequestsPerConnection;
    if (is_expensive(request->path)) return compute(std::move(*request), keep_alive);
    Response response;
    try {
      response = handle(*request);
    } catch (const std::exception& e) {  // a bug: the client hears of it, the others not at all
      response = refusal(500, std::string("the server failed: ") + e.what());
    }
    answer(std::move(response), keep_alive);
  }

  // An expensive request is computed by the work pool, while the connection watches for its
  // client leaving (then the work stops: nobody would read the answer).
  void compute(Request request, bool keep_alive) {
    // A full budget is the doing of clients that do not read: the one that has left its answer
    // unread longest is dropped, rather than this request refused.
    const auto stalled = Clock::now() - kStalledAnswer;
    if (shared_.answers.over() &&
        !shared_.connections.shed_stalled(stalled.time_since_epoch().count()))
      return answer(refusal(503, "the server is busy: try again soon"), false);
    auto token = std::make_shared<StopToken>(shared_.config.cpu_limit, &shared_.stopping);
    token_ = token;
    const unsigned job = ++jobs_;
    const bool queued =
        shared_.pool.submit([self = shared_from_this(), token, request = std::move(request),
                             keep_alive, job]() mutable {
          std::optional<Response> response;
          bool timed_out = false;
          std::chrono::nanoseconds used{};
          // Checked again when its turn comes: answers made meanwhile may fill the budget.
          const auto stalled = Clock::now() - kStalledAnswer;
          if (!token->stop_requested() && self->shared_.answers.over() &&
              !self->shared_.connections.shed_stalled(stalled.time_since_epoch().count())) {
            response = refusal(503, "the server is busy: try again soon");
            keep_alive = false;
          } else if (!token->stop_requested()) {
            try {
              const ScopedStopToken scope(*token);
              response = respond(request);
              // The first piece now: an answer that ends within it is sent with its length.
              if (response->more && request.method != "HEAD" &&
                  !response->more->next(response->body, kAnswerPiece))
                response->more.reset();
              used = scope.used();
            } catch (const Stopped& stopped) {
              response.reset();
              timed_out = stopped.timed_out;
            } catch (const std::exception& e) {
              response = refusal(500, std::string("the server failed: ") + e.what());
              keep_alive = false;
            }
          }
          request = {};  // the body goes now, in this thread
          net::post(self->executor(), [self, response = std::move(response), timed_out, keep_alive,
                                       job, used]() mutable {
            self->on_computed(std::move(response), timed_out, keep_alive, job, used);
          });
        });
    if (!queued) {
      token_.reset();
      return answer(refusal(503, "the server is busy: try again soon"), false);
    }
    watch_peer(job);
  }

  // Until the answer of job `job` is ready: a peer that closes (or resets) stops the work. Data
  // from it (the next request, pipelined) waits in the socket.
  void watch_peer(unsigned job) {
    stream_.socket().async_wait(
        tcp::socket::wait_read, [self = shared_from_this(), job](error_code ec) {
          if (ec || job != self->jobs_ || !self->token_) return;
          char c;
          const ssize_t n =
              ::recv(self->stream_.socket().native_handle(), &c, 1, MSG_PEEK | MSG_DONTWAIT);
          if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return self->watch_peer(job);
          if (n <= 0) self->token_->request_stop();
        });
  }

  void on_computed(std::optional<Response> response, bool timed_out, bool keep_alive, unsigned job,
                   std::chrono::nanoseconds used) {
    if (job != jobs_) return;
    token_.reset();
    error_code ec;
    stream_.socket().cancel(ec);  // the watch
    if (timed_out)
      return answer(refusal(503,
                            "the answer needs more than " + seconds(shared_.config.cpu_limit) +
                                " s of CPU time: ask for less",
                            "time_limit"),
                    false);
    cpu_left_ = shared_.config.cpu_limit - used;  // for the rest of its pieces
    if (!response) return close();                // its client left, or the server is stopping
    answer(std::move(*response), keep_alive);
  }

  // Writes the answer; a connection whose request was refused is then closed. An answer with
  // more to come (Response::more) is sent a piece at a time: the next piece is made, by the
  // work pool, only once the last one is written, so a client that reads slowly holds one piece
  // (kAnswerPiece) here however large its answer, and one that leaves stops it.
  void answer(Response response, bool keep_alive) {
    waiting_since_ = 0;
    ++answered_;
    const bool head_only = parser_ && parser_->method == "HEAD";
    Framing framing = Framing::length;
    if (response.more) {
      framing = http11_ ? Framing::chunked : Framing::close;
      if (!http11_) keep_alive = false;
    }
    if (keep_alive) parser_.reset();  // frees the body now, not after the write
    keep_alive_ = keep_alive;
    head_ = serialize_head(response, keep_alive, framing);
    if (head_only) response.body.clear();
    if (response.more && !head_only) {
      chunked_ = framing == Framing::chunked;
      more_ = std::move(response.more);
      body_ = framed(std::move(response.body), false);
    } else {
      body_ = std::move(response.body);
    }
    send();
  }

  // Writes head_ and body_ (counted in the answers' budget meanwhile), then makes the next
  // piece, waits for the next request, or closes.
  void send() {
    held_ = head_.size() + body_.size();
    shared_.answers.add(held_);
    if (body_.size() >= kLargeAnswer) writing_since_ = Clock::now().time_since_epoch().count();
    stream_.expires_after(shared_.config.timeout);
    const std::array<net::const_buffer, 2> buffers{net::buffer(head_), net::buffer(body_)};
    net::async_write(stream_, buffers, [self = shared_from_this()](error_code ec, std::size_t) {
      self->writing_since_ = 0;
      self->shared_.answers.give_back(self->held_);
      self->held_ = 0;
      std::string().swap(self->head_);
      std::string().swap(self->body_);
      if (ec) return self->close();
      if (self->more_) return self->produce();
      if (self->keep_alive_) return self->wait_for_request(kKeepAlive);
      self->linger();
    });
  }

  // A piece of a body made as it is sent, as an HTTP/1.1 chunk (and the last chunk after it
  // when it is the end), or as it is to an HTTP/1.0 client.
  std::string framed(std::string piece, bool last) const {
    if (!chunked_) return piece;
    std::string out;
    if (!piece.empty()) {
      char size[32];
      const int n = std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
      out.reserve(piece.size() + static_cast<std::size_t>(n) + 7);
      out.append(size, static_cast<std::size_t>(n));
      out += piece;
      out += "\r\n";
    }
    if (last) out += "0\r\n\r\n";
    return out;
  }

  // The next piece of the answer being sent, made by the work pool (never refused for a full
  // queue: the answer was accepted), stopped when the client leaves or the server stops.
  void produce() {
    // Its CPU time is what the answer has left: the limit is the whole answer's, or an answer
    // of many cheap pieces could cost any amount.
    if (cpu_left_ <= std::chrono::nanoseconds::zero()) return close();
    auto token = std::make_shared<StopToken>(cpu_left_, &shared_.stopping);
    token_ = token;
    const unsigned job = ++jobs_;
    const bool queued = shared_.pool.submit(
        [self = shared_from_this(), token, more = more_, job] {
          std::string piece;
          bool done = false, failed = true;
          std::chrono::nanoseconds used{};
          if (!token->stop_requested()) {
            try {
              const ScopedStopToken scope(*token);
              done = !more->next(piece, kAnswerPiece);
              used = scope.used();
              failed = false;
            } catch (const Stopped&) {
            } catch (const std::exception&) {
            }
          }
          net::post(self->executor(),
                    [self, piece = std::move(piece), done, failed, job, used]() mutable {
                      self->on_piece(std::move(piece), done, failed, job, used);
                    });
        },
        true);
    if (!queued) return close();  // the server is stopping
    watch_peer(job);
  }

  void on_piece(std::string piece, bool done, bool failed, unsigned job,
                std::chrono::nanoseconds used) {
    if (job != jobs_) return;
    token_.reset();
    error_code ec;
    stream_.socket().cancel(ec);  // the watch
    // Stopped (its client left, its CPU time ran out, the server stops) or failed: the answer
    // cannot be finished, and its client sees it end short of its last chunk.
    if (failed) return close();
    cpu_left_ -= used;
    body_ = framed(std::move(piece), done);
    if (done) more_.reset();
    send();
  }

  // After a refusal the rest of the request may still be on its way: it is read and dropped
  // for a moment, so that the client reads the answer instead of a reset.
  void linger() {
    parser_.reset();
    error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(1));
    buffer_.clear();
    drain(0);
  }
  void drain(std::size_t drained) {
    if (drained > (1u << 20)) return close();
    stream_.async_read_some(buffer_.prepare(buffer_.max_size()),
                            [self = shared_from_this(), drained](error_code ec, std::size_t n) {
                              if (ec) return self->close();
                              self->buffer_.clear();
                              self->drain(drained + n);
                            });
  }

  // Each byte buys 1/kMinRate s of waiting, up to `timeout` ahead of now (what a fast peer
  // banks then lasts no longer than a request's deadline).
  void credit(std::size_t n) {
    if (n == 0) return;
    const auto now = Clock::now();
    const auto bought = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(static_cast<double>(n) / kMinRate));
    const auto paid = Clock::time_point(Clock::duration(paid_until_.load())) + bought;
    paid_until_.store(std::min(paid, now + shared_.config.timeout).time_since_epoch().count(),
                      std::memory_order_relaxed);
  }

  void close() {
    waiting_since_ = 0;
    error_code ec;
    stream_.socket().close(ec);
  }

  Stream stream_;
  const int fd_;  // stream_'s, read by make_room() (the socket's own member is not thread-safe)
  Shared& shared_;
  beast::flat_buffer buffer_;
  std::optional<RequestParser> parser_;
  std::string head_, body_;              // the answer being written (or its next piece)
  std::size_t held_ = 0;                 // its bytes, counted in the answers' budget
  std::shared_ptr<Producer> more_;       // the rest of the answer, made a piece at a time
  bool chunked_ = false;                 // its pieces sent as HTTP/1.1 chunks (else until close)
  bool keep_alive_ = false;              // after the answer, wait for the next request
  bool http11_ = true;                   // the request was HTTP/1.1 (else 1.0: no chunks)
  Clock::time_point request_began_;      // the first byte of the request being read
  std::shared_ptr<StopToken> token_;     // of the request being computed
  std::chrono::nanoseconds cpu_left_{};  // CPU time the rest of the answer being sent may take
  unsigned jobs_ = 0;                    // requests given to the work pool
  net::ip::address local_;
  unsigned served_ = 0;
  std::atomic<Clock::rep> waiting_since_{0};
  std::atomic<Clock::rep> paid_until_{0};     // see paid_until()
  std::size_t ahead_ = 0;                     // bytes credited before they were read
  std::atomic<Clock::rep> writing_since_{0};  // a large answer its client has not read yet
  std::atomic<unsigned> answered_{0};
  unsigned claimed_at_ = 0;
  std::atomic<bool> evicted_{false};  // claimed: counted as leaving until it is gone
  Connections::Handle handle_;
  bool registered_ = false;
};

void PacePolicy::transfer_read_bytes(std::size_t n) const noexcept {
  if (session) session->arrived(n);
}

bool Connections::shed_stalled(Clock::rep before) {
  std::vector<std::shared_ptr<Session>> seen;  // let go after the lock, as in make_room()
  std::lock_guard lock(mutex_);
  for (const auto& weak : list_)
    if (auto s = weak.lock()) seen.push_back(std::move(s));
  Session* oldest = nullptr;
  Clock::rep since = 0;
  for (const auto& s : seen)
    if (const auto t = s->writing_since(); t != 0 && t < before && (!oldest || t < since))
      since = t, oldest = s.get();
  if (!oldest) return false;
  net::post(oldest->executor(), [s = oldest->shared_from_this(), since] { s->shed(since); });
  return true;
}

bool Connections::make_room() {
  // Sessions looked at are let go after the lock: the last reference may be one of these, and
  // a session's destructor takes the lock.
  std::vector<std::shared_ptr<Session>> seen;
  std::lock_guard lock(mutex_);
  if (list_.size() < kMaxConnections + evicting_) return true;
  for (const auto& weak : list_)
    if (auto s = weak.lock()) seen.push_back(std::move(s));
  // The one to close: of those waiting on their peer (for a request, the rest of its header
  // or its body), the one whose bytes came slowest for its wait (kMinRate): an idle or
  // trickling peer (a flood) goes before a fresh one, one that sent its request at once, or a
  // steady upload. One whose bytes have come but are not read yet (a busy event loop) waits on
  // the server, not on its peer: it counts as paid up to now (a few looks a call, at most).
  struct Candidate {
    Session* session;
    Clock::rep since, paid;
    bool looked;
  };
  std::vector<Candidate> candidates;
  candidates.reserve(seen.size());
  for (const auto& s : seen)
    if (const auto t = s->waiting_since(); t != 0)
      candidates.push_back({s.get(), t, s->paid_until(), false});
  int looks = 0;
  while (!candidates.empty()) {
    auto slowest = std::min_element(candidates.begin(), candidates.end(),
                                    [](const auto& a, const auto& b) { return a.paid < b.paid; });
    if (!slowest->looked && looks < 16) {
      ++looks;
      slowest->looked = true;
      int unread = 0;
      if (::ioctl(slowest->session->fd(), FIONREAD, &unread) == 0 && unread > 0) {
        const auto bought = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(static_cast<double>(unread) / kMinRate));
        slowest->paid = std::max(slowest->paid, (Clock::now() + bought).time_since_epoch().count());
        continue;
      }
    }
    if (slowest->session->claim(slowest->since)) {
      ++evicting_;
      net::post(slowest->session->executor(),
                [s = slowest->session->shared_from_this()] { s->evict(); });
      return true;
    }
    candidates.erase(slowest);  // it is being answered meanwhile: the next
  }
  return false;
}

// One event loop per thread; the acceptors hand each connection to the next loop in turn.
class Server {
 public:
  Server(Config config, std::size_t threads) : shared_(std::move(config)) {
    for (std::size_t i = 0; i < threads; ++i)
      loops_.push_back(std::make_unique<net::io_context>(1));
  }

  /// Binds and listens on every address of `required` and, where the machine has them, of
  /// `optional`, all on one port (`port`, or one free on all when 0), exclusively (no
  /// SO_REUSEPORT): the errno of a failure, or 0.
  int listen(const std::vector<net::ip::address>& required,
             const std::vector<net::ip::address>& optional, unsigned short port) {
    int err = 0;
    // With port 0 the first address picks one, which another address may have taken: again.
    for (int attempt = 0; attempt < (port == 0 ? 8 : 1); ++attempt) {
      acceptors_.clear();
      err = 0;
      unsigned short at = port;
      for (const auto& a : required) {
        if ((err = listen_one({a, at}))) break;
        at = acceptors_.back().local_endpoint().port();
      }
      if (!err)
        for (const auto& a : optional)
          if (const int e = listen_one({a, at});
              e && e != EADDRNOTAVAIL && e != EAFNOSUPPORT && e != EPROTONOSUPPORT) {
            err = e;
            break;
          }
      if (err != EADDRINUSE || port != 0) break;
    }
    if (err) {
      acceptors_.clear();
      return err;
    }
    shared_.config.hosts.set_port(this->port());
    return 0;
  }
  unsigned short port() const { return acceptors_.front().local_endpoint().port(); }

  void run() {
    net::signal_set signals(accept_loop_, SIGINT, SIGTERM);
    signals.async_wait([this](error_code, int) {
      shared_.stopping = true;  // the work in progress stops at its next check
      error_code ec;
      for (auto& a : acceptors_) a.close(ec);
      for (auto& loop : loops_) loop->stop();
    });
    std::vector<std::thread> threads;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> work;
    for (auto& loop : loops_) {
      work.push_back(net::make_work_guard(*loop));
      threads.emplace_back([&loop] { loop->run(); });
    }
    for (auto& a : acceptors_) accept(a);
    accept_loop_.run();
    for (auto& t : threads) t.join();
    // Work that does not stop in time (a picture being drawn) is not waited for.
    if (!shared_.pool.stop(kStopGrace)) {
      std::fflush(nullptr);
      std::_Exit(0);
    }
  }

 private:
  int listen_one(const tcp::endpoint& at) {
    tcp::acceptor& acceptor = acceptors_.emplace_back(accept_loop_);
    error_code ec;
    acceptor.open(at.protocol(), ec);
    // SO_REUSEADDR only lets a restarted server bind while old connections linger in
    // TIME_WAIT; on Linux a second listener on the port still gets EADDRINUSE.
    if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec && at.address().is_v6() && at.address().is_loopback())
      acceptor.set_option(net::ip::v6_only(true), ec);
    if (!ec) acceptor.bind(at, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) acceptors_.pop_back();
    return ec.value();
  }

  void accept(tcp::acceptor& acceptor) {
    auto& loop = *loops_[next_++ % loops_.size()];
    acceptor.async_accept(loop, [this, &acceptor](error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted) return;  // stopping
      if (!ec) {
        if (shared_.connections.make_room()) {
          std::make_shared<Session>(std::move(socket), shared_)->start();
        } else {
          static constexpr std::string_view kBusy =
              "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
              "Content-Length: 46\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
              "{\"error\":\"the server is busy: try again soon\"}";
          static_assert(kBusy.substr(kBusy.find("\r\n\r\n") + 4).size() == 46);
          socket.non_blocking(true, ec);
          socket.send(net::buffer(kBusy.data(), kBusy.size()), 0, ec);
        }
      }
      // Out of descriptors (EMFILE): wait a little rather than spin.
      if (ec == net::error::no_descriptors)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      accept(acceptor);
    });
  }

  Shared shared_;
  std::vector<std::unique_ptr<net::io_context>> loops_;  // after shared_: destroyed first
  net::io_context accept_loop_{1};
  std::list<tcp::acceptor> acceptors_;  // a list: accept() holds references
  std::size_t next_ = 0;
};

}  // namespace
}  // namespace rings::serve

extern "C" int rings_serve_http(const RingsServeOptions* o) {
  using namespace rings::serve;
  // Bodies and answers of 128 KiB and more get pages of their own, given back when freed. By
  // default glibc raises this threshold after such a free, and the next big bodies then stay
  // in its heaps: the resident set grew with every attack instead of staying within budget.
  mallopt(M_MMAP_THRESHOLD, 128 << 10);
  // The addresses to listen on: an address as given, or every address of a name.
  std::vector<net::ip::address> required, optional;
  error_code ec;
  if (const auto literal = net::ip::make_address(o->host, ec); !ec) {
    required.push_back(literal);
  } else {
    net::io_context ioc;
    const auto found = tcp::resolver(ioc).resolve(o->host, "", ec);
    if (ec || found.empty()) return -1;
    for (const auto& entry : found)
      if (std::find(required.begin(), required.end(), entry.endpoint().address()) == required.end())
        required.push_back(entry.endpoint().address());
  }
  // Browsers take localhost for both 127.0.0.1 and ::1, whatever /etc/hosts says: holding
  // one, the server holds the other too.
  const std::array<net::ip::address, 2> localhost{net::ip::address_v4::loopback(),
                                                  net::ip::address_v6::loopback()};
  const auto has = [](const auto& list, const net::ip::address& a) {
    return std::find(list.begin(), list.end(), a) != list.end();
  };
  if (has(required, localhost[0]) || has(required, localhost[1]))
    for (const auto& a : localhost)
      if (!has(required, a)) optional.push_back(a);
  // The event loops' threads answer the cheap requests: as many as there are cores.
  const auto threads = std::clamp(std::thread::hardware_concurrency(), 2u, 8u);
  Config config{std::chrono::seconds(o->request_timeout),
                HostCheck(o->host, {o->allowed_hosts, o->allowed_hosts + o->allowed_host_count})};
  // For the tests only: a lower CPU limit, so that answers of a fraction of a second can pass
  // it (never a higher one).
  if (const char* ms = std::getenv("RINGS_SERVE_CPU_LIMIT_MS")) {
    const long v = std::strtol(ms, nullptr, 10);
    if (v > 0 && v < kWorkCpuLimit.count()) config.cpu_limit = std::chrono::milliseconds(v);
  }
  Server server(std::move(config), threads);
  if (const int err = server.listen(required, optional, static_cast<unsigned short>(o->port)))
    return err;
  o->on_listening(server.port(), is_loopback(required.front()), o->context);
  server.run();
  return 0;
}
