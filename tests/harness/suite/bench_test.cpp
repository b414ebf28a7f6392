// The short form (benchgate/bench.hpp, benchgate/axes.hpp): variants declared
// once with their bodies, typed axes, and the agreement check benchgate runs
// before timing; definitions it cannot use are "case 'NAME': ..." errors.

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "benchgate/benchgate.hpp"
#include "harness/suite/registry.hpp"
#include "tests/support/input_error_message.hpp"

namespace {

using namespace benchgate;

// A workload the tests can check: the numbers 1..n.
std::vector<int> one_to(std::int64_t n) {
  std::vector<int> out;
  for (int i = 1; i <= n; ++i) out.push_back(i);
  return out;
}

int sum(const std::vector<int>& v) {
  int total = 0;
  for (int x : v) total += x;
  return total;
}

// A sum over an axis `n`: a baseline, a core that agrees and a peer whose
// result is `peer_offset` away from the baseline's.
std::unique_ptr<benchmark_case> summing(int peer_offset, int* setups = nullptr) {
  return bench("summing", "sum of 1..n")
      .axis(integer_axis("n", "how many numbers").defaults({3, 4}).quick({3}).between(1, 100))
      .setup([setups](const param_point& p) {
        if (setups != nullptr) ++*setups;
        return one_to(p.integer("n"));
      })
      .items_per_iteration([](const std::vector<int>& v) { return v.size(); })
      .figure("total", "units", [](const std::vector<int>& v) { return sum(v); })
      .baseline("loop", "a loop", sum)
      .core("formula", "n (n + 1) / 2", [](const std::vector<int>& v) { return int(v.size() * (v.size() + 1) / 2); })
      .peer("off", "a sum that is off", [peer_offset](const std::vector<int>& v) { return sum(v) + peer_offset; });
}

// A grid point of one axis.
param_point one_value_point(std::string axis, std::string value) {
  return param_point(std::vector<std::pair<std::string, std::string>>{{std::move(axis), std::move(value)}});
}

using test_support::input_error_message;

// The message of the registry's refusal of `c`, or "(no error)" when it accepts it.
std::string refusal(std::unique_ptr<benchmark_case> c) {
  std::vector<std::unique_ptr<benchmark_case>> cases;
  cases.push_back(std::move(c));
  return input_error_message([&] { suite::registry accepted(std::move(cases)); });
}

TEST(ShortForm, ListsItsVariantsInDeclarationOrderWithTheirRoles) {
  const auto c = summing(0);
  EXPECT_EQ(c->name(), "summing");
  const auto variants = c->variants();
  ASSERT_EQ(variants.size(), 3u);
  EXPECT_EQ(variants[0].name, "loop");
  EXPECT_EQ(variants[0].role, variant_role::baseline);
  EXPECT_EQ(variants[1].name, "formula");
  EXPECT_EQ(variants[1].role, variant_role::core);
  EXPECT_EQ(variants[2].role, variant_role::peer);
  EXPECT_EQ(variants[2].description, "a sum that is off");
  EXPECT_EQ(refusal(summing(0)), "(no error)");
}

TEST(ShortForm, PreparesTheWorkloadOnceAndTimesEveryVariantThatAgrees) {
  int setups = 0;
  const auto c = summing(0, &setups);
  const auto prepared = c->prepare(one_value_point("n", "4"));
  EXPECT_EQ(setups, 1);
  EXPECT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.work.unit, work_unit::items);
  EXPECT_EQ(prepared.work.amount, 4.0);
  ASSERT_EQ(prepared.figures.size(), 1u);
  EXPECT_EQ(prepared.figures[0].name, "total");
  EXPECT_EQ(prepared.figures[0].value, 10.0);  // 1 + 2 + 3 + 4
  ASSERT_EQ(prepared.benches.size(), 3u);
  EXPECT_EQ(prepared.benches[0].variant, "loop");
  EXPECT_EQ(prepared.benches[2].variant, "off");
  EXPECT_TRUE(prepared.benches[1].body);
}

