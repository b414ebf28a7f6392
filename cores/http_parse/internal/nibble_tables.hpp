#pragma once
// The tchar class as two 16-entry tables indexed by a byte's low and high
// nibble, for block scanners with a byte shuffle (pshufb): a byte is a tchar
// when low[lo] & high[hi] != 0. Each high nibble that holds tchars (0x2_ to
// 0x7_) gets one bit; low[lo] has the bits of the rows where (row, lo) is a
// tchar. The technique is the "vectorized classification" of Langdale and
// Lemire, "Parsing Gigabytes of JSON per Second" (VLDB Journal 2019), sec. 3.1.
// Built from the core's class table, so the two cannot disagree.

#include <array>
#include <cstdint>

#include "cores/http_parse/internal/char_classes.hpp"

namespace cores::http_parse::internal {

inline constexpr unsigned k_nibble_values = 16;
inline constexpr unsigned k_first_tchar_row = 2;  // no tchar below 0x20
inline constexpr unsigned k_last_tchar_row = 7;   // nor from 0x80

struct nibble_tables {
  alignas(16) std::array<std::uint8_t, k_nibble_values> low{};
  alignas(16) std::array<std::uint8_t, k_nibble_values> high{};
};

constexpr nibble_tables make_tchar_nibble_tables() {
  nibble_tables t;
  for (unsigned row = k_first_tchar_row; row <= k_last_tchar_row; ++row) {
    const auto bit = static_cast<std::uint8_t>(1U << (row - k_first_tchar_row));
    t.high[row] = bit;
    for (unsigned lo = 0; lo < k_nibble_values; ++lo) {
      if ((k_char_classes[row * k_nibble_values + lo] & k_tchar) != 0) t.low[lo] |= bit;
    }
  }
  return t;
}

inline constexpr nibble_tables k_tchar_nibbles = make_tchar_nibble_tables();

// The two tables classify every byte as the class table does.
constexpr bool nibble_tables_match_classes() {
  for (unsigned b = 0; b < k_nibble_values * k_nibble_values; ++b) {
    const bool by_nibbles = (k_tchar_nibbles.low[b % k_nibble_values] & k_tchar_nibbles.high[b / k_nibble_values]) != 0;
    if (by_nibbles != ((k_char_classes[b] & k_tchar) != 0)) return false;
  }
  return true;
}
static_assert(nibble_tables_match_classes(), "tchar is not separable by nibbles");

}  // namespace cores::http_parse::internal
