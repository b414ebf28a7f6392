// The driver refuses a case that breaks the contract of benchgate/case.hpp
// with an input_error naming the case and the problem (main() turns it into
// "error: ..." and exit 2), and param_point's typed getters name the axis.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "benchgate/input_error.hpp"
#include "benchgate/value_checks.hpp"
#include "harness/suite/registry.hpp"
#include "tests/support/input_error_message.hpp"

namespace {

using namespace benchgate;

// A case whose name, variants and axes a test sets.
class shaped_case final : public benchmark_case {
 public:
  std::string name_ = "shaped";
  std::vector<variant_info> variants_ = {{"baseline", variant_role::baseline, "b"}, {"core", variant_role::core, "c"}};
  std::vector<axis_info> axes_ = {{"size", "bytes", {"1", "2"}, {"1"}, integer_in(1, 10)}};

  std::string_view name() const override { return name_; }
  std::string_view description() const override { return "a case shaped by the test"; }
  std::vector<variant_info> variants() const override { return variants_; }
  std::vector<axis_info> axes() const override { return axes_; }
  prepared_point prepare(const param_point&) const override { return {}; }
};

// The message of the input_error that building a registry of `c` throws,
// or "(no error)" when it accepts it.
std::string refusal(std::unique_ptr<shaped_case> c) {
  std::vector<std::unique_ptr<benchmark_case>> cases;
  cases.push_back(std::move(c));
  return test_support::input_error_message([&] { suite::registry accepted(std::move(cases)); });
}

TEST(Registry, AcceptsAWellFormedCase) { EXPECT_EQ(refusal(std::make_unique<shaped_case>()), "(no error)"); }

TEST(Registry, RefusesACaseWithoutBaseline) {
  auto c = std::make_unique<shaped_case>();
  c->variants_ = {{"core", variant_role::core, "c"}, {"peer", variant_role::peer, "p"}};
  EXPECT_EQ(refusal(std::move(c)),
            "case 'shaped': no baseline variant; expected exactly one variant with role baseline");
}

TEST(Registry, RefusesTwoBaselines) {
  auto c = std::make_unique<shaped_case>();
  c->variants_ = {{"old", variant_role::baseline, "o"}, {"older", variant_role::baseline, "o"}};
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': 2 baseline variants (old, older); expected exactly one");
}

TEST(Registry, RefusesACaseWithoutVariants) {
  auto c = std::make_unique<shaped_case>();
  c->variants_ = {};
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': no variants; expected a baseline and at least one other");
}

TEST(Registry, RefusesDuplicateVariantNames) {
  auto c = std::make_unique<shaped_case>();
  c->variants_.push_back({"core", variant_role::peer, "again"});
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': two variants are called 'core'");
}

TEST(Registry, RefusesDuplicateAxisNames) {
  auto c = std::make_unique<shaped_case>();
  c->axes_.push_back({"size", "again", {"3"}, {}, {}});
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': two axes are called 'size'");
}

TEST(Registry, RefusesAnAxisWithoutDefaults) {
  auto c = std::make_unique<shaped_case>();
  c->axes_.push_back({"density", "fraction", {}, {}, {}});
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': axis 'density' has no default values; expected at least one");
}

TEST(Registry, RefusesADefaultOrQuickValueItsOwnCheckRefuses) {
  auto c = std::make_unique<shaped_case>();
  c->axes_[0].defaults = {"1", "11"};
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': axis 'size' default value '11': expected an integer from 1 to 10");
  c = std::make_unique<shaped_case>();
  c->axes_[0].quick = {"0"};
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': axis 'size' quick value '0': expected an integer from 1 to 10");
}

TEST(Registry, RefusesNamesThatCannotBePartOfACellName) {
  auto c = std::make_unique<shaped_case>();
  c->name_ = "My Case";
  EXPECT_EQ(refusal(std::move(c)), "case 'My Case': the case name is not [a-z0-9_]+");
  c = std::make_unique<shaped_case>();
  c->variants_[1].name = "core/fast";
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': variant name 'core/fast' is not [a-z0-9_]+");
  c = std::make_unique<shaped_case>();
  c->axes_[0].name = "";
  EXPECT_EQ(refusal(std::move(c)), "case 'shaped': axis name '' is not [a-z0-9_]+");
}

TEST(Registry, RefusesTwoCasesWithOneName) {
  std::vector<std::unique_ptr<benchmark_case>> cases;
  cases.push_back(std::make_unique<shaped_case>());
  cases.push_back(std::make_unique<shaped_case>());
  try {
    suite::registry twice(std::move(cases));
    ADD_FAILURE() << "two cases called 'shaped' were accepted";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "case 'shaped': registered twice (two cases share the name)");
  }
}

TEST(ParamPoint, TypedGettersParseOrNameTheAxis) {
  const param_point p({{"size", "64"}, {"density", "0.5"}, {"kind", "x"}});
  EXPECT_EQ(p.integer("size"), 64);
  EXPECT_EQ(p.number("density"), 0.5);
  try {
    (void)p.integer("kind");
    ADD_FAILURE() << "kind=x read as an integer";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "kind=x: expected an integer");
  }
  try {
    (void)p.number("rows");
    ADD_FAILURE() << "a missing axis read as a number";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "grid point 'size:64/density:0.5/kind:x': no axis 'rows'");
  }
}

}  // namespace
