#include "harness/history/csv_export.hpp"

#include <cstdio>
#include <map>

namespace benchgate::history {

namespace {

std::string csv_field(const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_number(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

}  // namespace

std::string history_to_csv(const stored_history& history) {
  std::map<std::int64_t, std::size_t> column;
  std::string out = "time,commit,environment";
  for (const auto& c : history.cells) {
    column.emplace(c.id, column.size());
    out += "," + csv_field(c.name);
  }
  out += "\n";
  std::map<std::int64_t, std::string> fingerprints;
  for (const auto& e : history.environments) fingerprints.emplace(e.id, e.fingerprint);
  // Points come by run; a row per (commit, environment) in that order, the
  // mean of the medians when a commit was run more than once there.
  struct row {
    std::int64_t commit = 0;
    std::int64_t environment = 0;
    std::vector<double> sums;
    std::vector<int> counts;
  };
  std::vector<row> rows;
  std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> row_of;
  for (const auto& p : history.points) {
    const auto key = std::make_pair(p.commit_index, p.environment_id);
    auto found = row_of.find(key);
    if (found == row_of.end()) {
      found = row_of.emplace(key, rows.size()).first;
      rows.push_back({p.commit_index, p.environment_id, std::vector<double>(column.size()),
                      std::vector<int>(column.size())});
    }
    auto& r = rows[found->second];
    const auto at = column.at(p.cell_id);
    r.sums[at] += p.median;
    ++r.counts[at];
  }
  for (const auto& r : rows) {
    const auto& c = history.commits[static_cast<std::size_t>(r.commit)];
    out += c.date + "," + c.commit + "," + csv_field(fingerprints[r.environment]);
    for (std::size_t i = 0; i < r.sums.size(); ++i) {
      out += ",";
      if (r.counts[i] > 0) out += csv_number(r.sums[i] / r.counts[i]);
    }
    out += "\n";
  }
  return out;
}

}  // namespace benchgate::history
