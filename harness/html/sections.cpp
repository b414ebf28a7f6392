#include <functional>
#include <utility>
#include <vector>

#include "harness/charts/chart_set.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/html/escape.hpp"
#include "harness/html/page_parts.hpp"
#include "harness/stats/multiple_comparisons.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::html::detail {

namespace {

using rows = std::vector<std::pair<std::string, std::string>>;

std::string or_dash(const std::optional<std::string>& text) { return text ? *text : "-"; }

std::string number_list(const std::vector<double>& values) {
  std::string out;
  for (const auto v : values) out += (out.empty() ? "" : ", ") + charts::gp_number(v);
  return out.empty() ? "-" : out;
}

rows environment_rows(const results::environment& e) {
  return {{"tool version", e.tool_version.empty() ? "-" : e.tool_version},
          {"CPU", or_dash(e.cpu_model)},
          {"logical CPUs", std::to_string(e.logical_cpus)},
          {"OS", or_dash(e.os)},
          {"host", or_dash(e.host)},
          {"date", e.date.empty() ? "-" : e.date},
          {"load average (1, 5, 15 min)", number_list(e.load_average)},
          {"CPU governor", or_dash(e.cpu_governor)},
          {"ASLR", or_dash(e.aslr)},
          {"compiler", or_dash(e.compiler)},
          {"compiler flags", or_dash(e.compiler_flags)},
          {"build type", or_dash(e.build_type)},
          {"git commit", or_dash(e.git_commit)},
          {"uncommitted changes", e.git_dirty ? (*e.git_dirty ? "yes" : "no") : "-"},
          {"Google Benchmark", or_dash(e.benchmark_version)}};
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

rows run_settings_rows(const results::settings& s) {
  std::string params;
  for (const auto& [axis, values] : s.params) {
    std::string joined;
    for (const auto& v : values) joined += (joined.empty() ? "" : ",") + v;
    params += (params.empty() ? "" : "; ") + axis + "=" + joined;
  }
  std::string cases;
  for (const auto& c : s.cases) cases += (cases.empty() ? "" : ", ") + c;
  std::string inputs;
  for (const auto& i : s.inputs) inputs += (inputs.empty() ? "" : ", ") + i;
  return {{"measure", results::measure_name(s.measure)},
          {"samples per cell", s.samples == 0 ? "each case's default" : std::to_string(s.samples)},
          {"measurement time per grid point", charts::gp_number(s.measurement_time_s) + " s"},
          {"warm-up per grid point", charts::gp_number(s.warmup_s) + " s"},
          {"min time per sample", s.min_time_s ? charts::gp_number(*s.min_time_s) + " s" : "derived"},
          {"quick", yes_no(s.quick)},
          {"random interleaving", yes_no(s.random_interleaving)},
          {"rounds", std::to_string(s.rounds)},
          {"cases", cases.empty() ? "-" : cases},
          {"filter", or_dash(s.filter)},
          {"parameter overrides", params.empty() ? "-" : params},
          {"inputs", inputs.empty() ? "-" : inputs},
          {"injected slowdown", charts::gp_number(s.injected_slowdown_pct) + "%" +
                                    (s.injected_slowdown_filter ? " on " + *s.injected_slowdown_filter : "")},
          {"precision target", s.precision_pct ? charts::gp_number(*s.precision_pct) + "% within " +
                                                     charts::gp_number(s.precision_cap_s.value_or(0)) + " s per point"
                                               : "- (fixed samples)"},
          {"shard", s.shard ? std::to_string(s.shard->index) + " of " + std::to_string(s.shard->count) : "-"}};
}

rows comparison_rows(const compare::diff& d) {
  rows out = {{"mode", std::string(compare::to_string(d.mode))},
              {"metric", std::string(compare::to_string(d.config.metric))},
              {"test", std::string(compare::to_string(d.config.test))},
              {"alpha", charts::gp_number(d.config.alpha)},
              {"noise threshold", charts::gp_number(d.config.noise_threshold * units::k_percent) + "%"},
              {"confidence", charts::gp_number(d.config.confidence * units::k_percent) + "%"},
              {"bootstrap resamples", std::to_string(d.config.resamples)},
              {"correction", std::string(stats::to_string(d.config.correction))},
              {"seed", std::to_string(d.config.seed)}};
  if (d.base_role) out.push_back({"base role", std::string(benchgate::to_string(*d.base_role))});
  return out;
}

// A key-value table with one value column per side.
std::string table(const std::vector<std::string>& headers, const std::vector<rows>& columns) {
  std::string out = "<table class=\"keys\">\n<thead><tr><th></th>";
  for (const auto& h : headers) out += element("th", h);
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < columns.front().size(); ++r) {
    out += "<tr><th class=\"text\">" + escape(columns.front()[r].first) + "</th>";
    for (const auto& column : columns) out += "<td class=\"text\">" + escape(column[r].second) + "</td>";
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string figure(const page_input& input, const std::string& stem) {
  if (input.charts == nullptr) return "";
  const auto* c = charts::find_chart(*input.charts, stem);
  if (c == nullptr) return "";
  const auto base = input.charts_folder + "/" + stem;
  return "<figure>\n<a href=\"" + escape(base + ".png") + "\"><img src=\"" + escape(base + ".svg") + "\" alt=\"" +
         escape(c->title) + "\" width=\"" + std::to_string(c->width_px) + "\" height=\"" +
         std::to_string(c->height_px) + "\"/></a>\n<figcaption>" + escape(c->title) + " (<a href=\"" +
         escape(base + ".gp") + "\">gnuplot script</a>, <a href=\"" + escape(base + ".dat") +
         "\">data</a>)</figcaption>\n</figure>\n";
}

std::string environment_section(const page_input& input) {
  std::vector<std::string> headers = {input.results_label};
  std::vector<rows> columns = {environment_rows(input.run->env)};
  const auto* d = input.comparison;
  if (d != nullptr && d->mode == compare::compare_mode::runs) {
    headers.push_back("old side: " + d->old_source.path);
    columns.push_back(environment_rows(d->old_source.env));
    headers.push_back("new side: " + d->new_source.path);
    columns.push_back(environment_rows(d->new_source.env));
  }
  return "<h2 id=\"environment\">Environment</h2>\n" + table(headers, columns);
}

std::string settings_section(const page_input& input) {
  std::string out = "<h2 id=\"settings\">Settings</h2>\n<h3>Run</h3>\n";
  if (input.google_benchmark) {
    // Not benchgate's run: its settings (repetitions, min time, filter)
    // are not in the file, and defaults would be invented values.
    out += "<p>Google Benchmark JSON: the file does not record how it was run; each repetition is a sample.</p>\n";
  } else {
    out += table({input.results_label}, {run_settings_rows(input.run->config)});
  }
  if (input.comparison != nullptr) {
    out += "<h3>Comparison</h3>\n" + table({input.comparison_label}, {comparison_rows(*input.comparison)});
  }
  return out;
}

}  // namespace benchgate::html::detail
