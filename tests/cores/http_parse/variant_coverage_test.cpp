// The grammar, guard-page, differential, case and fuzz tests run every
// parser in every_parser(), which leaves out the SIMD implementations this
// CPU cannot run. This test makes that visible: one test per
// implementation, skipped (with the reason) where the CPU lacks it, and
// otherwise failing unless the implementation is among the parsers tested.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/cores/http_parse/parsers.hpp"

namespace http_parse_test {
namespace {

class HttpParseVariant : public ::testing::TestWithParam<core::impl_id> {};

TEST_P(HttpParseVariant, IsAmongTheParsersUnderTestOrVisiblySkipped) {
  const auto& impl = core::get_implementation(GetParam());
  if (!core::supports(core::detect_cpu(), impl.id)) {
    GTEST_SKIP() << "this CPU cannot run core_" << impl.name
                 << ": the grammar, guard-page, differential and fuzz tests do not cover it here";
  }
  const auto parsers = every_parser();
  const auto name = "core_" + std::string(impl.name);
  EXPECT_TRUE(std::any_of(parsers.begin(), parsers.end(), [&](const named_parser& p) { return p.name == name; }))
      << name << " is runnable but not tested";
}

INSTANTIATE_TEST_SUITE_P(EveryImplementation, HttpParseVariant,
                         ::testing::Values(core::impl_id::scalar, core::impl_id::swar, core::impl_id::sse42,
                                           core::impl_id::avx2),
                         [](const ::testing::TestParamInfo<core::impl_id>& info) {
                           return std::string(core::get_implementation(info.param).name);
                         });

}  // namespace
}  // namespace http_parse_test
