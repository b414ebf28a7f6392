// Cache-simulated counts end to end (issue 37, items 3 and 4):
// `run --measure instructions --cache-sim` gives the same figures in every
// sample and every run, compare and gate take them as metrics, and
// `explain --cache-sim` tells a memory effect (gbench_cache_walk_old/_new:
// the same instructions, one read per cache line over twice the simulated
// last-level cache) from a layout one (nothing moved but the time). The
// expectations are facts of the simulation (equal, far apart), never
// timings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "harness/formats/results_json.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"
#include "tests/harness/explain/callgrind_cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

constexpr const char* k_walk_old = BENCHGATE_CACHE_WALK_OLD;
constexpr const char* k_walk_new = BENCHGATE_CACHE_WALK_NEW;
// One page_iter point, its core variant only.
constexpr const char* k_point =
    "run --case page_iter --param row_bytes=8 --param density=0.5 --filter ^page_iter/core/ --measure instructions";
constexpr const char* k_cache_metrics[] = {"l1_hits", "ll_hits", "ram_accesses", "estimated_cycles"};

class CacheSimCli : public testing::callgrind_cli_test {
 protected:
  std::string explain_walk(const std::string& cell, const std::string& more) const {
    return "explain --gbench " + quoted(k_walk_old) + " " + quoted(k_walk_new) + " --cell " + cell + " " + more;
  }
};

double counter(const results::sample& s, const std::string& name) {
  for (const auto& [n, v] : s.counters) {
    if (n == name) return v;
  }
  ADD_FAILURE() << "no counter " << name;
  return -1;
}

TEST_F(CacheSimCli, FiguresAreBitIdenticalAcrossSamplesAndRunsAndLeaveTheInstructionsAlone) {
  const auto first = run(std::string(k_point) + " --cache-sim --out first.json");
  ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
  EXPECT_THAT(first.out, HasSubstr("cache simulation: callgrind's model of I1 32768 B, 64 B, 8-way associative; D1 "
                                   "32768 B, 64 B, 8-way associative; LL 8388608 B, 64 B, 16-way associative (not "
                                   "this machine's caches)"));
  // The same command again: the simulated addresses depend on the heap and
  // stack layout, which other arguments (another --out name) can shift.
  std::filesystem::rename(path("first.json"), path("kept.json"));
  const auto second = run(std::string(k_point) + " --cache-sim --out first.json");
  ASSERT_EQ(second.exit_code, 0) << second.err;
  std::filesystem::rename(path("first.json"), path("second.json"));
  std::filesystem::rename(path("kept.json"), path("first.json"));
  const auto plain = run(std::string(k_point) + " --out plain.json");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto a = results::load_results(path("first.json"), "test");
  const auto b = results::load_results(path("second.json"), "test");
  const auto p = results::load_results(path("plain.json"), "test");
  EXPECT_TRUE(a.config.cache_sim);
  EXPECT_FALSE(p.config.cache_sim);
  ASSERT_EQ(a.cells.size(), 1U);
  ASSERT_EQ(b.cells.size(), 1U);
  ASSERT_EQ(p.cells.size(), 1U);
  const auto& reference = a.cells[0].samples.at(0);
  // The discarded warm-up samples are not recorded: 3 samples, as without.
  ASSERT_EQ(a.cells[0].samples.size(), 3U);
  for (const auto* cell : {&a.cells[0], &b.cells[0]}) {
    ASSERT_EQ(cell->samples.size(), 3U);
    for (const auto& s : cell->samples) {
      ASSERT_EQ(s.counters.size(), 4U);
      for (const auto* name : k_cache_metrics) EXPECT_EQ(counter(s, name), counter(reference, name)) << name;
      EXPECT_EQ(s.instructions, reference.instructions);
    }
  }
  // The simulation changes no instruction count.
  EXPECT_EQ(p.cells[0].samples.at(0).instructions, reference.instructions);
  EXPECT_TRUE(p.cells[0].samples.at(0).counters.empty());
  // Every instruction is an access (an I1 hit, mostly), so L1 hits exceed them,
  // and the cycles are the weighted sum.
  EXPECT_GT(counter(reference, "l1_hits"), *reference.instructions);
  EXPECT_DOUBLE_EQ(counter(reference, "estimated_cycles"), counter(reference, "l1_hits") +
                                                               5 * counter(reference, "ll_hits") +
                                                               35 * counter(reference, "ram_accesses"));

  // compare and gate take the figures as deterministic metrics.
  const auto compared = run("compare first.json second.json --metric estimated_cycles --json d.json");
  ASSERT_EQ(compared.exit_code, 0) << compared.err;
  EXPECT_THAT(compared.out, HasSubstr("(p = n/a (deterministic))"));
  const auto diff = json_of("d.json");
  EXPECT_EQ(diff.at("cells").at(0).at("deterministic"), true);
  EXPECT_EQ(diff.at("cells").at(0).at("verdict"), "no_change");
  const auto gated = run("gate first.json second.json --metric ram_accesses");
  EXPECT_EQ(gated.exit_code, 0) << gated.out << gated.err;
  // A run without the simulation has no such counter: its cell is not compared.
  const auto missing = run("compare plain.json first.json --metric estimated_cycles");
  EXPECT_THAT(missing.out, HasSubstr("page_iter/core/row_bytes:8/density:0.5: no estimated_cycles in OLD"));
}

