// The baseline's own parts: the bounds-checked cursor, the byte-by-byte
// version check and the decoding UTF-8 validator. (Its parses are checked
// with every core in tests/cores/http_parse.)

#include <gtest/gtest.h>

#include <string_view>

#include "baselines/http_parse/cursor_parser.hpp"

namespace {

namespace base = baselines::http_parse;
namespace core = cores::http_parse;

TEST(HttpParseCursor, ReadsOneByteAtATimeAndStopsAtTheEnd) {
  base::cursor c("ab");
  EXPECT_EQ(c.peek(), 'a');
  EXPECT_EQ(c.next(), 'a');
  EXPECT_EQ(c.next(), 'b');
  EXPECT_EQ(c.pos(), 2U);
  EXPECT_EQ(c.remaining(), 0U);
  EXPECT_EQ(c.peek(), std::nullopt);
  EXPECT_EQ(c.next(), std::nullopt);
  EXPECT_EQ(c.pos(), 2U);
}

TEST(HttpParseCursor, SlicesAndAdvances) {
  base::cursor c("GET / HTTP/1.1");
  c.advance(4);
  EXPECT_EQ(*c.here(), '/');
  EXPECT_EQ(c.slice(0, 3), "GET");
  EXPECT_EQ(c.slice(4, 4), "");
}

base::step version_of(std::string_view bytes, std::uint8_t& minor, std::size_t& consumed) {
  base::cursor c(bytes);
  const auto stop = base::byte_version::check(c, minor);
  consumed = c.pos();
  return stop;
}

TEST(HttpParseByteVersion, AcceptsBothVersionsAndMovesPastThem) {
  std::uint8_t minor = 9;
  std::size_t consumed = 0;
  EXPECT_EQ(version_of("HTTP/1.1\r\n", minor, consumed), std::nullopt);
  EXPECT_EQ(minor, 1);
  EXPECT_EQ(consumed, 8U);
  EXPECT_EQ(version_of("HTTP/1.0", minor, consumed), std::nullopt);
  EXPECT_EQ(minor, 0);
}

TEST(HttpParseByteVersion, MismatchIsVersionAndShortPrefixIsIncomplete) {
  std::uint8_t minor = 0;
  std::size_t consumed = 0;
  EXPECT_EQ(version_of("HTTP/1.2", minor, consumed), core::failed(core::parse_error::version));
  EXPECT_EQ(version_of("HTTQ", minor, consumed), core::failed(core::parse_error::version));
  EXPECT_EQ(version_of("HTTP/1.", minor, consumed), core::incomplete());
  EXPECT_EQ(version_of("", minor, consumed), core::incomplete());
}

TEST(HttpParseBaselineUtf8, AcceptsShortestFormsUpToTheLastScalar) {
  EXPECT_TRUE(base::detail::valid_utf8(""));
  EXPECT_TRUE(base::detail::valid_utf8("/plain"));
  EXPECT_TRUE(base::detail::valid_utf8("\xC2\x80\xDF\xBF"));               // U+0080, U+07FF
  EXPECT_TRUE(base::detail::valid_utf8("\xE0\xA0\x80\xED\x9F\xBF"));       // U+0800, U+D7FF
  EXPECT_TRUE(base::detail::valid_utf8("\xEE\x80\x80\xF0\x90\x80\x80"));   // U+E000, U+10000
  EXPECT_TRUE(base::detail::valid_utf8("\xF4\x8F\xBF\xBF"));               // U+10FFFF
}

TEST(HttpParseBaselineUtf8, RejectsOverlongsSurrogatesAndTruncations) {
  EXPECT_FALSE(base::detail::valid_utf8("\xC1\xBF"));          // overlong U+007F
  EXPECT_FALSE(base::detail::valid_utf8("\xE0\x9F\xBF"));      // overlong U+07FF
  EXPECT_FALSE(base::detail::valid_utf8("\xF0\x8F\xBF\xBF"));  // overlong U+FFFF
  EXPECT_FALSE(base::detail::valid_utf8("\xED\xA0\x80"));      // U+D800
  EXPECT_FALSE(base::detail::valid_utf8("\xF4\x90\x80\x80"));  // U+110000
  EXPECT_FALSE(base::detail::valid_utf8("\xF8\x88\x80\x80\x80"));
  EXPECT_FALSE(base::detail::valid_utf8("\x80"));
  EXPECT_FALSE(base::detail::valid_utf8("a\xE2\x82"));
  EXPECT_FALSE(base::detail::valid_utf8("\xC3("));
}

}  // namespace
