// gate --confirm with real re-runs of one small page_iter cell (about a
// second each). The injected slowdown (300 %: the pilot that sizes it can be
// off by half on a loaded machine) is far beyond the fail level
// (10 %); the other tests do not depend on timing.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/support/files/file_io.hpp"
#include "harness/formats/results_json.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* k_cell = "page_iter/core/row_bytes:8/density:0.5";
constexpr const char* k_run =
    "run --case page_iter --quick --filter 'page_iter/core/row_bytes:8/density:0.5$' --samples 20 "
    "--measurement-time 0.4 --warmup 0.1";

// `samples` scaled by `even` and `odd` in turn: a made-up spread around a
// real run.
std::vector<results::sample> scattered(std::vector<results::sample> samples, double even, double odd) {
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const double factor = i % 2 == 0 ? even : odd;
    samples[i].real_ns *= factor;
    samples[i].cpu_ns *= factor;
  }
  return samples;
}

class GateConfirmCli : public testing::cli_test {
 protected:
  // old.json, a real run of the cell (`run_command`), and new.json, the
  // same samples scattered over a factor of ten (too unstable to judge).
  void write_scattered_pair(const std::string& run_command = k_run) {
    ASSERT_EQ(run(run_command + " --out old.json").exit_code, 0);
    auto new_run = results::load_results(path("old.json"), "test");
    new_run.cells.at(0).samples = scattered(new_run.cells.at(0).samples, 0.3, 3.0);
    results::save_results(new_run, path("new.json"), "test");
  }
};

TEST_F(GateConfirmCli, AnInjectedSlowdownStillFailsAfterConfirmation) {
  ASSERT_EQ(run(std::string(k_run) + " --out old.json").exit_code, 0);
  ASSERT_EQ(run(std::string(k_run) + " --inject-slowdown 300 --inject-filter core --out new.json").exit_code, 0);
  // CPU time: other processes on a shared machine stretch wall time, not it.
  const auto r = run(
      "gate old.json new.json --no-rules --metric cpu_time --max-regression 10 --confirm 2 --confirm-processes 3 "
      "--json v.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  // Three lockstep pairs a round; the side that starts alternates, and the
  // second round mirrors the first.
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/2: re-running 1 cell, old and new in lockstep (3 pairs, "
                               "first turn: old, new, old)\n"));
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 2/2: re-running 1 cell, old and new in lockstep (3 pairs, "
                               "first turn: new, old, new)\n"));
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["confirm_rounds"], 2);
  EXPECT_EQ(v["cells"][0]["name"], k_cell);
  EXPECT_EQ(v["cells"][0]["status"], "fail");
  EXPECT_EQ(v["cells"][0]["confirmed_rounds"], 2);
}

// Results that claim a tenfold slowdown of code that is the same on both
// sides: the re-runs do not repeat it, so the failure becomes a warning.
TEST_F(GateConfirmCli, AFailureTheReRunsDoNotRepeatIsAWarning) {
  ASSERT_EQ(run(std::string(k_run) + " --out old.json").exit_code, 0);
  auto old_run = results::load_results(path("old.json"), "test");
  auto new_run = old_run;
  for (auto& s : new_run.cells.at(0).samples) {
    s.real_ns *= 10;
    s.cpu_ns *= 10;
  }
  results::save_results(new_run, path("new.json"), "test");
  const auto r = run("gate old.json new.json --no-rules --max-regression 500 --confirm 1 --json v.json");
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new in lockstep (1 pair, first turn: old)\n"));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["cells"][0]["status"], "warn");
  EXPECT_EQ(v["cells"][0]["confirmed_rounds"], 0);
  EXPECT_THAT(v["cells"][0]["reason"].get<std::string>(),
              HasSubstr("; not confirmed: failed again in 0 of 1 lockstep re-run"));
}

