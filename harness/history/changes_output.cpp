#include "harness/history/changes_output.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "harness/report/format.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::history {

namespace {

constexpr int k_json_indent = 2;
constexpr std::size_t k_short_commit = 12;

std::string short_commit(const std::string& sha) { return sha.substr(0, k_short_commit); }

std::string format(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

nlohmann::ordered_json commit_json(const commit_ref& c) { return {{"commit", c.commit}, {"date", c.date}}; }

std::string commits_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " commit" : " commits"); }

// `value` in percent of |mean| (mean not 0).
double percent_of_mean(double value, double mean) { return units::k_percent * value / std::fabs(mean); }

// Why no series has a threshold, when early change points are off.
std::string early_off_reason(const changes_settings& s) {
  return "early change points are off (--min-tail " + std::to_string(s.detection.min_tail) + ", --min-segment " +
         std::to_string(s.detection.min_segment) + ")";
}

// Why a series has no threshold (series_threshold::bound is none).
std::string no_threshold_reason(const series_threshold& t, const changes_settings& s) {
  if (stats::early_change_points_off(s.detection)) return early_off_reason(s);
  const auto fewer = " (fewer than " + std::to_string(s.detection.min_segment) + ")";
  if (t.commits_since < t.commits) {
    return "the change point at " + short_commit(t.since.commit) + " has " + commits_text(t.commits_since) +
           " from it" + fewer;
  }
  return "the series has " + commits_text(t.commits) + fewer;
}

std::string thresholds_text(const changes_report& report, const changes_context& context) {
  const auto& s = context.settings;
  if (stats::early_change_points_off(s.detection)) return "thresholds: none, " + early_off_reason(s) + "\n";
  const auto step_commits = std::max<std::size_t>(s.detection.min_tail, 1);
  const auto moving =
      step_commits == 1 ? std::string("a next commit") : "the next " + commits_text(step_commits) + " each";
  std::string out = "thresholds (" + moving +
                    " this far from the mean is reported at once, as an early change point): " +
                    std::to_string(report.thresholds.size()) + " series\n";
  std::size_t width = 0;
  for (const auto& t : report.thresholds) width = std::max(width, t.cell.size());
  for (const auto& t : report.thresholds) {
    out += "  " + t.cell + std::string(width - t.cell.size(), ' ') + "  " + format_threshold(t, context) + "\n";
    if (!t.environment.empty() && report.environments > 1) out += "      on " + t.environment + "\n";
  }
  return out;
}

nlohmann::ordered_json threshold_json(const series_threshold& t, const changes_settings& s) {
  const auto null = nlohmann::ordered_json();
  const auto& b = t.bound;
  const bool relative = b && b->mean != 0;
  return {{"cell", t.cell},
          {"case", t.case_name},
          {"environment", t.environment.empty() ? null : nlohmann::ordered_json(t.environment)},
          {"commits", t.commits},
          {"since", commit_json(t.since)},
          {"commits_since", t.commits_since},
          {"reference_commits", b ? nlohmann::ordered_json(b->reference_values) : null},
          {"mean", b ? nlohmann::ordered_json(b->mean) : null},
          {"standard_deviation", b ? nlohmann::ordered_json(b->standard_deviation) : null},
          {"step_commits", b ? nlohmann::ordered_json(b->values) : null},
          {"threshold", b ? nlohmann::ordered_json(b->half_width) : null},
          {"threshold_pct",
           relative ? nlohmann::ordered_json(percent_of_mean(b->half_width, b->mean)) : null},
          {"reason", b ? null : nlohmann::ordered_json(no_threshold_reason(t, s))}};
}

nlohmann::ordered_json left_out_json(const found_change& c) {
  auto out = nlohmann::ordered_json::array();
  for (const auto& v : c.left_out) {
    out.push_back({{"commit", v.commit.commit}, {"date", v.commit.date}, {"value", v.value},
                   {"side", v.before ? "before" : "after"}});
  }
  return out;
}

}  // namespace

std::string format_p(double p) { return format("%.2g", p); }

std::string format_threshold(const series_threshold& t, const changes_context& context) {
  if (!t.bound) return "none yet: " + no_threshold_reason(t, context.settings);
  const auto over = " over " + commits_text(t.bound->reference_values) + " since " + short_commit(t.since.commit) + ")";
  if (t.bound->mean == 0) return "±" + format_value(t.bound->half_width, context.metric) + "  (mean 0" + over;
  return format("±%.2f %%", percent_of_mean(t.bound->half_width, t.bound->mean)) + "  (mean " +
         format_value(t.bound->mean, context.metric) + ", CV " +
         format("%.2f %%", percent_of_mean(t.bound->standard_deviation, t.bound->mean)) + over;
}

std::string format_value(double value, const std::string& metric) {
  if (metric == k_real_time_metric || metric == k_cpu_time_metric) return report::format_time_ns(value);
  return format("%.6g", value);
}

std::string signed_time(double ns) { return (ns < 0 ? "-" : "+") + report::format_time_ns(std::fabs(ns)); }

std::string format_change(const found_change& c) {
  // From a mean of 0 a percentage is meaningless: the change itself.
  if (!c.relative) {
    return signed_time(c.change_ns) + " [" + signed_time(c.change_low_ns) + ", " + signed_time(c.change_high_ns) + "]";
  }
  const auto pct = [](double percent) { return report::format_percent(percent / units::k_percent); };
  return pct(c.change_pct) + " [" + pct(c.change_low_pct) + ", " + pct(c.change_high_pct) + "]";
}

