#pragma once
// The grid chart of each case: throughput (or time, for cases without work
// per iteration) against the grid's x axis, one line per variant with its
// confidence interval as error bars, one panel per value of the other axes.

#include <string>
#include <vector>

#include "harness/charts/cell_estimate.hpp"
#include "harness/charts/chart.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::charts {

// The cases of `run` in the order of their first cell.
std::vector<std::string> case_names(const results::run_results& run);

// The variants of `case_name` in the order of their first cell: a variant's
// index is its colour in every chart.
std::vector<std::string> case_variants(const results::run_results& run, const std::string& case_name);

// One chart per case with at least one timed cell, stem "grid_CASE".
std::vector<chart> grid_charts(const results::run_results& run, const estimate_settings& settings);

}  // namespace benchgate::charts
