#pragma once
// The HTTP-version check by 8-byte word compare: the change of the seed PR
// (httparse "cleanup: remove Bytes8 abstraction", harness/cases/http_parse/SPEC.md,
// "Core"). One unaligned 64-bit load and two compares replace seven
// expect-byte tests, each with its own bounds check and position increment.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace cores::http_parse {

enum class version_match : std::uint8_t {
  http10,    // the 8 bytes are "HTTP/1.0"
  http11,    // the 8 bytes are "HTTP/1.1"
  mismatch,  // a byte differs from both: error kind version
  partial,   // fewer than 8 bytes, all matching the prefix "HTTP/1.": incomplete
};

// The version word as a native-endian load of its 8 bytes would give it.
constexpr std::uint64_t version_word(char minor_digit) {
  return std::bit_cast<std::uint64_t>(std::array<char, 8>{'H', 'T', 'T', 'P', '/', '1', '.', minor_digit});
}

inline constexpr std::uint64_t k_http10_word = version_word('0');
inline constexpr std::uint64_t k_http11_word = version_word('1');
inline constexpr std::string_view k_version_prefix = "HTTP/1.";

// Matches the version at p, where `available` bytes may be read. With 8 or
// more, compares one word; with fewer, checks the prefix byte by byte (httparse
// does the same). Never reads p[available] or beyond.
// always_inline: this header is included by translation units compiled for
// different CPUs (-mavx2, ...), so no out-of-line copy may be shared.
[[gnu::always_inline]] inline version_match match_version(const char* p, std::size_t available) {
  constexpr std::size_t k_version_bytes = 8;
  if (available >= k_version_bytes) {
    std::uint64_t word;
    std::memcpy(&word, p, k_version_bytes);
    if (word == k_http11_word) return version_match::http11;
    if (word == k_http10_word) return version_match::http10;
    return version_match::mismatch;
  }
  for (std::size_t i = 0; i < available; ++i) {
    if (p[i] != k_version_prefix[i]) return version_match::mismatch;
  }
  return version_match::partial;
}

}  // namespace cores::http_parse
