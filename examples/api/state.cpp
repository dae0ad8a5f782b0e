// rings/state.hpp: a State of N rings (bit i-1 of the words = ring i) and a Move.
#include "rings/state.hpp"

#include <fmt/format.h>

int main() {
  rings::State s = rings::State::all_on(5);  // 11111
  s.set(3, false);                           // 11011
  s.toggle(1);                               // 11010
  fmt::print("{} rings, {} on, lowest on: ring {}\n", s.size(), s.count_on(), s.lowest_on());
  fmt::print("ring 4 {}, ring 3 {}\n", s.is_on(4) ? "on" : "off", s.is_on(3) ? "on" : "off");
  fmt::print("as a word: {:#b}\n", s.words()[0]);

  // 100 rings from their words, least significant (ring 1..64) first.
  const auto big = rings::State::from_words(100, {0b1, std::uint64_t{1} << 35});
  fmt::print("{} rings, {} on: ring {} is on, ring 100 {}\n", big.size(), big.count_on(),
             big.lowest_on(), big.is_on(100) ? "is on" : "is off");

  const auto m = rings::Move::single(3, true);  // ring 3 on
  fmt::print("move: ring {} {}, pair: {}\n", m.ring(), m.on() ? "on" : "off", m.is_pair());
}
