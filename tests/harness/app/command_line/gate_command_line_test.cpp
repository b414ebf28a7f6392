#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/app/command_line.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::options {
namespace {

gate_options parse_gate(std::vector<std::string> args) {
  const suite::registry none({});
  args.insert(args.begin(), "gate");
  return std::get<gate_options>(app::parse_command_line(args, none));
}

std::string gate_error(std::vector<std::string> args) {
  return test_support::input_error_message([&] { parse_gate(std::move(args)); });
}

TEST(GateCommandLine, Defaults) {
  const auto o = parse_gate({"diff.json"});
  EXPECT_THAT(o.inputs, ::testing::ElementsAre("diff.json"));
  EXPECT_FALSE(o.rules.has_value());
  EXPECT_FALSE(o.no_rules);
  EXPECT_FALSE(o.command_line.fail_pct.has_value());
  EXPECT_FALSE(o.command_line.metric.has_value());
  EXPECT_EQ(o.confirm, 0);
  EXPECT_EQ(o.settings.alpha, 0.05);
  EXPECT_EQ(o.baseline_dir, "reports/baselines");
}

TEST(GateCommandLine, PercentsWithOrWithoutTheSign) {
  EXPECT_EQ(parse_gate({"d.json", "--max-regression", "5"}).command_line.fail_pct, 5);
  EXPECT_EQ(parse_gate({"d.json", "--max-regression", "5%"}).command_line.fail_pct, 5);
  EXPECT_EQ(parse_gate({"d.json", "--warn", "2.5%"}).command_line.warn_pct, 2.5);
  EXPECT_EQ(parse_gate({"d.json", "--max-ci-width", "20"}).command_line.max_ci_width_pct, 20);
  EXPECT_EQ(gate_error({"d.json", "--max-ci-width", "0"}), "--max-ci-width 0: expected a percentage > 0, e.g. 5 or 5%");
  EXPECT_EQ(gate_error({"d.json", "--max-regression", "-1"}),
            "--max-regression -1: expected a percentage >= 0, e.g. 5 or 5%");
}

TEST(GateCommandLine, ConfirmNeedsTwoInputsAndBinariesNeedConfirm) {
  const auto o = parse_gate({"old.json", "new.json", "--confirm", "3"});
  EXPECT_EQ(o.confirm, 3);
  EXPECT_EQ(gate_error({"old.json", "new.json", "--old-binary", "/bin/sh"}),
            "--old-binary: only means something with --confirm N or --explain");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "1", "--new-binary", "/no/such/benchgate"}),
            "--new-binary /no/such/benchgate: no such executable file; expected a benchgate driver, or the Google "
            "Benchmark executable that wrote OLD or NEW");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "101"}),
            "--confirm 101: expected a number of rounds from 1 to 100");
}

TEST(GateCommandLine, ExplainNeedsBothBuildsAndItsOptionsNeedExplain) {
  const auto o = parse_gate({"old.json", "new.json", "--explain", "--old-binary", "/bin/sh", "--new-binary", "/bin/sh",
                             "--explain-max-cells", "2", "--explain-max-seconds", "30", "--explain-json", "e.json"});
  EXPECT_TRUE(o.explain.on);
  EXPECT_EQ(o.explain.max_cells, 2);
  EXPECT_EQ(o.explain.max_seconds, 30);
  EXPECT_EQ(o.explain.json, std::filesystem::path("e.json"));
  const auto defaults = parse_gate({"d.json", "--explain", "--old-binary", "/bin/sh", "--new-binary", "/bin/sh"});
  EXPECT_EQ(defaults.explain.max_cells, 5);
  EXPECT_EQ(defaults.explain.max_seconds, 600);
  EXPECT_FALSE(parse_gate({"d.json"}).explain.on);
  EXPECT_EQ(gate_error({"old.json", "new.json", "--explain", "--old-binary", "/bin/sh"}),
            "--explain: needs both builds to run the failing cells under callgrind: expected --new-binary PATH "
            "(benchgate drivers, or the Google Benchmark executables that wrote OLD and NEW)");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--explain-max-cells", "3"}),
            "--explain-max-cells 3: only means something with --explain");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--explain-json", "e.json"}),
            "--explain-json e.json: only means something with --explain");
  EXPECT_EQ(gate_error({"d.json", "--explain", "--old-binary", "/bin/sh", "--new-binary", "/bin/sh", "--explain-max-cells",
                      "0"}),
            "--explain-max-cells 0: expected a number of cells >= 1");
}

TEST(GateCommandLine, ConfirmProcesses) {
  EXPECT_EQ(parse_gate({"old.json", "new.json", "--confirm", "2"}).confirm_processes, 1);
  EXPECT_EQ(parse_gate({"old.json", "new.json", "--confirm", "2", "--confirm-processes", "5"}).confirm_processes, 5);
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm-processes", "2"}),
            "--confirm-processes 2: only means something with --confirm N");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "2", "--confirm-processes", "0"}),
            "--confirm-processes 0: expected a number of processes per side from 1 to 20");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "2", "--confirm-processes", "x"}),
            "--confirm-processes x: expected a number of processes per side from 1 to 20");
}

TEST(GateCommandLine, ConfirmExtraRoundsAndFolder) {
  const auto plain = parse_gate({"old.json", "new.json", "--confirm", "2"});
  EXPECT_EQ(plain.confirm_extra, std::nullopt);  // as many as --confirm
  EXPECT_EQ(plain.confirm_dir, std::nullopt);
  EXPECT_EQ(parse_gate({"old.json", "new.json", "--confirm", "2", "--confirm-extra", "0"}).confirm_extra, 0);
  EXPECT_EQ(parse_gate({"old.json", "new.json", "--confirm", "2", "--confirm-extra", "5"}).confirm_extra, 5);
  EXPECT_EQ(parse_gate({"old.json", "new.json", "--confirm", "2", "--confirm-dir", "kept"}).confirm_dir,
            std::filesystem::path("kept"));
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm-extra", "2"}),
            "--confirm-extra 2: only means something with --confirm N");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "2", "--confirm-extra", "-1"}),
            "--confirm-extra -1: expected a number of rounds from 0 to 100");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "2", "--confirm-extra", "101"}),
            "--confirm-extra 101: expected a number of rounds from 0 to 100");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm-dir", "kept"}),
            "--confirm-dir kept: only means something with --confirm N");
  EXPECT_EQ(gate_error({"old.json", "new.json", "--confirm", "1", "--confirm-dir", ""}),
            "--confirm-dir: expected a folder, got ''");
}

TEST(GateCommandLine, RulesOptions) {
  EXPECT_EQ(parse_gate({"d.json", "--rules", "r.json"}).rules, std::filesystem::path("r.json"));
  EXPECT_TRUE(parse_gate({"d.json", "--no-rules"}).no_rules);
  EXPECT_EQ(gate_error({"d.json", "--rules", "r.json", "--no-rules"}), "--no-rules: cannot be combined with --rules");
  EXPECT_EQ(gate_error({"d.json", "--alpha", "1"}), "--alpha 1: expected a number in (0, 1), e.g. 0.05");
}

}  // namespace
}  // namespace benchgate::options
