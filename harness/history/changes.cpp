#include "harness/history/changes.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "harness/history/iso_date.hpp"
#include "harness/history/metric_direction.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::history {

namespace {

bool selected(const stored_cell& cell, const changes_settings& settings) {
  if (!settings.cases.empty() &&
      std::find(settings.cases.begin(), settings.cases.end(), cell.case_name) == settings.cases.end()) {
    return false;
  }
  if (!settings.cells.empty() && settings.cells.count(cell.name) == 0) return false;
  return !settings.filter || std::regex_search(cell.name, *settings.filter);
}

std::string fingerprint_of_id(const stored_history& history, std::int64_t id) {
  for (const auto& e : history.environments) {
    if (e.id == id) return e.fingerprint;
  }
  return "?";
}

commit_ref ref(const stored_history& history, std::int64_t index) {
  const auto& c = history.commits[static_cast<std::size_t>(index)];
  return {c.commit, c.date};
}

}  // namespace

std::int64_t since_time(const std::string& text, const stored_history& history) {
  if (const auto date = parse_iso_date(text)) return date->epoch_s;
  const stored_commit* match = nullptr;
  for (const auto& c : history.commits) {
    if (c.commit.rfind(text, 0) == 0) {
      if (match != nullptr && match->commit != c.commit) {
        throw input_error("--since " + text + ": matches several stored commits (" + match->commit + ", " + c.commit +
                          "); give more digits");
      }
      match = &c;
    }
  }
  if (match == nullptr) {
    throw input_error("--since " + text + ": neither an ISO 8601 date (2026-12-04) nor a commit in the store");
  }
  return match->time_s;
}

analysed_history analyse_store(store& history_store, const std::string& metric, changes_settings& settings,
                               const std::optional<std::string>& since) {
  analysed_history a;
  a.stored = history_store.load(metric);
  if (since) settings.since_s = since_time(*since, a.stored);
  a.report = find_changes(a.stored, settings);
  return a;
}

std::size_t changes_report::recent_regressions() const {
  return static_cast<std::size_t>(std::count_if(changes.begin(), changes.end(), [](const found_change& c) {
    return c.recent && c.regression && !c.at_environment_change;
  }));
}

std::vector<cell_series> select_series(const stored_history& history, const changes_settings& settings) {
  std::map<std::int64_t, const stored_cell*> cells;
  for (const auto& c : history.cells) {
    if (selected(c, settings)) cells.emplace(c.id, &c);
  }
  std::map<std::pair<std::int64_t, std::int64_t>, cell_series> all;
  for (const auto& p : history.points) {
    const auto cell = cells.find(p.cell_id);
    if (cell == cells.end()) continue;
    if (settings.since_s && history.commits[static_cast<std::size_t>(p.commit_index)].time_s < *settings.since_s) {
      continue;
    }
    const auto key = std::make_pair(p.cell_id, settings.any_environment ? 0 : p.environment_id);
    auto& s = all[key];
    s.cell = cell->second;
    s.environment_id = key.second;
    if (!s.values.empty() && s.values.back().commit_index == p.commit_index) {
      // Another run of the same commit: the mean of the runs' values.
      auto& v = s.values.back();
      ++v.runs;
      v.median += (p.median - v.median) / v.runs;
      v.low += (p.low - v.low) / v.runs;
      v.high += (p.high - v.high) / v.runs;
      continue;
    }
    s.values.push_back({p.commit_index, p.environment_id, p.median, p.low, p.high, 1});
  }
  std::vector<cell_series> out;
  out.reserve(all.size());
  for (auto& [key, s] : all) out.push_back(std::move(s));
  return out;
}

