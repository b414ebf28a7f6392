// ab's command line: parsing asks neither binary; the kind is settled after.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "harness/app/command_line.hpp"
#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::options {
namespace {

std::string kind_error(const std::function<void()>& read) { return test_support::input_error_message(read); }

TEST(AbCommandLine, ParsingStartsNoProcessAndLeavesTheKindToTheCommand) {
  const suite::registry none({});
  // /bin/sh is executable but neither kind: parsing does not ask it, so
  // this parses; what it is, the command finds out (app::settle_ab after).
  const auto parsed = std::get<ab_options>(app::parse_command_line({"ab", "/bin/sh", "/bin/sh", "--rounds", "1"}, none));
  EXPECT_EQ(parsed.binaries, ab_binaries::drivers) << "--gbench not said";
  EXPECT_TRUE(parsed.gbench.old_names.empty());
  // --rounds 1 is a driver's run option, but too few rounds for Google
  // Benchmark executables: checked once the kind is known.
  EXPECT_EQ(app::settle_ab(parsed, ab_binaries::drivers, none).old_args,
            (std::vector<std::string>{"--rounds", "1"}));
  EXPECT_EQ(kind_error([&] { app::settle_ab(parsed, ab_binaries::google_benchmark, none); }),
            "--rounds 1: expected an integer >= 2");
  const auto said = std::get<ab_options>(app::parse_command_line({"ab", "/bin/sh", "/bin/sh", "--gbench"}, none));
  EXPECT_EQ(said.binaries, ab_binaries::google_benchmark);
  // A side's own arguments, whether given as --new-arg ARG or --old-arg=ARG.
  const auto sides = std::get<ab_options>(
      app::parse_command_line({"ab", "/bin/sh", "/bin/sh", "--old-arg=--quick", "--new-arg", "--samples=20"}, none));
  EXPECT_EQ(sides.old_args, (std::vector<std::string>{"--quick"}));
  EXPECT_EQ(sides.new_args, (std::vector<std::string>{"--samples=20"}));
}

}  // namespace
}  // namespace benchgate::options
