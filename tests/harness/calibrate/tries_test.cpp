// The counting of calibrate --for gate and --for ab on fixed verdict cells
// and tries (the tries themselves run in tests/harness/app/calibrate_cli_test).

#include "harness/calibrate/tries.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <vector>

#include "harness/calibrate/calibration_json.hpp"
#include "harness/gate/gate_verdict_reader.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::calibrate {
namespace {

const std::vector<gate::verdict_cell> k_cells = {
    {"page_iter/core/a", "fail"},     {"page_iter/core/b", "pass"},     {"page_iter/baseline/a", "fail"},
    {"page_iter/baseline/b", "unstable"}, {"page_iter/baseline/c", "warn"},
};

TEST(CalibrationTries, AnAaTryCountsEveryFailingCellAsFalse) {
  calibration_try t;
  count_cells(t, k_cells, std::string("core/"), false);
  EXPECT_EQ(t.cells, 5U);
  EXPECT_EQ(t.failing, 2U);
  EXPECT_EQ(t.unstable, 1U);
  EXPECT_EQ(t.false_failing, 2U);
  EXPECT_EQ(t.injected_cells, 0U);
  EXPECT_EQ(t.detected, 0U);
}

TEST(CalibrationTries, AnInjectedTrySplitsFailingCellsByTheFilter) {
  calibration_try t;
  count_cells(t, k_cells, std::string("core/"), true);
  EXPECT_EQ(t.failing, 2U);
  EXPECT_EQ(t.injected_cells, 2U);
  EXPECT_EQ(t.detected, 1U);       // core/a; core/b passed
  EXPECT_EQ(t.false_failing, 1U);  // baseline/a
}

TEST(CalibrationTries, WithoutAFilterEveryCellIsInjected) {
  calibration_try t;
  count_cells(t, k_cells, std::nullopt, true);
  EXPECT_EQ(t.injected_cells, 5U);
  EXPECT_EQ(t.detected, 2U);
  EXPECT_EQ(t.false_failing, 0U);
}

calibration_try judged(const std::string& step, std::optional<int> code, std::size_t detected, double wall) {
  calibration_try t;
  t.step = step;
  t.exit_code = code;
  t.detected = detected;
  t.injected_cells = 3;
  t.false_failing = 1;
  t.wall_s = wall;
  return t;
}

TEST(CalibrationTries, TallyCountsExitCodesAndRunFailuresApart) {
  calibration_experiment e;
  e.tries = {judged("gate", 0, 0, 1), judged("gate", 1, 3, 2), judged("gate", 3, 1, 3), judged("gate", 1, 2, 4),
             judged("run new", 1, 0, 5), judged("gate", std::nullopt, 0, 6)};
  tally(e);
  EXPECT_EQ(e.exit_0, 1U);
  EXPECT_EQ(e.exit_1, 2U);  // a run's exit 1 is not a gate's failure
  EXPECT_EQ(e.exit_3, 1U);
  EXPECT_EQ(e.other, 2U);   // the failed run and the signal
  EXPECT_EQ(e.exit_0 + e.exit_1 + e.exit_3 + e.other, e.tries.size());
  EXPECT_EQ(e.detected, 6U);
  EXPECT_EQ(e.injected_cells, 18U);
  EXPECT_EQ(e.false_failing, 6U);
  EXPECT_DOUBLE_EQ(e.wall_s, 21.0);
}

TEST(CalibrationTries, TheJsonHasTheSchemaAndEachExperimentsCounts) {
  calibration_tries c;
  c.target = calibration_target::ab;
  c.run_args = {"--case", "page_iter"};
  c.slowdown_pct = 15;
  calibration_experiment e;
  e.name = "injected";
  e.tries = {judged("ab", 1, 3, 2.5)};
  e.tries[0].number = 1;
  tally(e);
  c.experiments = {e};
  const auto doc = nlohmann::json::parse(calibration_tries_to_json_text(c));
  EXPECT_EQ(doc["schema"], "benchgate.calibration/2");
  EXPECT_EQ(doc["for"], "ab");
  EXPECT_TRUE(doc["confirm"].is_null());
  EXPECT_TRUE(doc["slowdown_filter"].is_null());
  EXPECT_EQ(doc["run_args"], nlohmann::json({"--case", "page_iter"}));
  const auto& x = doc["experiments"][0];
  EXPECT_EQ(x["name"], "injected");
  EXPECT_EQ(x["tries"], 1);
  EXPECT_EQ(x["exit_1"], 1);
  EXPECT_EQ(x["detected"], 3);
  EXPECT_EQ(x["each"][0]["try"], 1);
  EXPECT_EQ(x["each"][0]["step"], "ab");
  EXPECT_EQ(x["each"][0]["exit_code"], 1);
  EXPECT_DOUBLE_EQ(x["each"][0]["wall_s"].get<double>(), 2.5);
}

TEST(CalibrationTries, TheVerdictReaderGivesEveryCellAndRejectsOtherDocuments) {
  const auto cells = gate::read_verdict_cells(
      R"({"schema": "benchgate.gate/1", "cells": [{"name": "x", "status": "pass"}, {"name": "y", "status": "fail"}]})",
      "verdict.json");
  ASSERT_EQ(cells.size(), 2U);
  EXPECT_EQ(cells[1].name, "y");
  EXPECT_EQ(cells[1].status, "fail");
  EXPECT_THROW(gate::read_verdict_cells(R"({"schema": "benchgate.diff/1", "cells": []})", "d.json"), input_error);
}

}  // namespace
}  // namespace benchgate::calibrate