TEST_F(CacheSimCli, ExplainShowsAMemoryEffectWhereTheInstructionsAreTheSame) {
  const auto r = run(explain_walk("BM_walk", "--cache-sim --time-change 40 --json e.json --markdown e.md"));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto e = json_of("e.json").at("explanations").at(0);
  EXPECT_EQ(e.at("assessment"), "memory_effect") << r.out;
  // Instructions: the same code; Google Benchmark's once-per-run setup is
  // spread over each side's own iteration count, a fraction of a per mille.
  const double old_instructions = e.at("old").at("instructions_per_iteration");
  EXPECT_LT(std::abs(e.at("change").get<double>()), 0.001 * old_instructions) << r.out;
  EXPECT_TRUE(e.at("functions").empty()) << r.out;
  // Memory: one read per line over 16 MiB, each from RAM, against
  // consecutive words mostly from L1.
  const auto& totals = e.at("cache").at("totals");
  EXPECT_GT(totals.at("ram_accesses").at("new").get<double>(), 10 * totals.at("ram_accesses").at("old").get<double>());
  EXPECT_GT(totals.at("estimated_cycles").at("new").get<double>(),
            2 * totals.at("estimated_cycles").at("old").get<double>());
  ASSERT_FALSE(e.at("cache").at("functions").empty()) << r.out;
  EXPECT_THAT(e.at("cache").at("functions").at(0).at("name").get<std::string>(), HasSubstr("walk"));
  EXPECT_THAT(e.at("cache").at("model").get<std::string>(), HasSubstr("LL 8388608 B, 64 B, 16-way associative"));
  EXPECT_THAT(r.out, HasSubstr("likely a memory effect, not a code change"));
  EXPECT_THAT(r.out, HasSubstr("estimated cycles = L1 hits + 5 x last-level hits + 35 x RAM accesses"));
  EXPECT_THAT(files::read_file(path("e.md"), "test"), HasSubstr("Simulated caches (per iteration): estimated cycles"));
}

// Google Benchmark JSON of BM_walk with 10 repetitions of `ns` each (and
// +1 ns every other one, so that the sides have a spread to test).
std::string walk_json(double ns) {
  std::string out = R"({"context": {"date": "2026-12-06T09:00:00+00:00", "host_name": "fixture", "num_cpus": 2,
                        "library_version": "v1.7.1"}, "benchmarks": [)";
  constexpr int k_repetitions = 10;
  for (int i = 0; i < k_repetitions; ++i) {
    out += std::string(i > 0 ? "," : "") + R"({"name": "BM_walk", "run_name": "BM_walk", "run_type": "iteration", )" +
           R"("repetitions": 10, "repetition_index": )" + std::to_string(i) +
           R"(, "threads": 1, "iterations": 100, "real_time": )" + std::to_string(ns + i % 2) +
           R"(, "cpu_time": )" + std::to_string(ns + i % 2) + R"(, "time_unit": "ns"})";
  }
  return out + "]}";
}

