#pragma once
// The core parser, written once and compiled per CPU: a template over a scan
// policy that finds the end of a run of bytes of one class,
//
//   struct scan_policy {  // floor: the input's first byte (see scan_fn)
//     static const char* name(const char* p, const char* end, const char* floor);   // tchar run
//     static const char* uri(const char* p, const char* end, const char* floor);    // URI byte run
//     static const char* value(const char* p, const char* end, const char* floor);  // value byte run
//   };
//
// each returning the first byte in [p, end) outside the class, or end. Each
// impl_*.cpp defines its policy in an unnamed namespace, so every
// instantiation is private to a translation unit built with that CPU's flags.
//
// The grammar is httparse's strict one (harness/cases/http_parse/SPEC.md, "Grammar"); the
// order of checks follows httparse, so that the core and the byte-at-a-time
// baseline return the same error kind on every input. Positions are raw
// pointers compared with `end`: no per-byte position counter.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "cores/http_parse/head.hpp"
#include "cores/http_parse/internal/char_classes.hpp"
#include "cores/http_parse/internal/swar.hpp"
#include "cores/http_parse/version.hpp"

namespace cores::http_parse::internal {

template <class Scan>
class generic_parser {
 public:
  // The contract of cores::http_parse::parse_request (head.hpp).
  static parse_result parse_request(std::string_view input, request_head& out, std::span<header> headers) {
    const char* const begin = input.data();
    const char* const end = begin + input.size();
    parse_result stop;
    const char* p = skip_empty_lines(begin, end, stop);
    if (p == nullptr) return stop;

    const char* q = Scan::name(p, end, begin);
    if (q == end) return incomplete();
    if (q == p || *q != ' ') return failed(parse_error::token);
    out.method = view(p, q);
    p = q + 1;

    q = Scan::uri(p, end, begin);
    if (q == end) return incomplete();
    if (q == p || *q != ' ' || !valid_utf8(begin, p, q)) return failed(parse_error::token);
    out.path = view(p, q);
    p = q + 1;

    p = version(p, end, out.minor_version, stop);
    if (p == nullptr) return stop;
    p = line_end(p, end, parse_error::new_line, stop);
    if (p == nullptr) return stop;
    return parse_headers(begin, p, end, headers, out.header_count);
  }

  // The contract of cores::http_parse::parse_response (head.hpp).
  static parse_result parse_response(std::string_view input, response_head& out, std::span<header> headers) {
    const char* const begin = input.data();
    const char* const end = begin + input.size();
    parse_result stop;
    const char* p = skip_empty_lines(begin, end, stop);
    if (p == nullptr) return stop;

    p = version(p, end, out.minor_version, stop);
    if (p == nullptr) return stop;
    if (p == end) return incomplete();
    if (*p != ' ') return failed(parse_error::version);
    ++p;

    p = status_code(p, end, out.code, stop);
    if (p == nullptr) return stop;
    if (p == end) return incomplete();
    if (*p == ' ') {
      const char* reason = p + 1;
      p = Scan::value(reason, end, begin);
      if (p == end) return incomplete();
      out.reason = view(reason, p);
    } else {
      out.reason = view(p, p);
    }
    p = line_end(p, end, parse_error::status, stop);
    if (p == nullptr) return stop;
    return parse_headers(begin, p, end, headers, out.header_count);
  }

 private:
  static constexpr std::size_t k_status_digits = 3;
  static constexpr int k_decimal_base = 10;
  static constexpr std::size_t k_version_bytes = 8;
  static constexpr std::uint16_t k_crlf = std::bit_cast<std::uint16_t>(std::array<char, 2>{'\r', '\n'});

  [[gnu::always_inline]] static std::string_view view(const char* from, const char* to) {
    return {from, static_cast<std::size_t>(to - from)};
  }

