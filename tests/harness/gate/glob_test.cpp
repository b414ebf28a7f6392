#include "harness/gate/rules.hpp"

#include <gtest/gtest.h>

namespace benchgate::gate {
namespace {

TEST(GlobMatch, StarCrossesSlashes) {
  EXPECT_TRUE(glob_match("*/peer/*", "page_iter/peer/row_bytes:8/density:0.1"));
  EXPECT_TRUE(glob_match("http_parse/*", "http_parse/core/size:64"));
  EXPECT_TRUE(glob_match("*", "a/b/c"));
  EXPECT_FALSE(glob_match("*/peer/*", "page_iter/core/row_bytes:8"));
}

TEST(GlobMatch, WholeNameMustMatch) {
  EXPECT_FALSE(glob_match("http_parse", "http_parse/core"));
  EXPECT_FALSE(glob_match("core/*", "http_parse/core/x"));
  EXPECT_TRUE(glob_match("http_parse/core", "http_parse/core"));
}

TEST(GlobMatch, QuestionMarkIsOneCharacter) {
  EXPECT_TRUE(glob_match("a/?/c", "a/b/c"));
  EXPECT_FALSE(glob_match("a/?/c", "a/bb/c"));
}

TEST(GlobMatch, BracketSetsAndComplements) {
  EXPECT_TRUE(glob_match("page_iter/core/row_bytes:[0-9]/*", "page_iter/core/row_bytes:8/density:0.1"));
  EXPECT_FALSE(glob_match("page_iter/core/row_bytes:[0-9]/*", "page_iter/core/row_bytes:64/density:0.1"));
  EXPECT_TRUE(glob_match("x/[!c]*", "x/baseline"));
  EXPECT_FALSE(glob_match("x/[!c]*", "x/core"));
}

TEST(GlobMatch, BackslashQuotes) {
  EXPECT_TRUE(glob_match("a\\*b", "a*b"));
  EXPECT_FALSE(glob_match("a\\*b", "axb"));
}

}  // namespace
}  // namespace benchgate::gate
