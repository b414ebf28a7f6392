// The saved-baseline workflow end to end, on the smallest page_iter grid.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/formats/baseline_store.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

// Two cells, 10 short samples: about a second on a busy machine.
const std::string k_tiny_run =
    "run --case page_iter --param row_bytes=256 --param density=1.0 --filter '/(baseline|core)/' --samples 10 "
    "--measurement-time 0.05 --warmup 0 --baseline-dir saved";

class BaselineCli : public testing::cli_test {};

TEST_F(BaselineCli, SaveThenCompareAgainstTheSavedRun) {
  const auto saved = run(k_tiny_run + " --save-baseline main");
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  EXPECT_THAT(saved.out, HasSubstr("baseline saved: main (saved/main.json)\n"));
  EXPECT_EQ(results::load_results(path("saved/main.json"), "test").cells.size(), 2U);

  const auto compared = run(k_tiny_run + " --baseline main");
  EXPECT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_THAT(compared.out, HasSubstr("Change against baseline 'main':"));
  EXPECT_THAT(compared.out, HasSubstr("page_iter/core/row_bytes:256/density:1.0\n                        time:   ["));
  EXPECT_THAT(compared.out, HasSubstr("OLD: baseline 'main' (saved/main.json)"));
  EXPECT_THAT(compared.out, HasSubstr("Summary: 2 cells compared"));

  const auto by_name = run("compare main main --baseline-dir saved --resamples 1000");
  EXPECT_EQ(by_name.exit_code, 0) << by_name.err;
  EXPECT_THAT(by_name.out, HasSubstr("  unchanged       2\n"));
}

TEST_F(BaselineCli, AMissingBaselineFailsBeforeRunning) {
  const auto r = run(k_tiny_run + " --baseline nope");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --baseline nope: no saved baseline of that name in saved (none is saved there; save one "
                   "with 'benchgate run --save-baseline NAME')\n");
  EXPECT_EQ(r.out, "") << "nothing ran";
}

TEST_F(BaselineCli, AnInterruptedRunLeavesTheSavedBaselineAlone) {
  results::run_results before;
  before.env.tool_version = "marker";
  results::save_baseline(before, path("saved"), "main", "test");
  const auto original = files::read_file(path("saved/main.json"), "test");
  // A run of several seconds, interrupted after one.
  const auto r = run("run --case page_iter --samples 10 --measurement-time 1 --baseline-dir saved "
                     "--save-baseline main",
                     "timeout -s INT 1 ");
  // 124: `timeout` ended it, so it was running (an early exit, e.g. exit 2
  // on a bad option, would leave the baseline alone for no merit).
  EXPECT_EQ(r.exit_code, 124) << r.err;
  EXPECT_EQ(files::read_file(path("saved/main.json"), "test"), original);
}

}  // namespace
}  // namespace benchgate
