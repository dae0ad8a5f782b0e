// A program using the installed rings library: how many moves for N rings (default 9), and the
// first K (default 3) of them, as `rings count N` and `rings solve N | head -K` print them.
// `consumer --version` prints the version of the headers and of the library it runs with.
#include <cstdlib>
#include <iostream>
#include <rings/position.hpp>
#include <rings/solve.hpp>
#include <rings/version.hpp>
#include <string_view>

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "--version") {
    std::cout << rings::kVersion << ' ' << rings::library_version() << '\n';
    return 0;
  }
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 9;
  const std::uint64_t k = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 3;
  if (n < 1 || n > rings::kMaxRings) return 2;
  std::cout << rings::count(n, rings::Mode::single).get_str() << '\n';
  std::uint64_t shown = 0;
  rings::solve(rings::State::all_on(n), rings::State::all_off(n), rings::Mode::single,
               [&](const rings::Move& m) {
                 if (shown == k) return false;
                 std::cout << ++shown << ": " << rings::to_string(m) << '\n';
                 return true;
               });
}
