// benchgate ab on two plain Google Benchmark executables: the test suite
// gbench_suite/ab_suite.cpp against itself, with its --slowdown knob on one
// side. Few rounds and a tiny --benchmark_min_time keep each ab to a few
// seconds. With 8 rounds the paired sign-flip test cannot go below p =
// 2/2^8, 0.023 after the correction over 3 cells, so a failure needs all 8
// pairs to agree: one pair the wrong way lifts p to 0.047 or more, at alpha
// 0.05. The injected slowdown is therefore +300 % on BM_Chain_fast (a pair
// goes the wrong way only if an old sample's CPU time is inflated fourfold,
// e.g. by a 15 ms stall in a 5 ms sample), far beyond the fail level (10 %).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>

#include "harness/formats/results_json.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* k_suite = BENCHGATE_GBENCH_AB_SUITE;
constexpr const char* k_short = "--rounds 8 --min-time 0.005 --no-rules --metric cpu_time";

class AbGbenchCli : public testing::cli_test {
 protected:
  // `ab SUITE SUITE ARGS`.
  // An A/A of two files (docs/ab.md, "Placement"): the suite against a copy
  // of it, run although the copy is byte-identical.
  testing::cli_result ab(const std::string& args) const {
    const auto copy = path("suite_copy");
    if (!std::filesystem::exists(copy)) std::filesystem::copy_file(k_suite, copy);
    return run("ab '" + std::string(k_suite) + "' '" + copy.string() + "' --run-identical " + args);
  }
};

TEST_F(AbGbenchCli, TheSuiteAgainstItselfPassesWithEverySamplePaired) {
  const auto r = ab(std::string(k_short) +
                    " --max-regression 50 --role baseline=_naive --role core=_fast --out-dir out --json d.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: OLD_BIN and NEW_BIN are Google Benchmark executables: 3 benchmarks, 8 rounds of "
                               "one process a benchmark a side (old and new alternating: old new, new old, ...), "
                               "--benchmark_min_time 0.005\n"));
  EXPECT_THAT(r.err, HasSubstr("ab: round 8/8 done ("));
  EXPECT_THAT(r.out, HasSubstr("Paired: the sides ran in lockstep"));
  EXPECT_THAT(r.out, HasSubstr("gate: PASS"));
  const auto d = json_of("d.json");
  EXPECT_EQ(d["settings"]["paired"], true);
  EXPECT_EQ(d["cells"].size(), 3U);

  const auto old_run = results::load_results(path("out/old.json"), "test");
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_EQ(old_run.pairings.size(), 1U);
  EXPECT_EQ(old_run.pairings[0].partner_run_id, new_run.run_id);
  EXPECT_EQ(new_run.pairings[0].side, "new");
  ASSERT_EQ(new_run.cells.size(), 3U);
  for (const auto& c : new_run.cells) {
    ASSERT_EQ(c.samples.size(), 8U) << c.name;
    EXPECT_EQ(c.samples[7].pair->index, 7) << c.name;
    EXPECT_EQ(c.samples[7].pair->id, old_run.pairings[0].id) << c.name;
  }
  EXPECT_EQ(new_run.config.rounds, 8);
  EXPECT_EQ(new_run.config.min_time_s, 0.005);
  // The roles are in both files: compare --variants reads them.
  EXPECT_EQ(new_run.cells[1].name, "BM_Chain_fast");
  EXPECT_EQ(new_run.cells[1].role, benchgate::variant_role::core);
  EXPECT_EQ(old_run.cells[0].role, benchgate::variant_role::baseline);
  EXPECT_FALSE(old_run.cells[2].role.has_value());
  const auto v = run("compare --variants out/new.json");
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_THAT(v.out, HasSubstr("BM_Chain_fast  (vs BM_Chain_naive)"));
  // A later compare of the two files pairs them too.
  const auto c = run("compare out/old.json out/new.json --metric cpu_time");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_THAT(c.out, HasSubstr("tests:  paired t p = "));
  // They say how they were made, so the gate does not re-run them as drivers' results.
  EXPECT_EQ(new_run.config.google_benchmark_args, std::vector<std::string>{});
  const auto g = run("gate out/old.json out/new.json --no-rules --confirm 1");
  EXPECT_EQ(g.exit_code, 2) << g.out << g.err;
  EXPECT_THAT(g.err, HasSubstr("error: --confirm 1: OLD out/old.json was made by benchgate ab of Google Benchmark "
                               "executables; re-running its cells needs that executable: expected --old-binary "
                               "PATH\n"));
}

