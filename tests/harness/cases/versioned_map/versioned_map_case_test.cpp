// The versioned_map case glue: its grid, and every phase prepared at a
// small size (variants agree, four benches, memory figures).

#include "harness/cases/versioned_map/versioned_map_case.hpp"
#include "benchgate/case.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "harness/support/errors/input_error.hpp"

namespace {

using benchgate::axis_values;
using benchgate::param_point;

std::vector<axis_values> grid(std::vector<std::string> workloads, std::vector<std::string> phases,
                              std::vector<std::string> versions = {"1000"}, std::vector<std::string> window = {"10"}) {
  return {{"workload", std::move(workloads)},
          {"phase", std::move(phases)},
          {"versions", std::move(versions)},
          {"window", std::move(window)}};
}

std::vector<std::string> labels(const std::vector<param_point>& points) {
  std::vector<std::string> out;
  for (const auto& p : points) out.push_back(p.label());
  return out;
}

double figure(const std::vector<benchgate::figure>& figures, const std::string& name) {
  const auto it = std::find_if(figures.begin(), figures.end(), [&](const auto& f) { return f.name == name; });
  return it == figures.end() ? -1 : it->value;
}

TEST(VersionedMapCase, HasTheFourVariantsBaselineFirst) {
  const auto c = benchgate::cases::make_versioned_map_case();
  const auto variants = c->variants();
  ASSERT_EQ(variants.size(), 4U);
  EXPECT_EQ(variants[0].name, "map");
  EXPECT_EQ(variants[0].role, benchgate::variant_role::baseline);
  EXPECT_EQ(variants[1].name, "deque");
  EXPECT_EQ(variants[2].name, "ring");
  EXPECT_EQ(variants[3].role, benchgate::variant_role::peer);
  EXPECT_EQ(c->default_samples(), 10);
}

TEST(VersionedMapCase, EachWorkloadNamesOnlyTheAxesItUses) {
  const auto c = benchgate::cases::make_versioned_map_case();
  const auto points = c->points(grid({"extreme", "window", "roots"}, {"mutate", "update", "push_pop", "get_root"}), {});
  EXPECT_EQ(labels(points), (std::vector<std::string>{"workload:extreme/phase:mutate/versions:1000",
                                                      "workload:window/phase:update/window:10",
                                                      "workload:roots/phase:push_pop/window:10",
                                                      "workload:roots/phase:get_root/versions:1000"}));
}

TEST(VersionedMapCase, PhasesOfAnUnchosenWorkloadAreLeftOut) {
  const auto c = benchgate::cases::make_versioned_map_case();
  const auto points = c->points(grid({"roots"}, {"mutate", "get_root"}), {});
  EXPECT_EQ(labels(points), std::vector<std::string>{"workload:roots/phase:get_root/versions:1000"});
}

TEST(VersionedMapCase, NoPhaseOfTheChosenWorkloadsIsAnInputError) {
  const auto c = benchgate::cases::make_versioned_map_case();
  try {
    c->points(grid({"roots"}, {"mutate"}), {});
    FAIL() << "expected an input_error";
  } catch (const benchgate::input_error& e) {
    EXPECT_NE(std::string(e.what()).find("--param phase: none of the chosen phases belongs to a chosen workload"),
              std::string::npos);
  }
}

TEST(VersionedMapCase, VersionsAndWindowAxesRejectOutOfRangeValues) {
  const auto c = benchgate::cases::make_versioned_map_case();
  for (const auto& axis : c->axes()) {
    if (axis.name == "versions") {
      EXPECT_TRUE(axis.check("999").has_value());
      EXPECT_FALSE(axis.check("1000000").has_value());
    }
    if (axis.name == "window") {
      EXPECT_TRUE(axis.check("1").has_value());
      EXPECT_FALSE(axis.check("5000").has_value());
    }
    if (axis.name == "phase") {
      EXPECT_TRUE(axis.check("insert").has_value());
    }
  }
}

// One phase per test instance, so CTest can run them in parallel.
class VersionedMapPhase : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(VersionedMapPhase, PreparesFourAgreeingVariantsWithMemoryFigures) {
  const auto c = benchgate::cases::make_versioned_map_case();
  const auto [workload, phase] = GetParam();
  const auto points = c->points(grid({workload}, {phase}), {});
  ASSERT_EQ(points.size(), 1U);
  const auto prepared = c->prepare(points[0]);
  EXPECT_EQ(prepared.error, "");
  ASSERT_EQ(prepared.benches.size(), 4U);
  EXPECT_GT(prepared.work.amount, 0);
  for (const auto& bench : prepared.benches) {
    EXPECT_TRUE(bench.body) << bench.variant;
    EXPECT_GT(figure(bench.figures, "roots_bytes_per_version"), 0) << bench.variant;
    EXPECT_GE(figure(bench.figures, "roots_heap_bytes_per_version"), figure(bench.figures, "roots_bytes_per_version"));
  }
  // A std::map node is 32 bytes of links plus the 16-byte entry.
  EXPECT_EQ(figure(prepared.benches[0].figures, "roots_bytes_per_version"), 48);
}

INSTANTIATE_TEST_SUITE_P(AllPhases, VersionedMapPhase,
                         ::testing::Values(std::pair{"extreme", "mutate"}, std::pair{"extreme", "read_latest"},
                                           std::pair{"extreme", "read_retained"}, std::pair{"window", "update"},
                                           std::pair{"window", "find"}, std::pair{"window", "lower_bound"},
                                           std::pair{"window", "scan"}, std::pair{"roots", "push_pop"},
                                           std::pair{"roots", "get_root"}),
                         [](const auto& info) {
                           return std::string(info.param.first) + "_" + std::string(info.param.second);
                         });

}  // namespace
