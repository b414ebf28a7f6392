// run --measure allocations end to end, on the known regression of issue 37
// item 5: build/benchgate against a driver whose http_parse core allocates
// one heap block per parse (cores/http_parse/test_regression.hpp). Counts
// are exact, so the expectations are exact numbers, never timings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/harness/run/allocations_cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

constexpr const char* k_regressed = BENCHGATE_ALLOC_REGRESSED_DRIVER;
// Two cells of one grid point: the baseline and the dispatched core. The
// case's body parses the head once per iteration, so the knob adds exactly
// one allocation per iteration to the core.
constexpr const char* k_selection =
    "--case http_parse --param workload=req --filter '^http_parse/(baseline|core)/workload:req$' "
    "--samples 10 --measurement-time 0.2 --warmup 0";
constexpr const char* k_core = "http_parse/core/workload:req";
constexpr const char* k_baseline = "http_parse/baseline/workload:req";

class AllocationsCli : public testing::allocations_cli_test {
 protected:
  // `run --measure allocations` of `driver` into `out`; its report.
  std::string measure(const std::string& driver, const std::string& out) {
    const auto saved = binary_;
    binary_ = driver;
    const auto r = run(std::string("run ") + k_selection + " --measure allocations --out " + out);
    binary_ = saved;
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return r.out;
  }
};

TEST_F(AllocationsCli, TheRegressedCoreAllocatesExactlyOneMorePerParse) {
  measure(binary_, "normal.json");
  const auto report = measure(k_regressed, "regressed.json");
  EXPECT_THAT(report, HasSubstr("per iteration (median):"));
  EXPECT_THAT(report, HasSubstr("core          1 allocations, 1 frees, "));
  EXPECT_THAT(report, HasSubstr("baseline      0 allocations, 0 frees, 0 B allocated, peak 0 B live"));
  EXPECT_EQ(json_of("normal.json").at("settings").at("measure"), "allocations");
  const std::vector<double> none(10, 0.0);
  const std::vector<double> one(10, 1.0);
  // Today's core and the baseline allocate nothing while parsing.
  EXPECT_EQ(counts("normal.json", k_core, "allocations"), none);
  EXPECT_EQ(counts("normal.json", k_core, "bytes_allocated"), none);
  EXPECT_EQ(counts("normal.json", k_baseline, "allocations"), none);
  // The knob: one block allocated and freed per parse, only in the core.
  EXPECT_EQ(counts("regressed.json", k_core, "allocations"), one);
  EXPECT_EQ(counts("regressed.json", k_core, "frees"), one);
  for (const auto bytes : counts("regressed.json", k_core, "peak_bytes")) EXPECT_GE(bytes, 64);
  EXPECT_EQ(counts("regressed.json", k_baseline, "allocations"), none);

  // compare takes the counter as a metric: exact, so deterministic.
  const auto compared = run("compare normal.json regressed.json --metric allocations --json diff.json");
  ASSERT_EQ(compared.exit_code, 0) << compared.out << compared.err;
  const auto diff = json_of("diff.json");
  ASSERT_EQ(diff.at("cells").size(), 2U);
  for (const auto& c : diff.at("cells")) {
    EXPECT_TRUE(c.at("deterministic").get<bool>()) << c.at("name");
    EXPECT_EQ(c.at("verdict"), c.at("name") == k_core ? "regressed" : "no_change") << c.at("name");
  }

  write_no_new_allocations_rule("http_parse/*");
  const auto failed = run("gate normal.json regressed.json --rules rules.json --json verdict.json");
  EXPECT_EQ(failed.exit_code, 1) << failed.out << failed.err;
  expect_only_failing("verdict.json", k_core, 2);
  const auto passed = run("gate normal.json normal.json --rules rules.json");
  EXPECT_EQ(passed.exit_code, 0) << passed.out << passed.err;
}

TEST_F(AllocationsCli, TwoRunsGiveEqualFigures) {
  measure(k_regressed, "first.json");
  measure(k_regressed, "second.json");
  for (const char* cell : {k_core, k_baseline}) {
    for (const char* name : {"allocations", "frees", "bytes_allocated", "peak_bytes"}) {
      const auto first = counts("first.json", cell, name);
      ASSERT_EQ(first.size(), 10U) << cell << " " << name;
      EXPECT_EQ(first, counts("second.json", cell, name)) << cell << " " << name;
      EXPECT_EQ(std::vector<double>(10, first.front()), first) << cell << " " << name;
    }
  }
}

TEST_F(AllocationsCli, BadInputIsExit2WithAMessage) {
  const auto unknown = run("run --case http_parse --measure allocs");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("error: --measure allocs: expected time, instructions or allocations"));
  const auto ab = run("ab '" + binary_ + "' '" + binary_ + "' --case http_parse --measure allocations");
  EXPECT_EQ(ab.exit_code, 2);
  EXPECT_THAT(ab.err, HasSubstr("error: --measure allocations: not with ab; expected 'run --measure allocations'"));
  const auto calibrate = run("calibrate --case http_parse --measure allocations");
  EXPECT_EQ(calibrate.exit_code, 2);
  EXPECT_THAT(calibrate.err, HasSubstr("error: "));
  EXPECT_THAT(calibrate.err, HasSubstr("measure"));
  const auto lockstep = run("run --case http_parse --measure allocations --lockstep-fd 3");
  EXPECT_EQ(lockstep.exit_code, 2);
  EXPECT_THAT(lockstep.err, HasSubstr("only with --measure time"));
}

}  // namespace
}  // namespace benchgate