// --confirm re-runs the failing cell the same way (one process a sample,
// alternating), with each side's recorded arguments: in ab, and in gate
// given the executables.
TEST_F(AbGbenchCli, ConfirmationReRunsSuspectsAsProcessesToo) {
  const auto r = ab(std::string(k_short) + " --max-regression 10 --new-arg --slowdown=300 --confirm 1 "
                    "--verdict-json v.json --out-dir out");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  // The progress line says what runs: processes, not a lockstep pair.
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new as alternating Google "
                               "Benchmark processes (1 set of 20 rounds of one process a benchmark a side)\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("lockstep")));
  // The re-runs' own lines are the gate's, as the line that announces them.
  EXPECT_THAT(r.err, HasSubstr("gate: OLD_BIN and NEW_BIN are Google Benchmark executables: 1 benchmark, 20 rounds"));
  EXPECT_THAT(r.err, HasSubstr("gate: round 20/20 done ("));
  EXPECT_THAT(r.err, Not(HasSubstr("ab: round 20/20")));
  const auto v = json_of("v.json");
  EXPECT_EQ(v["confirm_rounds"], 1);
  for (const auto& c : v["cells"]) {
    EXPECT_EQ(c["status"] == "fail", c["name"] == "BM_Chain_fast") << c.dump();
    if (c["name"] == "BM_Chain_fast") {
      EXPECT_EQ(c["confirmed_rounds"], 1);
    }
  }
  const auto rerun = results::load_results(path("out/confirm/new-1.1.json"), "test");
  ASSERT_EQ(rerun.cells.size(), 1U);
  EXPECT_EQ(rerun.cells[0].samples.size(), 20U);
  EXPECT_EQ(rerun.config.google_benchmark_args, std::vector<std::string>{"--slowdown=300"});

  const std::string suite = "'" + std::string(k_suite) + "'";
  const auto g = run("gate out/old.json out/new.json --no-rules --metric cpu_time --max-regression 10 --confirm 1 "
                     "--old-binary " + suite + " --new-binary " + suite + " --json g.json");
  EXPECT_EQ(g.exit_code, 1) << g.out << g.err;
  const auto gv = json_of("g.json");
  EXPECT_EQ(gv["confirm_rounds"], 1);
  for (const auto& c : gv["cells"]) {
    EXPECT_EQ(c["status"] == "fail", c["name"] == "BM_Chain_fast") << c.dump();
  }
}

TEST_F(AbGbenchCli, AnInjectedSlowdownFailsOnlyTheSlowedBenchmark) {
  const auto r = ab(std::string(k_short) +
                    " --max-regression 10 --new-arg --slowdown=300 --json d.json --verdict-json v.json");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("gate: FAIL (1 cell regressed beyond their thresholds)"));
  const auto v = json_of("v.json");
  for (const auto& c : v["cells"]) {
    EXPECT_EQ(c["status"] == "fail", c["name"] == "BM_Chain_fast") << c.dump();
  }
  const auto d = json_of("d.json");
  for (const auto& c : d["cells"]) {
    if (c["name"] == "BM_Chain_fast") {
      EXPECT_EQ(c["verdict"], "regressed") << c.dump();
    }
  }
}