changes_report find_changes(const stored_history& history, const changes_settings& settings) {
  const bool higher_better = higher_is_better(history.metric, settings.directions);
  const auto all = select_series(history, settings);
  std::set<std::int64_t> commits_seen;
  std::map<std::int64_t, std::int64_t> environment_of_commit;  // the first run's
  for (const auto& s : all) {
    for (const auto& v : s.values) {
      commits_seen.insert(v.commit_index);
      environment_of_commit.emplace(v.commit_index, v.environment_id);
    }
  }

  changes_report report;
  report.commits = commits_seen.size();
  report.series = all.size();
  std::set<std::int64_t> environments;
  for (const auto& [commit, env] : environment_of_commit) environments.insert(env);
  report.environments = environments.size();
  std::vector<std::int64_t> ordered(commits_seen.begin(), commits_seen.end());
  const std::size_t recent = std::min(settings.recent_commits, ordered.size());
  const std::set<std::int64_t> recent_set(ordered.end() - static_cast<std::ptrdiff_t>(recent), ordered.end());
  for (auto i = ordered.size() - recent; i < ordered.size(); ++i) report.recent.push_back(ref(history, ordered[i]));

  std::int64_t previous_env = -1;
  for (const auto& [commit, env] : environment_of_commit) {
    if (previous_env >= 0 && env != previous_env) {
      report.environment_changes.push_back(
          {ref(history, commit), fingerprint_of_id(history, previous_env), fingerprint_of_id(history, env)});
    }
    previous_env = env;
  }

  for (const auto& s : all) {
    const auto& cell = *s.cell;
    std::vector<double> values;
    values.reserve(s.values.size());
    for (const auto& v : s.values) values.push_back(v.median);
    const auto points = stats::find_change_points(values, settings.detection);
    if (!values.empty()) {
      series_threshold t;
      t.cell = cell.name;
      t.case_name = cell.case_name;
      if (!settings.any_environment) t.environment = fingerprint_of_id(history, s.environment_id);
      t.commits = values.size();
      const std::size_t left = points.empty() ? 0 : points.back().index;
      t.since = ref(history, s.values[left].commit_index);
      t.commits_since = values.size() - left;
      t.bound = stats::next_step_bound_of(values, points, settings.detection);
      report.thresholds.push_back(std::move(t));
    }
    for (const auto& cp : points) {
      found_change c;
      c.values_before = cp.index - cp.begin;
      c.values_after = cp.end - cp.index;
      c.cell = cell.name;
      c.case_name = cell.case_name;
      if (!settings.any_environment) c.environment = fingerprint_of_id(history, s.environment_id);
      c.last_before = ref(history, s.values[cp.index - 1].commit_index);
      c.first_after = ref(history, s.values[cp.index].commit_index);
      c.mean_before_ns = cp.test.mean_a;
      c.mean_after_ns = cp.test.mean_b;
      const double half = stats::difference_half_width(cp.test, k_change_confidence);
      c.change_ns = cp.test.difference;
      c.change_low_ns = cp.test.difference - half;
      c.change_high_ns = cp.test.difference + half;
      c.relative = cp.test.mean_a != 0;
      c.early = cp.early;
      if (c.relative) {
        c.change_pct = units::k_percent * cp.test.difference / cp.test.mean_a;
        c.change_low_pct = units::k_percent * (cp.test.difference - half) / cp.test.mean_a;
        c.change_high_pct = units::k_percent * (cp.test.difference + half) / cp.test.mean_a;
      }
      c.p = cp.p;
      c.regression = higher_better ? cp.test.difference < 0 : cp.test.difference > 0;
      for (const auto i : cp.left_out) {
        c.left_out.push_back({ref(history, s.values[i].commit_index), values[i], i < cp.index});
      }
      c.recent = recent_set.count(s.values[cp.index].commit_index) != 0;
      c.at_environment_change =
          settings.any_environment && s.values[cp.index - 1].environment_id != s.values[cp.index].environment_id;
      report.changes.push_back(std::move(c));
    }
  }
  const auto by_series = [](const auto& a, const auto& b) {
    return std::tie(a.cell, a.environment) < std::tie(b.cell, b.environment);
  };
  std::stable_sort(report.changes.begin(), report.changes.end(), by_series);
  std::stable_sort(report.thresholds.begin(), report.thresholds.end(), by_series);
  return report;
}

}  // namespace benchgate::history
