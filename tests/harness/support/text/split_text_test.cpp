#include "harness/support/text/split_text.hpp"

#include <gtest/gtest.h>

namespace {

using benchgate::text::split;
using parts = std::vector<std::string>;

TEST(Split, KeepsEveryPartEmptyOnesIncluded) {
  EXPECT_EQ(split("case/variant/axis:value", '/'), (parts{"case", "variant", "axis:value"}));
  EXPECT_EQ(split("a//b/", '/'), (parts{"a", "", "b", ""}));
  EXPECT_EQ(split("", '/'), (parts{""}));
  EXPECT_EQ(split("BM_x", '/'), (parts{"BM_x"}));
}

}  // namespace