TEST_F(AbGbenchCli, BadInputIsExitTwoBeforeAnyRun) {
  const std::string suite = "'" + std::string(k_suite) + "'";
  const auto mixed = run("ab /bin/true " + suite);
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_THAT(mixed.err, HasSubstr("error: OLD_BIN /bin/true: not a Google Benchmark executable ('/bin/true "
                                   "--benchmark_list_tests=true' listed no benchmark); expected two of a kind, but "
                                   "NEW_BIN is one: two benchgate drivers or two Google Benchmark executables\n"));
  const auto driver = run("ab --gbench '" + binary_ + "' " + suite);
  EXPECT_EQ(driver.exit_code, 2);
  EXPECT_THAT(driver.err, HasSubstr("not a Google Benchmark executable ('" + binary_ +
                                    " --benchmark_list_tests=true' exited with 2: error: "));
  EXPECT_THAT(driver.err, HasSubstr("; expected one with --gbench\n"));
  const auto nothing = ab("--filter 'NoSuchBenchmark'");
  EXPECT_EQ(nothing.exit_code, 2);
  EXPECT_EQ(nothing.err, "error: --filter NoSuchBenchmark: matches none of the 3 benchmarks OLD_BIN and NEW_BIN list "
                         "(BM_Chain_naive, BM_Chain_fast, BM_Other); expected a regex found in some of their names\n");
  const auto knob = ab("--new-arg --slowdown=abc");
  EXPECT_EQ(knob.exit_code, 2);
  EXPECT_THAT(knob.err, HasSubstr("error: NEW_BIN "));
  EXPECT_THAT(knob.err, HasSubstr("--slowdown=abc: expected --slowdown=PCT"));
  // It lists its benchmarks without the argument: the argument is wrong, not the executable.
  EXPECT_THAT(knob.err, HasSubstr(": a Google Benchmark executable that refuses its --new-arg arguments ("));
  EXPECT_THAT(knob.err, Not(HasSubstr("not a Google Benchmark executable")));
  const auto quick = ab("--quick");
  EXPECT_EQ(quick.exit_code, 2);
  EXPECT_THAT(quick.err, HasSubstr("error: --quick: a run option of benchgate drivers, but OLD_BIN and NEW_BIN are "
                                   "Google Benchmark executables; expected --filter, --rounds, --min-time, --measure, --role, --shard"));
  const auto rounds = ab("--rounds 1");
  EXPECT_EQ(rounds.exit_code, 2);
  EXPECT_THAT(rounds.err, HasSubstr("error: --rounds 1: expected an integer >= 2"));
  const auto role = ab("--role boss=x");
  EXPECT_EQ(role.exit_code, 2);
  EXPECT_THAT(role.err, HasSubstr("error: --role boss=x: unknown role"));
  const auto driver_role = run("ab '" + binary_ + "' '" + binary_ + "' --quick --role core=x");
  EXPECT_EQ(driver_role.exit_code, 2);
  // Drivers pass --role on to run, for their plain BENCHMARK() registrations; benchgate has none.
  EXPECT_THAT(driver_role.err, HasSubstr("error: --role core=x: roles are for plain Google Benchmark registrations, "
                                         "and this program has none"));
  EXPECT_FALSE(std::filesystem::exists(path("out")));
}

// A benchmark that fails its check (SkipWithError) in NEW fails the gate,
// as it does for any Google Benchmark input, and runs once only there.
TEST_F(AbGbenchCli, ABenchmarkThatErrorsInNewFailsTheGate) {
  const auto r = ab(std::string(k_short) + " --max-regression 50 --new-arg --break-other --out-dir out");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("BM_Other"));
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_EQ(new_run.cells.size(), 3U);
  EXPECT_EQ(new_run.cells[2].error, "Google Benchmark reported an error (SkipWithError): wrong chain value");
  EXPECT_TRUE(new_run.cells[2].samples.empty());
  EXPECT_EQ(new_run.cells[1].samples.size(), 8U);
  EXPECT_EQ(new_run.config.google_benchmark_args, std::vector<std::string>{"--break-other"});
}

