#pragma once
// Options of `benchgate history VERB`, validated.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/formats/metric.hpp"

namespace benchgate::options {

enum class history_verb { add, changes, plot, export_csv, import };

struct history_options {
  history_verb verb = history_verb::add;
  // --history LOCATION, else BENCHGATE_HISTORY: a file (SQLite) or a
  // postgresql:// URL (history/store.hpp); store_origin says which gave it.
  std::string store = "reports/history.db";
  std::string store_origin = "--history";

  // add
  std::vector<std::string> inputs;    // RESULTS files
  std::optional<std::string> commit;  // --commit SHA
  std::optional<std::string> date;    // --date ISO
  bool measured_here = false;         // --measured-here: the results were measured on this machine

  // import: --csv FILE (series) or --list FILE (path,commit,date lines)
  bool import_list = false;
  std::filesystem::path import_file;
  std::string time_column = "time";                // --time-column NAME
  std::string commit_column = "commit";            // --commit-column NAME
  std::string environment_column = "environment";  // --environment-column NAME
  std::vector<std::string> attributes;             // --attribute NAME...: columns to ignore

  // changes
  std::string metric = "real_time";    // --metric NAME: any stored metric (changes, plot, export)
  std::vector<results::declared_direction> directions;  // --direction NAME=higher|lower... (changes, plot)
  std::optional<std::string> since;    // --since DATE or COMMIT
  std::vector<std::string> cases;      // --case NAME...
  std::optional<std::string> filter;   // --filter REGEX on cell names
  double min_change_pct = 1;           // --min-change PCT (compare's default noise threshold)
  double alpha = 0.001;                // --alpha P
  std::size_t recent_commits = 0;      // --window N: exit 1 on a regression in the last N commits
  std::size_t min_segment = 3;         // --min-segment N
  std::size_t detection_window = 50;   // --detection-window N (0: whole series)
  bool any_environment = false;        // --any-environment
  std::size_t min_tail = 1;            // --min-tail N: values after an early change point, at least
  std::optional<std::filesystem::path> json;  // --json FILE
  bool thresholds = false;             // --thresholds: print each series' next-commit threshold

  // export: --out FILE (default: stdout); plot: --out DIR (required)
  std::optional<std::filesystem::path> out;
};

}  // namespace benchgate::options
