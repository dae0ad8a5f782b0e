// rings serve [--port P] [--host H] [--allow-host NAME]... [--timeout S]: the web app (page and
// JSON API).
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "cli.hpp"
#include "commands.hpp"
#include "http_server.hpp"

namespace rings::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8642;
  std::vector<std::string> allowed_hosts;
  int timeout = 10;
};

// The HTTP plugin: beside the rings program (the build tree), or in <prefix>/lib/rings.
RingsServeHttp load_http_plugin() {
  std::error_code ec;
  const auto dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  std::string tried;
  for (const auto& path : {dir / kHttpPlugin, dir / RINGS_PLUGIN_DIR / kHttpPlugin}) {
    if (void* lib = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
      if (void* entry = ::dlsym(lib, "rings_serve_http"))
        return reinterpret_cast<RingsServeHttp>(entry);
    tried += (tried.empty() ? "" : ", ") + path.lexically_normal().string();
  }
  fail(fmt::format("the web server ({}) is missing: looked for {}", kHttpPlugin, tried));
}

void print_address(int port, bool loopback, void* context) {
  const auto& host = *static_cast<const std::string*>(context);
  if (!loopback)
    std::fprintf(stderr,
                 "rings: warning: listening on %s: the page and the API are open to the network "
                 "(no login, no encryption); use --host 127.0.0.1 to keep them on this machine\n",
                 host.c_str());
  // The address goes out at once: scripts (and the browser tests) wait for this line. An IPv6
  // address is bracketed in a URL (RFC 3986), or its colons would read as the port's.
  const bool v6 = host.find(':') != std::string::npos && !host.starts_with('[');
  std::printf("rings: serving http://%s%s%s:%d/ (Ctrl-C to stop)\n", v6 ? "[" : "", host.c_str(),
              v6 ? "]" : "", port);
  std::fflush(stdout);
}

int run_serve(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) fail(fmt::format("--port must be 0..65535, found {}", o.port));
  if (o.timeout < 1 || o.timeout > 3600)
    fail(fmt::format("--timeout must be 1..3600 seconds, found {}", o.timeout));
  std::vector<const char*> allowed;
  for (const auto& name : o.allowed_hosts) {
    if (name.empty() || name.find_first_of(":/[]@ \t") != std::string::npos)
      fail(fmt::format("--allow-host: expected a host name or IPv4 address, found '{}'", name));
    allowed.push_back(name.c_str());
  }
  const RingsServeHttp serve_http = load_http_plugin();
  const RingsServeOptions options{o.host.c_str(),
                                  o.port,
                                  o.timeout,
                                  allowed.data(),
                                  static_cast<int>(allowed.size()),
                                  print_address,
                                  const_cast<std::string*>(&o.host)};
  const int err = serve_http(&options);
  if (err == EADDRINUSE)
    fail(fmt::format("cannot listen on {}:{}: the port is in use (another server has it)", o.host,
                     o.port));
  if (err != 0)
    fail(fmt::format(
        "cannot listen on {}:{}: {}", o.host, o.port,
        err < 0 || err == EADDRNOTAVAIL ? "not an address of this machine" : std::strerror(err)));
  return kOk;
}

}  // namespace

void setup_serve(CLI::App& app, int& status) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand(
      "serve", "The web app: the puzzle in the browser and the JSON API, on a local address");
  cmd->add_option("--port", o->port, "Port (0 picks a free one)")->default_str("8642");
  cmd->add_option("--host", o->host, "Address to listen on")->default_str("127.0.0.1");
  cmd->add_option("--allow-host", o->allowed_hosts,
                  "Another name the browser may use for this server (a proxy's, a LAN name); "
                  "repeatable")
      ->type_name("NAME");
  cmd->add_option("--timeout", o->timeout,
                  "Seconds a client has to send each request and read its answer (a body "
                  "still coming at 4 KiB/s or more may take longer)")
      ->default_str("10");
  cmd->callback([o, &status] { status = run_serve(*o); });
}

}  // namespace rings::cli