// A benchmark whose process crashes in NEW (abort) fails the gate as an
// error there, with the end of its log; the other benchmarks run all their
// rounds and are judged.
TEST_F(AbGbenchCli, ABenchmarkThatCrashesInNewFailsTheGateAndTheOthersAreJudged) {
  const auto r = ab(std::string(k_short) + " --max-regression 50 --new-arg --crash-other --out-dir out");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: BM_Other crashed on the new side: its process ("));
  EXPECT_THAT(r.err, HasSubstr(") was ended by signal 6 (SIGABRT"));
  EXPECT_THAT(r.err, HasSubstr("ab: round 8/8 done ("));
  EXPECT_THAT(r.out, HasSubstr("1 cell errored in NEW"));
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_EQ(new_run.cells.size(), 3U);
  EXPECT_EQ(new_run.cells[2].name, "BM_Other");
  EXPECT_THAT(new_run.cells[2].error, HasSubstr("its process was ended by signal 6 (SIGABRT"));
  EXPECT_TRUE(new_run.cells[2].samples.empty());
  EXPECT_EQ(new_run.cells[0].samples.size(), 8U);
  EXPECT_EQ(new_run.cells[1].samples.size(), 8U);
  const auto old_run = results::load_results(path("out/old.json"), "test");
  EXPECT_EQ(old_run.cells[2].samples.size(), 8U);
}

// ab judges by the gate's rule: a benchmark that fails only in OLD cannot
// be judged (exit 3), unless the rules file says "unjudged": "ignore".
TEST_F(AbGbenchCli, ABenchmarkThatErrorsOnlyInOldIsUnjudged) {
  const std::string rounds = "--rounds 8 --min-time 0.005 --old-arg --break-other";
  const auto r = ab(rounds + " --no-rules --metric cpu_time --max-regression 50");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("the old side failed: Google Benchmark reported an error (SkipWithError): wrong chain "
                               "value; cannot judge"));
  EXPECT_THAT(r.out, HasSubstr("gate: UNJUDGED (1 cell could not be judged)"));
  files::write_atomically(path("r.json"),
                          R"({"schema": "benchgate.rules/1", "unjudged": "ignore",)"
                          R"( "defaults": {"metric": "cpu_time", "fail": 50}})",
                          "test");
  const auto ignored = ab(rounds + " --rules r.json");
  EXPECT_EQ(ignored.exit_code, 0) << ignored.out << ignored.err;
  EXPECT_THAT(ignored.out, HasSubstr("gate: PASS"));
}

// A side whose process does not exit 0, or writes no JSON: exit 2 with the
// command and the tail of its log.
TEST_F(AbGbenchCli, AProcessThatFailsIsExitTwoWithItsLog) {
  const auto script = [&](const std::string& name, const std::string& run_part) {
    files::write_atomically(path(name),
                            "#!/bin/sh\ncase \"$*\" in *--benchmark_list_tests=true*) echo BM_x; exit 0;; esac\n" +
                                run_part + "\n",
                            "test");
    std::filesystem::permissions(path(name), std::filesystem::perms::owner_all);
    return path(name).string();
  };
  const auto failing = script("failing.sh", "echo boom >&2; exit 3");
  const auto r = run("ab '" + failing + "' '" + failing + "' --rounds 2");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("error: ab: the old side's run of BM_x (" + failing +
                               " --benchmark_filter=^BM_x$ --benchmark_repetitions=1 --benchmark_min_time=0.05 "
                               "--benchmark_out="));
  EXPECT_THAT(r.err, HasSubstr(") exited with 3; expected 0 and its JSON results:\nboom\n"));
  // Two registrations under one name would run together under its filter.
  const auto twice = path("twice.sh").string();
  files::write_atomically(twice, "#!/bin/sh\necho BM_x\necho BM_y\necho BM_x\n", "test");
  std::filesystem::permissions(twice, std::filesystem::perms::owner_all);
  const auto t = run("ab '" + twice + "' '" + failing + "' --rounds 2");
  EXPECT_EQ(t.exit_code, 2) << t.out << t.err;
  EXPECT_THAT(t.err, HasSubstr("error: OLD_BIN " + twice + ": lists BM_x twice; expected each benchmark name once"));
  const auto silent = script("silent.sh", "exit 0");
  const auto s = run("ab '" + silent + "' '" + silent + "' --rounds 2");
  EXPECT_EQ(s.exit_code, 2) << s.out << s.err;
  EXPECT_THAT(s.err, HasSubstr(") wrote no JSON results; expected them:"));
}

