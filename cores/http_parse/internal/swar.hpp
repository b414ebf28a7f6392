#pragma once
// SWAR (SIMD within a register) scanning, 8 bytes per 64-bit word: portable
// C++, always built. Also the tail of the SSE4.2 and AVX2 scanners.
//
// Every function is always_inline: this header is compiled into translation
// units built for different CPUs (-msse4.2, -mavx2), and an out-of-line copy
// shared between them could run AVX2 code on a CPU without it.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cores/http_parse/internal/char_classes.hpp"

namespace cores::http_parse::internal::swar {

inline constexpr std::size_t k_word_bytes = 8;
inline constexpr std::uint64_t k_low_bits = 0x0101010101010101ULL;   // 0x01 in every byte
inline constexpr std::uint64_t k_high_bits = 0x8080808080808080ULL;  // 0x80 in every byte
inline constexpr unsigned k_bits_per_byte = 8;
inline constexpr std::uint8_t k_del = 0x7F;
inline constexpr std::uint8_t k_first_uri_byte = 0x21;    // '!': SP and controls are below
inline constexpr std::uint8_t k_first_value_byte = 0x20;  // SP: controls are below (HTAB aside)

// The 8 bytes at p as a word whose lowest byte is p[0], on any endianness.
[[gnu::always_inline]] inline std::uint64_t load_word(const char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, k_word_bytes);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  return word;
}

// 0x80 in each byte of `word` that is below n (n <= 0x80). Exact up to and
// including the lowest flagged byte; bytes above it may be false positives
// (the subtraction's borrow), which does not matter when only the first
// flagged byte is used. "Determine if a word has a byte less than n", Sean
// Eron Anderson, Bit Twiddling Hacks (graphics.stanford.edu/~seander).
[[gnu::always_inline]] inline std::uint64_t flag_below(std::uint64_t word, std::uint8_t n) {
  return (word - k_low_bits * n) & ~word & k_high_bits;
}

// 0x80 in each byte equal to b, with the same exactness as flag_below.
[[gnu::always_inline]] inline std::uint64_t flag_equal(std::uint64_t word, std::uint8_t b) {
  return flag_below(word ^ (k_low_bits * b), 1);
}

// The index of the lowest flagged byte. Precondition: flags != 0.
[[gnu::always_inline]] inline std::size_t first_flagged(std::uint64_t flags) {
  return static_cast<std::size_t>(std::countr_zero(flags)) / k_bits_per_byte;
}

// The first byte in [p, end) that is not in class c, or end: one table load
// a byte, unrolled by 4 so that the bound is checked once per 4 bytes.
[[gnu::always_inline]] inline const char* scan_class(const char* p, const char* end, char_class c) {
  constexpr std::ptrdiff_t k_unroll = 4;
  while (end - p >= k_unroll) {
    if (!is(p[0], c)) return p;
    if (!is(p[1], c)) return p + 1;
    if (!is(p[2], c)) return p + 2;
    if (!is(p[3], c)) return p + 3;
    p += k_unroll;
  }
  while (p != end && is(*p, c)) ++p;
  return p;
}

// The first byte at or after p that is not in class c, with no bound test:
// only for a p before a byte known to be outside c (a sentinel), which it
// reads at most up to.
[[gnu::always_inline]] inline const char* scan_class_unbounded(const char* p, char_class c) {
  constexpr std::ptrdiff_t k_unroll = 4;
  while (true) {
    if (!is(p[0], c)) return p;
    if (!is(p[1], c)) return p + 1;
    if (!is(p[2], c)) return p + 2;
    if (!is(p[3], c)) return p + 3;
    p += k_unroll;
  }
}

// The first byte in [p, end) that is not a URI byte (0x21-0x7E, 0x80-0xFF), or end.
[[gnu::always_inline]] inline const char* scan_uri(const char* p, const char* end) {
  while (end - p >= static_cast<std::ptrdiff_t>(k_word_bytes)) {
    const std::uint64_t word = load_word(p);
    const std::uint64_t flags = flag_below(word, k_first_uri_byte) | flag_equal(word, k_del);
    if (flags != 0) return p + first_flagged(flags);
    p += k_word_bytes;
  }
  return scan_class(p, end, k_uri_byte);
}

// The first byte in [p, end) that is not a header value byte (HTAB,
// 0x20-0x7E, 0x80-0xFF), or end. HTAB is flagged with the controls and then
// let through by the table, as the spec's SWAR scanner does: it is rare.
[[gnu::always_inline]] inline const char* scan_value(const char* p, const char* end) {
  while (end - p >= static_cast<std::ptrdiff_t>(k_word_bytes)) {
    const std::uint64_t word = load_word(p);
    const std::uint64_t flags = flag_below(word, k_first_value_byte) | flag_equal(word, k_del);
    if (flags == 0) {
      p += k_word_bytes;
      continue;
    }
    p += first_flagged(flags);
    if (!is(*p, k_value_byte)) return p;
    ++p;
  }
  return scan_class(p, end, k_value_byte);
}

}  // namespace cores::http_parse::internal::swar
