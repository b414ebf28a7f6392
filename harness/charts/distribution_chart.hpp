#pragma once
// The samples of one compared cell: the base side and the new side side by
// side, each as a box plot with every sample drawn over it, outliers (Tukey's
// fences, stats/outliers.hpp) marked by colour.

#include <span>
#include <string>

#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"

namespace benchgate::charts {

struct distribution_side {
  std::string label;             // e.g. "old: page_iter/core/row_bytes:8"
  std::span<const double> ns;    // each sample's value of the metric (time per iteration in ns, a count)
};

// `stem` names the files; the title gives the change, its interval, p and
// the verdict of `cd`. `metric` labels the axis: times in ns, µs, ms or s,
// any other metric by its name and unit (results::unit_of).
chart distribution_chart(const std::string& stem, const compare::cell_diff& cd, const distribution_side& base,
                         const distribution_side& next, double confidence, const compare::time_metric& metric);

}  // namespace benchgate::charts
