#include "harness/html/history_timeline.hpp"

#include <map>
#include <set>

#include "harness/charts/chart.hpp"
#include "harness/charts/timeline_chart.hpp"
#include "harness/html/escape.hpp"
#include "harness/report/format.hpp"

namespace benchgate::html {

namespace {

constexpr std::size_t k_label_digits = 8;

}  // namespace

std::vector<charts::chart> timeline_charts(const history::stored_history& stored,
                                           const history::changes_report& report,
                                           const history::changes_settings& settings, const std::string& metric) {
  auto mixed = settings;
  mixed.any_environment = true;
  const auto series = history::select_series(stored, mixed);
  std::set<std::int64_t> commits;
  for (const auto& s : series) {
    for (const auto& v : s.values) commits.insert(v.commit_index);
  }
  std::map<std::int64_t, double> x_of;
  std::map<std::string, double> x_of_sha;
  std::vector<std::string> labels;
  for (const auto c : commits) {
    const auto& sha = stored.commits[static_cast<std::size_t>(c)].commit;
    x_of.emplace(c, static_cast<double>(labels.size()));
    x_of_sha.emplace(sha, static_cast<double>(labels.size()));
    labels.push_back(sha.substr(0, k_label_digits));
  }
  std::map<std::string, std::vector<const history::found_change*>> changes_of;
  for (const auto& c : report.changes) changes_of[c.cell].push_back(&c);

  std::map<std::string, charts::timeline_spec> by_case;
  for (const auto& s : series) {
    auto& spec = by_case[s.cell->case_name];
    if (spec.stem.empty()) {
      spec.stem = charts::chart_stem("timeline", s.cell->case_name);
      spec.title = s.cell->case_name + ": " + metric + " per commit (median, 95 % interval of the median); "
                   "red/green lines: change points; shaded: another environment";
      const bool is_time = metric == history::k_real_time_metric || metric == history::k_cpu_time_metric;
      spec.y_label = is_time ? "time per iteration" : metric;
      spec.y_unit = is_time ? "ns" : "";  // times drawn in ns, us, ms or s (axis_scale.hpp)
      spec.commit_labels = labels;
    }
    charts::timeline_panel panel;
    panel.title = s.cell->name;
    std::int64_t first_env = s.values.empty() ? 0 : s.values.front().environment_id;
    std::int64_t shading_env = first_env;
    bool shaded = false;
    for (const auto& v : s.values) {
      const double x = x_of.at(v.commit_index);
      panel.points.push_back({x, v.median, v.low, v.high});
      if (v.environment_id != shading_env) {
        shading_env = v.environment_id;
        shaded = !shaded;
        if (shaded) panel.shaded.push_back({x, x});
      }
      if (shaded) panel.shaded.back().second = x;
    }
    for (const auto* c : changes_of[s.cell->name]) {
      panel.changes.push_back({x_of_sha.at(c->first_after.commit), c->regression && !c->at_environment_change});
    }
    spec.panels.push_back(std::move(panel));
  }
  std::vector<charts::chart> out;
  for (const auto& [name, spec] : by_case) out.push_back(charts::timeline_chart(spec));
  return out;
}

std::string timeline_section(const std::vector<charts::chart>& charts, const history::changes_report& report,
                             const history::changes_context& context, const std::string& image_folder) {
  std::string out = "<h2 id=\"history\">History: " + escape(context.store) + "</h2>\n";
  out += "<p>" + escape(report::counted(report.commits, "commit") + ", " + std::to_string(report.series) + " series, " +
                       report::counted(report.environments, "environment") + ", metric " + context.metric) +
         "</p>\n";
  out += element("h3", "Change points (" + std::to_string(report.changes.size()) + ")");
  out += "<table><tr><th>cell</th><th>last before</th><th>first after</th><th>mean before</th>"
         "<th>mean after</th><th>change % [95 % interval]</th><th>p</th><th></th></tr>\n";
  for (const auto& c : report.changes) {
    out += "<tr>" + element("td", c.cell) + element("td", c.last_before.commit.substr(0, 12)) +
           element("td", c.first_after.commit.substr(0, 12) + " (" + c.first_after.date + ")") +
           element("td", history::format_value(c.mean_before_ns, context.metric)) +
           element("td", history::format_value(c.mean_after_ns, context.metric)) +
           element("td", history::format_change(c)) + element("td", history::format_p(c.p)) +
           element("td", history::change_kind(c)) + "</tr>\n";
  }
  out += "</table>\n";
  out += element("h3", "Next-commit thresholds (" + std::to_string(report.thresholds.size()) + " series)");
  out += element("p", "A next commit this far from its series' mean is reported at once, as an early change point.") +
         "\n";
  out += "<table><tr><th>cell</th><th>threshold</th></tr>\n";
  for (const auto& t : report.thresholds) {
    out += "<tr>" + element("td", t.cell) + element("td", history::format_threshold(t, context)) + "</tr>\n";
  }
  out += "</table>\n";
  if (!report.environment_changes.empty()) {
    out += element("h3", "Environment changes (separate series, not regressions)") + "<ul>\n";
    for (const auto& e : report.environment_changes) {
      out += element("li", e.at.commit.substr(0, 12) + " (" + e.at.date + "): " + e.from + " -> " + e.to) + "\n";
    }
    out += "</ul>\n";
  }
  const std::string prefix = image_folder.empty() ? "" : image_folder + "/";
  for (const auto& c : charts) {
    out += element("h3", c.title) + "<p><img src=\"" + escape(prefix + c.stem + ".svg") + "\" alt=\"" +
           escape(c.title) + "\" /></p>\n";
  }
  return out;
}

std::string timeline_page(const std::vector<charts::chart>& charts, const history::changes_report& report,
                          const history::changes_context& context) {
  return "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head><meta charset=\"utf-8\" />"
         "<title>benchgate history</title>\n<style>body{font-family:sans-serif;margin:1em 2em}"
         "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
         "img{max-width:100%}</style></head>\n<body>\n" +
         element("h1", "benchgate history") + timeline_section(charts, report, context, "") +
         "</body>\n</html>\n";
}

}  // namespace benchgate::html
