// The 8-byte word compare of the version (the seed PR's change).

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string_view>

#include "cores/http_parse/version.hpp"

namespace http_parse_test {
namespace {

namespace core = cores::http_parse;
using core::version_match;

version_match match(std::string_view bytes) { return core::match_version(bytes.data(), bytes.size()); }

TEST(HttpParseVersion, MatchesBothVersionsByWord) {
  EXPECT_EQ(match("HTTP/1.1"), version_match::http11);
  EXPECT_EQ(match("HTTP/1.0"), version_match::http10);
  EXPECT_EQ(match("HTTP/1.1\r\n"), version_match::http11);
}

TEST(HttpParseVersion, AnyOtherEightBytesMismatch) {
  EXPECT_EQ(match("HTTP/1.2"), version_match::mismatch);
  EXPECT_EQ(match("HTTP/2.0"), version_match::mismatch);
  EXPECT_EQ(match("http/1.1"), version_match::mismatch);
  EXPECT_EQ(match("XTTP/1.1"), version_match::mismatch);
}

TEST(HttpParseVersion, ShortMatchingPrefixIsPartial) {
  EXPECT_EQ(match(""), version_match::partial);
  EXPECT_EQ(match("H"), version_match::partial);
  EXPECT_EQ(match("HTTP/1."), version_match::partial);
}

TEST(HttpParseVersion, ShortWrongPrefixMismatches) {
  EXPECT_EQ(match("HTTP/1!"), version_match::mismatch);
  EXPECT_EQ(match("X"), version_match::mismatch);
  EXPECT_EQ(match("HTTP/2"), version_match::mismatch);
}

TEST(HttpParseVersion, WordsSpellTheVersions) {
  // The constants equal what a load of the 8 bytes gives, on any endianness.
  std::uint64_t loaded = 0;
  std::memcpy(&loaded, "HTTP/1.0", sizeof loaded);
  EXPECT_EQ(core::k_http10_word, loaded);
  std::memcpy(&loaded, "HTTP/1.1", sizeof loaded);
  EXPECT_EQ(core::k_http11_word, loaded);
}

}  // namespace
}  // namespace http_parse_test
