#include "harness/formats/metric.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::results {
namespace {

TEST(Metric, TimesAndCountsAreBetterLower) {
  for (const auto* name : {"real_time", "cpu_time", "instructions", "allocations", "frees", "bytes_allocated",
                           "peak_bytes"}) {
    EXPECT_EQ(built_in_direction(name), better::lower) << name;
  }
}

TEST(Metric, ThroughputAndRatesAreBetterHigher) {
  for (const auto* name : {"throughput", "items_per_second", "bytes_per_second", "requests_per_second"}) {
    EXPECT_EQ(built_in_direction(name), better::higher) << name;
  }
}

TEST(Metric, AnythingElseHasNoDirectionUntilDeclared) {
  EXPECT_EQ(built_in_direction("hits"), std::nullopt);
  EXPECT_EQ(built_in_direction("compression_ratio"), std::nullopt);
  // The suffix alone is no rate name.
  EXPECT_EQ(built_in_direction("_per_second"), std::nullopt);
  EXPECT_EQ(direction_of("hits", {}), std::nullopt);
  EXPECT_EQ(direction_of("hits", {{"hits", better::higher}}), better::higher);
  // The last declaration of a name wins; others' do not apply.
  EXPECT_EQ(direction_of("hits", {{"hits", better::higher}, {"misses", better::lower}, {"hits", better::lower}}),
            better::lower);
  EXPECT_EQ(direction_of("misses", {{"hits", better::higher}}), std::nullopt);
}

TEST(Metric, ParsesDeclarations) {
  EXPECT_EQ(parse_declared_direction("hits=higher", "--direction"), (declared_direction{"hits", better::higher}));
  EXPECT_EQ(parse_declared_direction("cache.misses=lower", "--direction"),
            (declared_direction{"cache.misses", better::lower}));
  for (const auto* bad : {"hits", "hits=", "=higher", "hits=up", "a b=higher"}) {
    try {
      parse_declared_direction(bad, "--direction");
      ADD_FAILURE() << bad;
    } catch (const input_error& e) {
      EXPECT_EQ(std::string(e.what()), "--direction " + std::string(bad) +
                                           ": expected METRIC=higher or METRIC=lower (e.g. hits=higher), METRIC a "
                                           "counter name");
    }
  }
}

TEST(Metric, UnitsOfTheBuiltInMetricsAndRates) {
  EXPECT_EQ(unit_of("real_time"), "ns");
  EXPECT_EQ(unit_of("instructions"), "instructions");
  EXPECT_EQ(unit_of("allocations"), "allocations");
  EXPECT_EQ(unit_of("frees"), "frees");
  EXPECT_EQ(unit_of("bytes_allocated"), "bytes");
  EXPECT_EQ(unit_of("peak_bytes"), "bytes");
  EXPECT_EQ(unit_of("items_per_second"), "/s");
  EXPECT_EQ(unit_of("hits"), "");
}

TEST(Metric, NamesAreCounterLike) {
  EXPECT_TRUE(is_metric_name("items_per_second"));
  EXPECT_TRUE(is_metric_name("L1-misses:total.x"));
  EXPECT_FALSE(is_metric_name(""));
  EXPECT_FALSE(is_metric_name("a b"));
  EXPECT_FALSE(is_metric_name("a/b"));
}

}  // namespace
}  // namespace benchgate::results
