#include "harness/history/changes_output.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

#include "harness/report/format.hpp"

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

}  // namespace

std::string format_p(double p) { return format("%.2g", p); }

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
  return report::format_percent(c.change_pct / 100) + " [" + report::format_percent(c.change_low_pct / 100) + ", " +
         report::format_percent(c.change_high_pct / 100) + "]";
}

std::string change_kind(const found_change& c) {
  if (c.at_environment_change) return "environment change";
  return c.regression ? "regression" : "improvement";
}

std::string changes_to_text(const changes_report& report, const changes_context& context) {
  const auto& s = context.settings;
  std::string out = "history: " + context.store + ": " + std::to_string(report.commits) + " commits, " +
                    std::to_string(report.series) + " series, " + std::to_string(report.environments) +
                    (report.environments == 1 ? " environment" : " environments") + " (" + context.metric + ")\n";
  out += "change points (alpha " + format("%g", s.detection.alpha) + ", min change " +
         format("%g", s.detection.min_change * 100) + " %, min segment " +
         std::to_string(s.detection.min_segment) + " commits): " + std::to_string(report.changes.size()) + "\n";
  for (const auto& c : report.changes) {
    out += "  " + c.cell + "  " + short_commit(c.last_before.commit) + " -> " + short_commit(c.first_after.commit) +
           " (" + c.first_after.date + ")  " + format_value(c.mean_before_ns, context.metric) + " -> " +
           format_value(c.mean_after_ns, context.metric) + "  " + format_change(c) + "  p=" + format_p(c.p) + "  " +
           change_kind(c) + (c.recent ? " (recent)" : "") + "\n";
    if (c.early) {
      out += "      early: " + std::to_string(c.values_after) + (c.values_after == 1 ? " commit" : " commits") +
             " after it (fewer than " + std::to_string(s.detection.min_segment) +
             "), so the interval is wide; the next commits confirm or drop it\n";
    }
    if (!c.environment.empty() && report.environments > 1) out += "      on " + c.environment + "\n";
  }
  if (!report.environment_changes.empty()) {
    out += "environment changes (separate series, not regressions): " +
           std::to_string(report.environment_changes.size()) + "\n";
    for (const auto& e : report.environment_changes) {
      out += "  at " + short_commit(e.at.commit) + " (" + e.at.date + "): " + e.from + "\n      -> " + e.to + "\n";
    }
  }
  if (s.recent_commits > 0) {
    out += "recent window: last " + std::to_string(report.recent.size()) + " commits";
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
                   {"min_change_pct", s.detection.min_change * 100},
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
  auto recent = nlohmann::ordered_json::array();
  for (const auto& c : report.recent) recent.push_back(commit_json(c));
  j["recent_commits"] = std::move(recent);
  j["recent_regressions"] = report.recent_regressions();
  return j.dump(k_json_indent) + "\n";
}

}  // namespace benchgate::history
