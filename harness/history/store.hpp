#pragma once
// The history store: one SQLite file (docs/history.md, "Store") that keeps
// every added run. Writes are single transactions: a process killed during
// an add leaves the store as it was, and concurrent adders wait for each
// other (busy timeout) instead of failing or losing runs.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/history/run_record.hpp"

namespace benchgate::history {

// PRAGMA user_version of the stores this build writes. A store with a
// larger version was made by a newer benchgate and is refused.
inline constexpr int k_store_schema_version = 1;
// PRAGMA application_id: "BGHS", marks the file as a benchgate history store.
inline constexpr std::int32_t k_store_application_id = 0x42474853;

inline const std::filesystem::path k_default_store_path = "reports/history.db";

// Adds every run in one transaction, creating the store when missing. Throws
// input_error (and adds nothing) when a run is already in the store or
// appears twice in `runs`, or when the store is not a benchgate store, is
// corrupt, or comes from a newer schema. `source` names the store in
// messages ("--history FILE").
void add_runs(const std::filesystem::path& path, const std::string& source, const std::vector<run_record>& runs);

// Which summary a series follows.
enum class metric { real_time, cpu_time };

struct stored_environment {
  std::int64_t id = 0;
  std::string fingerprint;  // fingerprint::text()
};

struct stored_cell {
  std::int64_t id = 0;
  std::string name;
  std::string case_name;
};

// One run's summary of one cell.
struct stored_point {
  std::int64_t cell_id = 0;
  std::int64_t environment_id = 0;
  std::int64_t commit_index = 0;  // into stored_history::commits
  std::int64_t n = 0;
  double median = 0;
  double low = 0;   // 95 % interval of the median
  double high = 0;
};

struct stored_commit {
  std::string commit;
  std::string date;          // UTC ISO 8601
  std::int64_t time_s = 0;
};

struct stored_history {
  std::vector<stored_commit> commits;            // by date (then first added)
  std::vector<stored_environment> environments;  // ids are indexes + 1 ... not assumed: look up by id
  std::vector<stored_cell> cells;
  std::vector<stored_point> points;              // by commit index, then run
  std::int64_t runs = 0;
};

// Reads the whole store (read-only; the file is never created or changed).
// Throws input_error when it is missing, not a benchgate store, corrupt, or
// from a newer schema.
stored_history load_history(const std::filesystem::path& path, const std::string& source, metric which);

}  // namespace benchgate::history
