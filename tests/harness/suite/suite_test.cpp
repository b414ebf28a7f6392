#include <gtest/gtest.h>

#include "benchgate/case.hpp"
#include "benchgate/param_point.hpp"
#include "benchgate/rng.hpp"
#include "benchgate/value_checks.hpp"

namespace {

using namespace benchgate;

TEST(ParamPoint, LabelJoinsAxesInOrder) {
  const param_point p({{"row_bytes", "8"}, {"density", "0.1"}});
  EXPECT_EQ(p.label(), "row_bytes:8/density:0.1");
  EXPECT_EQ(*p.find("density"), "0.1");
  EXPECT_EQ(p.find("colour"), nullptr);
}

TEST(ParamPoint, CellNameIsCaseVariantThenAxes) {
  EXPECT_EQ(cell_name("page_iter", "core", param_point({{"row_bytes", "8"}, {"density", "0.1"}})),
            "page_iter/core/row_bytes:8/density:0.1");
  EXPECT_EQ(cell_name("x", "baseline", param_point()), "x/baseline");
}

TEST(CartesianPoints, FirstAxisIsOutermost) {
  const auto points = cartesian_points({{"a", {"1", "2"}}, {"b", {"x", "y", "z"}}});
  ASSERT_EQ(points.size(), 6u);
  EXPECT_EQ(points[0].label(), "a:1/b:x");
  EXPECT_EQ(points[2].label(), "a:1/b:z");
  EXPECT_EQ(points[3].label(), "a:2/b:x");
}

TEST(CartesianPoints, AnAxisWithoutValuesGivesNoPoint) {
  EXPECT_TRUE(cartesian_points({{"a", {"1"}}, {"b", {}}}).empty());
  EXPECT_EQ(cartesian_points({}).size(), 1u);
}

TEST(ValueChecks, NumberInSaysWhichBoundsAreOpen) {
  const auto check = number_in(0, true, 1, false);
  EXPECT_EQ(check("0"), "a number in (0, 1]");
  EXPECT_EQ(check("0.0001"), std::nullopt);
  EXPECT_EQ(check("1"), std::nullopt);
  EXPECT_EQ(number_in(0, false, 2.5, true)("2.5"), "a number in [0, 2.5)");
}

TEST(ValueChecks, IntegerInAddsTheReason) {
  const auto check = integer_in(2, 10, " (why)");
  EXPECT_EQ(check("11"), "an integer from 2 to 10 (why)");
  EXPECT_EQ(check("2.5"), "an integer from 2 to 10 (why)");
  EXPECT_EQ(check("10"), std::nullopt);
}

TEST(ValueChecks, OneOfListsTheWords) {
  const auto check = one_of({"req", "resp"});
  EXPECT_EQ(check("req"), std::nullopt);
  EXPECT_EQ(check("x"), "one of req, resp");
}

TEST(Roles, RoundTripThroughText) {
  for (const auto role : {variant_role::baseline, variant_role::core, variant_role::peer}) {
    EXPECT_EQ(parse_variant_role(to_string(role)), role);
  }
  EXPECT_EQ(parse_variant_role("naive"), std::nullopt);
}

TEST(SplitMix64, IsDeterministicAndUniform01StaysInRange) {
  splitmix64 a(42);
  splitmix64 b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  splitmix64 c(7);
  for (int i = 0; i < 1000; ++i) {
    const double u = c.uniform01();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
    EXPECT_LT(c.below(10), 10u);
  }
}

TEST(SplitMix64, MatchesTheReferenceSequence) {
  // First outputs for seed 0 of the reference implementation (Vigna's splitmix64.c).
  splitmix64 g(0);
  EXPECT_EQ(g.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(g.next(), 0x6e789e6aa1b965f4ULL);
}

}  // namespace