  // Past any leading "\r\n" or "\n" lines; nullptr (stop set) at the end or
  // on a bare '\r'.
  [[gnu::always_inline]] static const char* skip_empty_lines(const char* p, const char* end, parse_result& stop) {
    while (true) {
      if (p == end) break;
      if (*p == '\n') {
        ++p;
        continue;
      }
      if (*p != '\r') return p;
      if (end - p < 2) break;
      if (p[1] != '\n') {
        stop = failed(parse_error::new_line);
        return nullptr;
      }
      p += 2;
    }
    stop = incomplete();
    return nullptr;
  }

  // Whether "\r\n" is at p (p <= end), as one 2-byte compare.
  [[gnu::always_inline]] static bool crlf_at(const char* p, const char* end) {
    if (end - p < 2) return false;
    std::uint16_t two;
    std::memcpy(&two, p, sizeof two);
    return two == k_crlf;
  }

  // Past "\r\n" or "\n" at p; nullptr with stop = `bad` for anything else.
  // "\r\n" is tested first: it ends almost every line.
  [[gnu::always_inline]] static const char* line_end(const char* p, const char* end, parse_error bad,
                                                     parse_result& stop) {
    if (crlf_at(p, end)) return p + 2;
    if (p != end && *p == '\n') return p + 1;
    const bool cut_short = p == end || (*p == '\r' && end - p < 2);
    stop = cut_short ? incomplete() : failed(bad);
    return nullptr;
  }

  [[gnu::always_inline]] static const char* version(const char* p, const char* end, std::uint8_t& minor,
                                                    parse_result& stop) {
    switch (match_version(p, static_cast<std::size_t>(end - p))) {
      case version_match::http11: minor = 1; return p + k_version_bytes;
      case version_match::http10: minor = 0; return p + k_version_bytes;
      case version_match::mismatch: stop = failed(parse_error::version); return nullptr;
      case version_match::partial: break;
    }
    stop = incomplete();
    return nullptr;
  }

  // Exactly three digits; a non-digit among the available bytes is a status
  // error even when fewer than three remain (httparse reads them one by one).
  // With three bytes available they are checked without per-digit bounds.
  [[gnu::always_inline]] static const char* status_code(const char* p, const char* end, std::uint16_t& code,
                                                        parse_result& stop) {
    if (end - p >= static_cast<std::ptrdiff_t>(k_status_digits)) {
      const auto d0 = static_cast<unsigned char>(p[0] - '0');
      const auto d1 = static_cast<unsigned char>(p[1] - '0');
      const auto d2 = static_cast<unsigned char>(p[2] - '0');
      if (d0 >= k_decimal_base || d1 >= k_decimal_base || d2 >= k_decimal_base) {
        stop = failed(parse_error::status);
        return nullptr;
      }
      code = static_cast<std::uint16_t>((d0 * k_decimal_base + d1) * k_decimal_base + d2);
      return p + k_status_digits;
    }
    std::uint16_t value = 0;
    for (std::size_t i = 0; i < k_status_digits; ++i) {
      if (p + i == end) {
        stop = incomplete();
        return nullptr;
      }
      const auto digit = static_cast<unsigned char>(p[i] - '0');
      if (digit >= k_decimal_base) {
        stop = failed(parse_error::status);
        return nullptr;
      }
      value = static_cast<std::uint16_t>(value * k_decimal_base + digit);
    }
    code = value;
    return p + k_status_digits;
  }

  // Whether [p, end) is all ASCII, 8 bytes a word. The bytes in
  // [known_ascii, p) are ASCII (the request line so far), so the last word
  // may start before p instead of leaving a byte-by-byte tail.
  [[gnu::always_inline]] static bool all_ascii(const char* known_ascii, const char* p, const char* end) {
    constexpr auto k_word = static_cast<std::ptrdiff_t>(swar::k_word_bytes);
    if (end - known_ascii < k_word) {
      unsigned char any = 0;
      for (; p != end; ++p) any |= static_cast<unsigned char>(*p);
      return any < 0x80;
    }
    const char* last = end - k_word;
    std::uint64_t any = swar::load_word(last);
    for (; p < last; p += k_word) any |= swar::load_word(p);
    return (any & swar::k_high_bits) == 0;
  }

