#include "harness/history/csv_import.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <limits>
#include <map>

#include "harness/history/csv_table.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"
#include "harness/support/text/split_text.hpp"

namespace benchgate::history {

namespace {

constexpr const char* k_csv_format = "csv";
// The fields of a fingerprint in the order fingerprint::text() writes them.
constexpr const char* k_fingerprint_keys[] = {"cpu=", "; cpus=", "; compiler=", "; flags=", "; build=", "; benchmark="};
// The optional fields after them, when history add read the machine.
constexpr const char* k_kernel_key = "; kernel=";
constexpr const char* k_read_by_add_key = "; read_by_history_add=";

std::string where(const std::string& source, std::size_t line, const std::string& column) {
  return source + ":" + std::to_string(line) + ": column " + column + ": ";
}

std::optional<instant> parse_time(const std::string& text) {
  if (auto date = parse_iso_date(text)) return date;
  // Epoch seconds, as Otava also reads.
  const auto seconds = text::parse_int(text);
  if (!seconds || *seconds < 0) return std::nullopt;
  const std::time_t t = static_cast<std::time_t>(*seconds);
  std::tm u{};
  if (::gmtime_r(&t, &u) == nullptr) return std::nullopt;
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &u);
  return instant{*seconds, buffer};
}

std::optional<std::string> known(const std::string& value) {
  if (value == "?") return std::nullopt;
  return value;
}

}  // namespace

std::optional<fingerprint> parse_fingerprint(const std::string& text) {
  std::vector<std::string> values;
  std::size_t at = 0;
  for (std::size_t k = 0; k < std::size(k_fingerprint_keys); ++k) {
    const std::string key = k_fingerprint_keys[k];
    if (text.compare(at, key.size(), key) != 0) return std::nullopt;
    at += key.size();
    // A value runs to the next key (values may hold "; " themselves, as
    // compiler flags can), or to the end for the last one.
    std::size_t next = text.size();
    if (k + 1 < std::size(k_fingerprint_keys)) {
      next = text.find(k_fingerprint_keys[k + 1], at);
      if (next == std::string::npos) return std::nullopt;
    } else {
      // The last of them runs to the optional fields, if any.
      next = std::min(text.find(k_kernel_key, at), text.find(k_read_by_add_key, at));
      if (next == std::string::npos) next = text.size();
    }
    values.push_back(text.substr(at, next - at));
    at = next;
  }
  fingerprint f;
  f.cpu_model = known(values[0]);
  if (values[1] != "?") {
    const auto cpus = text::parse_int(values[1]);
    if (!cpus || *cpus <= 0 || *cpus > std::numeric_limits<int>::max()) return std::nullopt;
    f.logical_cpus = static_cast<int>(*cpus);
  }
  f.compiler = known(values[2]);
  f.compiler_flags = known(values[3]);
  f.build_type = known(values[4]);
  f.benchmark_version = known(values[5]);
  std::string rest = text.substr(at);
  const std::string kernel_key = k_kernel_key;
  const std::string read_key = k_read_by_add_key;
  if (rest.rfind(kernel_key, 0) == 0) {
    const auto end = rest.find(read_key);
    f.kernel = rest.substr(kernel_key.size(), end == std::string::npos ? std::string::npos : end - kernel_key.size());
    rest = end == std::string::npos ? "" : rest.substr(end);
  }
  if (rest.rfind(read_key, 0) == 0) f.read_by_history_add = text::split(rest.substr(read_key.size()), ',');
  if (f.text() != text) return std::nullopt;
  return f;
}

