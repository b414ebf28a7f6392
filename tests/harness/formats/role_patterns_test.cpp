#include "harness/formats/role_patterns.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::results {
namespace {

using ::testing::HasSubstr;

run_results gbench_run(const std::vector<std::string>& names) {
  run_results r;
  for (const auto& name : names) {
    cell c;
    c.name = name;
    c.case_name = name.substr(0, name.find('/'));
    r.cells.push_back(c);
  }
  return r;
}

std::vector<role_pattern> patterns(const std::vector<std::string>& texts) {
  std::vector<role_pattern> out;
  for (const auto& t : texts) out.push_back(parse_role_pattern(t, "--role"));
  return out;
}

std::string message_of(run_results run, const std::vector<std::string>& texts) {
  return test_support::input_error_message([&] { assign_roles(run, patterns(texts), "RESULTS g.json"); });
}

TEST(RolePatterns, TheMatchNamesTheVariantAndTheRestTheGridPoint) {
  auto run = gbench_run({"BM_Sum_naive/1024", "BM_Sum_fast/1024", "BM_Sum_naive/64", "BM_Sum_fast/64", "BM_Other"});
  assign_roles(run, patterns({"baseline=_naive", "core=_fast"}), "g.json");
  const auto& naive = run.cells[0];
  EXPECT_EQ(naive.role, benchgate::variant_role::baseline);
  EXPECT_EQ(naive.variant, "_naive");
  EXPECT_EQ(naive.case_name, "BM_Sum");
  ASSERT_EQ(naive.params.size(), 1U);
  EXPECT_EQ(naive.params[0], (std::pair<std::string, std::string>{"args", "1024"}));
  const auto& fast = run.cells[1];
  EXPECT_EQ(fast.role, benchgate::variant_role::core);
  EXPECT_EQ(fast.case_name, naive.case_name);
  EXPECT_EQ(fast.params, naive.params);
  EXPECT_NE(run.cells[3].params, naive.params);
  // No pattern matches it: no role, untouched.
  EXPECT_FALSE(run.cells[4].role.has_value());
  EXPECT_EQ(run.cells[4].case_name, "BM_Other");
  EXPECT_TRUE(run.cells[4].params.empty());
}

TEST(RolePatterns, BadPatternsAreRefusedWithTheText) {
  const auto bad = [](const std::string& text) {
    return test_support::input_error_message([&] { parse_role_pattern(text, "--role"); });
  };
  EXPECT_EQ(bad("naive"), "--role naive: expected ROLE=REGEX, e.g. baseline=_naive$");
  EXPECT_EQ(bad("boss=x"), "--role boss=x: unknown role; expected baseline, core or peer before '='");
  EXPECT_EQ(bad("core="), "--role core=: expected a regex after '='");
  EXPECT_THAT(bad("core=(x"), HasSubstr("--role core=(x: not a regex"));
}

TEST(RolePatterns, AmbiguousOrUselessPatternsAreRefused) {
  const auto run = gbench_run({"BM_Sum_naive/8", "BM_Sum_fast/8"});
  EXPECT_EQ(message_of(run, {"baseline=_naive", "core=Sum"}),
            "RESULTS g.json: cell BM_Sum_naive/8 matches --role baseline=_naive and --role core=Sum; expected one "
            "role a cell");
  EXPECT_EQ(message_of(run, {"baseline=x*"}),
            "RESULTS g.json: --role baseline=x* matches an empty part of BM_Sum_naive/8; expected a pattern for the "
            "part of the name that names the variant");
  EXPECT_EQ(message_of(run, {"baseline=_naive", "core=_simd"}),
            "RESULTS g.json: --role core=_simd matches no cell name; expected a pattern found in the names of the "
            "cells of that role");
  EXPECT_EQ(message_of(run, {"baseline=_[a-z]+"}),
            "RESULTS g.json: cells BM_Sum_naive/8 and BM_Sum_fast/8 are both baseline at grid point BM_Sum/8; "
            "expected one baseline a point: let the --role patterns match only the part of the name that names "
            "the variant");
  auto with_role = run;
  with_role.cells[0].role = benchgate::variant_role::core;
  EXPECT_THAT(message_of(with_role, {"baseline=_naive"}),
              HasSubstr("cell BM_Sum_naive/8 has the role core already; expected Google Benchmark input"));
}

}  // namespace
}  // namespace benchgate::results
