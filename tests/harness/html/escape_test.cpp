#include <gtest/gtest.h>

#include "harness/html/escape.hpp"

namespace benchgate::html {
namespace {

TEST(Escape, MarkupCharactersBecomeReferences) {
  EXPECT_EQ(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
  EXPECT_EQ(escape("µs\tok"), "µs\tok");
  EXPECT_EQ(escape(std::string("bell\x07")), "bell?");
  EXPECT_EQ(element("td", "<x>"), "<td>&lt;x&gt;</td>");
}

}  // namespace
}  // namespace benchgate::html
