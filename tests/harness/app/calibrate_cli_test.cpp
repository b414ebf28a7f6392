// benchgate calibrate --for gate and --for ab on two small page_iter cells,
// one try of each experiment. The verdicts depend on the machine's noise,
// so the assertions are on the JSON's shape, on counts that must add up
// whatever the verdicts, and on the injected slowdown reaching the new side
// only (read from the kept runs), never on false-alarm or detection rates.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

constexpr const char* k_selection =
    "--case page_iter --quick --filter 'page_iter/(core|baseline)/row_bytes:8/density:0.5$' --samples 10 "
    "--measurement-time 0.1 --warmup 0";
constexpr std::size_t k_cells = 2;
// The injected tries' slowdown, read back from the kept runs' settings.
constexpr int k_slowdown_pct = 300;

class CalibrateCli : public testing::cli_test {
 protected:
  // `calibrate --for FOR` of the two cells, one try of each experiment,
  // the slowdown injected into the core cell only, the tries' runs kept in
  // kept/ and the calibration in cal.json; `args`: more options.
  testing::cli_result calibrate_one_try(const std::string& for_command, const std::string& args) const {
    return run("calibrate --for " + for_command + " " + k_selection + " --repeats 1 --slowdown " +
               std::to_string(k_slowdown_pct) + " --slowdown-filter page_iter/core/ --keep-dir kept --json cal.json " +
               args);
  }
  // The settings' injected slowdown of a kept results file.
  double injected_pct(const std::string& name) const {
    return json_of(name)["settings"]["injected_slowdown_pct"].get<double>();
  }
  // The slowdown went into the new run of the injected try only (`runs`:
  // the folder of a kept try's results files, "" or "results/").
  void expect_slowdown_in_the_injected_new_run_only(const std::string& runs) const {
    EXPECT_EQ(injected_pct("kept/aa-1/" + runs + "new.json"), 0);
    EXPECT_EQ(injected_pct("kept/injected-1/" + runs + "old.json"), 0);
    EXPECT_EQ(injected_pct("kept/injected-1/" + runs + "new.json"), k_slowdown_pct);
  }
};

// A calibration of `step` (gate or ab): each experiment one try, its exit
// codes counted once, its cell counts within the verdict's cells and summed
// into the experiment's.
void expect_consistent(const nlohmann::json& doc, const std::string& step) {
  EXPECT_EQ(doc["schema"], "benchgate.calibration/2");
  EXPECT_EQ(doc["for"], step);
  ASSERT_EQ(doc["experiments"].size(), 2U);
  for (const auto& e : doc["experiments"]) {
    SCOPED_TRACE(e["name"].get<std::string>());
    EXPECT_EQ(e["tries"], 1);
    ASSERT_EQ(e["each"].size(), 1U);
    const auto& t = e["each"][0];
    EXPECT_EQ(t["try"], 1);
    EXPECT_EQ(t["step"], step);
    EXPECT_EQ(e["exit_0"].get<int>() + e["exit_1"].get<int>() + e["exit_3"].get<int>() + e["other"].get<int>(), 1);
    EXPECT_EQ(e["other"], 0) << "a try's runs or command failed";
    EXPECT_EQ(e["exit_" + std::to_string(t["exit_code"].get<int>())], 1);
    EXPECT_EQ(t["cells"], k_cells);
    EXPECT_LE(t["failing"].get<std::size_t>() + t["unstable"].get<std::size_t>(), k_cells);
    EXPECT_EQ(t["detected"].get<std::size_t>() + t["false_failing"].get<std::size_t>(), t["failing"]);
    EXPECT_LE(t["detected"], t["injected_cells"]);
    for (const char* sum : {"false_failing", "injected_cells", "detected", "wall_s"}) EXPECT_EQ(e[sum], t[sum]) << sum;
    EXPECT_GT(t["wall_s"].get<double>(), 0);
  }
  EXPECT_EQ(doc["experiments"][0]["name"], "aa");
  EXPECT_EQ(doc["experiments"][0]["injected_cells"], 0);
  EXPECT_EQ(doc["experiments"][1]["name"], "injected");
  EXPECT_EQ(doc["experiments"][1]["injected_cells"], 1);  // the core cell of the two
}