imported_table read_series_csv(const std::string& text, const std::string& source, const csv_layout& layout) {
  const auto rows = read_csv(text, source);
  if (rows.empty()) throw input_error(source + ": empty; expected a header line (" + layout.time_column + "," +
                                      layout.commit_column + ",...) and rows");
  const auto& header = rows.front().fields;
  std::optional<std::size_t> time_at;
  std::optional<std::size_t> commit_at;
  std::optional<std::size_t> environment_at;
  std::vector<std::size_t> metric_at;
  imported_table table;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const auto& name = header[i];
    const auto seen = [&](std::optional<std::size_t>& slot) {
      if (slot) throw input_error(where(source, rows.front().line, name) + "appears twice in the header");
      slot = i;
    };
    if (name == layout.time_column) {
      seen(time_at);
    } else if (name == layout.commit_column) {
      seen(commit_at);
    } else if (name == layout.environment_column) {
      seen(environment_at);
    } else if (std::find(layout.attributes.begin(), layout.attributes.end(), name) == layout.attributes.end()) {
      if (name.empty()) throw input_error(where(source, rows.front().line, std::to_string(i + 1)) + "no name in the header; expected a cell name");
      if (std::find(table.metric_columns.begin(), table.metric_columns.end(), name) != table.metric_columns.end()) {
        throw input_error(where(source, rows.front().line, name) + "appears twice in the header");
      }
      table.metric_columns.push_back(name);
      metric_at.push_back(i);
    }
  }
  if (!time_at) {
    throw input_error(source + ":" + std::to_string(rows.front().line) + ": no column '" + layout.time_column +
                      "' in the header; name the time column with --time-column NAME");
  }
  if (!commit_at) {
    throw input_error(source + ":" + std::to_string(rows.front().line) + ": no column '" + layout.commit_column +
                      "' in the header; name the commit column with --commit-column NAME");
  }
  if (metric_at.empty()) throw input_error(source + ": no metric column in the header (every column is the time, the commit, the environment or an --attribute)");
  if (rows.size() < 2) throw input_error(source + ": a header and no row; expected one row per commit");
  // The first row of each commit: a commit has one date, and a second row
  // that dates it otherwise would leave the store with two.
  std::map<std::string, std::pair<std::size_t, std::string>> first_row_of;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.fields.size() != header.size()) {
      throw input_error(source + ":" + std::to_string(row.line) + ": " + std::to_string(row.fields.size()) +
                        " fields; expected " + std::to_string(header.size()) + " as in the header");
    }
    imported_row out;
    out.line = row.line;
    const auto& time_text = row.fields[*time_at];
    const auto date = parse_time(time_text);
    if (!date) {
      throw input_error(where(source, row.line, layout.time_column) + "'" + time_text +
                        "': expected an ISO 8601 date (2026-12-04T08:30:00Z) or epoch seconds");
    }
    out.date = *date;
    out.commit = lower_case_commit(row.fields[*commit_at]);
    if (!is_hex_commit(out.commit)) {
      throw input_error(where(source, row.line, layout.commit_column) + "'" + out.commit +
                        "': expected a hexadecimal git commit id (4 to 64 digits)");
    }
    const auto [first, added] = first_row_of.emplace(out.commit, std::pair{row.line, out.date.utc});
    if (!added && first->second.second != out.date.utc) {
      throw input_error(where(source, row.line, layout.time_column) + "'" + time_text + "': commit " + out.commit +
                        " is dated " + first->second.second + " on line " + std::to_string(first->second.first) +
                        "; expected one date per commit");
    }
    if (environment_at) {
      const auto& env = row.fields[*environment_at];
      const auto f = parse_fingerprint(env);
      if (!f) {
        throw input_error(where(source, row.line, layout.environment_column) + "'" + env +
                          "': expected a fingerprint as history export writes it (cpu=...; cpus=...; compiler=...; "
                          "flags=...; build=...; benchmark=...), or name the column with --attribute to ignore it");
      }
      out.environment = *f;
    }
    out.values.reserve(metric_at.size());
    for (std::size_t m = 0; m < metric_at.size(); ++m) {
      const auto& field = row.fields[metric_at[m]];
      if (field.empty()) {
        out.values.emplace_back();
        continue;
      }
      const auto value = text::parse_double(field);
      if (!value || !std::isfinite(*value) || *value < 0) {
        throw input_error(where(source, row.line, table.metric_columns[m]) + "'" + field +
                          "': expected a number >= 0 (a time in ns) or nothing");
      }
      out.values.push_back(*value);
    }
    table.rows.push_back(std::move(out));
  }
  return table;
}

std::vector<run_record> series_run_records(const imported_table& table, const std::string& source) {
  std::vector<run_record> runs;
  runs.reserve(table.rows.size());
  for (const auto& row : table.rows) {
    run_record r;
    r.commit = row.commit;
    r.commit_date = row.date.utc;
    r.commit_time_s = row.date.epoch_s;
    r.run_date = row.date.utc;
    r.tool_version = "?";
    r.environment = row.environment;
    r.format = k_csv_format;
    r.source = source + ":" + std::to_string(row.line);
    // A row is its commit's values: the same values of another commit are
    // another run, unlike a results file given again under another --commit.
    std::string identity = std::string(k_csv_format) + '\n' + r.commit + '\n' + r.run_date + '\n' + r.environment.text() + '\n';
    for (std::size_t m = 0; m < row.values.size(); ++m) {
      if (!row.values[m]) continue;
      const double v = *row.values[m];
      cell_record cell;
      cell.name = table.metric_columns[m];
      cell.case_name = cell.name.substr(0, cell.name.find('/'));
      cell.real_ns = {v};
      cell.cpu_ns = {v};
      cell.iterations = {1};
      // A series value is a time (export writes real_time): both times,
      // as one sample would give them.
      const auto value = summarize(cell.real_ns);
      cell.metrics = {{k_real_time_metric, 1, value}, {k_cpu_time_metric, 1, value}};
      identity += cell.name + '\n' + exact_number_text(v) + '\n';
      r.cells.push_back(std::move(cell));
    }
    if (r.cells.empty()) throw input_error(r.source + ": no value in any metric column; expected at least one");
    r.digest = sha256_hex(identity);
    runs.push_back(std::move(r));
  }
  return runs;
}

std::vector<run_record> read_listed_runs(const std::string& text, const std::string& source, const std::string& folder) {
  std::vector<run_record> runs;
  for (const auto& row : read_csv(text, source)) {
    const auto at = source + ":" + std::to_string(row.line);
    if (row.fields.size() != 3) {
      throw input_error(at + ": " + std::to_string(row.fields.size()) +
                        " fields; expected path,commit,date (commit and date may be empty)");
    }
    std::filesystem::path path = row.fields[0];
    if (path.empty()) throw input_error(at + ": column path: empty; expected a results file");
    if (path.is_relative() && !folder.empty()) path = std::filesystem::path(folder) / path;
    record_overrides overrides;
    if (!row.fields[1].empty()) overrides.commit = row.fields[1];
    if (!row.fields[2].empty()) overrides.date = row.fields[2];
    try {
      runs.push_back(make_run_record(results::load_any_results(path.string(), "RESULTS"), path.string(), overrides));
    } catch (const input_error& e) {
      throw input_error(at + ": " + e.what());
    }
  }
  if (runs.empty()) throw input_error(source + ": no line; expected path,commit,date lines");
  return runs;
}

}  // namespace benchgate::history
