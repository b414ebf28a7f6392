#pragma once
// The statistics of one compared pair of cells (docs/statistics.md): both sides'
// bootstrap estimates and outliers, the relative changes with their
// intervals, Welch's test and the U test. The p-value adjustment and the
// verdict need every cell of the comparison: see compare.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

// The compared metric of each sample: times in nanoseconds per iteration,
// counts per iteration, a counter as Google Benchmark or the case wrote it.
std::vector<double> sample_times(const results::cell& c, const time_metric& metric);

// The value of counter `name` in sample `s` of `c`: the sample's counter,
// else the cell's figure of that name; nullopt when neither exists.
std::optional<double> counter_value(const results::cell& c, const results::sample& s, const std::string& name);

// Whether every sample of `c` has a value of `metric` (always, for times and
// instructions, whose presence is checked elsewhere); false without samples.
bool carries(const results::cell& c, const time_metric& metric);

// Everything about `old_cell` against `new_cell` but the adjusted p-values,
// p_value and verdict (left at their defaults). Both cells must have at
// least one sample. `seed` feeds every resampling of this pair, so a pair's
// numbers do not depend on the other cells. Adds per-cell warnings (few
// samples, no test possible, work that differs between the sides).
cell_diff measure_change(const results::cell& old_cell, const results::cell& new_cell,
                         const comparison_settings& settings, std::uint64_t seed);

}  // namespace benchgate::compare
