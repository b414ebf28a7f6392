#include "harness/charts/variants_diff.hpp"

#include "harness/charts/cell_estimate.hpp"
#include "harness/compare/compare.hpp"

namespace benchgate::charts {

std::optional<results::diff> variants_diff_for_charts(const results::loaded_results& run, const std::string& path) {
  results::comparison_settings settings;
  settings.resamples = k_chart_resamples;
  // An instruction run compares its counts (its times are valgrind's).
  if (run.results.config.measure == "instructions") settings.metric = results::time_metric::instructions;
  auto d = compare::compare_variants(run.results, compare::describe_source(run.results, run.format, path, std::nullopt),
                                     suite::variant_role::baseline,
                                     {suite::variant_role::core, suite::variant_role::peer}, settings);
  if (d.cells.empty()) return std::nullopt;
  return d;
}

}  // namespace benchgate::charts
