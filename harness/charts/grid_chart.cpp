#include "harness/charts/grid_chart.hpp"

#include <algorithm>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/chart.hpp"
#include "harness/charts/panel_chart.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/support/text/parse_number.hpp"
#include "harness/support/text/split_text.hpp"
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

// A Google Benchmark name, FAMILY[/METHOD]/ARG.../MODIFIER...: a fixture's
// method joins the family, each argument ("8", "n:8" of ArgNames) is an
// axis, and the modifiers Google Benchmark appends (real_time, threads:2,
// ...) make a benchmark of their own, so they join the series' name.
struct gbench_name {
  std::string series;
  param_list arguments;
};

bool is_modifier(std::string_view part) {
  for (const std::string_view word : {"real_time", "manual_time", "process_time"}) {
    if (part == word) return true;
  }
  for (const std::string_view prefix : {"threads:", "iterations:", "repeats:", "min_time:", "min_warmup_time:"}) {
    if (part.starts_with(prefix)) return true;
  }
  return false;
}

// "8", "-1", "n:8": an argument, not a method's name.
bool is_argument(std::string_view part) {
  const auto colon = part.find(':');
  return text::parse_double(colon == std::string_view::npos ? part : part.substr(colon + 1)).has_value();
}

gbench_name split_gbench_name(const std::string& name) {
  const auto parts = text::split(name, '/');
  gbench_name out{parts.front(), {}};
  std::string modifiers;
  std::vector<std::string> arguments;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (is_modifier(parts[i])) {
      modifiers += "/" + parts[i];
    } else if (arguments.empty() && modifiers.empty() && !is_argument(parts[i])) {
      out.series += "/" + parts[i];
    } else {
      arguments.push_back(parts[i]);
    }
  }
  out.series += modifiers;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const auto colon = arguments[i].find(':');
    if (colon != std::string::npos && colon > 0) {
      out.arguments.push_back({arguments[i].substr(0, colon), arguments[i].substr(colon + 1)});
    } else {
      const auto axis = arguments.size() == 1 ? std::string("argument") : "argument " + std::to_string(i + 1);
      out.arguments.push_back({axis, arguments[i]});
    }
  }
  return out;
}

// Google Benchmark imports have no axes: their arguments ("BM_sort/1024"
// -> 1024) become the x axis, so the sizes still spread.
param_list layout_params(const results::cell& c) {
  if (!c.params.empty()) return c.params;
  auto split = split_gbench_name(c.name);
  if (split.arguments.empty()) return {{"benchmark", c.name}};
  return split.arguments;
}

// A variant's line, or a Google Benchmark family's (with its modifiers).
std::string series_name(const results::cell& c) {
  if (!c.variant.empty()) return c.variant;
  return c.params.empty() ? split_gbench_name(c.name).series : c.case_name;
}

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
  std::vector<std::string> families;
  std::vector<panel_lines> panels;
  for (auto& layout : grid_panels(params)) {
    panel_lines p{layout, {}};
    for (const auto i : layout.members) {
      const auto& e = cells[i];
      const auto name = series_name(*e.cell);
      // Google Benchmark's families have no variants: a colour each.
      if (e.cell->variant.empty() && std::find(families.begin(), families.end(), name) == families.end()) {
        families.push_back(name);
      }
      const auto color = e.cell->variant.empty() ? index_of(families, name) : index_of(variants, e.cell->variant);
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