// Results whose new side scatters over a factor of ten: too unstable to
// judge (exit 3) until the re-runs, whose pooled samples are judged instead.
TEST_F(GateConfirmCli, AnUnstableCellIsJudgedAgainOnThePooledReRuns) {
  ASSERT_NO_FATAL_FAILURE(write_scattered_pair());
  const std::string gate = "gate old.json new.json --no-rules --metric cpu_time --max-regression 50 --max-ci-width 40";

  const auto unconfirmed = run(gate + " --json first.json");
  EXPECT_EQ(unconfirmed.exit_code, 3) << unconfirmed.out << unconfirmed.err;
  const auto first = nlohmann::json::parse(files::read_file(path("first.json"), "test"));
  EXPECT_EQ(first["cells"][0]["status"], "unstable");

  const auto r = run(gate + " --confirm 1 --confirm-processes 2 --json v.json");
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new in lockstep (2 pairs, first turn: old, new)\n"));
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  const auto& cell = v["cells"][0];
  EXPECT_THAT(cell["reason"].get<std::string>(),
              HasSubstr("(judged on the pooled samples of 1 lockstep re-run; the first comparison's CI was "));
  // Unchanged code re-run: its CI is far narrower than the factor-of-ten
  // scatter's, and far from a 50 % regression.
  EXPECT_NE(cell["status"], "unstable") << r.out;
  EXPECT_NE(cell["status"], "fail") << r.out;
  EXPECT_LT(cell["change_pct"]["upper"].get<double>() - cell["change_pct"]["lower"].get<double>(), 40.0);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// A limit no re-run can meet (a CI at most 0.001 points wide): the cell
// stays unstable after the N rounds, gets its extra rounds, and is judged
// on all of them; --confirm-dir keeps every re-run.
TEST_F(GateConfirmCli, ACellStillTooWideGetsExtraRounds) {
  ASSERT_NO_FATAL_FAILURE(write_scattered_pair());
  const auto r = run(
      "gate old.json new.json --no-rules --metric cpu_time --max-regression 50 --max-ci-width 0.001 --confirm 1 "
      "--confirm-extra 2 --confirm-dir kept --json v.json");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new in lockstep (1 pair, "
                               "first turn: old)\n"));
  // The rounds go on alternating which side starts.
  EXPECT_THAT(r.err, HasSubstr("gate: extra confirmation round 1/2 for the cells whose pooled pairs are still too "
                               "wide: re-running 1 cell, old and new in lockstep (1 pair, first turn: new)\n"));
  EXPECT_THAT(r.err, HasSubstr("gate: extra confirmation round 2/2 for the cells whose pooled pairs are still too "
                               "wide: re-running 1 cell, old and new in lockstep (1 pair, first turn: old)\n"));
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["confirm_rounds"], 3);
  EXPECT_EQ(v["cells"][0]["status"], "unstable");
  EXPECT_THAT(v["cells"][0]["reason"].get<std::string>(),
              HasSubstr(" (judged on the pooled samples of 3 lockstep re-runs (2 extra); the first comparison's CI "
                        "was "));
  for (const char* kept : {"old-1.1.json", "new-1.1.json", "old-3.1.json", "new-3.1.json", "new-3.1.log"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(path("kept") / kept)) << kept;
  }
  // Each re-run keeps its own samples (the run settings ask for 20).
  EXPECT_EQ(results::load_results(path("kept") / "old-3.1.json", "test").cells.at(0).samples.size(), 20U);

  const auto none = run(
      "gate old.json new.json --no-rules --metric cpu_time --max-regression 50 --max-ci-width 0.001 --confirm 1 "
      "--confirm-extra 0 --json none.json");
  EXPECT_EQ(none.exit_code, 3) << none.out << none.err;
  EXPECT_THAT(none.err, Not(HasSubstr("extra confirmation round")));
  EXPECT_EQ(nlohmann::json::parse(files::read_file(path("none.json"), "test"))["confirm_rounds"], 1);
}

// Runs of 10 samples: each re-run takes 20 (pairs enough for the paired
// test), in the same measurement time.
TEST_F(GateConfirmCli, ReRunsTakeAtLeastTwentySamples) {
  ASSERT_NO_FATAL_FAILURE(
      write_scattered_pair("run --case page_iter --quick --filter 'page_iter/core/row_bytes:8/density:0.5$'"));
  ASSERT_EQ(results::load_results(path("old.json"), "test").cells.at(0).samples.size(), 10U);
  const auto r = run(
      "gate old.json new.json --no-rules --metric cpu_time --max-regression 50 --max-ci-width 0.001 --confirm 1 "
      "--confirm-extra 0 --confirm-dir kept");
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new in lockstep (1 pair, "
                               "first turn: old, 20 samples a side)\n"));
  for (const char* side : {"old-1.1.json", "new-1.1.json"}) {
    const auto rerun = results::load_results(path("kept") / side, "test");
    EXPECT_EQ(rerun.cells.at(0).samples.size(), 20U) << side;
    EXPECT_EQ(rerun.config.samples, 20) << side;
    EXPECT_TRUE(rerun.config.quick) << side;
  }
}

// A real 300 % slowdown whose first samples are replaced by the old ones
// scattered to 0.04 and 1.96 times, about the old mean (unstable, not a
// failure; made from the old samples, so it does not depend on how much
// the knob added): the re-runs fail it, but re-runs alone do not fail a
// cell, so it stays unstable (exit 3).
TEST_F(GateConfirmCli, AnUnstableCellTheReRunsFailStaysUnstable) {
  ASSERT_EQ(run(std::string(k_run) + " --out old.json").exit_code, 0);
  ASSERT_EQ(run(std::string(k_run) + " --inject-slowdown 300 --inject-filter core --out new.json").exit_code, 0);
  auto injected = results::load_results(path("new.json"), "test");
  injected.cells.at(0).samples =
      scattered(results::load_results(path("old.json"), "test").cells.at(0).samples, 0.04, 1.96);
  results::save_results(injected, path("new.json"), "test");
  const auto r = run(
      "gate old.json new.json --no-rules --metric cpu_time --max-regression 10 --max-ci-width 40 --confirm 1 "
      "--json v.json");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const auto v = nlohmann::json::parse(files::read_file(path("v.json"), "test"));
  EXPECT_EQ(v["cells"][0]["status"], "unstable");
  EXPECT_THAT(v["cells"][0]["reason"].get<std::string>(),
              HasSubstr("; on the pooled samples of 1 lockstep re-run: regression CI lower bound +"));
  EXPECT_THAT(v["cells"][0]["reason"].get<std::string>(),
              HasSubstr(": still unstable (re-runs alone do not fail a cell)"));
}

TEST_F(GateConfirmCli, AReRunThatFailsIsExitTwoWithItsLog) {
  ASSERT_EQ(run(std::string(k_run) + " --out old.json").exit_code, 0);
  auto new_run = results::load_results(path("old.json"), "test");
  for (auto& s : new_run.cells.at(0).samples) s.real_ns *= 10;
  new_run.config.cases = {"no_such_case"};
  results::save_results(new_run, path("new.json"), "test");
  const auto r = run("gate old.json new.json --no-rules --confirm 1");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("error: --confirm: the new side's re-run ("));
  EXPECT_THAT(r.err, HasSubstr("exited with 2"));
  EXPECT_THAT(r.err, HasSubstr("--case no_such_case: unknown case"));
}

}  // namespace
}  // namespace benchgate
