#include "harness/run/plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "harness/support/errors/input_error.hpp"

namespace {

using namespace benchgate;

class fake_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "fake"; }
  std::string_view description() const override { return ""; }
  std::vector<benchgate::variant_info> variants() const override {
    return {{"baseline", benchgate::variant_role::baseline, ""},
            {"core", benchgate::variant_role::core, ""},
            {"peer", benchgate::variant_role::peer, ""}};
  }
  std::vector<benchgate::axis_info> axes() const override {
    return {{"size", "", {"1", "2", "3"}, {"1"}, {}}, {"mode", "", {"a", "b"}, {}, {}}};
  }
  int default_samples() const override { return 20; }
  benchgate::prepared_point prepare(const benchgate::param_point&) const override { return {}; }
};

suite::registry registry() {
  std::vector<std::unique_ptr<benchgate::benchmark_case>> cases;
  cases.push_back(std::make_unique<fake_case>());
  return suite::registry(std::move(cases));
}

TEST(Plan, DefaultGridIsTheProductWithTheCasesSampleCount) {
  options::run_options o;
  const auto plan = run::make_plan(o, registry());
  ASSERT_EQ(plan.points.size(), 6u);
  EXPECT_EQ(plan.points[0].point.label(), "size:1/mode:a");
  EXPECT_EQ(plan.points[0].samples, 20);
  EXPECT_EQ(plan.points[0].variants.size(), 3u);
  // 5 s shared by 3 variants x 20 samples, less Google Benchmark's 1.4x overshoot.
  EXPECT_DOUBLE_EQ(plan.points[0].min_time_s, 5.0 / 60.0 / 1.4);
  EXPECT_DOUBLE_EQ(plan.points[0].warmup_s, 0.5 / 3.0);
}

TEST(Plan, QuickUsesTheQuickValuesAndTenSamples) {
  options::run_options o;
  o.settings.quick = true;
  const auto plan = run::make_plan(o, registry());
  ASSERT_EQ(plan.points.size(), 2u);
  EXPECT_EQ(plan.points[0].samples, 10);
}

TEST(Plan, ParamOverridesWinAndMinTimeOverridesTheShare) {
  options::run_options o;
  o.settings.params = {{"mode", {"b"}}};
  o.settings.samples = 12;
  o.settings.min_time_s = 0.25;
  const auto plan = run::make_plan(o, registry());
  ASSERT_EQ(plan.points.size(), 3u);
  EXPECT_EQ(plan.points[2].point.label(), "size:3/mode:b");
  EXPECT_EQ(plan.points[2].samples, 12);
  EXPECT_DOUBLE_EQ(plan.points[2].min_time_s, 0.25);
  EXPECT_EQ(plan.config.params[0].first, "mode");
}

TEST(Plan, FilterKeepsMatchingCellsAndDropsEmptyPoints) {
  options::run_options o;
  o.settings.filter = "(baseline|core)/size:2";
  const auto plan = run::make_plan(o, registry());
  ASSERT_EQ(plan.points.size(), 2u);
  EXPECT_EQ(plan.points[0].variants.size(), 2u);
  EXPECT_EQ(plan.points[0].variants[1].name, "core");
}

TEST(Plan, AFilterMatchingNothingIsAnError) {
  options::run_options o;
  o.settings.filter = "nothing-like-this";
  try {
    run::make_plan(o, registry());
    FAIL();
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--filter nothing-like-this: matches no cell; see 'benchgate list' for names");
  }
}

}  // namespace

namespace {

std::vector<std::string> labels_of(const run::run_plan& plan) {
  std::vector<std::string> out;
  for (const auto& p : plan.points) out.push_back(p.point.label());
  return out;
}

TEST(PlanShard, SplitsThePointsRoundRobinWithAllTheirVariants) {
  options::run_options o;
  o.settings.shard = results::shard_spec{2, 4};
  const auto plan = run::make_plan(o, registry());
  // The 6 points in order; part 2 of 4 takes positions 1 and 5.
  EXPECT_EQ(labels_of(plan), (std::vector<std::string>{"size:1/mode:b", "size:3/mode:b"}));
  EXPECT_EQ(plan.points[0].variants.size(), 3u);
  ASSERT_TRUE(plan.config.shard.has_value());
  EXPECT_EQ(*plan.config.shard, (results::shard_spec{2, 4}));
}

TEST(PlanShard, TheShardsPartitionTheSelection) {
  options::run_options whole;
  const auto all = labels_of(run::make_plan(whole, registry()));
  for (int count = 1; count <= 6; ++count) {
    std::vector<std::string> pooled;
    for (int index = 1; index <= count; ++index) {
      options::run_options o;
      o.settings.shard = results::shard_spec{index, count};
      const auto part = labels_of(run::make_plan(o, registry()));
      // The same options give the same part.
      EXPECT_EQ(part, labels_of(run::make_plan(o, registry())));
      pooled.insert(pooled.end(), part.begin(), part.end());
    }
    std::sort(pooled.begin(), pooled.end());
    auto expected = all;
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(pooled, expected) << count << " shards";
  }
}

TEST(PlanShard, SplitsWhatTheFilterSelected) {
  options::run_options o;
  o.settings.filter = "size:2";
  o.settings.shard = results::shard_spec{2, 2};
  EXPECT_EQ(labels_of(run::make_plan(o, registry())), (std::vector<std::string>{"size:2/mode:b"}));
}

TEST(PlanShard, MoreShardsThanPointsLeavesAnEmptyShardWhichIsAnError) {
  options::run_options o;
  o.settings.shard = results::shard_spec{7, 7};
  try {
    run::make_plan(o, registry());
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "--shard 7/7: selects no grid point: the selection has 6; expected at most that many shards");
  }
}

}  // namespace
