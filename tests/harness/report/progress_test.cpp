#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

#include "harness/report/progress.hpp"

namespace benchgate::report {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// Captures what is written to std::cerr while it lives.
class captured_stderr {
 public:
  captured_stderr() : old_(std::cerr.rdbuf(text_.rdbuf())) {}
  ~captured_stderr() { std::cerr.rdbuf(old_); }
  std::string text() const { return text_.str(); }

 private:
  std::ostringstream text_;
  std::streambuf* old_;
};

TEST(ProgressLine, DisabledItPrintsNothing) {
  captured_stderr err;
  {
    progress_line progress(false);
    progress.update(0, 3, "page_iter/row_bytes:8");
    progress.update(1, 3, "page_iter/row_bytes:32");
    progress.clear();
  }
  EXPECT_EQ(err.text(), "");
}

TEST(ProgressLine, EnabledItShowsItemOfTotalElapsedAndTimeLeftThenErasesTheLine) {
  captured_stderr err;
  {
    progress_line progress(true);
    progress.update(0, 3, "a");
    EXPECT_THAT(err.text(), StartsWith("\r\033[K[1/3] a  elapsed "));
    EXPECT_THAT(err.text(), ::testing::Not(HasSubstr("left")));  // nothing done yet to estimate from
    progress.update(1, 3, "b");
    EXPECT_THAT(err.text(), HasSubstr("\r\033[K[2/3] b  elapsed "));
    EXPECT_THAT(err.text(), HasSubstr(" left"));
    const auto before = err.text().size();
    progress.clear();
    EXPECT_EQ(err.text().substr(before), "\r\033[K");
  }
}

}  // namespace
}  // namespace benchgate::report