// gate --explain --explain-cache-sim: a failing time gate of BM_walk (its
// times made up, 50 % slower) explained with the simulated caches, in the
// printed explanation, its JSON and the Markdown summary under the verdict.
TEST_F(CacheSimCli, GateExplainCacheSimPutsTheCacheBlockUnderTheVerdict) {
  files::write_atomically(path("old.json"), walk_json(1000), "test");
  files::write_atomically(path("new.json"), walk_json(1500), "test");
  const auto gate = std::string("gate old.json new.json --no-rules --markdown summary.md");
  const auto plain = run(gate);
  ASSERT_EQ(plain.exit_code, 1) << plain.out << plain.err;
  const auto r = run(gate + " --explain --explain-cache-sim --explain-json e.json --old-binary " + quoted(k_walk_old) +
                     " --new-binary " + quoted(k_walk_new));
  EXPECT_EQ(r.exit_code, plain.exit_code) << r.out << r.err;
  const auto e = json_of("e.json").at("explanations").at(0);
  EXPECT_EQ(e.at("assessment"), "memory_effect") << r.out;
  const auto& totals = e.at("cache").at("totals");
  EXPECT_GT(totals.at("ram_accesses").at("new").get<double>(), 10 * totals.at("ram_accesses").at("old").get<double>());
  EXPECT_THAT(r.out, HasSubstr("estimated cycles = L1 hits + 5 x last-level hits + 35 x RAM accesses"));
  const auto summary = files::read_file(path("summary.md"), "test");
  EXPECT_THAT(summary, HasSubstr("Simulated caches (per iteration): estimated cycles"));
  EXPECT_LT(summary.find("benchgate FAIL"), summary.find("Simulated caches"));
  // Without --explain it means nothing.
  const auto alone = run(gate + " --explain-cache-sim");
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_THAT(alone.err, HasSubstr("error: --explain-cache-sim: only means something with --explain"));
}

TEST_F(CacheSimCli, ExplainCallsItLayoutWhenNeitherInstructionsNorCachesMovedButTheTimeDid) {
  const auto r = run(explain_walk("BM_same", "--cache-sim --time-change 5 --json e.json"));
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto e = json_of("e.json").at("explanations").at(0);
  EXPECT_EQ(e.at("assessment"), "layout_effect") << r.out;
  EXPECT_TRUE(e.at("cache").at("functions").empty()) << r.out;
  EXPECT_THAT(r.out, HasSubstr("-falign-functions=64"));
  EXPECT_THAT(r.out, HasSubstr("functions' own estimated cycles: none changed"));
}

class CacheSimBadInput : public testing::cli_test {};

TEST_F(CacheSimBadInput, CacheSimOutsideInstructionModeIsExitTwo) {
  auto r = run("run --case page_iter --quick --cache-sim");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "error: --cache-sim: only with --measure instructions (the cache simulation is callgrind's); "
                   "expected --measure instructions --cache-sim\n");
  r = run("ab --gbench " + std::string(k_walk_old) + " " + std::string(k_walk_new) + " --cache-sim");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("error: --cache-sim: a run option of benchgate drivers, but OLD_BIN and NEW_BIN are "
                               "Google Benchmark executables"));
}

TEST_F(CacheSimBadInput, AResultsFileClaimingCacheSimWithoutCountsIsRefused) {
  const auto r = run("run --case page_iter --param row_bytes=8 --param density=0.5 --filter ^page_iter/core/ "
                     "--samples 10 --min-time 0.001 --precision off --out t.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto text = files::read_file(path("t.json"), "test");
  const auto at = text.find("\"cache_sim\": false");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("\"cache_sim\": false").size(), "\"cache_sim\": true");
  files::write_atomically(path("t.json"), text, "test");
  const auto compared = run("compare t.json t.json");
  EXPECT_EQ(compared.exit_code, 2);
  EXPECT_THAT(compared.err, HasSubstr("cache_sim"));
  EXPECT_THAT(compared.err, HasSubstr("false unless measure is \"instructions\""));
}

}  // namespace
}  // namespace benchgate