// compare --variants on Google Benchmark JSON, roles given by name.
TEST_F(AbGbenchCli, CompareVariantsTakesRolesFromNamePatterns) {
  const auto made = std::system(("'" + std::string(k_suite) + "' --benchmark_repetitions=4 --benchmark_min_time=0.005 "
                                 "--benchmark_out='" + path("g.json").string() +
                                 "' --benchmark_out_format=json >/dev/null 2>&1")
                                    .c_str());
  ASSERT_EQ(made, 0);
  const auto r = run("compare --variants g.json --role baseline=_naive --role core=_fast --json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("BM_Chain_fast  (vs BM_Chain_naive)"));
  const auto d = json_of("v.json");
  ASSERT_EQ(d["cells"].size(), 1U);
  EXPECT_EQ(d["cells"][0]["name"], "BM_Chain_fast");
  const auto none = run("compare --variants g.json");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_THAT(none.err, HasSubstr("or --role ROLE=REGEX to give Google Benchmark cells roles by name"));
  const auto two = run("compare --variants g.json --role 'baseline=_[a-z]+$'");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_THAT(two.err, HasSubstr("error: RESULTS g.json: cells BM_Chain_naive and BM_Chain_fast are both baseline "
                                 "at grid point BM_Chain"));
  const auto unpaired = run("compare g.json g.json --role core=_fast");
  EXPECT_EQ(unpaired.exit_code, 2);
  EXPECT_THAT(unpaired.err, HasSubstr("error: --role core=_fast: only means something with --variants"));
}

// ab --shard K/N runs part K of the benchmarks, both sides of each on this
// machine, and records the shard; a part that would be empty is exit 2.
TEST_F(AbGbenchCli, ShardsRunTheirPartOfTheBenchmarks) {
  const auto r = ab(std::string(k_short) + " --max-regression 50 --shard 2/3 --out-dir out --json d.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: OLD_BIN and NEW_BIN are Google Benchmark executables: 1 benchmark, 8 rounds"));
  const auto d = json_of("d.json");
  ASSERT_EQ(d["cells"].size(), 1U);
  EXPECT_EQ(d["cells"][0]["name"], "BM_Chain_fast");  // the second of BM_Chain_naive, BM_Chain_fast, BM_Other
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_TRUE(new_run.config.shard.has_value());
  EXPECT_EQ(new_run.config.shard->index, 2);
  EXPECT_EQ(new_run.config.shard->count, 3);
  const auto empty = ab(std::string(k_short) + " --shard 4/4");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("error: --shard 4/4: part 4 of 3 benchmarks is empty; expected at most 3 shards"));
  const auto bad = ab(std::string(k_short) + " --shard 0/4");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("error: --shard 0/4: expected K/N with 1 <= K <= N <= 1000"));
}

