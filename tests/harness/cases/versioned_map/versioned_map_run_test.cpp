// `benchgate run --case versioned_map` end to end at a small size: every
// phase's timed body runs through Google Benchmark and checks its result.

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "tests/support/cli.hpp"

namespace {

struct selection {
  const char* workload;
  const char* phases;
  int cells;
};

void PrintTo(const selection& s, std::ostream* out) { *out << s.workload << ": " << s.phases; }

// One workload per test instance, so CTest can run them in parallel. One
// variant (the ring) keeps them short; prepare still checks all four. The
// window workload's lower_bound and scan bodies are find's template with
// another read, so find stands for them (each map starts with FDB's 20000
// keys, slow under the sanitizers).
class VersionedMapRun : public ::testing::TestWithParam<selection> {};

TEST_P(VersionedMapRun, EachBodyRunsAndChecksItsResult) {
  const auto [workload, phases, cells] = GetParam();
  const auto r = benchgate::test_support::run_benchgate(
      {"run", "--case", "versioned_map", "--param", std::string("workload=") + workload, "--param",
       std::string("phase=") + phases, "--param", "versions=1000", "--param", "window=10", "--samples", "10",
       "--min-time", "0.00001", "--warmup", "0", "--filter", "/ring/"});
  const auto output = r.out + r.err;
  EXPECT_EQ(r.exit_code, 0) << output;
  EXPECT_NE(r.out.find(std::to_string(cells) + " cells in"), std::string::npos) << output;
  EXPECT_NE(r.out.find("every cell checked its output and ran"), std::string::npos) << output;
}

INSTANTIATE_TEST_SUITE_P(AllWorkloads, VersionedMapRun,
                         ::testing::Values(selection{"extreme", "mutate,read_latest,read_retained", 3},
                                           selection{"window", "update,find", 2},
                                           selection{"roots", "push_pop,get_root", 2}),
                         [](const auto& info) { return std::string(info.param.workload); });

}  // namespace
