#include "harness/charts/chart_set.hpp"

#include "harness/charts/change_chart.hpp"
#include "harness/charts/chart.hpp"
#include "harness/charts/distribution_chart.hpp"
#include "harness/charts/grid_chart.hpp"
#include "harness/charts/speedup_chart.hpp"
#include "harness/compare/cell_change.hpp"
#include "harness/compare/compare.hpp"

namespace benchgate::charts {

std::vector<chart> results_charts(const results::run_results& run, const compare::diff* variants_diff,
                                  const estimate_settings& settings) {
  auto out = grid_charts(run, settings);
  if (variants_diff != nullptr) {
    for (auto& c : speedup_charts(*variants_diff, run)) out.push_back(std::move(c));
  }
  return out;
}

std::string distribution_stem(const compare::cell_diff& cd) { return chart_stem("dist", cd.name); }

std::optional<compare::diff> variants_diff_for_charts(const results::loaded_results& run, const std::string& path,
                                                      const std::optional<compared_metric>& metric) {
  compare::comparison_settings settings;
  settings.resamples = k_chart_resamples;
  // An instruction run compares its counts (its times are valgrind's).
  settings.metric = estimates_of(run.results).metric;
  if (metric) {
    settings.metric = metric->metric;
    settings.direction = metric->direction;
  }
  auto d = compare::compare_variants(run.results, compare::describe_source(run.results, run.format, path, std::nullopt),
                                     benchgate::variant_role::baseline,
                                     {benchgate::variant_role::core, benchgate::variant_role::peer}, settings);
  // Pairs none of which could be compared (one sample each) are still a
  // comparison: the page lists them and why, rather than "no comparison".
  if (d.cells.empty() && d.not_compared.empty()) return std::nullopt;
  return d;
}

estimate_settings estimates_of(const results::run_results& run) {
  estimate_settings out;
  if (run.config.measure == results::measure_kind::instructions) out.metric = compare::time_metric::instructions;
  return out;
}

std::vector<chart> run_charts(const results::run_results& run, const compare::diff* variants,
                              const compare::diff* shown, const diff_samples& samples,
                              std::optional<double> gate_threshold) {
  auto out = results_charts(run, variants, estimates_of(run));
  if (shown != nullptr) {
    for (auto& c : diff_charts(*shown, samples, gate_threshold)) out.push_back(std::move(c));
  }
  return out;
}

std::vector<chart> diff_charts(const compare::diff& d, const diff_samples& samples,
                               std::optional<double> gate_threshold) {
  std::vector<chart> out;
  if (d.cells.empty()) return out;
  out.push_back(change_chart(d, gate_threshold));
  if (samples.old_run == nullptr || samples.new_run == nullptr) return out;
  const bool variants = d.mode == compare::compare_mode::variants;
  const results::cell_index old_cells(*samples.old_run);
  const results::cell_index new_cells(*samples.new_run);
  for (const auto& cd : d.cells) {
    const auto* old_cell = old_cells.find(cd.old_side.name);
    const auto* new_cell = new_cells.find(cd.new_side.name);
    if (old_cell == nullptr || new_cell == nullptr || old_cell->samples.empty() || new_cell->samples.empty()) continue;
    const auto old_ns = compare::sample_times(*old_cell, d.config.metric);
    const auto new_ns = compare::sample_times(*new_cell, d.config.metric);
    const distribution_side base{variants ? "base: " + old_cell->variant : "old", old_ns};
    const distribution_side next{variants ? "new: " + new_cell->variant : "new", new_ns};
    out.push_back(distribution_chart(distribution_stem(cd), cd, base, next, d.config.confidence, d.config.metric));
  }
  return out;
}

const chart* find_chart(const std::vector<chart>& charts, const std::string& stem) {
  for (const auto& c : charts) {
    if (c.stem == stem) return &c;
  }
  return nullptr;
}

}  // namespace benchgate::charts
