// What the game's tests share: the rings' value and their states as the game holds them.
#pragma once

#include <string_view>
#include <utility>

#include "game.hpp"
#include "rings/family.hpp"

namespace rings::play {

using family::Pieces;

inline const family::Puzzle& rings_puzzle() {
  static const family::Puzzle p = *family::parse_puzzle("rings");
  return p;
}
/// A state of the rings written in bits, ring N first.
inline Pieces bits(std::string_view text) {
  return *family::parse_pieces(rings_puzzle(), text, {});
}
inline Pieces on(std::uint64_t n) { return family::all_at(n, 1); }
inline Pieces off(std::uint64_t n) { return family::all_at(n, 0); }
inline Game game(Pieces from, Pieces to, Mode mode = Mode::single) {
  return Game(rings_puzzle(), std::move(from), std::move(to), mode);
}

}  // namespace rings::play
