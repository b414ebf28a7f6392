#pragma once
// The baseline parser: httparse before the seed PR, one byte at a time through
// a bounds-checked cursor and 256-entry tables (harness/cases/http_parse/SPEC.md,
// "Baseline"). A template over the version check only so that the case can
// also time this parser with the core's word compare and nothing else changed
// (the seed PR itself); http_parse.cpp instantiates it with byte_version.
//
// Each step returns nullopt to go on, or the result to stop with.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "baselines/http_parse/char_tables.hpp"
#include "baselines/http_parse/cursor.hpp"
#include "cores/http_parse/head.hpp"

namespace baselines::http_parse {

using cores::http_parse::complete;
using cores::http_parse::failed;
using cores::http_parse::header;
using cores::http_parse::incomplete;
using cores::http_parse::parse_error;
using cores::http_parse::parse_result;
using cores::http_parse::request_head;
using cores::http_parse::response_head;

using step = std::optional<parse_result>;

// httparse's parse_version before the PR: with 8 bytes left, seven
// expect-byte tests then the minor digit; with fewer, the prefix byte by byte
// (a mismatch is an error, running out is incomplete).
struct byte_version {
  static step check(cursor& c, std::uint8_t& minor) {
    constexpr std::string_view k_prefix = "HTTP/1.";
    constexpr std::size_t k_version_bytes = 8;
    const bool whole = c.remaining() >= k_version_bytes;
    for (const char expected : k_prefix) {
      const auto b = c.next();
      if (!b) return incomplete();
      if (*b != static_cast<unsigned char>(expected)) return failed(parse_error::version);
    }
    if (!whole) return incomplete();
    const auto digit = c.next();
    if (digit == '0' || digit == '1') {
      minor = static_cast<std::uint8_t>(*digit - '0');
      return std::nullopt;
    }
    return failed(parse_error::version);
  }
};

namespace detail {

inline bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// Strict UTF-8 by decoding each scalar value and range-checking it (Unicode
// 15, section 3.9): shortest form, no surrogates, at most U+10FFFF.
inline bool valid_utf8(std::string_view text) {
  constexpr char32_t k_max_scalar = 0x10FFFF;
  constexpr char32_t k_surrogate_first = 0xD800;
  constexpr char32_t k_surrogate_last = 0xDFFF;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t extra = 0;
    char32_t scalar = 0;
    char32_t smallest = 0;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1, scalar = lead & 0x1Fu, smallest = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2, scalar = lead & 0x0Fu, smallest = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3, scalar = lead & 0x07u, smallest = 0x10000;
    } else {
      return false;
    }
    if (text.size() - i <= extra) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto b = static_cast<unsigned char>(text[i + k]);
      if (!is_continuation(b)) return false;
      scalar = (scalar << 6) | (b & 0x3Fu);
    }
    if (scalar < smallest || scalar > k_max_scalar) return false;
    if (scalar >= k_surrogate_first && scalar <= k_surrogate_last) return false;
    i += extra + 1;
  }
  return true;
}

// "\r\n" or "\n"; `bad` for any other byte, or '\r' followed by another byte.
inline step expect_line_end(cursor& c, parse_error bad) {
  const auto b = c.next();
  if (!b) return incomplete();
  if (*b == '\n') return std::nullopt;
  if (*b != '\r') return failed(bad);
  const auto lf = c.next();
  if (!lf) return incomplete();
  if (*lf != '\n') return failed(bad);
  return std::nullopt;
}

inline step skip_empty_lines(cursor& c) {
  while (true) {
    const auto b = c.peek();
    if (!b) return incomplete();
    if (*b != '\r' && *b != '\n') return std::nullopt;
    if (const auto stop = expect_line_end(c, parse_error::new_line)) return stop;
  }
}

inline step parse_method(cursor& c, std::string_view& method) {
  const std::size_t start = c.pos();
  const auto first = c.next();
  if (!first) return incomplete();
  if (!k_tchar_table[*first]) return failed(parse_error::token);
  while (true) {
    const auto b = c.next();
    if (!b) return incomplete();
    if (*b == ' ') {
      method = c.slice(start, c.pos() - 1);
      return std::nullopt;
    }
    if (!k_tchar_table[*b]) return failed(parse_error::token);
  }
}

