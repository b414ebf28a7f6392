// The byte classes and every implementation's scanners: each scanner must
// stop exactly where a one-byte-at-a-time walk over the class stops, for all
// 256 byte values at every position, at lengths around the 8-, 16- and
// 32-byte block sizes. Implementations this CPU cannot run are skipped.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "baselines/http_parse/char_tables.hpp"
#include "cores/http_parse/implementations.hpp"
#include "cores/http_parse/internal/char_classes.hpp"
#include "cores/http_parse/internal/swar.hpp"
#include "tests/cores/http_parse/guarded_buffer.hpp"

namespace http_parse_test {
namespace {

namespace core = cores::http_parse;

// The classes as the spec writes them, independent of both parsers' tables.
bool spec_tchar(unsigned b) {
  const std::string_view symbols = "!#$%&'*+-.^_`|~";
  const bool alnum = (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
  return alnum || (b < 0x80 && symbols.find(static_cast<char>(b)) != std::string_view::npos);
}
bool spec_uri(unsigned b) { return (b >= 0x21 && b <= 0x7E) || b >= 0x80; }
bool spec_value(unsigned b) { return b == 0x09 || (b >= 0x20 && b <= 0x7E) || b >= 0x80; }

TEST(HttpParseCharClasses, CoreTableMatchesTheSpec) {
  using cores::http_parse::internal::is;
  namespace in = cores::http_parse::internal;
  for (unsigned b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    EXPECT_EQ(is(c, in::k_tchar), spec_tchar(b)) << "byte " << b;
    EXPECT_EQ(is(c, in::k_uri_byte), spec_uri(b)) << "byte " << b;
    EXPECT_EQ(is(c, in::k_value_byte), spec_value(b)) << "byte " << b;
  }
}

TEST(HttpParseCharClasses, BaselineTablesMatchTheSpec) {
  namespace base = baselines::http_parse;
  for (unsigned b = 0; b < 256; ++b) {
    EXPECT_EQ(base::k_tchar_table[b], spec_tchar(b)) << "byte " << b;
    EXPECT_EQ(base::k_uri_table[b], spec_uri(b)) << "byte " << b;
    EXPECT_EQ(base::k_value_table[b], spec_value(b)) << "byte " << b;
  }
}

struct scanner_under_test {
  const char* name;
  core::scan_fn* scan;
  bool (*in_class)(unsigned);
  char filler;  // a byte of the class to surround the probe with
};

std::vector<scanner_under_test> scanners_of(const core::implementation& impl) {
  return {{"name", impl.scan_name, spec_tchar, 'a'},       {"uri", impl.scan_uri, spec_uri, 'a'},
          {"uri (high filler)", impl.scan_uri, spec_uri, '\xE9'}, {"value", impl.scan_value, spec_value, ' '},
          {"value (tab filler)", impl.scan_value, spec_value, '\t'}};
}

// Lengths around the SWAR word (8), SSE block (16), AVX2 block (32) and a
// few blocks plus a tail (sorted: the last is the longest).
const std::vector<std::size_t> k_lengths = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  15, 16,  17,  23, 24,
                                            25, 31, 32, 33, 47, 48, 49, 63, 64, 65, 79, 127, 128, 129};

// Bytes readable before the scanned run (the scanner's floor): none, fewer
// than a block, and more than the widest block, so that the block scanners'
// last block is loaded both from the run itself and from before it.
const std::vector<std::size_t> k_prefixes = {0, 5, 40};

// Every byte value at every position of every length, the run placed after
// `prefix` NUL bytes (outside every class) that the scanner may read but must
// not count: once in a buffer whose end touches a guard page, once in a heap
// copy of exactly prefix + length bytes (ASan sees a read before the floor or
// past the end there). Both copies are made once per length and changed in
// place byte by byte: the checks allocate nothing, which keeps the 4 million
// checks an implementation quick under the sanitizers too.
void check_every_byte_at_every_position(core::impl_id id) {
  if (!core::supports(core::detect_cpu(), id)) GTEST_SKIP() << "this CPU cannot run this implementation";
  const auto& impl = core::get_implementation(id);
  guarded_buffer memory(k_prefixes.back() + k_lengths.back());
  for (const auto& scanner : scanners_of(impl)) {
    for (const std::size_t prefix : k_prefixes) {
      for (const std::size_t length : k_lengths) {
        const std::string filled = std::string(prefix, '\0') + std::string(length, scanner.filler);
        const auto guarded = memory.place_writable(filled);
        std::vector<char> heap(filled.begin(), filled.end());
        // Where the scanner stops over both copies, which must be `expected`;
        // `what` names the input only when a check fails.
        const auto check = [&](std::size_t expected, const auto& what) {
          for (char* floor : {guarded.data(), heap.data()}) {
            const char* p = floor + prefix;
            ASSERT_EQ(scanner.scan(p, floor + filled.size(), floor) - p, static_cast<std::ptrdiff_t>(expected))
                << impl.name << " " << scanner.name << " scanner, prefix " << prefix << ", length " << length
                << what() << (floor == heap.data() ? " (heap copy)" : " (guarded)");
          }
        };
        for (std::size_t at = 0; at < length; ++at) {
          for (unsigned b = 0; b < 256; ++b) {
            guarded[prefix + at] = heap[prefix + at] = static_cast<char>(b);
            check(scanner.in_class(b) ? length : at,
                  [&] { return ", byte " + std::to_string(b) + " at " + std::to_string(at); });
            if (::testing::Test::HasFatalFailure()) return;
          }
          guarded[prefix + at] = heap[prefix + at] = scanner.filler;
        }
        // All filler: the scanner runs to the end without reading past it.
        check(length, [] { return std::string(", all filler"); });
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

TEST(HttpParseScanners, ScalarMatchesTheClassesForEveryByteAndPosition) {
  check_every_byte_at_every_position(core::impl_id::scalar);
}
TEST(HttpParseScanners, SwarMatchesTheClassesForEveryByteAndPosition) {
  check_every_byte_at_every_position(core::impl_id::swar);
}
TEST(HttpParseScanners, Sse42MatchesTheClassesForEveryByteAndPosition) {
  check_every_byte_at_every_position(core::impl_id::sse42);
}
TEST(HttpParseScanners, Avx2MatchesTheClassesForEveryByteAndPosition) {
  check_every_byte_at_every_position(core::impl_id::avx2);
}

// The name scan without an end test (parsers use it when the input's last
// byte is not a tchar): every byte value at every position of a tchar run
// that ends in a sentinel LF, the input's last byte at a guard page, so a
// read past the sentinel crashes the test.
TEST(HttpParseScanners, UnboundedTcharScanStopsAtTheFirstNonTcharAndNeverPassesTheSentinel) {
  namespace internal = cores::http_parse::internal;
  guarded_buffer memory(k_lengths.back() + 1);
  for (const std::size_t length : k_lengths) {
    const std::string run(length, 'a');
    const auto placed_all = memory.place(run + "\n");
    ASSERT_EQ(internal::swar::scan_class_unbounded(placed_all.data(), internal::k_tchar) - placed_all.data(),
              static_cast<std::ptrdiff_t>(length))
        << "all tchars, length " << length;
    for (std::size_t at = 0; at < length; ++at) {
      for (unsigned b = 0; b < 256; ++b) {
        std::string bytes = run + "\n";
        bytes[at] = static_cast<char>(b);
        const auto placed = memory.place(bytes);
        const std::size_t expected = spec_tchar(b) ? length : at;
        ASSERT_EQ(internal::swar::scan_class_unbounded(placed.data(), internal::k_tchar) - placed.data(),
                  static_cast<std::ptrdiff_t>(expected))
            << "byte " << b << " at " << at << " of " << length;
      }
    }
  }
}

// Two bad bytes: the scanner must report the first, also when the second
// lies in an earlier SWAR word lane order or another block (borrows in SWAR
// only go upwards, so a bad byte must not hide an earlier one).
TEST(HttpParseScanners, EveryScannerReportsTheFirstOfTwoBadBytes) {
  const std::string bad_bytes = std::string("\x00\x1F\x7F\x08\x0A\x20", 6);
  for (const auto& impl : core::all_implementations()) {
    if (!core::supports(core::detect_cpu(), impl.id)) continue;
    for (const auto& scanner : scanners_of(impl)) {
      for (std::size_t first = 0; first < 40; ++first) {
        for (std::size_t second = first + 1; second < 40; ++second) {
          for (const char x : bad_bytes) {
            if (scanner.in_class(static_cast<unsigned char>(x))) continue;
            std::string bytes(40, scanner.filler);
            bytes[first] = x;
            bytes[second] = '\x00';
            ASSERT_EQ(scanner.scan(bytes.data(), bytes.data() + bytes.size(), bytes.data()) - bytes.data(),
                      static_cast<std::ptrdiff_t>(first))
                << impl.name << " " << scanner.name << " " << first << "," << second;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace http_parse_test
