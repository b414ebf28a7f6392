// The run settings round trip: parse_run(to_arguments(s)).settings == s,
// for settings that use every run option (run_options.hpp).

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "harness/app/command_line.hpp"
#include "harness/run/run_options.hpp"
#include "harness/support/errors/input_error.hpp"
#include "tests/harness/app/command_line/fake_registry.hpp"

namespace {

using namespace benchgate;

using options::testing::fake_registry;

options::run_options parse_run(const std::vector<std::string>& args) {
  std::vector<std::string> command{"run"};
  command.insert(command.end(), args.begin(), args.end());
  return std::get<options::run_options>(app::parse_command_line(command, fake_registry()));
}

// `run`'s options that are not run settings: where the results go and what
// they are compared with. A new option must be added here (consciously) or
// to to_arguments; otherwise EveryRunOptionRoundTrips fails.
const std::set<std::string> k_not_settings = {"out", "text-out", "save-baseline", "baseline", "baseline-dir"};

class RunArguments : public ::testing::Test {
 protected:
  void SetUp() override {
    // Named by the process: CTest runs each test in its own process, two at
    // once, and a name shared by two (the random seed, taken from the clock)
    // let one test's TearDown remove the other's input.
    input_ = std::filesystem::temp_directory_path() / ("run_arguments_test_" + std::to_string(::getpid()) + ".bin");
    std::ofstream(input_) << "GET / HTTP/1.1\r\n\r\n";
  }
  void TearDown() override { std::filesystem::remove(input_); }

  // Settings, as given on the command line, that together use every
  // option that is a run setting.
  std::vector<std::vector<std::string>> examples() const {
    return {
        {},
        {"--quick"},
        {"--case", "alpha", "--filter", "core/", "--param", "size=2,3", "--param", "density=.5", "--samples", "12",
         "--measurement-time", "0.3", "--warmup", "0", "--min-time", "1e-05", "--no-interleave", "--rounds", "3",
         "--input", input_.string(), "--inject-slowdown", "7.5%", "--inject-filter", "/core/"},
        {"--case", "beta", "--case", "alpha", "--precision", "0.5", "--precision-cap", "2", "--shard", "2/3"},
        {"--precision", "1", "--quick"},
        {"--precision", "off"},
        {"--precision-cap", "2"},
        {"--rounds", "2"},
        {"--role", "baseline=_naive", "--role", "core=_fast$"},
        {"--measure", "instructions"},
        {"--measure", "instructions", "--quick", "--samples", "10", "--measurement-time", "9", "--rounds", "2"},
        {"--measure", "instructions", "--cache-sim"},
        {"--measure", "allocations"},
        {"--measure", "allocations", "--samples", "12", "--measurement-time", "0.3", "--no-interleave", "--rounds", "2"},
        {"--measure", "allocations", "--precision", "1"},
    };
  }

  std::filesystem::path input_;
};

TEST_F(RunArguments, EveryExampleRoundTrips) {
  for (const auto& given : examples()) {
    const auto parsed = parse_run(given).settings;
    const auto spelled = options::to_arguments(parsed);
    EXPECT_EQ(parse_run(spelled).settings, parsed) << ::testing::PrintToString(spelled);
  }
}

TEST_F(RunArguments, EveryRunOptionRoundTrips) {
  // Each documented option of run is either spelled by to_arguments for
  // some example (whose round trip the test above checks) or listed as not
  // a run setting.
  std::set<std::string> spelled;
  for (const auto& given : examples()) {
    for (const auto& arg : options::to_arguments(parse_run(given).settings)) {
      if (arg.starts_with("--")) spelled.insert(arg.substr(2));
    }
  }
  const auto names = app::run_option_names();
  ASSERT_FALSE(names.empty());
  for (const auto& name : names) {
    EXPECT_TRUE(spelled.contains(name) || k_not_settings.contains(name))
        << "--" << name << ": neither spelled by to_arguments in an example nor listed as not a run setting";
    EXPECT_FALSE(spelled.contains(name) && k_not_settings.contains(name)) << "--" << name;
  }
  for (const auto& name : k_not_settings) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << "--" << name << " is not a run option";
  }
}