inline step parse_uri(cursor& c, std::string_view& uri) {
  const std::size_t start = c.pos();
  while (true) {
    const auto b = c.next();
    if (!b) return incomplete();
    if (k_uri_table[*b]) continue;
    const std::size_t end = c.pos() - 1;
    if (*b != ' ' || end == start) return failed(parse_error::token);
    uri = c.slice(start, end);
    if (!valid_utf8(uri)) return failed(parse_error::token);
    return std::nullopt;
  }
}

inline step parse_status_code(cursor& c, std::uint16_t& code) {
  constexpr int k_digits = 3;
  constexpr int k_base = 10;
  code = 0;
  for (int i = 0; i < k_digits; ++i) {
    const auto b = c.next();
    if (!b) return incomplete();
    if (*b < '0' || *b > '9') return failed(parse_error::status);
    code = static_cast<std::uint16_t>(code * k_base + (*b - '0'));
  }
  return std::nullopt;
}

// After the code: SP reason EOL, or EOL directly (an empty reason).
inline step parse_reason(cursor& c, std::string_view& reason) {
  const auto b = c.peek();
  if (!b) return incomplete();
  if (*b != ' ') {
    reason = c.slice(c.pos(), c.pos());
    return expect_line_end(c, parse_error::status);
  }
  c.bump();
  const std::size_t start = c.pos();
  while (true) {
    const auto r = c.peek();
    if (!r) return incomplete();
    if (!k_value_table[*r]) break;
    c.bump();
  }
  reason = c.slice(start, c.pos());
  return expect_line_end(c, parse_error::status);
}

inline bool is_blank(unsigned char b) { return b == ' ' || b == '\t'; }

// Header lines up to and including the final empty line.
inline parse_result parse_headers(cursor& c, std::span<header> headers, std::size_t& count) {
  std::size_t used = 0;
  while (true) {
    const auto b = c.peek();
    if (!b) return incomplete();
    if (*b == '\r' || *b == '\n') {
      if (const auto stop = expect_line_end(c, parse_error::new_line)) return *stop;
      count = used;
      return complete(c.pos());
    }
    const std::size_t name_start = c.pos();
    std::optional<unsigned char> n;
    while ((n = c.next()) && k_tchar_table[*n]) {
    }
    if (!n) return incomplete();
    const std::size_t name_end = c.pos() - 1;
    if (*n != ':' || name_end == name_start) return failed(parse_error::header_name);

    std::optional<unsigned char> w;
    while ((w = c.peek()) && is_blank(*w)) c.bump();
    if (!w) return incomplete();
    const std::size_t value_start = c.pos();
    std::optional<unsigned char> v;
    while ((v = c.peek()) && k_value_table[*v]) c.bump();
    if (!v) return incomplete();
    std::size_t value_end = c.pos();
    if (const auto stop = expect_line_end(c, parse_error::header_value)) return *stop;
    const std::string_view line = c.slice(value_start, value_end);
    while (value_end > value_start && is_blank(static_cast<unsigned char>(line[value_end - value_start - 1]))) {
      --value_end;
    }
    if (used == headers.size()) return failed(parse_error::too_many_headers);
    headers[used++] = {c.slice(name_start, name_end), c.slice(value_start, value_end)};
  }
}

}  // namespace detail

// Parses a request head; same contract as cores::http_parse::parse_request.
template <class Version>
parse_result parse_request_with(std::string_view input, request_head& out, std::span<header> headers) {
  cursor c(input);
  if (const auto stop = detail::skip_empty_lines(c)) return *stop;
  if (const auto stop = detail::parse_method(c, out.method)) return *stop;
  if (const auto stop = detail::parse_uri(c, out.path)) return *stop;
  if (const auto stop = Version::check(c, out.minor_version)) return *stop;
  if (const auto stop = detail::expect_line_end(c, parse_error::new_line)) return *stop;
  return detail::parse_headers(c, headers, out.header_count);
}

// Parses a response head; same contract as cores::http_parse::parse_response.
template <class Version>
parse_result parse_response_with(std::string_view input, response_head& out, std::span<header> headers) {
  cursor c(input);
  if (const auto stop = detail::skip_empty_lines(c)) return *stop;
  if (const auto stop = Version::check(c, out.minor_version)) return *stop;
  const auto sp = c.next();
  if (!sp) return incomplete();
  if (*sp != ' ') return failed(parse_error::version);
  if (const auto stop = detail::parse_status_code(c, out.code)) return *stop;
  if (const auto stop = detail::parse_reason(c, out.reason)) return *stop;
  return detail::parse_headers(c, headers, out.header_count);
}

}  // namespace baselines::http_parse