TEST_F(CalibrateCli, ForGateTriesTwoRunsGatedAndCountsTheirVerdicts) {
  const auto r = calibrate_one_try("gate", "--confirm 1 --command-arg=--no-rules --text-out cal.txt");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = json_of("cal.json");
  EXPECT_EQ(doc["confirm"], 1);
  EXPECT_EQ(doc["slowdown_pct"], k_slowdown_pct);
  EXPECT_EQ(doc["slowdown_filter"], "page_iter/core/");
  EXPECT_EQ(doc["command_args"], nlohmann::json({"--no-rules"}));
  expect_consistent(doc, "gate");
  expect_slowdown_in_the_injected_new_run_only("");
  EXPECT_TRUE(std::filesystem::exists(path("kept/injected-1/verdict.json")));
  // The report: the tries as they ended (stderr), then the sums.
  EXPECT_THAT(r.out, HasSubstr("Calibration of gate --confirm 1: A/A tries (the same code on both sides) and "
                               "injected tries (+300% on 'page_iter/core/')\n"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\naa 1: exit [013], [0-2] failing of 2 cells"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\n== A/A, 1 tries: [01] exit 0, [01] exit 1, [01] exit 3, 0 other; "
                                              "false failing cells [0-2]; "));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\n== injected, 1 tries: .*; detected [01]/1 injected cells, "));
  EXPECT_THAT(r.err, ::testing::ContainsRegex("^aa 1 of 1: exit [013], .*\ninjected 1 of 1: exit [013], "));
  EXPECT_EQ(files::read_file(path("cal.txt"), "test") + "calibration: cal.json\n", r.out);
}

// --confirm 0: each gate without --confirm (gate itself takes 1 and up).
TEST_F(CalibrateCli, ForGateWithoutConfirmation) {
  const auto r = run(std::string("calibrate --for gate ") + k_selection +
                     " --repeats 1 --confirm 0 --command-arg=--no-rules --keep-dir kept --json cal.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = json_of("cal.json");
  EXPECT_EQ(doc["confirm"], 0);
  EXPECT_TRUE(doc["slowdown_filter"].is_null());
  ASSERT_EQ(doc["experiments"].size(), 2U);
  EXPECT_EQ(doc["experiments"][1]["injected_cells"], k_cells);  // no filter: every cell slowed
  EXPECT_FALSE(std::filesystem::exists(path("kept/injected-1/confirm")));
  EXPECT_THAT(r.out, HasSubstr("Calibration of gate --confirm 0: A/A tries (the same code on both sides) and "
                               "injected tries (+10% on every cell)\n"));
}

TEST_F(CalibrateCli, ForAbTriesAbOfThisBinaryAgainstItself) {
  const auto r = calibrate_one_try("ab", "--command-arg=--pairs=2 --command-arg=--no-rules");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = json_of("cal.json");
  EXPECT_TRUE(doc["confirm"].is_null());
  expect_consistent(doc, "ab");
  expect_slowdown_in_the_injected_new_run_only("results/");
  EXPECT_THAT(r.out, HasSubstr("Calibration of ab: A/A tries"));
  EXPECT_THAT(r.out, HasSubstr("\nab options: --pairs=2 --no-rules\n"));
}

TEST_F(CalibrateCli, BadOptionsOfTheTriesAreExit2) {
  auto r = run("calibrate --for bench --case page_iter");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --for bench: expected compare, gate or ab\n");
  r = run("calibrate --case page_iter --slowdown-filter core");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --slowdown-filter: not an option of calibrate --for compare; expected --for gate or --for ab "
            "with it\n");
  r = run("calibrate --for ab --case page_iter --confirm 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: --confirm: not an option of calibrate --for ab; expected --for gate"));
  r = run("calibrate --for gate --case page_iter --confirm 101");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --confirm 101: expected a number of rounds from 0 to 100\n");
  // A filter that slows no cell is refused before the A/A tries, not at
  // the first injected one minutes later.
  for (const char* target : {"gate", "ab"}) {
    r = run(std::string("calibrate --for ") + target + " --case page_iter --slowdown-filter nowhere");
    EXPECT_EQ(r.exit_code, 2) << target;
    EXPECT_EQ(r.err,
              "error: --slowdown-filter nowhere: matches no cell of the selected runs, so nothing would be slowed; "
              "see 'benchgate list' for names\n")
        << target;
    EXPECT_EQ(r.out, "") << target;
  }
  // A command's usage error stops the tries at the first, quoting it.
  r = run(std::string("calibrate --for ab ") + k_selection + " --repeats 3 --command-arg=--bogus");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, ::testing::StartsWith("error: calibrate: ab of try aa 1 exited 2 (bad input): benchgate ab "));
  EXPECT_THAT(r.err, HasSubstr("error: benchgate ab: unrecognised option '--bogus'"));
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace benchgate
