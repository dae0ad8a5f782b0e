// rings: the command line. main only wires the subcommands and turns errors into exit codes.
#include <csignal>
#include <cstdio>

#include "cli.hpp"
#include "commands.hpp"

#ifndef RINGS_VERSION
#define RINGS_VERSION "unknown"
#endif

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe is seen as EPIPE and ends quietly
  CLI::App app{"rings: the Chinese Rings puzzle (Baguenaudier, Patience, 九連環) toolkit"};
  app.set_version_flag("--version", "rings " RINGS_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  int status = rings::cli::kOk;
  rings::cli::setup_count(app, status);
  rings::cli::setup_distance(app, status);
  rings::cli::setup_solve(app, status);
  rings::cli::setup_hint(app, status);
  rings::cli::setup_at(app, status);
  rings::cli::setup_verify(app, status);
  rings::cli::setup_table(app, status);
  rings::cli::setup_plot(app, status);
  rings::cli::setup_animate(app, status);
  rings::cli::setup_bench(app, status);
  rings::cli::setup_serve(app, status);
  rings::cli::setup_play(app, status);
  try {
    const auto named = [&](const CLI::App* c) { return c->get_name() == argv[1]; };
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands(named).empty())
      throw rings::cli::UsageError(fmt::format("unknown command '{}' (see rings --help)", argv[1]));
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (what.empty()) what = "invalid command line";
    what = what.substr(0, what.find('\n'));
    std::fprintf(stderr, "rings: error: %s (see rings --help)\n",
                 rings::cli::one_line(what).c_str());
    return rings::cli::kUsage;
  } catch (const rings::cli::UsageError& e) {
    std::fprintf(stderr, "rings: error: %s\n", rings::cli::one_line(e.what()).c_str());
    return rings::cli::kUsage;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "rings: error: out of memory\n");
    return rings::cli::kUsage;
  }
  return status;
}