  // Strict UTF-8 (Unicode 15, table 3-7: no overlongs, no surrogates, at
  // most U+10FFFF), with an ASCII fast path: request targets are almost
  // always ASCII. [known_ascii, p) must be ASCII, as for all_ascii.
  static bool valid_utf8(const char* known_ascii, const char* p, const char* end) {
    if (all_ascii(known_ascii, p, end)) return true;
    while (p != end) {
      const auto lead = static_cast<unsigned char>(*p);
      if (lead < 0x80) {
        ++p;
        continue;
      }
      std::ptrdiff_t continuation = 0;
      unsigned char low = 0x80;
      unsigned char high = 0xBF;
      if (lead >= 0xC2 && lead <= 0xDF) {
        continuation = 1;
      } else if (lead >= 0xE0 && lead <= 0xEF) {
        continuation = 2;
        if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
        if (lead == 0xED) high = 0x9F;  // surrogates U+D800-U+DFFF
      } else if (lead >= 0xF0 && lead <= 0xF4) {
        continuation = 3;
        if (lead == 0xF0) low = 0x90;   // overlong below U+10000
        if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
      } else {
        return false;
      }
      if (end - p <= continuation) return false;
      const auto second = static_cast<unsigned char>(p[1]);
      if (second < low || second > high) return false;
      for (std::ptrdiff_t i = 2; i <= continuation; ++i) {
        if ((static_cast<unsigned char>(p[i]) & 0xC0) != 0x80) return false;
      }
      p += continuation + 1;
    }
    return true;
  }

  // Header lines up to and including the final empty line. Inlined into
  // both entry points: a call would save and restore registers per parse.
  [[gnu::always_inline]] static parse_result parse_headers(const char* begin, const char* p, const char* end,
                                    std::span<header> headers, std::size_t& count) {
    // A head with nothing after it ends in LF, which is not a tchar: then a
    // name scan stops before the end without testing it (a line end in the
    // input's last bytes is found as before).
    const bool stops_before_end = end != begin && !is(end[-1], k_tchar);
    std::size_t used = 0;
    while (true) {
      // The name scan runs first: it stops at once at the final line's CR
      // or LF (not tchars), so a line start needs no tests of its own.
      const char* name_end;
      if (stops_before_end) {
        if (p == end) return incomplete();
        name_end = swar::scan_class_unbounded(p, k_tchar);
      } else {
        name_end = Scan::name(p, end, begin);
        if (name_end == end) return incomplete();
      }
      if (name_end == p) {
        if (*p != '\r' && *p != '\n') return failed(parse_error::header_name);
        parse_result stop;
        p = line_end(p, end, parse_error::new_line, stop);
        if (p == nullptr) return stop;
        count = used;
        return complete(static_cast<std::size_t>(p - begin));
      }
      if (*name_end != ':') return failed(parse_error::header_name);

      // SP and HTAB are value bytes, so the scan starts right after the
      // colon and the leading ones are skipped afterwards, within the value:
      // the next line's start then does not wait for that loop.
      const char* value = name_end + 1;
      const char* value_end = Scan::value(value, end, begin);
      const char* next = value_end + 2;
      if (!crlf_at(value_end, end)) [[unlikely]] {
        if (value_end == end) return incomplete();
        parse_result stop;
        next = line_end(value_end, end, parse_error::header_value, stop);
        if (next == nullptr) return stop;
      }
      // Almost every value starts with one SP: stepped over without a
      // branch. *value_end is CR or LF: it stops the loop for any more.
      // Within the value, the only value bytes up to SP are HTAB and SP.
      value += *value == ' ' ? 1 : 0;
      if (*value == ' ' || *value == '\t') [[unlikely]] {
        while (*value == ' ' || *value == '\t') ++value;
      }
      while (value_end != value && static_cast<unsigned char>(value_end[-1]) <= ' ') --value_end;

      if (used == headers.size()) return failed(parse_error::too_many_headers);
      headers[used++] = {view(p, name_end), view(value, value_end)};
      p = next;
    }
  }
};

}  // namespace cores::http_parse::internal
