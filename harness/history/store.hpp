#pragma once
// The history store (docs/history.md, "Stores"): one interface, two
// implementations. A file path is an SQLite file (sqlite_store.cpp); a
// postgresql:// or postgres:// URL, or a libpq connection string, is a
// PostgreSQL database (postgres_store.cpp). Both keep the same versioned schema: runs, their
// environments, cells, raw samples, and one point per run, cell and metric.
// An add is one transaction: it lands whole or not at all, and concurrent
// adders lose and duplicate nothing (a run's digest is UNIQUE).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/history/run_record.hpp"

namespace benchgate::history {

// The schema version this build writes. Version 1 (SQLite only) kept real
// and CPU time in fixed columns; version 2 keeps every metric by name. A
// store with a larger version was made by a newer benchgate and is refused.
inline constexpr int k_store_schema_version = 2;

inline constexpr const char* k_default_store_location = "reports/history.db";

struct stored_environment {
  std::int64_t id = 0;
  std::string fingerprint;  // fingerprint::text()
};

struct stored_cell {
  std::int64_t id = 0;
  std::string name;
  std::string case_name;
};

// One run's summary of one cell on the loaded metric.
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
  std::string metric;                            // the metric the points follow
  std::vector<stored_commit> commits;            // by date (then first added)
  std::vector<stored_environment> environments;  // look up by id
  std::vector<stored_cell> cells;
  std::vector<stored_point> points;              // by commit index, then run
  std::int64_t runs = 0;
};

class store {
 public:
  virtual ~store() = default;
  // Adds every run in one transaction, creating the store (and its schema)
  // on first use. Throws input_error, adding nothing, when a run is already
  // stored or appears twice in `runs`, when the store is not a benchgate
  // store, is corrupt, comes from a newer schema, or cannot be reached.
  virtual void add_runs(const std::vector<run_record>& runs) = 0;
  // Reads the whole store on `metric` (any stored metric's name), in one
  // consistent snapshot, never creating or changing it. Throws input_error
  // when it is missing, not a benchgate store, corrupt, from a newer schema
  // or unreachable.
  virtual stored_history load(const std::string& metric) = 0;
  // Names the store in messages: "--history FILE", with any password of a
  // URL removed.
  const std::string& source() const { return source_; }

 protected:
  explicit store(std::string source) : source_(std::move(source)) {}

 private:
  std::string source_;
};

// true for a postgresql:// or postgres:// URL.
bool is_postgres_url(std::string_view location);

// true for a libpq connection string: keyword=value pairs
// ("host=/run/postgresql dbname=bench").
bool is_connection_string(std::string_view location);

// A PostgreSQL store: one of the two above (libpq reads both).
bool is_postgres_location(std::string_view location);

// `location` safe to print: a URL's password (user:PASSWORD@ or
// password=...) or a connection string's password=... replaced by "***";
// a file path unchanged.
std::string printable_location(std::string_view location);

// The store at `location` (a file path or a PostgreSQL URL); `origin` is
// where it was given ("--history", "BENCHGATE_HISTORY"). Opens nothing yet:
// add_runs and load connect. Throws input_error for an empty location.
std::unique_ptr<store> open_store(const std::string& location, const std::string& origin);

// Shorthands: open_store(location, origin) then add_runs or load.
void add_runs(const std::string& location, const std::string& origin, const std::vector<run_record>& runs);
stored_history load_history(const std::string& location, const std::string& origin, const std::string& metric);

// Throws input_error naming `source` when `metric` is not among `stored`
// (the metric names a store holds) and the store holds some.
void require_stored_metric(const std::string& source, const std::string& metric,
                           const std::vector<std::string>& stored);

// Throws input_error when `runs` holds the same run twice.
void refuse_repeated_runs(const std::vector<run_record>& runs);

// The query both stores run before adding a run: a stored commit id that is
// the run's commit at another length (abcdef01 against abcdef0123...), with
// the run's (lower-case) commit as parameter $1. `runs_table`: "runs" or
// "benchgate.runs". Stored under two ids, one commit would be two points of
// its series.
std::string same_commit_query(std::string_view runs_table);

// Throws input_error: `run`'s commit is `stored` at another length.
[[noreturn]] void refuse_other_length(const std::string& store_source, const run_record& run,
                                      const std::string& stored);

}  // namespace benchgate::history