std::string left_out_text(const found_change& c, const std::string& metric) {
  const auto n = c.left_out.size();
  std::string out = std::to_string(n) + (n == 1 ? " value" : " values") + " left out of the test (" +
                    (c.early ? "severe outliers before it" : "each side's value farthest from its median") + "): ";
  for (std::size_t i = 0; i < n; ++i) {
    const auto& v = c.left_out[i];
    out += (i == 0 ? "" : ", ") + std::string("commit ") + short_commit(v.commit.commit) + " " +
           format_value(v.value, metric) + (v.before ? " (before)" : " (after)");
  }
  return out;
}

std::string change_kind(const found_change& c) {
  if (c.at_environment_change) return "environment change";
  return c.regression ? "regression" : "improvement";
}

std::string changes_to_text(const changes_report& report, const changes_context& context) {
  const auto& s = context.settings;
  std::string out = "history: " + context.store + ": " + commits_text(report.commits) + ", " +
                    std::to_string(report.series) + " series, " + std::to_string(report.environments) +
                    (report.environments == 1 ? " environment" : " environments") + " (" + context.metric + ")\n";
  out += "change points (alpha " + format("%g", s.detection.alpha) + ", min change " +
         format("%g", s.detection.min_change * units::k_percent) + " %, min segment " +
         std::to_string(s.detection.min_segment) + " commits): " + std::to_string(report.changes.size()) + "\n";
  for (const auto& c : report.changes) {
    out += "  " + c.cell + "  " + short_commit(c.last_before.commit) + " -> " + short_commit(c.first_after.commit) +
           " (" + c.first_after.date + ")  " + format_value(c.mean_before_ns, context.metric) + " -> " +
           format_value(c.mean_after_ns, context.metric) + "  " + format_change(c) + "  p=" + format_p(c.p) + "  " +
           change_kind(c) + (c.recent ? " (recent)" : "") + "\n";
    if (c.early) {
      out += "      early: " + commits_text(c.values_after) +
             " after it (fewer than " + std::to_string(s.detection.min_segment) +
             "), so the interval is wide; the next commits confirm or drop it\n";
    }
    if (!c.left_out.empty()) out += "      " + left_out_text(c, context.metric) + "\n";
    if (!c.environment.empty() && report.environments > 1) out += "      on " + c.environment + "\n";
  }
  if (!report.environment_changes.empty()) {
    out += "environment changes (separate series, not regressions): " +
           std::to_string(report.environment_changes.size()) + "\n";
    for (const auto& e : report.environment_changes) {
      out += "  at " + short_commit(e.at.commit) + " (" + e.at.date + "): " + e.from + "\n      -> " + e.to + "\n";
    }
  }
  if (context.thresholds) out += thresholds_text(report, context);
  if (s.recent_commits > 0) {
    out += "recent window: last " + commits_text(report.recent.size());
    if (!report.recent.empty()) out += " (from " + short_commit(report.recent.front().commit) + ")";
    out += "; regressions in it: " + std::to_string(report.recent_regressions()) + "\n";
  }
  return out;
}

std::string changes_to_json_text(const changes_report& report, const changes_context& context) {
  const auto& s = context.settings;
  nlohmann::ordered_json j;
  j["schema"] = changes_schema;
  j["store"] = context.store;
  j["metric"] = context.metric;
  j["settings"] = {{"alpha", s.detection.alpha},
                   {"min_change_pct", s.detection.min_change * units::k_percent},
                   {"min_segment", s.detection.min_segment},
                   {"min_tail", s.detection.min_tail},
                   {"window_values", s.detection.window},
                   {"since", context.since.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(context.since)},
                   {"cases", s.cases},
                   {"any_environment", s.any_environment},
                   {"recent_commits", s.recent_commits},
                   {"confidence", k_change_confidence}};
  j["commits"] = report.commits;
  j["series"] = report.series;
  j["environments"] = report.environments;
  auto changes = nlohmann::ordered_json::array();
  for (const auto& c : report.changes) {
    changes.push_back({{"cell", c.cell},
                       {"case", c.case_name},
                       {"environment", c.environment.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(c.environment)},
                       {"last_before", commit_json(c.last_before)},
                       {"first_after", commit_json(c.first_after)},
                       {"commits_before", c.values_before},
                       {"commits_after", c.values_after},
                       {"mean_before_ns", c.mean_before_ns},
                       {"mean_after_ns", c.mean_after_ns},
                       {"change_pct", c.relative ? nlohmann::ordered_json(c.change_pct) : nlohmann::ordered_json()},
                       {"change_interval_pct", c.relative ? nlohmann::ordered_json({c.change_low_pct, c.change_high_pct})
                                                          : nlohmann::ordered_json()},
                       {"change_ns", c.change_ns},
                       {"change_interval_ns", {c.change_low_ns, c.change_high_ns}},
                       {"early", c.early},
                       {"left_out", left_out_json(c)},
                       {"p", c.p},
                       {"direction", c.regression ? "regression" : "improvement"},
                       {"recent", c.recent},
                       {"at_environment_change", c.at_environment_change}});
  }
  j["change_points"] = std::move(changes);
  auto env_changes = nlohmann::ordered_json::array();
  for (const auto& e : report.environment_changes) {
    env_changes.push_back({{"at", commit_json(e.at)}, {"from", e.from}, {"to", e.to}});
  }
  j["environment_changes"] = std::move(env_changes);
  auto thresholds = nlohmann::ordered_json::array();
  for (const auto& t : report.thresholds) thresholds.push_back(threshold_json(t, s));
  j["thresholds"] = std::move(thresholds);
  auto recent = nlohmann::ordered_json::array();
  for (const auto& c : report.recent) recent.push_back(commit_json(c));
  j["recent_commits"] = std::move(recent);
  j["recent_regressions"] = report.recent_regressions();
  return j.dump(k_json_indent) + "\n";
}

}  // namespace benchgate::history