TEST(ShortForm, ADisagreementNamesBothResultsAndNothingIsTimed) {
  const auto prepared = summing(1)->prepare(one_value_point("n", "3"));
  EXPECT_EQ(prepared.error, "variants disagree: off returns 7, loop 6");
  EXPECT_TRUE(prepared.benches.empty());
}

TEST(ShortForm, AComparatorDecidesWhenFloatingPointResultsAgree) {
  auto make = [](double tolerance) -> std::unique_ptr<benchmark_case> {
    return bench("thirds", "a third, two ways")
        .baseline("divide", "1 / 3", [] { return 1.0 / 3.0; })
        .core("rounded", "0.3333", [] { return 0.3333; })
        .agree_when([tolerance](double got, double want) { return std::abs(got - want) <= tolerance; });
  };
  EXPECT_EQ(make(1e-3)->prepare(param_point()).error, "");
  EXPECT_EQ(make(1e-6)->prepare(param_point()).error, "variants disagree: rounded returns 0.3333, divide 0.333333");
}

TEST(ShortForm, AComparatorThatThrowsIsAnErrorOfTheCase) {
  std::unique_ptr<benchmark_case> c = bench("throwing", "a comparator that throws")
                                          .axis(string_axis("mode", "how").one_of({"fast", "slow"}))
                                          .baseline("a", "one", [] { return 1; })
                                          .core("b", "one too", [] { return 1; })
                                          .agree_when([](int, int) -> bool { throw std::runtime_error("no way"); });
  EXPECT_EQ(input_error_message([&] { c->prepare(one_value_point("mode", "slow")); }),
            "case 'throwing': the comparison of variant 'b' with the baseline threw at mode:slow: no way");
}

TEST(ShortForm, BodiesThatReturnNothingAreTimedButNotCompared) {
  std::unique_ptr<benchmark_case> c = bench("quiet", "no results")
                                          .baseline("a", "nothing", [] {})
                                          .core("b", "nothing either", [] {});
  const auto prepared = c->prepare(param_point());
  EXPECT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.benches.size(), 2u);
}

TEST(ShortForm, RefusesVariantsThatReturnDifferentTypes) {
  EXPECT_EQ(input_error_message([] {
              std::unique_ptr<benchmark_case> c =
                  bench("mixed", "two result types").baseline("a", "int", [] { return 1; }).core("b", "none", [] {});
            }),
            "case 'mixed': variant 'b' returns nothing and the baseline 'a' a result; expected every variant to "
            "return the baseline's result type");
  EXPECT_NE(input_error_message([] {
              std::unique_ptr<benchmark_case> c =
                  bench("mixed", "two result types").baseline("a", "int", [] { return 1; }).core("b", "long", [] {
                    return 1L;
                  });
            }),
            "(no error)");
}

struct opaque {
  int value;
};

TEST(ShortForm, ResultsWithoutEqualityNeedAComparator) {
  EXPECT_EQ(input_error_message([] {
              std::unique_ptr<benchmark_case> c =
                  bench("opaque", "no ==").baseline("a", "a", [] { return opaque{1}; }).core("b", "b", [] {
                    return opaque{1};
                  });
            }),
            "case 'opaque': the variants' result type has no operator==; give agree_when(equal)");
  std::unique_ptr<benchmark_case> c = bench("opaque", "compared by value")
                                          .baseline("a", "a", [] { return opaque{1}; })
                                          .core("b", "b", [] { return opaque{2}; })
                                          .agree_when([](const opaque& x, const opaque& y) { return x.value == y.value; });
  // Without operator<< the message cannot print the results.
  EXPECT_EQ(c->prepare(param_point()).error, "variants disagree: b returns a different result, a a different result");
}

