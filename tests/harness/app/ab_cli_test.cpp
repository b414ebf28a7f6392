// benchgate ab with real lockstep runs of one small page_iter cell (about a
// second each). The injected slowdown (300 %: the pilot that sizes it can be
// off by half on a loaded machine) is far beyond the fail level (10 %).

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

constexpr const char* k_ab_cell = "page_iter/core/row_bytes:8/density:0.5";
constexpr const char* k_selection =
    "--case page_iter --quick --filter 'page_iter/core/row_bytes:8/density:0.5$' --measurement-time 0.4 "
    "--warmup 0.1 --no-rules --metric cpu_time";

class AbCli : public testing::cli_test {
 protected:
  // `ab BIN BIN SELECTION ARGS`, this build on both sides.
  // An A/A of two files (docs/ab.md, "Placement"): this binary against a
  // copy of it, run although the copy is byte-identical.
  testing::cli_result ab(const std::string& args) const {
    const auto copy = path("benchgate_copy");
    if (!std::filesystem::exists(copy)) std::filesystem::copy_file(binary_, copy);
    return run("ab '" + binary_ + "' '" + copy.string() + "' --run-identical " + k_selection + " " + args);
  }
};

TEST_F(AbCli, AnInjectedSlowdownFailsAndBothResultsRecordTheirPairing) {
  const auto r = ab(
      "--pairs 1 --max-regression 10 --new-arg --inject-slowdown=300 --new-arg --inject-filter=core --json d.json "
      "--verdict-json v.json --markdown s.md --out-dir out");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: running OLD and NEW in lockstep (1 pair, first turn: old, 20 samples a side)\n"));
  EXPECT_THAT(r.out, HasSubstr("Paired: the sides ran in lockstep"));
  EXPECT_THAT(r.out, HasSubstr("gate: FAIL (1 cell regressed beyond their thresholds)"));
  EXPECT_THAT(r.err, Not(HasSubstr("temporary folder")));  // --out-dir keeps them
  const auto d = json_of("d.json");
  EXPECT_EQ(d["schema"], "benchgate.diff/1");
  EXPECT_EQ(d["settings"]["paired"], true);
  EXPECT_EQ(d["settings"]["metric"], "cpu_time");
  EXPECT_EQ(d["cells"][0]["name"], k_ab_cell);
  EXPECT_EQ(d["cells"][0]["verdict"], "regressed");
  const auto v = json_of("v.json");
  EXPECT_EQ(v["exit_code"], 1);
  EXPECT_EQ(v["cells"][0]["status"], "fail");
  EXPECT_THAT(files::read_file(path("s.md"), "test"), HasSubstr("benchgate FAIL"));

  const auto old_run = results::load_results(path("out/old.json"), "test");
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_EQ(old_run.pairings.size(), 1U);
  ASSERT_EQ(new_run.pairings.size(), 1U);
  EXPECT_EQ(old_run.pairings[0].partner_run_id, new_run.run_id);
  EXPECT_EQ(new_run.pairings[0].partner_run_id, old_run.run_id);
  EXPECT_EQ(new_run.pairings[0].side, "new");
  // --quick's 10 samples raised to 20, both sides in one fixed order.
  ASSERT_EQ(old_run.cells.at(0).samples.size(), 20U);
  EXPECT_EQ(new_run.cells.at(0).samples.at(19).pair->index, 19);
  EXPECT_FALSE(old_run.config.random_interleaving);
  // Only the new side got the extra argument.
  EXPECT_EQ(old_run.config.injected_slowdown_pct, 0);
  EXPECT_EQ(new_run.config.injected_slowdown_pct, 300);

  // compare reads the pairing back from the files.
  const auto c = run("compare out/old.json out/new.json --metric cpu_time --json again.json");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_THAT(c.out, HasSubstr("Paired: the sides ran in lockstep"));
  EXPECT_THAT(c.out, HasSubstr("tests:  paired t p = "));
  EXPECT_EQ(json_of("again.json")["settings"]["paired"], true);
}

