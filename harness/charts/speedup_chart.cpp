#include "harness/charts/speedup_chart.hpp"

#include <algorithm>
#include <limits>

#include "harness/charts/chart.hpp"
#include "harness/charts/grid_chart.hpp"
#include "harness/charts/panel_chart.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::charts {

namespace {

// Speed-up for a relative change of the mean time r: 1 / (1 + r); NaN when
// the new time is 0 (gnuplot skips it).
double speedup(double change) { return change > -1 ? 1 / (1 + change) : std::numeric_limits<double>::quiet_NaN(); }

}  // namespace

std::vector<chart> speedup_charts(const compare::diff& variants_diff, const results::run_results& run) {
  std::vector<chart> out;
  const results::cell_index cells_of_run(run);
  for (const auto& case_name : case_names(run)) {
    const auto variants = case_variants(run, case_name);
    std::vector<const compare::cell_diff*> cells;
    std::vector<param_list> params;
    for (const auto& cd : variants_diff.cells) {
      if (cd.case_name != case_name || !cells_of_run.find(cd.new_side.name)) continue;
      cells.push_back(&cd);
      params.push_back(cd.params);
    }
    if (cells.empty()) continue;
    std::vector<panel_lines> panels;
    for (auto& layout : grid_panels(params)) {
      panel_lines p{layout, {}};
      for (const auto i : layout.members) {
        const auto& cd = *cells[i];
        const auto& variant = cells_of_run.find(cd.new_side.name)->variant;
        const auto color = static_cast<std::size_t>(std::find(variants.begin(), variants.end(), variant) -
                                                    variants.begin());
        auto it = std::find_if(p.lines.begin(), p.lines.end(), [&](const series& s) { return s.name == variant; });
        if (it == p.lines.end()) {
          p.lines.push_back(series{variant, color, {}});
          it = p.lines.end() - 1;
        }
        // A larger change is a smaller speed-up: the bounds swap.
        it->points.push_back({x_position(layout, cd.params), speedup(cd.mean_change.estimate),
                              speedup(cd.mean_change.upper), speedup(cd.mean_change.lower)});
      }
      std::sort(p.lines.begin(), p.lines.end(), [](const series& a, const series& b) { return a.color < b.color; });
      panels.push_back(std::move(p));
    }
    const auto base = variants_diff.base_role ? std::string(benchgate::to_string(*variants_diff.base_role)) : "baseline";
    panel_chart_spec spec;
    spec.stem = chart_stem("speedup", case_name);
    spec.title = case_name + ": speed-up over the " + base + " (" + base + " time / variant time, " +
                 gp_number(variants_diff.config.confidence * units::k_percent) + "% CI)";
    spec.y_label = "speed-up (x)";
    spec.style = interval_style::band;
    spec.reference_y = 1.0;
    spec.reference_title = base + " (1x)";
    out.push_back(make_panel_chart(spec, std::move(panels)));
  }
  return out;
}

}  // namespace benchgate::charts