// A benchmark only NEW lists is new and passes; one only OLD lists is
// removed and passes; a rules file may fail either.
TEST_F(AbGbenchCli, NewAndRemovedBenchmarksAreListedAndPass) {
  const auto added = ab(std::string(k_short) + " --max-regression 50 --old-arg --benchmark_filter=BM_Chain");
  EXPECT_EQ(added.exit_code, 0) << added.out << added.err;
  EXPECT_THAT(added.out, HasSubstr("New: only in NEW (1):\n  BM_Other\n"));
  EXPECT_THAT(added.out, HasSubstr("new: only in NEW"));
  EXPECT_THAT(added.out, HasSubstr("1 new, 0 removed"));
  EXPECT_THAT(added.out, HasSubstr("gate: PASS"));
  const auto removed = ab(std::string(k_short) + " --max-regression 50 --new-arg --benchmark_filter=BM_Chain");
  EXPECT_EQ(removed.exit_code, 0) << removed.out << removed.err;
  EXPECT_THAT(removed.out, HasSubstr("Removed: only in OLD (1):\n  BM_Other\n"));
  EXPECT_THAT(removed.out, HasSubstr("0 new, 1 removed"));
  files::write_atomically(path("r.json"), R"({"schema": "benchgate.rules/1", "removed": "fail"})", "test");
  const auto failed = run("ab '" + std::string(k_suite) + "' '" + k_suite +
                          "' --rounds 8 --min-time 0.005 --metric cpu_time --max-regression 50 --rules r.json "
                          "--new-arg --benchmark_filter=BM_Chain");
  EXPECT_EQ(failed.exit_code, 1) << failed.out << failed.err;
  EXPECT_THAT(failed.out, HasSubstr(R"(removed: only in OLD; a failure by the rules file ("removed": "fail"))"));
}

// A banner main prints is no benchmark, and a name with ']' and '}' is
// selected: Google Benchmark's regex refused "\]", wrote an empty file and
// exited 0.
TEST_F(AbGbenchCli, ABannerIsNoBenchmarkAndBracketedNamesRun) {
  const auto r = ab(std::string(k_short) +
                    " --max-regression 50 --old-arg --banner --new-arg --banner --old-arg --bracketed --new-arg "
                    "--bracketed --json d.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr(": 3 benchmarks, 8 rounds"));
  EXPECT_THAT(r.out, Not(HasSubstr("banner on stdout")));
  const auto d = json_of("d.json");
  ASSERT_EQ(d["cells"].size(), 3U);
  const auto& cells = d["cells"];
  const auto it = std::find_if(cells.begin(), cells.end(), [](const auto& c) { return c["name"] == "BM_Other[copy]{2}"; });
  ASSERT_NE(it, cells.end()) << d.dump();
  EXPECT_EQ((*it)["new"]["samples"], 8);
}

// gate --confirm on plain Google Benchmark JSON re-runs the suspects with
// the executables given: here NEW's file was written with a +100 % slowdown
// the executable does not have without --slowdown, so the re-runs do not
// repeat the failure and it becomes a warning.
TEST_F(AbGbenchCli, GateConfirmReRunsGoogleBenchmarkJsonWithTheExecutables) {
  const auto write_json = [&](const std::string& name, const std::string& extra) {
    const auto made = std::system(("'" + std::string(k_suite) + "' " + extra +
                                   " --benchmark_filter=BM_Chain_fast --benchmark_repetitions=8 "
                                   "--benchmark_min_time=0.005 --benchmark_out='" + path(name).string() +
                                   "' --benchmark_out_format=json >/dev/null 2>&1")
                                      .c_str());
    ASSERT_EQ(made, 0);
  };
  write_json("old.json", "");
  write_json("new.json", "--slowdown=100");
  const std::string suite = "'" + std::string(k_suite) + "'";
  const auto r = run("gate old.json new.json --no-rules --metric cpu_time --max-regression 10 --confirm 1 "
                     "--old-binary " + suite + " --new-binary " + suite + " --json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("gate: confirmation round 1/1: re-running 1 cell, old and new as alternating Google "
                               "Benchmark processes"));
  const auto v = json_of("v.json");
  EXPECT_EQ(v["confirm_rounds"], 1);
  EXPECT_EQ(v["cells"][0]["status"], "warn") << v.dump();
  // Without the executables it says what it needs.
  const auto without = run("gate old.json new.json --no-rules --confirm 1");
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_THAT(without.err, HasSubstr("error: --confirm 1: OLD old.json is google-benchmark; re-running its cells "
                                     "needs the Google Benchmark executable that wrote it: expected --old-binary PATH "
                                     "--new-binary PATH"));
}

