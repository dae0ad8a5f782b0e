// rings serve [--port P] [--host H] [--timeout S]: the web app (page and JSON API).
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "cli.hpp"
#include "commands.hpp"
#include "http_server.hpp"

namespace rings::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8642;
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

void print_address(int port, void* context) {
  // The address goes out at once: scripts (and the browser tests) wait for this line.
  const auto& host = *static_cast<const std::string*>(context);
  std::printf("rings: serving http://%s:%d/ (Ctrl-C to stop)\n", host.c_str(), port);
  std::fflush(stdout);
}

int run_serve(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) fail(fmt::format("--port must be 0..65535, found {}", o.port));
  if (o.timeout < 1 || o.timeout > 3600)
    fail(fmt::format("--timeout must be 1..3600 seconds, found {}", o.timeout));
  const RingsServeHttp serve_http = load_http_plugin();
  const bool ok = serve_http(o.host.c_str(), o.port, o.timeout, print_address,
                             const_cast<std::string*>(&o.host));
  if (!ok)
    fail(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", o.host,
                     o.port));
  return kOk;
}

}  // namespace

void setup_serve(CLI::App& app, int& status) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand(
      "serve", "The web app: the puzzle in the browser and the JSON API, on a local address");
  cmd->add_option("--port", o->port, "Port (0 picks a free one)")->default_str("8642");
  cmd->add_option("--host", o->host, "Address to listen on")->default_str("127.0.0.1");
  cmd->add_option("--timeout", o->timeout,
                  "Seconds a client has to send each request and read its answer")
      ->default_str("10");
  cmd->callback([o, &status] { status = run_serve(*o); });
}

}  // namespace rings::cli
