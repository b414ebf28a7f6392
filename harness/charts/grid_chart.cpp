#include "harness/charts/grid_chart.hpp"

#include <algorithm>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/chart.hpp"
#include "harness/charts/panel_chart.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::charts {

namespace {

struct estimated_cell {
  const results::cell* cell;
  stats::interval_estimate ns;
};

std::size_t index_of(const std::vector<std::string>& names, const std::string& name) {
  return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

// Throughput when every timed cell of the case declares the same kind of work.
bool use_throughput(const std::vector<estimated_cell>& cells) {
  const auto unit = cells.front().cell->work.unit;
  return unit != benchgate::work_unit::none && std::all_of(cells.begin(), cells.end(), [&](const estimated_cell& e) {
           return e.cell->work.unit == unit && e.cell->work.amount > 0;
         });
}

// Google Benchmark imports have no axes: the rest of the name after the case
// ("BM_sort/1024" -> "1024", the benchmark's argument) becomes the x axis,
// so the sizes still spread.
param_list layout_params(const results::cell& c) {
  if (!c.params.empty()) return c.params;
  const auto slash = c.name.find('/');
  if (slash == std::string::npos) return {{"benchmark", c.name}};
  return {{"argument", c.name.substr(slash + 1)}};
}

std::string series_name(const results::cell& c) { return c.variant.empty() ? c.case_name : c.variant; }

chart grid_chart(const results::run_results& run, const std::string& case_name,
                 const std::vector<estimated_cell>& cells, const estimate_settings& settings) {
  const auto variants = case_variants(run, case_name);
  const bool instructions = settings.metric == compare::time_metric::instructions;
  const bool throughput = !instructions && use_throughput(cells);
  const auto unit = cells.front().cell->work.unit;
  // Every value as displayed before scaling: work per second or ns.
  auto values = [&](const estimated_cell& e) {
    if (!throughput) return series_point{0, e.ns.estimate, e.ns.lower, e.ns.upper};
    const auto& w = e.cell->work;
    return series_point{0, *throughput_per_second(w, e.ns.estimate), *throughput_per_second(w, e.ns.upper),
                        *throughput_per_second(w, e.ns.lower)};
  };
  double max_value = 0;
  for (const auto& e : cells) max_value = std::max(max_value, values(e).high);
  const auto scale = throughput     ? throughput_scale(unit, max_value)
                     : instructions ? axis_scale{1, "instructions"}
                                    : time_scale(max_value);

  std::vector<param_list> params;
  for (const auto& e : cells) params.push_back(layout_params(*e.cell));
  std::vector<panel_lines> panels;
  for (auto& layout : grid_panels(params)) {
    panel_lines p{layout, {}};
    for (const auto i : layout.members) {
      const auto& e = cells[i];
      const auto color = index_of(variants, e.cell->variant);
      const auto name = series_name(*e.cell);
      auto it = std::find_if(p.lines.begin(), p.lines.end(), [&](const series& s) { return s.name == name; });
      if (it == p.lines.end()) {
        p.lines.push_back(series{name, color, {}});
        it = p.lines.end() - 1;
      }
      auto v = values(e);
      it->points.push_back({x_position(layout, params[i]), v.y / scale.divisor, v.low / scale.divisor,
                            v.high / scale.divisor});
    }
    std::sort(p.lines.begin(), p.lines.end(), [](const series& a, const series& b) { return a.color < b.color; });
    panels.push_back(std::move(p));
  }
  const auto level = gp_number(settings.confidence * units::k_percent);
  panel_chart_spec spec;
  spec.stem = chart_stem("grid", case_name);
  const std::string measured = throughput ? "throughput" : instructions ? "instructions per iteration" : "time per iteration";
  // Google Benchmark cells have no variants: their lines are benchmarks.
  const bool has_roles = std::any_of(cells.begin(), cells.end(), [](const estimated_cell& e) { return e.cell->role.has_value(); });
  spec.title = case_name + ": " + measured + (has_roles ? " by variant" : " by benchmark") + " (mean, " + level + "% CI)";
  spec.y_label = instructions ? measured : measured + " (" + scale.unit + ")";
  return make_panel_chart(spec, std::move(panels));
}

}  // namespace

std::vector<std::string> case_names(const results::run_results& run) {
  std::vector<std::string> out;
  for (const auto& c : run.cells) {
    if (std::find(out.begin(), out.end(), c.case_name) == out.end()) out.push_back(c.case_name);
  }
  return out;
}

std::vector<std::string> case_variants(const results::run_results& run, const std::string& case_name) {
  std::vector<std::string> out;
  for (const auto& c : run.cells) {
    if (c.case_name == case_name && std::find(out.begin(), out.end(), c.variant) == out.end()) {
      out.push_back(c.variant);
    }
  }
  return out;
}

std::vector<chart> grid_charts(const results::run_results& run, const estimate_settings& settings) {
  std::vector<chart> out;
  for (const auto& name : case_names(run)) {
    std::vector<estimated_cell> cells;
    for (const auto& c : run.cells) {
      if (c.case_name != name) continue;
      if (const auto ns = mean_time_ns(c, settings)) cells.push_back({&c, *ns});
    }
    if (!cells.empty()) out.push_back(grid_chart(run, name, cells, settings));
  }
  return out;
}

}  // namespace benchgate::charts
