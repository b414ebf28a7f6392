#pragma once
// The baseline's byte tables, one 256-entry bool table per class as httparse
// has them, built here independently of the core's (a wrong entry on either
// side shows up as a disagreement in the differential tests).

#include <array>
#include <string_view>

namespace baselines::http_parse {

using byte_table = std::array<bool, 256>;

// RFC 9110 5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-"
// / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA.
constexpr byte_table make_tchar_table() {
  constexpr std::string_view k_tchars =
      "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  byte_table t{};
  for (const char c : k_tchars) t[static_cast<unsigned char>(c)] = true;
  return t;
}

// Request-target bytes: visible ASCII (0x21-0x7E) and 0x80-0xFF; no DEL.
constexpr byte_table make_uri_table() {
  byte_table t{};
  for (unsigned b = 0; b < t.size(); ++b) t[b] = b > ' ' && b != 0x7F;
  return t;
}

// Header value and reason bytes: HTAB, SP, visible ASCII, 0x80-0xFF; no DEL.
constexpr byte_table make_value_table() {
  byte_table t{};
  for (unsigned b = 0; b < t.size(); ++b) t[b] = b == '\t' || (b >= ' ' && b != 0x7F);
  return t;
}

inline constexpr byte_table k_tchar_table = make_tchar_table();
inline constexpr byte_table k_uri_table = make_uri_table();
inline constexpr byte_table k_value_table = make_value_table();

}  // namespace baselines::http_parse
