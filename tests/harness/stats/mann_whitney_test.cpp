#include "harness/stats/mann_whitney.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace benchgate::stats {
namespace {

constexpr double k_p_tolerance = 1e-9;

TEST(MannWhitney, StatsMdOracleAutoPicksExact) {
  // docs/statistics.md, "Tests and oracles": base [19,22,16,29,24] vs new
  // [20,11,17,12]: U1 = 17, exact p = 1/9.
  const std::vector<double> base = {19, 22, 16, 29, 24};
  const std::vector<double> next = {20, 11, 17, 12};
  const auto r = mann_whitney_u(base, next);
  EXPECT_EQ(r.method, u_method::exact);
  EXPECT_DOUBLE_EQ(r.u1, 17);
  EXPECT_NEAR(r.p, 0.1111111111111111, k_p_tolerance);
  EXPECT_FALSE(r.all_values_equal);
}

TEST(MannWhitney, StatsMdOracleAsymptotic) {
  // The same samples with the normal approximation: no ties, tie term 0.
  const auto p = mann_whitney_asymptotic_p(5, 4, 17, 0);
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(*p, 0.111346886533140, k_p_tolerance);
}

TEST(MannWhitney, ComparePyInputsTest3) {
  // gbench/Inputs/test3_run0.json vs test3_run1.json (docs/statistics.md).
  const auto two_time = mann_whitney_u(std::vector<double>{9, 8}, std::vector<double>{10, 7});
  EXPECT_EQ(two_time.method, u_method::exact);
  EXPECT_NEAR(two_time.p, 1.0, k_p_tolerance);
  const auto two_cpu = mann_whitney_u(std::vector<double>{90, 86}, std::vector<double>{89, 72});
  EXPECT_EQ(two_cpu.method, u_method::exact);
  EXPECT_NEAR(two_cpu.p, 2.0 / 3.0, k_p_tolerance);
  const auto short_time = mann_whitney_u(std::vector<double>{8, 8}, std::vector<double>{7, 4.54, 800});
  EXPECT_EQ(short_time.method, u_method::asymptotic);  // 8 ties
  EXPECT_NEAR(short_time.p, 0.7670968684102772, k_p_tolerance);
}

TEST(MannWhitney, ExactAgreesWithScipyOnLargerSamples) {
  // Reference values from scipy 1.10 mannwhitneyu (method "auto": exact).
  std::vector<double> a = {0.5, 3.5, 6.5};
  std::vector<double> b;
  for (int i = 0; i < 40; ++i) b.push_back(i);
  const auto r = mann_whitney_u(a, b);
  EXPECT_EQ(r.method, u_method::exact);
  EXPECT_DOUBLE_EQ(r.u1, 12);
  EXPECT_NEAR(r.p, 0.016530264970423793, k_p_tolerance);

  const std::vector<double> c = {1.5, 2.5, 30.5, 41.5, 7.25, 100.5, 3.75, 60.5};
  std::vector<double> d;
  for (int i = 0; i < 25; ++i) d.push_back(i);
  const auto cd = mann_whitney_u(c, d);
  EXPECT_DOUBLE_EQ(cd.u1, 117);
  EXPECT_NEAR(cd.p, 0.4958207038296026, k_p_tolerance);
  const auto dc = mann_whitney_u(d, c);
  EXPECT_DOUBLE_EQ(dc.u1, 83);
  EXPECT_NEAR(dc.p, 0.4958207038296026, k_p_tolerance);
}

TEST(MannWhitney, AsymptoticWithTiesAgreesWithScipy) {
  const std::vector<double> a = {1, 2, 2, 3, 3, 3, 4, 5, 9, 10};
  const std::vector<double> b = {2, 3, 4, 4, 5, 6, 7, 7, 8, 11, 12};
  const auto r = mann_whitney_u(a, b);
  EXPECT_EQ(r.method, u_method::asymptotic);
  EXPECT_DOUBLE_EQ(r.u1, 31);
  EXPECT_NEAR(r.p, 0.09577885090243755, k_p_tolerance);
}

TEST(MannWhitney, ExactDistributionMatchesCountingEveryOrdering) {
  // Enumerate all C(n1 + n2, n1) placements of the first sample's ranks.
  for (std::size_t n1 = 1; n1 <= 5; ++n1) {
    for (std::size_t n2 = 1; n2 <= 6; ++n2) {
      const std::size_t n = n1 + n2;
      std::map<int, double> count_by_u;
      double total = 0;
      for (unsigned mask = 0; mask < (1U << n); ++mask) {
        if (static_cast<std::size_t>(__builtin_popcount(mask)) != n1) continue;
        int rank_sum = 0;
        for (std::size_t i = 0; i < n; ++i) rank_sum += (mask >> i & 1U) ? static_cast<int>(i + 1) : 0;
        count_by_u[rank_sum - static_cast<int>(n1 * (n1 + 1) / 2)] += 1;
        total += 1;
      }
      for (int u = 0; u <= static_cast<int>(n1 * n2); ++u) {
        const int upper = std::max(u, static_cast<int>(n1 * n2) - u);
        double tail = 0;
        for (const auto& [k, c] : count_by_u) tail += k >= upper ? c : 0;
        const double expected = std::min(1.0, 2 * tail / total);
        EXPECT_NEAR(mann_whitney_exact_p(n1, n2, upper), expected, 1e-12)
            << "n1 " << n1 << " n2 " << n2 << " u " << upper;
      }
    }
  }
}

TEST(MannWhitney, DegenerateSamplesHaveDefinedResults) {
  const auto empty = mann_whitney_u(std::vector<double>{}, std::vector<double>{1, 2});
  EXPECT_EQ(empty.method, u_method::none);
  EXPECT_EQ(empty.p, 1);

  const std::vector<double> fives(10, 5.0);
  const auto equal = mann_whitney_u(fives, fives);
  EXPECT_EQ(equal.method, u_method::asymptotic);
  EXPECT_TRUE(equal.all_values_equal);
  EXPECT_EQ(equal.p, 1);

  const auto single = mann_whitney_u(std::vector<double>{1}, std::vector<double>{2});
  EXPECT_EQ(single.method, u_method::exact);
  EXPECT_DOUBLE_EQ(single.p, 1);  // 2 * P(U >= 1) = 2 * 1/2
}

TEST(MannWhitney, MethodNamesAreStable) {
  EXPECT_EQ(to_string(u_method::exact), "exact");
  EXPECT_EQ(to_string(u_method::asymptotic), "asymptotic");
  EXPECT_EQ(to_string(u_method::none), "none");
}

}  // namespace
}  // namespace benchgate::stats
