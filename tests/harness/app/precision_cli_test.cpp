// benchgate run --precision PCT [--precision-cap SECONDS] (issue 21).

#include <gtest/gtest.h>

#include "harness/results/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {
namespace {

class PrecisionCli : public cli_test {};

TEST_F(PrecisionCli, RecordsTheTargetAndReportsThePrecisionOfEachCell) {
  const auto r = run("run --case page_iter --param row_bytes=8 --param density=0.5 --filter '/(baseline|core)/' "
                     "--measurement-time 0.1 --warmup 0 --precision 50 --precision-cap 20 --out p.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("ci_half_width_pct"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopped_by_cap"), std::string::npos) << r.out;
  const auto results = results::load_results(path("p.json"), "test");
  EXPECT_EQ(results.config.precision_pct, 50.0);
  EXPECT_EQ(results.config.precision_cap_s, 20.0);
  ASSERT_EQ(results.cells.size(), 2U);
  for (const auto& c : results.cells) EXPECT_GE(c.samples.size(), 10U) << c.name;
}

TEST_F(PrecisionCli, BadOrConflictingOptionsAreExit2) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--precision 0", "error: --precision 0: expected a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision 101", "error: --precision 101: expected a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision x", "error: --precision x: expected a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision-cap 5", "error: --precision-cap: only means something with --precision\n"},
      {"--precision 1 --samples 20",
       "error: --precision 1: not with --samples; it decides the number of samples itself (at least 10)\n"},
      {"--precision 1 --rounds 2",
       "error: --precision 1: not with --rounds; each round takes a fixed share of the samples\n"},
      {"--precision 1 --measure instructions",
       "error: --precision 1: not with --measure instructions; counted samples are all alike\n"},
  };
  for (const auto& [args, expected] : cases) {
    const auto r = run("run --case page_iter " + args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err, expected) << args;
  }
}

}  // namespace
}  // namespace benchgate::testing
