// Reading text eight characters at a time (engine-internal).
#pragma once

#include <cstdint>

namespace rings::detail {

/// Eight characters as the bytes of a word, the first lowest: one load on little-endian
/// machines, and the same value on any.
inline std::uint64_t eight_chars(const char* p) {
  std::uint64_t v = 0;
  for (int k = 0; k < 8; ++k) v |= std::uint64_t(static_cast<unsigned char>(p[k])) << (8 * k);
  return v;
}

/// Eight characters are all '0' or '1' when (v & ~kOnes) == kZeros.
inline constexpr std::uint64_t kOnes = 0x0101010101010101, kZeros = 0x3030303030303030;

}  // namespace rings::detail