// Benchmarks whose interval is wider than their rule's max_ci_width get
// more rounds of their own, as drivers' cells get more pairs: here only
// BM_Chain_fast has a max_ci_width, one no interval meets, and the extra
// time is so short that exactly one extra round fits (the first always
// does). It stays too wide (exit 3); the others run only the first rounds.
TEST_F(AbGbenchCli, OnlyABenchmarkTooWideToJudgeGetsExtraRounds) {
  files::write_atomically(path("r.json"),
                          R"({"schema": "benchgate.rules/1", "defaults": {"metric": "cpu_time", "fail": 50},)"
                          R"( "rules": [{"match": "BM_Chain_fast", "max_ci_width": 0.0001}]})",
                          "test");
  const std::string rounds = "--rounds 8 --min-time 0.005 --rules r.json";
  const auto r = ab(rounds + " --extra-time 0.001 --out-dir out --verdict-json v.json");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: extra round 1: 1 benchmark not yet judged (interval wider than max_ci_width), 8 "
                               "more rounds of them\nab: OLD_BIN and NEW_BIN are Google Benchmark executables: 1 "
                               "benchmark, 8 rounds of one process"));
  EXPECT_THAT(r.err, Not(HasSubstr("extra round 2")));
  EXPECT_THAT(r.err, HasSubstr(" s (extra time 0.0 s); 1 cell still too wide\n"));
  EXPECT_THAT(r.out, HasSubstr("gate: UNSTABLE (1 cell too noisy to judge)"));
  const auto v = json_of("v.json");
  EXPECT_EQ(v["cells"][1]["name"], "BM_Chain_fast");
  EXPECT_EQ(v["cells"][1]["status"], "unstable");
  // The suite against itself: judged in the first rounds, no extra ones. Pass,
  // or improved when an A/A difference came out significant (about alpha of
  // the time; seen once at load 4-5), never unstable.
  EXPECT_THAT(v["cells"][0]["status"].get<std::string>(), AnyOf("pass", "improved"));
  EXPECT_TRUE(std::filesystem::is_regular_file(path("out/x1/new.log")));
  // The extra rounds pooled with the first ones as a pairing of their own,
  // sample by sample, in both files.
  const auto old_run = results::load_results(path("out/old.json"), "test");
  const auto new_run = results::load_results(path("out/new.json"), "test");
  ASSERT_EQ(old_run.pairings.size(), 2U);
  ASSERT_EQ(new_run.pairings.size(), 2U);
  EXPECT_EQ(new_run.pairings[1].id, old_run.pairings[1].id);
  EXPECT_NE(old_run.pairings[1].id, old_run.pairings[0].id);
  EXPECT_FALSE(old_run.pairings[1].process_pair.has_value());
  for (const auto* run : {&old_run, &new_run}) {
    ASSERT_EQ(run->cells.size(), 3U);
    EXPECT_EQ(run->cells[0].samples.size(), 8U);
    EXPECT_EQ(run->cells[2].samples.size(), 8U);
    ASSERT_EQ(run->cells[1].samples.size(), 16U);
    EXPECT_EQ(run->cells[1].samples[8].pair->id, old_run.pairings[1].id);
    EXPECT_EQ(run->cells[1].samples[8].pair->index, 0);
  }
  // A later compare of the files still pairs all 16.
  const auto c = run("compare out/old.json out/new.json --metric cpu_time");
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_THAT(c.out, HasSubstr("Paired: the sides ran in lockstep"));
  // --extra-time 0: none.
  const auto none = ab(rounds + " --extra-time 0");
  EXPECT_EQ(none.exit_code, 3) << none.out << none.err;
  EXPECT_THAT(none.err, Not(HasSubstr("extra round")));
}

}  // namespace
}  // namespace benchgate
