#pragma once
// The core's byte classes (harness/cases/http_parse/SPEC.md, "Grammar"), one 256-entry
// table of bit flags so that a byte costs one load whatever it is tested for.
// These tables are the reference the SWAR and SIMD scanners are tested
// against. The baseline builds its own tables separately, so a wrong entry
// here shows up as a core/baseline disagreement.

#include <array>
#include <cstdint>
#include <string_view>

namespace cores::http_parse::internal {

enum char_class : std::uint8_t {
  k_tchar = 1,      // RFC 9110 5.6.2 tchar: method and header-name bytes
  k_uri_byte = 2,   // 0x21-0x7E and 0x80-0xFF (no DEL): request-target bytes
  k_value_byte = 4, // HTAB, 0x20-0x7E, 0x80-0xFF: header value and reason bytes
};

inline constexpr std::string_view k_tchar_symbols = "!#$%&'*+-.^_`|~";

constexpr std::array<std::uint8_t, 256> make_char_classes() {
  std::array<std::uint8_t, 256> table{};
  for (int b = 0; b < 256; ++b) {
    std::uint8_t c = 0;
    const bool alnum = (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
    if (alnum || k_tchar_symbols.find(static_cast<char>(b)) != std::string_view::npos) c |= k_tchar;
    if ((b >= 0x21 && b <= 0x7E) || b >= 0x80) c |= k_uri_byte;
    if (b == '\t' || (b >= 0x20 && b <= 0x7E) || b >= 0x80) c |= k_value_byte;
    table[static_cast<std::size_t>(b)] = c;
  }
  return table;
}

inline constexpr std::array<std::uint8_t, 256> k_char_classes = make_char_classes();

// Whether byte `b` is in class `c`.
[[gnu::always_inline]] inline bool is(char b, char_class c) {
  return (k_char_classes[static_cast<unsigned char>(b)] & c) != 0;
}

}  // namespace cores::http_parse::internal
