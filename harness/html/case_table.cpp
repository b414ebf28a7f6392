#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "harness/charts/chart_set.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/charts/chart.hpp"
#include "harness/compare/cell_change.hpp"
#include "harness/html/escape.hpp"
#include "harness/html/page_parts.hpp"
#include "harness/report/format.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::html::detail {

namespace {

// The comparison's cells by the name of their new side, the names of their
// bases (in a comparison of variants) and the run's cells: looked up once
// per row, built once per table.
struct comparison_lookup {
  explicit comparison_lookup(const page_input& input) : run(*input.run) {
    if (input.comparison == nullptr) return;
    const bool variants = input.comparison->mode == compare::compare_mode::variants;
    for (const auto& cd : input.comparison->cells) {
      by_new_name.emplace(cd.new_side.name, &cd);
      if (variants) bases.insert(cd.old_side.name);
    }
  }
  const compare::cell_diff* diff_of(const results::cell& c) const {
    const auto it = by_new_name.find(c.name);
    return it == by_new_name.end() ? nullptr : it->second;
  }
  bool is_base(const results::cell& c) const { return bases.contains(c.name); }

  std::unordered_map<std::string_view, const compare::cell_diff*> by_new_name;
  std::unordered_set<std::string_view> bases;
  results::cell_index run;
};

std::string interval_text(const stats::interval_estimate& e, std::string (*format)(double)) {
  return format(e.estimate) + " [" + format(e.lower) + ", " + format(e.upper) + "]";
}

std::string figures_text(const results::cell& c) {
  std::string out;
  for (const auto& f : c.figures) {
    out += (out.empty() ? "" : "; ") + f.name + " = " + charts::gp_number(f.value) + (f.unit.empty() ? "" : " " + f.unit);
  }
  return out;
}

std::string td(const std::string& text, const std::string& css_class = "") {
  return (css_class.empty() ? "<td>" : "<td class=\"" + css_class + "\">") + escape(text) + "</td>";
}

std::string change_cells(const page_input& input, const comparison_lookup& lookup, const results::cell& c) {
  const auto* cd = lookup.diff_of(c);
  if (cd == nullptr) {
    const auto note = lookup.is_base(c) ? "base of the comparison" : "";
    return "<td class=\"text\" colspan=\"4\">" + escape(note) + "</td>";
  }
  const auto verdict = std::string(stats::to_string(cd->verdict));
  std::string link;
  const auto stem = charts::distribution_stem(*cd);
  if (input.charts != nullptr && charts::find_chart(*input.charts, stem) != nullptr) {
    link = " <a href=\"" + escape(input.charts_folder + "/" + stem + ".svg") + "\">samples</a>";
  }
  // The base's variant in the table (its full name on hover), "old" for two runs.
  const bool variants = input.comparison->mode == compare::compare_mode::variants;
  const auto* base = variants ? lookup.run.find(cd->old_side.name) : nullptr;
  const auto vs = variants ? cd->old_side.name : "the old side (" + input.comparison->old_source.path + ")";
  const auto shown = base != nullptr ? base->variant : variants ? cd->old_side.name : "old";
  return "<td>" + escape(charts::change_text(cd->mean_change)) + "</td>" + td(charts::p_value_text(*cd)) +
         td(verdict, "verdict v-" + verdict) + "<td class=\"text\" title=\"" + escape(vs) + "\">" + escape(shown) +
         link + "</td>";
}

// What the change column is of: the mean time, or a counter with its
// direction (a drop of a higher-is-better counter is its regression).
std::string compared_what(const compare::diff& d) {
  if (d.config.metric.of != compare::time_metric::kind::counter) return "mean";
  return escape(compare::to_string(d.config.metric)) + " mean, " + std::string(results::to_string(d.config.direction)) +
         " is better";
}

// The header of the column of each cell's estimate: the metric by name with
// its unit, and its direction when known (report --metric, --direction).
std::string shown_what(const page_input& input) {
  const auto& metric = input.estimates.metric;
  switch (metric.of) {
    case compare::time_metric::kind::real: return "mean time";
    case compare::time_metric::kind::cpu: return "mean CPU time";
    case compare::time_metric::kind::instructions: return "mean instructions";
    case compare::time_metric::kind::counter: break;
  }
  const auto unit = results::unit_of(metric.counter);
  return "mean " + metric.counter + (unit.empty() ? "" : " (" + unit + ")") +
         (input.metric_direction ? ", " + std::string(results::to_string(*input.metric_direction)) + " is better" : "");
}

}  // namespace

