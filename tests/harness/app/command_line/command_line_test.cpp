#include "harness/app/command_line.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/harness/app/command_line/fake_registry.hpp"
#include "tests/support/input_error_message.hpp"

namespace {

using namespace benchgate;

using options::testing::fake_registry;

app::command parse(const std::vector<std::string>& args) {
  return app::parse_command_line(args, fake_registry());
}

std::string command_error(const std::vector<std::string>& args) {
  return test_support::input_error_message([&] { parse(args); });
}

TEST(CommandLine, NoArgumentsOrHelpGiveTheHelpPage) {
  // No command is a usage error (exit 2), --help the help page.
  EXPECT_EQ(command_error({}), "expected a command, one of list, run, compare, gate, ab, merge, plot, report, calibrate, history, "
                               "explain (see 'benchgate --help')");
  const auto help = std::get<app::help_request>(parse({"--help"}));
  EXPECT_NE(help.text.find("Exit codes"), std::string::npos);
  EXPECT_NE(help.text.find("run"), std::string::npos);
}

TEST(CommandLine, EverySubcommandHasHelpWithExitCodes) {
  for (const std::string command : {"list", "run", "compare", "explain"}) {
    const auto help = std::get<app::help_request>(parse({command, "--help"}));
    EXPECT_NE(help.text.find("Usage: benchgate " + command), std::string::npos) << command;
    EXPECT_NE(help.text.find("Exit codes:"), std::string::npos) << command;
  }
}

TEST(CommandLine, UnknownCommandListsTheKnownOnes) {
  EXPECT_EQ(command_error({"frobnicate"}),
            "unknown command 'frobnicate'; expected one of list, run, compare, gate, ab, merge, plot, report, "
            "calibrate, history, explain (see 'benchgate --help')");
}

TEST(RunOptions, DefaultsAreCriterionsButAShortWarmupAndQuickLowersThem) {
  const auto o = std::get<options::run_options>(parse({"run"}));
  EXPECT_EQ(o.settings.samples, 0) << "the case's or the default";
  EXPECT_EQ(o.settings.measurement_time_s, 5.0);
  EXPECT_EQ(o.settings.warmup_s, 0.5);
  EXPECT_TRUE(o.settings.random_interleaving);
  const auto q = std::get<options::run_options>(parse({"run", "--quick"}));
  EXPECT_TRUE(q.settings.quick);
  EXPECT_EQ(q.settings.measurement_time_s, 0.5);
}

TEST(RunOptions, ParamsAreSplitAndChecked) {
  const auto o = std::get<options::run_options>(parse({"run", "--param", "density=0.1,0.5,0.1", "--param", "size=3"}));
  ASSERT_EQ(o.settings.params.size(), 2u);
  EXPECT_EQ(o.settings.params[0].first, "density");
  EXPECT_EQ(o.settings.params[0].second, (std::vector<std::string>{"0.1", "0.5"})) << "repeats dropped";
}

TEST(RunOptions, UnknownCaseIsAnError) {
  EXPECT_EQ(command_error({"run", "--case", "gamma"}),
            "--case gamma: unknown case; expected one of alpha, beta (see 'benchgate list')");
}

TEST(RunOptions, UnknownAxisIsAnError) {
  EXPECT_EQ(command_error({"run", "--case", "beta", "--param", "colour=red"}),
            "--param colour=red: no selected case has an axis 'colour' (axes: beta: size; beta: density)");
}

TEST(RunOptions, DensityOutsideTheIntervalIsAnError) {
  EXPECT_EQ(command_error({"run", "--case", "alpha", "--param", "density=1.5"}),
            "--param density=1.5: expected a number in (0, 1] (axis density of alpha)");
  EXPECT_EQ(command_error({"run", "--case", "alpha", "--param", "density=0"}),
            "--param density=0: expected a number in (0, 1] (axis density of alpha)");
}

TEST(RunOptions, NonNumericValuesAreErrors) {
  EXPECT_EQ(command_error({"run", "--case", "alpha", "--param", "size=big"}),
            "--param size=big: expected an integer from 1 to 100 (axis size of alpha)");
  EXPECT_EQ(command_error({"run", "--samples", "many"}), "--samples many: expected an integer from 10 to 100000");
  EXPECT_EQ(command_error({"run", "--samples", "5"}), "--samples 5: expected an integer from 10 to 100000");
  EXPECT_EQ(command_error({"run", "--min-time", "soon"}), "--min-time soon: expected a number of seconds > 0 and at most 86400 (a day), e.g. 0.5");
  EXPECT_EQ(command_error({"run", "--warmup", "-1"}), "--warmup -1: expected a number of seconds >= 0 and at most 86400 (a day), e.g. 0.5");
}

TEST(RunOptions, MalformedParamsAreErrors) {
  EXPECT_EQ(command_error({"run", "--param", "density"}),
            "--param density: expected AXIS=V1,V2,... (e.g. density=0.1,0.5)");
  EXPECT_EQ(command_error({"run", "--param", "density=0.1,,0.2"}),
            "--param density=0.1,,0.2: empty value: expected AXIS=V1,V2,... (e.g. density=0.1,0.5)");
  EXPECT_EQ(command_error({"run", "--param", "size=1", "--param", "size=2"}),
            "--param size=2: axis 'size' is given twice; give all its values once, e.g. size=V1,V2");
}

TEST(RunOptions, BadFilterIsAnError) {
  const auto message = command_error({"run", "--filter", "core["});
  EXPECT_EQ(message.rfind("--filter core[: not a valid regular expression (", 0), 0u) << message;
}

TEST(RunOptions, UnknownOptionsAndStrayArgumentsAreErrors) {
  EXPECT_EQ(command_error({"run", "--colour"}),
            "benchgate run: unrecognised option '--colour'; see 'benchgate run --help'");
  EXPECT_EQ(command_error({"run", "extra"}), "benchgate run: unexpected argument 'extra'; see 'benchgate run --help'");
  EXPECT_EQ(command_error({"run", "--samples"}),
            "benchgate run: the required argument for option '--samples' is missing; see 'benchgate run --help'");
}

TEST(RunOptions, InputNeedsExactlyOneCaseThatTakesFiles) {
  EXPECT_EQ(command_error({"run", "--case", "beta", "--input", "/etc/hostname"}),
            "--input /etc/hostname: none of the selected cases takes input files; select exactly one of "
            "alpha with --case");
  EXPECT_EQ(command_error({"run", "--case", "alpha", "--input", "/nonexistent"}), "--input /nonexistent: no such file");
  EXPECT_EQ(command_error({"run", "--case", "alpha", "--input", "/tmp"}),
            "--input /tmp: not a regular file; expected a file");
}

TEST(RunOptions, OutputThatIsAFolderIsAnError) {
  EXPECT_EQ(command_error({"run", "--out", "/tmp"}), "--out /tmp: is a folder; expected a file name");
}

TEST(RunOptions, KeepingCallgrindDumpsNeedsTheirFile) {
  EXPECT_EQ(command_error({"run", "--callgrind-keep-dumps"}),
            "--callgrind-keep-dumps: only means something with --callgrind-out FILE");
}

TEST(ExplainOptions, VerdictAndGoogleBenchmarkOptionsNeedTheirOption) {
  EXPECT_EQ(command_error({"explain", "/bin/true", "/bin/true", "--cell", "x", "--max-cells", "3"}),
            "--max-cells 3: only means something with --verdict FILE");
  EXPECT_EQ(command_error({"explain", "/bin/true", "/bin/true", "--cell", "x", "--max-seconds", "60"}),
            "--max-seconds 60: only means something with --verdict FILE");
  EXPECT_EQ(command_error({"explain", "/bin/true", "/bin/true", "--cell", "x", "--min-time", "0.1"}),
            "--min-time 0.1: only means something with --gbench");
  EXPECT_EQ(command_error({"explain", "/bin/true", "/bin/true", "--cell", "x", "--gbench", "--min-time", "0.1",
                           "--top", "0"}),
            "--top 0: expected an integer >= 1")
      << "with --gbench, --min-time is taken and the next problem is found";
  // The builds are checked before anything runs: a folder is no program.
  EXPECT_EQ(command_error({"explain", "/tmp", "/bin/true", "--cell", "x"}),
            "OLD /tmp: no such executable file; expected a benchgate driver or a Google Benchmark executable");
}

}  // namespace
