#pragma once
// Random HTTP heads for differential tests: valid requests and responses
// built from the grammar with the rarer paths (leading empty lines, LF-only
// line ends, HTAB, high bytes, UTF-8 targets, blank values) well covered, and
// mutations that push them into every error kind. Deterministic per seed.

#include <cstdint>
#include <string>
#include <string_view>

#include "benchgate/rng.hpp"

namespace http_parse_test {

class random_heads {
 public:
  explicit random_heads(std::uint64_t seed) : rng_(seed) {}

  // A valid request head; sometimes followed by body bytes.
  std::string request() {
    std::string out = leading_lines();
    out += one_in(4) ? pick_of({"GET", "POST", "PUT", "DELETE", "OPTIONS", "M-SEARCH"}) : run(k_tchars, 1, 12);
    out += ' ';
    out += uri();
    out += one_in(3) ? " HTTP/1.0" : " HTTP/1.1";
    out += eol();
    return out + headers_and_end();
  }

  // A valid response head; sometimes followed by body bytes.
  std::string response() {
    std::string out = leading_lines();
    out += one_in(3) ? "HTTP/1.0 " : "HTTP/1.1 ";
    for (int i = 0; i < 3; ++i) out += static_cast<char>('0' + below(10));
    if (!one_in(5)) out += ' ' + value_bytes(below(30));
    out += eol();
    return out + headers_and_end();
  }

  // `head` with 1 to 4 random edits: a byte replaced by a byte that matters
  // to the grammar (or any byte), inserted, deleted, or the input cut short.
  std::string mutate(std::string head) {
    const auto edits = 1 + below(4);
    for (std::uint64_t i = 0; i < edits && !head.empty(); ++i) {
      const auto at = below(head.size());
      switch (below(5)) {
        case 0: head[at] = interesting(); break;
        case 1: head[at] = static_cast<char>(below(256)); break;
        case 2: head.insert(head.begin() + static_cast<std::ptrdiff_t>(at), interesting()); break;
        case 3: head.erase(at, 1); break;
        default: head.resize(at); break;
      }
    }
    return head;
  }

  std::uint64_t below(std::uint64_t n) { return rng_.below(n); }
  bool one_in(std::uint64_t n) { return rng_.below(n) == 0; }

 private:
  static constexpr std::string_view k_tchars =
      "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  static constexpr std::string_view k_interesting = std::string_view("\r\n :\t\x7F\x00\x80\xFF" "H/1.0", 15);

  benchgate::splitmix64 rng_;

  std::string pick_of(std::initializer_list<const char*> words) {
    return *(words.begin() + static_cast<std::ptrdiff_t>(below(words.size())));
  }

  std::string run(std::string_view from, std::uint64_t min, std::uint64_t max) {
    std::string out;
    const auto n = min + below(max - min + 1);
    for (std::uint64_t i = 0; i < n; ++i) out += from[below(from.size())];
    return out;
  }

  char interesting() { return k_interesting[below(k_interesting.size())]; }

  std::string eol() { return one_in(6) ? "\n" : "\r\n"; }

  std::string leading_lines() {
    std::string out;
    if (one_in(8)) {
      for (auto n = 1 + below(2); n > 0; --n) out += eol();
    }
    return out;
  }

  // Sizes mostly short, sometimes across several SIMD blocks.
  std::uint64_t length(std::uint64_t usual) { return one_in(10) ? below(usual * 8) : below(usual); }

  std::string uri() {
    static constexpr const char* k_utf8[] = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xDF\xBF"};
    std::string out = "/";
    for (auto n = length(60); n > 0; --n) {
      if (one_in(40)) {
        out += k_utf8[below(4)];
      } else {
        out += static_cast<char>(0x21 + below(0x7E - 0x21 + 1));
      }
    }
    return out;
  }

  // Value bytes: mostly visible ASCII and SP, some HTAB and 0x80-0xFF.
  std::string value_bytes(std::uint64_t n) {
    std::string out;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (one_in(30)) {
        out += '\t';
      } else if (one_in(30)) {
        out += static_cast<char>(0x80 + below(0x80));
      } else {
        out += static_cast<char>(0x20 + below(0x7E - 0x20 + 1));
      }
    }
    return out;
  }

  std::string headers_and_end() {
    std::string out;
    for (auto n = one_in(10) ? below(40) : below(12); n > 0; --n) {
      out += run(k_tchars, 1, 24) + ":";
      out += run(" \t", 0, one_in(3) ? 3 : 1);
      out += value_bytes(length(40));
      if (one_in(5)) out += run(" \t", 1, 2);
      out += eol();
    }
    out += eol();
    if (one_in(5)) out += "body bytes after the head";
    return out;
  }
};

}  // namespace http_parse_test
