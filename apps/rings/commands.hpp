// One subcommand, one file: each setup_x registers `rings x` with its options; its callback
// runs the command and stores the exit status in `status`.
#pragma once

#include <CLI/CLI.hpp>

namespace rings::cli {

void setup_count(CLI::App& app, int& status);
void setup_distance(CLI::App& app, int& status);
void setup_solve(CLI::App& app, int& status);
void setup_hint(CLI::App& app, int& status);
void setup_at(CLI::App& app, int& status);
void setup_plan(CLI::App& app, int& status);
void setup_verify(CLI::App& app, int& status);
void setup_table(CLI::App& app, int& status);
void setup_plot(CLI::App& app, int& status);
void setup_animate(CLI::App& app, int& status);
void setup_bench(CLI::App& app, int& status);
void setup_serve(CLI::App& app, int& status);
void setup_play(CLI::App& app, int& status);
void setup_puzzles(CLI::App& app, int& status);

}  // namespace rings::cli
