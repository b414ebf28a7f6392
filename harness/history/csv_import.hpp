#pragma once
// `history import`: series from a CSV in Apache Otava's layout (a time
// column, attribute columns such as the commit, one column per metric), and
// lists of result files with their commits and dates. The defaults read
// `history export --csv` (time, commit, environment, one column per cell),
// so an export imports back as it was. docs/history.md, "history import".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/history/iso_date.hpp"
#include "harness/history/run_record.hpp"

namespace benchgate::history {

// Which columns are what. Every column that is neither the time, the
// commit, the environment nor a listed attribute is a metric column: the
// series of one cell (named by the header).
struct csv_layout {
  std::string time_column = "time";
  std::string commit_column = "commit";
  std::string environment_column = "environment";  // optional in the file
  std::vector<std::string> attributes;             // other columns to ignore
};

// One row of a series CSV, read and checked.
struct imported_row {
  std::size_t line = 0;
  std::string commit;
  instant date;
  fingerprint environment;
  std::vector<std::optional<double>> values;  // per metric column; empty field: none
};

// A series CSV in its parsed form, before it becomes runs: what the store
// keeps by name once it keeps any metric (issue 34 item 3).
struct imported_table {
  std::vector<std::string> metric_columns;  // cell names
  std::vector<imported_row> rows;
};

// Reads a series CSV. Throws input_error "SOURCE:LINE: column X: expected
// ..." for a missing column, a bad time (ISO 8601 or epoch seconds), a
// commit that is not a hexadecimal id, an environment that is not a
// fingerprint as export writes it, a value that is not a number >= 0, a row
// with another number of fields than the header, or no row.
imported_table read_series_csv(const std::string& text, const std::string& source, const csv_layout& layout);

// One run per row (format "csv", source "SOURCE:LINE"), one single-sample
// cell per non-empty value. A CSV gives one time per cell: it is stored as
// both wall and CPU time (the store's measurements need both). Throws
// input_error for a row with no value.
std::vector<run_record> series_run_records(const imported_table& table, const std::string& source);

// Reads a list of result files, `path,commit,date` per line (commit and
// date may be empty: then the file's own; a relative path is relative to
// the list's folder), each file made into a run record as `history add`
// does. Errors name "SOURCE:LINE".
std::vector<run_record> read_listed_runs(const std::string& text, const std::string& source,
                                         const std::string& folder);

// "cpu=...; cpus=N; compiler=...; flags=...; build=...; benchmark=..." as
// fingerprint::text() writes it, back to a fingerprint; nullopt otherwise.
std::optional<fingerprint> parse_fingerprint(const std::string& text);

}  // namespace benchgate::history
