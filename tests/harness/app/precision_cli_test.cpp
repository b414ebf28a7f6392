// benchgate run --precision PCT|off [--precision-cap SECONDS] (issue 21).

#include <gtest/gtest.h>

#include "harness/run/run_options.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {
namespace {

class PrecisionCli : public cli_test {};

TEST_F(PrecisionCli, RecordsTheTargetAndReportsThePrecisionOfEachCell) {
  const auto r = run("run --case page_iter --param row_bytes=8 --param density=0.5 --filter '/(baseline|core)/' "
                     "--measurement-time 0.1 --warmup 0 --precision 50 --precision-cap 20 --out p.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The report's column: samples taken, the half-width reached, "cap" when
  // the cap stopped the cell; the figures are in the results.
  EXPECT_NE(r.out.find("samples ± 95% CI"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ci_half_width_pct"), std::string::npos) << r.out;
  const auto results = results::load_results(path("p.json"), "test");
  EXPECT_EQ(results.config.precision_pct, 50.0);
  EXPECT_EQ(results.config.precision_cap_s, 20.0);
  ASSERT_EQ(results.cells.size(), 2U);
  for (const auto& c : results.cells) {
    EXPECT_GE(c.samples.size(), 10U) << c.name;
    const auto has = [&](std::string_view name) {
      return std::any_of(c.figures.begin(), c.figures.end(), [&](const auto& f) { return f.name == name; });
    };
    EXPECT_TRUE(has(results::k_ci_half_width_figure)) << c.name;
    EXPECT_TRUE(has(results::k_stopped_by_cap_figure)) << c.name;
  }
}

// Without --precision a run takes the default target when nothing fixes its
// samples; --precision off, --samples and --quick give fixed samples.
TEST_F(PrecisionCli, TheDefaultTargetAppliesUnlessTheSamplesAreFixed) {
  const std::string point =
      "run --case page_iter --param row_bytes=8 --param density=0.5 --filter '/(baseline|core)/' --warmup 0 ";
  const auto by_default = run(point + "--measurement-time 0.1 --out default.json");
  ASSERT_EQ(by_default.exit_code, 0) << by_default.err;
  const auto defaulted = results::load_results(path("default.json"), "test");
  EXPECT_EQ(defaulted.config.precision_pct, options::k_default_precision_pct);
  EXPECT_DOUBLE_EQ(*defaulted.config.precision_cap_s, 0.1 * options::k_default_precision_cap_share);

  struct fixed_run {
    std::string args;
    std::string out;
    std::size_t samples;
  };
  for (const auto& [args, name, samples] : std::vector<fixed_run>{
           {"--measurement-time 0.1 --precision off", "off.json", options::k_default_samples},
           {"--measurement-time 0.1 --samples 12", "samples.json", 12},
           {"--quick", "quick.json", options::k_quick_samples}}) {
    const auto r = run(point + args + " --out " + name);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    const auto fixed = results::load_results(path(name), "test");
    EXPECT_FALSE(fixed.config.precision_pct.has_value()) << args;
    EXPECT_FALSE(fixed.config.precision_cap_s.has_value()) << args;
    EXPECT_EQ(r.out.find("samples ± 95% CI"), std::string::npos) << args;
    for (const auto& c : fixed.cells) EXPECT_EQ(c.samples.size(), samples) << args;
  }
}

TEST_F(PrecisionCli, BadOrConflictingOptionsAreExit2) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--precision 0", "error: --precision 0: expected off or a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision 101", "error: --precision 101: expected off or a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision x", "error: --precision x: expected off or a percentage from 0.01 to 100, e.g. 1\n"},
      {"--precision off --precision-cap 5",
       "error: --precision-cap: not with --precision off; the cap bounds the stopping rule\n"},
      {"--samples 20 --precision-cap 5",
       "error: --precision-cap: only means something with a stopping rule, and this run takes fixed samples "
       "(--samples, --rounds, --quick or --measure instructions); add --precision PCT\n"},
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
