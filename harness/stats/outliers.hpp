#pragma once
// Tukey's fences (J. W. Tukey, "Exploratory Data Analysis", 1977), as
// criterion.rs classifies outliers (docs/statistics.md, "Outliers"). Outliers are
// counted and reported, never removed. Pure functions, no I/O.

#include <cstddef>
#include <span>

namespace benchgate::stats {

// Q1 - 3 IQR, Q1 - 1.5 IQR, Q3 + 1.5 IQR, Q3 + 3 IQR with Q1 = P25, Q3 = P75.
struct tukey_fences {
  double low_severe = 0;
  double low_mild = 0;
  double high_mild = 0;
  double high_severe = 0;
};

// How many values fall in each class; values inside the mild fences are not
// counted anywhere.
struct outlier_counts {
  std::size_t low_severe = 0;
  std::size_t low_mild = 0;
  std::size_t high_mild = 0;
  std::size_t high_severe = 0;

  std::size_t total() const { return low_severe + low_mild + high_mild + high_severe; }
  friend bool operator==(const outlier_counts&, const outlier_counts&) = default;
};

// The fences of `values` (any order). Empty input gives all-zero fences.
tukey_fences fences_of(std::span<const double> values);

// Classifies each value with strict comparisons, in the order low severe,
// high severe, low mild, high mild. Empty input, or all values equal, gives
// no outliers.
outlier_counts classify_outliers(std::span<const double> values);

}  // namespace benchgate::stats
