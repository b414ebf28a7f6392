#pragma once
// The comparison charts draw for one run: each core and peer cell against
// the baseline cell of its grid point (compare.hpp's compare_variants), with
// k_chart_resamples so a page of many cells is drawn in seconds.

#include <optional>
#include <string>

#include "harness/results/diff_model.hpp"
#include "harness/results/input_loader.hpp"

namespace benchgate::charts {

// nullopt when the run has no core or peer cell beside a baseline cell
// (e.g. Google Benchmark JSON, whose cells have no roles). `path` is where
// the run was read, for the diff's source.
std::optional<results::diff> variants_diff_for_charts(const results::loaded_results& run, const std::string& path);

}  // namespace benchgate::charts
