#pragma once
// Change points across commits: each cell's series (one value per commit,
// the median of its run; the mean of the medians when a commit was run more
// than once), one series per environment fingerprint unless told to mix
// them, searched with stats::find_change_points.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "harness/history/store.hpp"
#include "harness/formats/metric.hpp"
#include "harness/stats/change_points.hpp"

namespace benchgate::history {

struct changes_settings {
  stats::change_point_settings detection;
  std::optional<std::int64_t> since_s;   // only commits dated at or after this
  std::vector<std::string> cases;        // empty: every case
  std::optional<std::regex> filter;      // on the cell's name (regex_search)
  std::set<std::string> cells;           // exact cell names; empty: every cell
  bool any_environment = false;          // one series per cell whatever the fingerprint
  std::size_t recent_commits = 0;        // --window N; 0: none
  // --direction NAME=higher|lower: which way a metric without a built-in
  // direction is better (metric_direction.hpp); find_changes refuses one
  // that neither says.
  std::vector<results::declared_direction> directions;
};

// Confidence of a change point's interval of the change.
inline constexpr double k_change_confidence = 0.95;

struct commit_ref {
  std::string commit;
  std::string date;
};

// A value of a change point's segments that its test left out (an outlier).
struct left_out_value {
  commit_ref commit;
  double value = 0;     // the metric's unit
  bool before = true;   // in the segment before the change, else after it
};

struct found_change {
  std::string cell;
  std::string case_name;
  std::string environment;   // the fingerprint ("" with any_environment)
  commit_ref last_before;
  commit_ref first_after;
  std::size_t values_before = 0;  // commits in the segment the test judged before (left-out ones included)
  std::size_t values_after = 0;
  double mean_before_ns = 0;
  double mean_after_ns = 0;
  // Relative to the mean before, unless that mean is 0 (relative false):
  // then only the absolute change (in ns) says anything.
  bool relative = true;
  double change_pct = 0;
  double change_low_pct = 0;      // k_change_confidence interval
  double change_high_pct = 0;
  double change_ns = 0;           // mean after - mean before
  double change_low_ns = 0;
  double change_high_ns = 0;
  double p = 1;
  bool regression = false;        // worse after, in the metric's direction (metric_direction.hpp)
  // The values of the segments the test left out (stats::change_point::
  // left_out), by commit: the means, the change, its interval, p and the
  // direction are all of the values it kept.
  std::vector<left_out_value> left_out;
  bool recent = false;            // first_after among the last recent_commits commits
  // Fewer than min_segment commits after it, at the end of the series
  // (stats::change_point::early): a wider interval, confirmed or dropped
  // by the next commits.
  bool early = false;
  bool at_environment_change = false;  // only with any_environment: not a regression
};

struct environment_change {
  commit_ref at;  // the first commit measured on the new environment
  std::string from;
  std::string to;
};

// How far the next commits of a series must move to be reported at once
// (stats::next_step_bound), and the values that bound comes from.
struct series_threshold {
  std::string cell;
  std::string case_name;
  std::string environment;        // the fingerprint ("" with any_environment)
  std::size_t commits = 0;        // values in the series
  commit_ref since;               // the first commit after the last change point (or the series' first)
  std::size_t commits_since = 0;  // values from `since` on
  // None while the last change point is early, with too few commits, or
  // with early change points off (min_tail >= min_segment).
  std::optional<stats::next_step_bound> bound;
};

struct changes_report {
  std::size_t commits = 0;       // commits with a value in the selected cells
  std::size_t series = 0;
  std::size_t environments = 0;
  std::vector<commit_ref> recent;  // the --window commits, oldest first
  std::vector<found_change> changes;  // by cell, then commit
  std::vector<environment_change> environment_changes;
  std::vector<series_threshold> thresholds;  // one per series, by cell

  // Regression change points in the recent window, environment changes aside.
  std::size_t recent_regressions() const;
};

changes_report find_changes(const stored_history& history, const changes_settings& settings);

// What `history changes` and `history plot` work on: the store read on one
// metric, and the changes found in it.
struct analysed_history {
  stored_history stored;
  changes_report report;
};

// Reads `store` on `metric` and finds its changes with `settings`; `since`
// (since_time), when given, sets settings.since_s first.
analysed_history analyse_store(store& history_store, const std::string& metric, changes_settings& settings,
                               const std::optional<std::string>& since);

// --since TEXT: an ISO 8601 date, else a stored commit named by a prefix of
// its id; the time (epoch seconds) from which commits are selected
// (changes_settings::since_s). Throws input_error for a prefix that matches
// several stored commits or for text that is neither.
std::int64_t since_time(const std::string& text, const stored_history& history);

// One commit's value in a series: the mean over its runs of their medians
// and interval bounds.
struct commit_value {
  std::int64_t commit_index = 0;   // into stored_history::commits
  std::int64_t environment_id = 0; // of its first run
  double median = 0;
  double low = 0;
  double high = 0;
  int runs = 0;
};

struct cell_series {
  const stored_cell* cell = nullptr;
  std::int64_t environment_id = 0;  // 0: every environment (any_environment)
  std::vector<commit_value> values; // by commit
};

// The series find_changes searches: the selected cells (cases, filter,
// since), one per cell and environment unless settings.any_environment; by
// cell id, then environment id.
std::vector<cell_series> select_series(const stored_history& history, const changes_settings& settings);

}  // namespace benchgate::history
