#include "harness/calibrate/noise_floor.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "harness/stats/summary.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::calibrate {

namespace {

constexpr double k_percentile = 95;
// A threshold at the A/A P95 would still be crossed by 1 run in 20; half as
// much again keeps the false alarms rarer (a rule of thumb, not a test).
constexpr double k_threshold_margin = 1.5;
// Rounding up 3.0000000001 % to 4 % would be a floating-point artefact.
constexpr double k_rounding_slack = 1e-9;

double half_width(const stats::interval_estimate& e) { return (e.upper - e.lower) / 2; }

struct cell_history {
  std::vector<double> aa_abs_changes;
  std::vector<double> aa_half_widths;
  std::vector<double> bc_changes;
  std::vector<double> bc_half_widths;
  std::size_t false_alarms = 0;
  std::size_t detections = 0;
};

bool is_alarm(stats::verdict v) { return v == stats::verdict::improved || v == stats::verdict::regressed; }

}  // namespace

double suggested_threshold(double noise_threshold, double aa_abs_change_p95) {
  const double wanted = std::max(noise_threshold, k_threshold_margin * aa_abs_change_p95);
  return std::ceil(wanted * units::k_percent - k_rounding_slack) / units::k_percent;
}

void summarize(calibration& c, std::span<const compare::diff> aa, std::span<const compare::diff> bc) {
  std::vector<std::string> order;
  std::map<std::string, cell_history> by_name;
  const auto history = [&](const std::string& name) -> cell_history& {
    if (!by_name.contains(name)) order.push_back(name);
    return by_name[name];
  };
  for (const auto& d : aa) {
    for (const auto& cell : d.cells) {
      auto& h = history(cell.name);
      h.aa_abs_changes.push_back(std::abs(cell.mean_change.estimate));
      h.aa_half_widths.push_back(half_width(cell.mean_change));
      h.false_alarms += is_alarm(cell.verdict);
    }
  }
  for (const auto& d : bc) {
    for (const auto& cell : d.cells) {
      auto& h = history(cell.name);
      h.bc_changes.push_back(cell.mean_change.estimate);
      h.bc_half_widths.push_back(half_width(cell.mean_change));
      h.detections += cell.verdict == stats::verdict::regressed;
    }
  }
  for (const auto* diffs : {&aa, &bc}) {
    for (const auto& d : *diffs) {
      for (const auto& skipped : d.not_compared) {
        const auto text = skipped.name + ": " + skipped.reason;
        if (std::find(c.not_compared.begin(), c.not_compared.end(), text) == c.not_compared.end()) {
          c.not_compared.push_back(text);
        }
      }
    }
  }
  const double threshold = c.compared.noise_threshold;
  c.cells.clear();
  c.false_alarms = c.detections = c.comparisons = 0;
  for (const auto& name : order) {
    const auto& h = by_name[name];
    calibration_cell cell;
    cell.name = name;
    cell.repeats = std::min(h.aa_abs_changes.size(), h.bc_changes.size());
    cell.false_alarms = h.false_alarms;
    cell.detections = h.detections;
    cell.aa_abs_change_p95 = stats::percentile(h.aa_abs_changes, k_percentile);
    cell.aa_half_width_p95 = stats::percentile(h.aa_half_widths, k_percentile);
    cell.injected_change = stats::median(h.bc_changes);
    cell.injected_half_width_p95 = stats::percentile(h.bc_half_widths, k_percentile);
    // The interval must clear the threshold after the run-to-run shift the
    // A/A comparisons show: a slowdown measured low by that shift is missed.
    cell.smallest_detectable =
        threshold + std::max(cell.aa_half_width_p95, cell.injected_half_width_p95) + cell.aa_abs_change_p95;
    cell.suggested_threshold = suggested_threshold(threshold, cell.aa_abs_change_p95);
    c.false_alarms += cell.false_alarms;
    c.detections += cell.detections;
    c.comparisons += cell.repeats;
    c.cells.push_back(std::move(cell));
  }
}

}  // namespace benchgate::calibrate