TEST(ShortForm, RefusesSetupAfterAVariant) {
  EXPECT_EQ(input_error_message([] {
              std::unique_ptr<benchmark_case> c =
                  bench("late", "setup last").baseline("a", "a", [] { return 1; }).setup([](const param_point&) {
                    return 1;
                  });
            }),
            "case 'late': setup() comes after a variant; declare the workload first");
}

TEST(ShortForm, TheRegistryRefusesADuplicateVariantOrNoBaseline) {
  EXPECT_EQ(refusal(bench("twice", "two a").baseline("a", "a", [] { return 1; }).core("a", "a again", [] {
              return 1;
            })),
            "case 'twice': two variants are called 'a'");
  EXPECT_EQ(refusal(bench("headless", "cores only").core("a", "a", [] { return 1; }).core("b", "b", [] {
              return 1;
            })),
            "case 'headless': no baseline variant; expected exactly one variant with role baseline");
}

TEST(ShortForm, TheRegistryRefusesAnAxisValueItsOwnCheckRefuses) {
  EXPECT_EQ(refusal(bench("sized", "a size of 0")
                        .axis(integer_axis("size", "bytes").defaults({0, 8}).between(1, 10))
                        .baseline("a", "a", [] { return 1; })),
            "case 'sized': axis 'size' default value '0': expected an integer from 1 to 10");
  EXPECT_EQ(refusal(bench("dense", "a density of 2")
                        .axis(number_axis("density", "fraction").defaults({0.5}).quick({2}).between(0, 1))
                        .baseline("a", "a", [] { return 1; })),
            "case 'dense': axis 'density' quick value '2': expected a number in [0, 1]");
}

TEST(TypedAxes, IntegerValuesAreDecimalAndChecksAreSpelledOut) {
  const axis_info a = integer_axis("size", "bytes").defaults({64, 1048576}).quick({64}).at_least(1);
  EXPECT_EQ(a.defaults, (std::vector<std::string>{"64", "1048576"}));
  EXPECT_EQ(a.quick, (std::vector<std::string>{"64"}));
  EXPECT_EQ(a.check("0"), "an integer >= 1");
  EXPECT_EQ(a.check("1.5"), "an integer >= 1");
  EXPECT_EQ(a.check("7"), std::nullopt);
  const axis_info b = integer_axis("rows", "rows").defaults({2}).between(2, 8).because(" (two rows fit)");
  EXPECT_EQ(b.check("9"), "an integer from 2 to 8 (two rows fit)");
  const axis_info c = integer_axis("any", "any integer").defaults({-3});
  EXPECT_EQ(c.check("-3"), std::nullopt);
  EXPECT_EQ(c.check("x"), "an integer");
}

TEST(TypedAxes, NumberValuesAreTheShortestExactTextAndBoundsMayBeOpen) {
  const axis_info a = number_axis("density", "fraction").defaults({0, 0.01, 0.5, 1}).above(0).at_most(1);
  EXPECT_EQ(a.defaults, (std::vector<std::string>{"0", "0.01", "0.5", "1"}));
  EXPECT_EQ(a.check("0"), "a number in (0, 1]");
  EXPECT_EQ(a.check("1"), std::nullopt);
  const axis_info b = number_axis("rate", "rate").defaults({1}).below(2.5);
  EXPECT_EQ(b.check("2.5"), "a number < 2.5");
  EXPECT_EQ(b.check("-4"), std::nullopt);
  EXPECT_EQ(b.check("nan"), "a number < 2.5");
  EXPECT_EQ(axis_value_text(1e-5), "1e-05");
}

TEST(TypedAxes, AnEnumerationDefaultsToAllItsWords) {
  const axis_info a = string_axis("workload", "which head").one_of({"req", "resp"});
  EXPECT_EQ(a.defaults, (std::vector<std::string>{"req", "resp"}));
  EXPECT_EQ(a.check("head"), "one of req, resp");
  const axis_info b = string_axis("label", "free text").defaults({"a b"});
  EXPECT_FALSE(b.check);
}

}  // namespace