// Process pairs share the samples and the measurement time, record which
// process pair they were, and are compared with the process pair as the
// unit.
TEST_F(AbCli, PairsAlternateWhichSideStartsAndArePooled) {
  const auto r = ab("--max-regression 50 --pairs 2 --out-dir out --verdict-json v.json --json d.json");
  EXPECT_THAT(r.err, HasSubstr("ab: running OLD and NEW in lockstep (2 pairs of processes, first turn: old, new, 10 "
                               "samples a side in each)\n"));
  EXPECT_THAT(r.out, HasSubstr("Paired in several process pairs"));
  // The same build on both sides, 50 % allowed: it cannot fail.
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 3) << r.out << r.err;
  for (const char* kept : {"old-1.json", "new-1.json", "old-2.json", "new-2.json", "old-2.log", "old.json", "new.json"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(path("out") / kept)) << kept;
  }
  const auto pooled = results::load_results(path("out/old.json"), "test");
  EXPECT_EQ(pooled.cells.at(0).samples.size(), 20U);
  ASSERT_EQ(pooled.pairings.size(), 2U);
  EXPECT_EQ(pooled.pairings[0].process_pair, 1);
  EXPECT_EQ(pooled.pairings[1].process_pair, 2);
  // Each process measured for half of --measurement-time 0.4.
  const auto first = results::load_results(path("out/old-1.json"), "test");
  EXPECT_EQ(first.config.samples, 10);
  EXPECT_DOUBLE_EQ(first.config.measurement_time_s, 0.2);
  EXPECT_EQ(json_of("d.json")["settings"]["clustered"], true);
}

// --confirm re-runs the failing cell with OLD_BIN and NEW_BIN, each side's
// extra arguments reproduced from its recorded settings; its temporary
// folder is not ab's.
TEST_F(AbCli, ConfirmationReRunsWithBothBinaries) {
  const auto r = ab("--max-regression 10 --new-arg --inject-slowdown=300 --new-arg --inject-filter=core --confirm 1 "
                    "--verdict-json v.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  // ab's 8 process pairs made 8 rounds of 10 samples a side: the re-run
  // takes the 20 samples a round the paired test needs.
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new in lockstep (1 pair, "
                               "first turn: old, 20 samples a side)\n"));
  const auto v = json_of("v.json");
  EXPECT_EQ(v["confirm_rounds"], 1);
  EXPECT_EQ(v["cells"][0]["status"], "fail");
  EXPECT_EQ(v["cells"][0]["confirmed_rounds"], 1);
  // Without --out-dir, the files the report names as OLD and NEW are gone
  // at exit, and ab says so.
  EXPECT_THAT(r.out, HasSubstr("OLD: /"));
  EXPECT_THAT(r.err, HasSubstr("/new.json) are in a temporary folder, removed now; --out-dir DIR keeps them\n"));
}

TEST_F(AbCli, ASideThatFailsIsExitTwoWithItsLog) {
  // A driver by its --version whose run fails.
  files::write_atomically(path("failing.sh"),
                          "#!/bin/sh\ncase \"$1\" in --version) echo 'benchgate 0'; exit 0;; esac\necho boom >&2\nexit 1\n",
                          "test");
  std::filesystem::permissions(path("failing.sh"), std::filesystem::perms::owner_all);
  const auto failing = path("failing.sh").string();
  const auto r = run("ab '" + binary_ + "' '" + failing + "' " + k_selection);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("error: ab: the new side's run (" + failing + " run "));
  EXPECT_THAT(r.err, HasSubstr("exited with 1; expected 0 and its results:\nboom"));
}

// An executable that is neither a benchgate driver nor a Google Benchmark
// executable is named as such before anything runs.
TEST_F(AbCli, AnExecutableThatIsNotABenchmarkIsExitTwo) {
  const auto r = run("ab /bin/true /bin/true");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("error: OLD_BIN /bin/true: not a benchmark: neither a Google Benchmark executable "
                               "('/bin/true --benchmark_list_tests=true' listed no benchmark) nor a benchgate driver "
                               "('/bin/true --version' printed "));
  EXPECT_THAT(r.err, HasSubstr(", not 'benchgate VERSION'); expected a benchgate driver (or a driver built on its "
                               "library) or a Google Benchmark executable\n"));
  const auto second = run("ab '" + binary_ + "' /bin/false " + k_selection);
  EXPECT_EQ(second.exit_code, 2) << second.out << second.err;
  EXPECT_THAT(second.err, HasSubstr("error: NEW_BIN /bin/false: not a benchmark: "));
  EXPECT_THAT(second.err, HasSubstr("nor a benchgate driver ('/bin/false --version' exited with 1)"));
}

