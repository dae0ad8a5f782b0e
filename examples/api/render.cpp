// rings/render.hpp: plots and animations as SVG text (link rings::render).
#include "rings/render.hpp"

#include <fmt/format.h>

int main() {
  using namespace rings;
  const Result<std::string> svg = plot_hypercube(3);
  if (!svg) return 1;
  fmt::print("hypercube of 3 rings: an SVG document: {}\n", svg->find("<svg") != std::string::npos);

  const auto path = plot_path(State::all_on(6), State::all_off(6), Mode::single, Notation::cleve);
  fmt::print("Cleve Moler's path plot: {}\n", path.ok() ? "ok" : path.error());

  fmt::print("error: {}\n", plot_lengths(40, Mode::single).error());
}
