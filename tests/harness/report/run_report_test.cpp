#include "harness/report/run_report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace benchgate;
using ::testing::HasSubstr;

results::cell allocating_cell(const std::string& variant, benchgate::variant_role role, double bytes) {
  results::cell c;
  c.case_name = "http_parse";
  c.variant = variant;
  c.name = "http_parse/" + variant + "/input:a";
  c.role = role;
  for (const double ns : {40.0, 41.0, 42.0}) {
    results::sample s;
    s.iterations = 100;
    s.real_ns = ns;
    s.cpu_ns = ns;
    s.counters = {{"allocations", 4}, {"frees", 4}, {"bytes_allocated", bytes}, {"peak_bytes", bytes}};
    c.samples.push_back(s);
  }
  return c;
}

// A variant name longer than the column still leaves a space before the
// role, and counts print every digit (the docs call them exact).
TEST(PointReport, LongVariantNamesKeepTheirColumnsApartAndCountsAreExact) {
  const std::vector<results::cell> cells = {
      allocating_cell("baseline_word_version", benchgate::variant_role::baseline, 1835008),
      allocating_cell("core", benchgate::variant_role::core, 72)};
  const auto text = report::point_report(cells);
  EXPECT_THAT(text, HasSubstr("  baseline_word_version  baseline  "));
  EXPECT_THAT(text, HasSubstr("  core                   core      "));
  EXPECT_THAT(text, HasSubstr("4 allocations, 4 frees, 1835008 B allocated, peak 1835008 B live"));
  EXPECT_THAT(text, HasSubstr("4 allocations, 4 frees, 72 B allocated, peak 72 B live"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("e+06")));
}

}  // namespace