// Cells whose interval is wider than max_ci_width get more process pairs of
// their own after the first ones: here a width no interval meets, and an
// extra time so short that exactly one extra round fits (the first always
// does). The cell stays too wide: exit 3, listed with its reason. A fail
// is judged before the width, so the fail level is one an A/A change
// cannot reach (50 %, not the default 5 %): over 4 process pairs on a
// loaded machine A/A came out at p = 0.055 with estimates up to +1.6 %.
TEST_F(AbCli, CellsTooWideToJudgeGetExtraPairsUntilTheExtraTimeIsSpent) {
  const auto r = ab("--pairs 2 --max-regression 50 --max-ci-width 0.0001 --extra-time 0.001 --out-dir out "
                    "--verdict-json v.json");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: extra round 1: 1 cell not yet judged (interval wider than max_ci_width), 2 more "
                               "pairs of processes for them (first turn: new, old)\n"));
  EXPECT_THAT(r.err, HasSubstr("ab: 1 extra round in "));
  EXPECT_THAT(r.err, HasSubstr(" s (extra time 0.0 s); 1 cell still too wide\n"));
  EXPECT_THAT(r.out, HasSubstr("gate: UNSTABLE (1 cell too noisy to judge)"));
  EXPECT_EQ(json_of("v.json")["cells"][0]["status"], "unstable");
  // The extra pairs pooled with the first ones, each a process pair of its own.
  const auto pooled = results::load_results(path("out/old.json"), "test");
  ASSERT_EQ(pooled.pairings.size(), 4U);
  EXPECT_EQ(pooled.pairings[3].process_pair, 4);
  EXPECT_EQ(pooled.cells.at(0).samples.size(), 40U);
  EXPECT_TRUE(std::filesystem::is_regular_file(path("out/new-x1.2.json")));
  // (--extra-time 0 runs none: rerun_test's AbExtraRounds, without the
  // cost of another ab here.)
}

TEST_F(AbCli, BadInputIsExitTwoBeforeAnyRun) {
  const auto missing = run("ab nope '" + binary_ + "' --quick");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("error: OLD_BIN nope: no such executable file"));
  const auto one = run("ab '" + binary_ + "' --quick");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_THAT(one.err, HasSubstr("error: benchgate ab: expected OLD_BIN NEW_BIN, got 1 binaries"));
  const auto out = ab("--new-arg --out=x.json");
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_THAT(out.err, HasSubstr("error: --new-arg --out: ab sets where each side's results go"));
  const auto side = ab("--old-arg --case=no_such_case");
  EXPECT_EQ(side.exit_code, 2);
  EXPECT_THAT(side.err, HasSubstr("--case no_such_case: unknown case"));
  const auto dangling = ab("--new-arg");
  EXPECT_EQ(dangling.exit_code, 2);
  EXPECT_THAT(dangling.err, HasSubstr("error: --new-arg: expected a run argument after it"));
  const auto pairs = ab("--pairs 0");
  EXPECT_EQ(pairs.exit_code, 2);
  // The sides take fixed samples in turns: no stopping rule ("off" is what
  // they take anyway).
  const auto precision = ab("--new-arg --precision=1");
  EXPECT_EQ(precision.exit_code, 2);
  EXPECT_THAT(precision.err, HasSubstr("error: --new-arg --precision: ab's sides take turns sample by sample"));
  const auto extra = ab("--extra-time soon");
  EXPECT_EQ(extra.exit_code, 2);
  EXPECT_THAT(extra.err, HasSubstr("error: --extra-time soon: expected a number of seconds >= 0"));
  const auto shard = ab("--shard 1/2");
  EXPECT_EQ(shard.exit_code, 2);
  EXPECT_THAT(shard.err, HasSubstr("error: --shard 1/2: only for Google Benchmark executables"));
  const auto cap = ab("--old-arg --precision-cap=2");
  EXPECT_EQ(cap.exit_code, 2);
  EXPECT_THAT(cap.err, HasSubstr("error: --precision-cap: "));
  EXPECT_FALSE(std::filesystem::exists(path("out")));
}

}  // namespace
}  // namespace benchgate