TEST_F(RunArguments, RecordedSettingsRoundTripToo) {
  // The results record every case run (the plan names them); the
  // arguments select the same cases again.
  auto recorded = parse_run({"--quick", "--param", "size=5"}).settings;
  recorded.cases = {"alpha", "beta"};
  EXPECT_EQ(parse_run(options::to_arguments(recorded)).settings, recorded);
}

TEST_F(RunArguments, SpelledByHandForAFewSettings) {
  results::settings s;
  s.cases = {"beta"};
  s.quick = true;
  s.measurement_time_s = 0.5;
  s.warmup_s = 0.125;
  s.rounds = 2;
  EXPECT_EQ(options::to_arguments(s),
            (std::vector<std::string>{"--case", "beta", "--quick", "--measurement-time", "0.5", "--warmup", "0.125",
                                      "--rounds", "2"}));
  // Counted: no times; the default 3 samples are not passed (below what
  // --samples accepts).
  results::settings counted;
  counted.measure = results::measure_kind::instructions;
  counted.samples = options::k_instruction_samples;
  EXPECT_EQ(options::to_arguments(counted), (std::vector<std::string>{"--measure", "instructions"}));
  // Fixed samples where the default target would apply are said so.
  results::settings fixed;
  fixed.cases = {"beta"};
  EXPECT_EQ(options::to_arguments(fixed),
            (std::vector<std::string>{"--case", "beta", "--measurement-time", "5", "--warmup", "0.5", "--precision",
                                      "off"}));
}

TEST_F(RunArguments, AllocationModeKeepsTheTimingSettingsOfATimeRun) {
  const auto s = parse_run({"--measure", "allocations", "--measurement-time", "9"}).settings;
  EXPECT_EQ(s.measure, results::measure_kind::allocations);
  EXPECT_EQ(s.measurement_time_s, 9);
  EXPECT_EQ(s.warmup_s, options::k_default_warmup_s);
  EXPECT_TRUE(s.random_interleaving);
  // Sampled like a time run: to the default precision unless told.
  EXPECT_EQ(s.precision_pct, options::k_default_precision_pct);
}

TEST_F(RunArguments, InstructionModeTakesTheRecordedTimingSettings) {
  const auto s = parse_run({"--measure", "instructions", "--measurement-time", "9"}).settings;
  EXPECT_EQ(s.samples, options::k_instruction_samples);
  EXPECT_EQ(s.measurement_time_s, 0);
  EXPECT_EQ(s.warmup_s, 0);
  EXPECT_FALSE(s.random_interleaving);
}

TEST_F(RunArguments, CacheSimulationIsAnInstructionModeSetting) {
  EXPECT_TRUE(parse_run({"--measure", "instructions", "--cache-sim"}).settings.cache_sim);
  EXPECT_FALSE(parse_run({"--measure", "instructions"}).settings.cache_sim);
  results::settings counted;
  counted.measure = results::measure_kind::instructions;
  counted.samples = options::k_instruction_samples;
  counted.cache_sim = true;
  EXPECT_EQ(options::to_arguments(counted), (std::vector<std::string>{"--measure", "instructions", "--cache-sim"}));
  for (const auto& args : {std::vector<std::string>{"--cache-sim"},
                           std::vector<std::string>{"--measure", "time", "--cache-sim"}}) {
    try {
      parse_run(args);
      ADD_FAILURE() << "--cache-sim without --measure instructions was accepted";
    } catch (const input_error& e) {
      EXPECT_STREQ(e.what(), "--cache-sim: only with --measure instructions (the cache simulation is callgrind's); "
                             "expected --measure instructions --cache-sim");
    }
  }
}

}  // namespace
