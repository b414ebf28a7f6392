#pragma once
// The speed-up chart of each case: baseline time / variant time per grid
// cell with its confidence band, from a variants comparison (compare.hpp's
// compare_variants): speed-up = 1 / (1 + mean change).

#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::charts {

// One chart per case of `variants_diff` (mode variants), stem "speedup_CASE".
// `run` is the compared run: it gives each cell's variant and colour.
std::vector<chart> speedup_charts(const compare::diff& variants_diff, const results::run_results& run);

}  // namespace benchgate::charts
