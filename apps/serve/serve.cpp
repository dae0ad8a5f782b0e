// rings serve [--port P] [--host H]: the web app (page and JSON API) on a local address.
#include <cstdio>

#include "cli.hpp"
#include "commands.hpp"
#include "http_server.hpp"

namespace rings::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8642;
};

int run_serve(const ServeOptions& o) {
  if (o.port < 0 || o.port > 65535) fail(fmt::format("--port must be 0..65535, found {}", o.port));
  const bool ok = serve::serve_http(o.host, o.port, [&](int port) {
    // The address goes out at once: scripts (and the browser tests) wait for this line.
    std::printf("rings: serving http://%s:%d/ (Ctrl-C to stop)\n", o.host.c_str(), port);
    std::fflush(stdout);
  });
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
  cmd->callback([o, &status] { status = run_serve(*o); });
}

}  // namespace rings::cli
