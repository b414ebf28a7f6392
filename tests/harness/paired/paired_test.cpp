// The pure parts of the re-runs (gate/confirm.hpp, paired/paired_runs.hpp):
// the arguments of a re-run, the filter naming the suspects, the samples a
// re-run takes and which side takes the first turn.

#include <gtest/gtest.h>

#include <regex>

#include "harness/support/text/regex_text.hpp"
#include "harness/app/command_line.hpp"
#include "harness/gate/gate_options.hpp"
#include "harness/run/run_options.hpp"
#include "harness/paired/ab_sides.hpp"
#include "harness/gate/confirm.hpp"
#include "harness/paired/paired_runs.hpp"
#include "harness/run/plan.hpp"
#include "tests/harness/app/command_line/fake_registry.hpp"

namespace {

using namespace benchgate;

results::settings timed_settings() {
  results::settings s;
  s.cases = {"page_iter"};
  s.filter = "page_iter/";
  s.params = {{"density", {"0.1", "0.5"}}};
  s.samples = 12;
  s.measurement_time_s = 0.5;
  s.warmup_s = 0.25;
  s.shard = results::shard_spec{1, 2};
  return s;
}

TEST(RerunArguments, TheRecordedSettingsForTheSuspectsOnly) {
  EXPECT_EQ(gate::rerun_arguments(timed_settings(), "^(a)$"),
            (std::vector<std::string>{"--case", "page_iter", "--filter", "^(a)$", "--param", "density=0.1,0.5",
                                      "--samples", "12", "--measurement-time", "0.5", "--warmup", "0.25",
                                      "--no-interleave"}))
      << "the suspects' filter replaces the run's; the suspects are re-run whole (no shard), in one order";
}

TEST(RerunArguments, SamplesRaisedForThePairedTestAndNoPrecisionTarget) {
  auto s = timed_settings();
  s.samples = 0;
  s.shard.reset();
  s.precision_pct = 1;
  s.precision_cap_s = 5;
  s.rounds = 2;
  s.injected_slowdown_pct = 10;
  s.injected_slowdown_filter = "/core/";
  EXPECT_EQ(gate::rerun_arguments(s, "^(a)$", 20),
            (std::vector<std::string>{"--case", "page_iter", "--filter", "^(a)$", "--param", "density=0.1,0.5",
                                      "--samples", "20", "--measurement-time", "0.5", "--warmup", "0.25",
                                      "--no-interleave", "--rounds", "2", "--inject-slowdown", "10", "--inject-filter",
                                      "/core/"}));
}

// A lockstep partner never takes the default target, so a re-run does not
// say "--precision off" (an older benchgate under ab would refuse it).
TEST(RerunArguments, FixedSamplesWithoutPrecisionOff) {
  auto s = timed_settings();
  s.samples = 0;
  s.shard.reset();
  EXPECT_EQ(gate::rerun_arguments(s, "^(a)$"),
            (std::vector<std::string>{"--case", "page_iter", "--filter", "^(a)$", "--param", "density=0.1,0.5",
                                      "--measurement-time", "0.5", "--warmup", "0.25", "--no-interleave"}));
}

TEST(RerunArguments, CountedRunsTakeNoTimesAndKeepTheirSamples) {
  results::settings s;
  s.measure = results::measure_kind::instructions;
  s.cases = {"c"};
  s.samples = options::k_instruction_samples;
  s.random_interleaving = false;
  // Counts are exact: a raised sample count is not passed.
  EXPECT_EQ(gate::rerun_arguments(s, "^(x)$", 20),
            (std::vector<std::string>{"--case", "c", "--filter", "^(x)$", "--measure", "instructions"}));
}

TEST(ExactNamesRegex, MatchesTheNamesAndNothingElse) {
  const std::vector<std::string> names{"c/core/n:1.5", "c/baseline/n:(2)"};
  const auto pattern = text::exact_names_regex(names);
  EXPECT_EQ(pattern, "^(c/core/n:1\\.5|c/baseline/n:\\(2\\))$");
  const std::regex re(pattern, std::regex::ECMAScript);
  EXPECT_TRUE(std::regex_search("c/core/n:1.5", re));
  EXPECT_TRUE(std::regex_search("c/baseline/n:(2)", re));
  EXPECT_FALSE(std::regex_search("c/core/n:105", re)) << "the dot is literal";
  EXPECT_FALSE(std::regex_search("c/core/n:1.50", re)) << "whole names only";
}

// Google Benchmark compiles its filter as std::regex extended, which
// refuses "\]" and "\}": names with them selected nothing.
TEST(ExactNamesRegex, BracketsAndBracesMatchInBothSyntaxes) {
  const std::vector<std::string> names{"BM_Find[sorted]", "BM_x{3}/a}b]c", "BM<int>/8/real_time", "a|b.c*d+e?f(g)h^i$j\\k"};
  for (const auto syntax : {std::regex::ECMAScript, std::regex::extended}) {
    for (const auto& name : names) {
      const std::regex re("^" + text::regex_escaped(name) + "$", syntax);
      EXPECT_TRUE(std::regex_search(name, re)) << name;
      EXPECT_FALSE(std::regex_search(name + "x", re)) << name;
    }
    const std::regex all(text::exact_names_regex(names), syntax);
    for (const auto& name : names) EXPECT_TRUE(std::regex_search(name, all)) << name;
  }
  EXPECT_EQ(text::regex_escaped("BM_Find[sorted]{2}"), "BM_Find\\[sorted]\\{2}");
}

results::cell cell_with(const std::string& name, std::size_t samples) {
  results::cell c;
  c.name = name;
  c.samples.resize(samples);
  return c;
}

TEST(RerunSamples, RaisedToTheMinimumWhenASideTookFewerPerRound) {
  results::run_results old_run;
  results::run_results new_run;
  old_run.cells = {cell_with("a", 30), cell_with("b", 10)};
  new_run.config.rounds = 2;
  new_run.cells = {cell_with("a", 30), cell_with("b", 60)};
  // a: 30 per round on old, 15 per round on new (2 rounds): below 20.
  EXPECT_EQ(gate::rerun_samples(old_run, new_run, {"a"}), options::k_min_confirm_samples);
  // b alone: 10 on old.
  EXPECT_EQ(gate::rerun_samples(old_run, new_run, {"b"}), options::k_min_confirm_samples);
  new_run.config.rounds = 1;
  EXPECT_EQ(gate::rerun_samples(old_run, new_run, {"a"}), std::nullopt) << "30 a side is enough";
}

TEST(OldTurnsFirst, AlternatesWithinARoundAndBetweenRounds) {
  EXPECT_EQ(paired::old_turns_first(1, 3), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(paired::old_turns_first(2, 2), (std::vector<bool>{false, true}));
  EXPECT_EQ(paired::first_turns_text(paired::old_turns_first(1, 3)), "old, new, old");
}

options::run_options parse_run(const std::vector<std::string>& args) {
  std::vector<std::string> command{"run"};
  command.insert(command.end(), args.begin(), args.end());
  return std::get<options::run_options>(app::parse_command_line(command, options::testing::fake_registry()));
}

int fewest_samples(const options::run_options& run) {
  return run::fewest_samples(run::make_plan(run, options::testing::fake_registry()));
}

options::ab_options ab_of(const std::vector<std::string>& old_args, const std::vector<std::string>& new_args,
                          int pairs = 1) {
  options::ab_options ab;
  ab.pairs = pairs;
  ab.old_binary = "old-bin";
  ab.new_binary = "new-bin";
  ab.old_run = parse_run(old_args);
  ab.new_run = parse_run(new_args);
  return ab;
}

TEST(AbPairs, EachSideRunsItsOwnSettingsInOneOrderWithSamplesEnoughForPairs) {
  // The new side's own arguments (--new-arg) are part of its settings.
  const auto ab = ab_of({"--case", "beta", "--quick"},
                        {"--case", "beta", "--quick", "--inject-slowdown", "10", "--inject-filter", "/core/"});
  const auto plan = paired::plan_ab_pairs(ab, fewest_samples);
  ASSERT_TRUE(plan.timed);
  // --quick takes 10 samples: fewer than the paired test needs.
  EXPECT_EQ(plan.samples, options::k_min_confirm_samples);
  EXPECT_EQ(plan.old_command.binary, "old-bin");
  EXPECT_EQ(plan.new_command.binary, "new-bin");
  for (const auto& [command, given] :
       {std::pair{&plan.old_command, &ab.old_run}, std::pair{&plan.new_command, &ab.new_run}}) {
    auto expected = given->settings;
    expected.random_interleaving = false;
    expected.samples = options::k_min_confirm_samples;
    EXPECT_EQ(parse_run(command->args).settings, expected) << ::testing::PrintToString(command->args);
  }
}

// Several process pairs (ab's default 8): each runs every cell with a share
// of the samples (ceil(total / pairs), at least run's 10) and 1 / pairs of
// the measurement time and of the warm-up; counted runs take one pair whatever --pairs says.
TEST(AbPairs, ProcessPairsShareTheSamplesAndTheTime) {
  const auto ab = ab_of({"--case", "beta", "--samples", "60"}, {"--case", "beta", "--samples", "60"}, 4);
  const auto plan = paired::plan_ab_pairs(ab, fewest_samples);
  EXPECT_EQ(plan.pairs, 4);
  EXPECT_EQ(plan.samples, 15);
  auto expected = ab.new_run.settings;
  expected.random_interleaving = false;
  expected.samples = 15;
  expected.measurement_time_s = ab.new_run.settings.measurement_time_s / 4;
  expected.warmup_s = ab.new_run.settings.warmup_s / 4;
  EXPECT_EQ(parse_run(plan.new_command.args).settings, expected) << ::testing::PrintToString(plan.new_command.args);
  // --quick's 10 samples are raised to 20 in all: 10 in each pair, never fewer than run takes.
  const auto quick = paired::plan_ab_pairs(ab_of({"--case", "beta", "--quick"}, {"--case", "beta", "--quick"}, 4),
                                          fewest_samples);
  EXPECT_EQ(quick.samples, options::k_min_samples);
  const auto counted =
      paired::plan_ab_pairs(ab_of({"--measure", "instructions"}, {"--measure", "instructions"}, 4), fewest_samples);
  EXPECT_EQ(counted.pairs, 1);
}

TEST(AbPairs, GivenSamplesAndCountedRunsAreTakenAsGiven) {
  const std::vector<std::string> given = {"--case", "beta", "--samples", "12"};
  const auto sampled = paired::plan_ab_pairs(ab_of(given, given), fewest_samples);
  EXPECT_EQ(sampled.samples, std::nullopt);
  EXPECT_EQ(sampled.new_command.args,
            options::to_arguments([&] {
              auto s = parse_run(given).settings;
              s.random_interleaving = false;
              return s;
            }()));
  const auto counted = paired::plan_ab_pairs(ab_of({"--measure", "instructions"}, {"--measure", "instructions"}),
                                            fewest_samples);
  EXPECT_FALSE(counted.timed);
  EXPECT_EQ(counted.samples, std::nullopt);
  EXPECT_EQ(parse_run(counted.old_command.args).settings, parse_run({"--measure", "instructions"}).settings);
}

}  // namespace
