// rings: the command line. main only wires the subcommands and turns errors into exit codes.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iterator>
#include <sstream>
#include <string_view>
#include <utility>

#include "cli.hpp"
#include "commands.hpp"

#ifndef RINGS_VERSION
#define RINGS_VERSION "unknown"
#endif

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe is seen as EPIPE and ends quietly
  CLI::App app{"rings: the Chinese Rings puzzle (Baguenaudier, Patience, 九連環) toolkit"};
  app.set_version_flag("-V,--version", "rings " RINGS_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  int status = rings::cli::kOk;
  // Only the named command's options are built (a tenth of a short command's time); --help, no
  // command or an unknown one builds them all.
  using Setup = void (*)(CLI::App&, int&);
  static constexpr std::pair<std::string_view, Setup> kCommands[] = {
      {"count", rings::cli::setup_count},     {"distance", rings::cli::setup_distance},
      {"solve", rings::cli::setup_solve},     {"hint", rings::cli::setup_hint},
      {"at", rings::cli::setup_at},           {"plan", rings::cli::setup_plan},
      {"verify", rings::cli::setup_verify},   {"table", rings::cli::setup_table},
      {"plot", rings::cli::setup_plot},       {"animate", rings::cli::setup_animate},
      {"bench", rings::cli::setup_bench},     {"serve", rings::cli::setup_serve},
      {"puzzles", rings::cli::setup_puzzles},
#ifdef RINGS_PLAY
      {"play", rings::cli::setup_play},
#endif
  };
  const std::string_view first = argc > 1 ? argv[1] : "";
  const auto chosen = std::find_if(std::begin(kCommands), std::end(kCommands),
                                   [&](const auto& c) { return c.first == first; });
  if (chosen != std::end(kCommands))
    chosen->second(app, status);
  else
    for (const auto& [name, setup] : kCommands) setup(app, status);
  try {
    const auto named = [&](const CLI::App* c) { return c->get_name() == argv[1]; };
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands(named).empty())
      throw rings::cli::UsageError(fmt::format("unknown command '{}' (see rings --help)", argv[1]));
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    // --help, --version: written as any output is, so a full disk is an error (status 2).
    std::ostringstream text;
    const int code = app.exit(e, text, text);
    rings::cli::Output out;
    out.write(text.str());
    return code;
  } catch (const CLI::ParseError& e) {
    const std::string_view command = chosen != std::end(kCommands) ? chosen->first : "";
    std::fprintf(stderr, "rings: error: %s\n",
                 rings::cli::one_line(rings::cli::parse_error_text(e.what(), command)).c_str());
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