std::string case_table(const page_input& input, const std::string& case_name) {
  std::vector<std::string> axes;
  for (const auto& c : input.run->cells) {
    if (c.case_name != case_name) continue;
    for (const auto& [axis, value] : c.params) {
      if (std::find(axes.begin(), axes.end(), axis) == axes.end()) axes.push_back(axis);
    }
  }
  const auto level = charts::gp_number(input.estimates.confidence * units::k_percent);
  // Google Benchmark cells have no variant or role: their names say which
  // benchmark a row is (BM_Sum/1024 and BM_Sum/65536 would both read "-").
  const bool by_name = std::none_of(input.run->cells.begin(), input.run->cells.end(), [&](const results::cell& c) {
    return c.case_name == case_name && c.role.has_value();
  });
  // Counts (instructions, counters) are plain numbers with no throughput.
  const bool time = input.estimates.metric == compare::time_metric::real ||
                    input.estimates.metric == compare::time_metric::cpu;
  const bool counter = input.estimates.metric.of == compare::time_metric::kind::counter;
  std::string out = by_name ? "<table class=\"cells\">\n<thead><tr><th>benchmark</th>"
                            : "<table class=\"cells\">\n<thead><tr><th>variant</th><th>role</th>";
  for (const auto& axis : axes) out += element("th", axis);
  // Without a comparison the change columns would stay empty: left out.
  const bool compared = input.comparison != nullptr;
  // Nor a figures column that no cell fills (Google Benchmark cells have none).
  const bool figures = std::any_of(input.run->cells.begin(), input.run->cells.end(), [&](const results::cell& c) {
    return c.case_name == case_name && !c.figures.empty();
  });
  const comparison_lookup lookup(input);
  out += "<th>" + escape(shown_what(input)) + " [" + level +
         "% CI]</th><th>throughput</th>" +
         (compared ? "<th>change of " + compared_what(*input.comparison) + " [" +
                         charts::gp_number(input.comparison->config.confidence * units::k_percent) +
                         "% CI]</th><th>p</th><th>verdict</th><th>compared with</th>"
                   : std::string()) +
         "<th>samples</th>" + (figures ? "<th>figures</th>" : "") + "</tr></thead>\n<tbody>\n";
  for (const auto& c : input.run->cells) {
    if (c.case_name != case_name) continue;
    out += by_name ? "<tr>" + td(c.name, "text")
                   : "<tr>" + td(c.variant, "text") + td(c.role ? std::string(benchgate::to_string(*c.role)) : "-", "text");
    for (const auto& axis : axes) {
      const auto it = std::find_if(c.params.begin(), c.params.end(), [&](const auto& p) { return p.first == axis; });
      out += td(it == c.params.end() ? "" : it->second);
    }
    // A cell without the counter asked for is listed as such, not estimated.
    const bool lacks = counter && !c.samples.empty() && !compare::carries(c, input.estimates.metric);
    const auto ns = lacks ? std::nullopt : charts::mean_time_ns(c, input.estimates);
    if (!ns) {
      out += "<td class=\"text error\" colspan=\"" + std::to_string(compared ? 7 : 3) + "\">" +
             escape(lacks ? "no value of " + input.estimates.metric.counter
                          : c.error.empty() ? "no samples" : c.error) + "</td>";
    } else {
      const auto format = time ? report::format_time_ns : report::format_significant;
      // One sample has no interval; its bootstrap would show a width of 0.
      out += td(c.samples.size() < 2 ? format(ns->estimate) + " (1 sample: no interval)" : interval_text(*ns, format));
      // Work per instruction or per counted thing is no throughput: none for counts.
      const auto thrpt = time ? charts::throughput_per_second(c.work, ns->estimate) : std::nullopt;
      out += td(thrpt ? report::format_throughput(c.work.unit, *thrpt) : "");
      if (compared) out += change_cells(input, lookup, c);
      out += td(std::to_string(c.samples.size()));
    }
    if (figures) out += td(figures_text(c), "text");
    out += "</tr>\n";
    const std::size_t columns = (by_name ? 1 : 2) + axes.size() + 2 + (compared ? 4 : 0) + 1 + (figures ? 1 : 0);
    out += explanation_row(input, c.name, columns);
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace benchgate::html::detail
