#include "harness/history/sqlite_store.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <map>
#include <string_view>
#include <thread>

#include "harness/support/errors/input_error.hpp"
#include "harness/history/sqlite_db.hpp"

namespace benchgate::history {

namespace {

// How long a writer waits for another one before giving up.
constexpr int k_busy_timeout_ms = 60'000;
// How long to sleep between tries of a statement SQLite will not wait for.
constexpr std::chrono::milliseconds k_busy_retry_pause{5};

// Runs `sql`, retrying while another connection holds the lock, for at most
// the busy timeout; then fails with SQLite's busy message.
void execute_retrying(database& db, std::string_view sql) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(k_busy_timeout_ms);
  while (!db.execute_unless_busy(sql)) {
    if (std::chrono::steady_clock::now() >= deadline) {
      db.execute(sql);  // one last try, which reports the failure
      return;
    }
    std::this_thread::sleep_for(k_busy_retry_pause);
  }
}

// Schema 2 is k_sqlite_schema and k_metric_tables. Points are keyed by metric name
// (through `metrics`), so every metric a cell carries has its series.
constexpr const char* k_sqlite_schema = R"sql(
CREATE TABLE environments(
  id INTEGER PRIMARY KEY,
  fingerprint TEXT NOT NULL UNIQUE,
  cpu_model TEXT, logical_cpus INTEGER, compiler TEXT, compiler_flags TEXT,
  build_type TEXT, benchmark_version TEXT);
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  digest TEXT NOT NULL UNIQUE,
  commit_sha TEXT NOT NULL,
  commit_date TEXT NOT NULL,
  commit_time INTEGER NOT NULL,
  run_date TEXT NOT NULL,
  tool_version TEXT NOT NULL,
  environment_id INTEGER NOT NULL REFERENCES environments(id),
  format TEXT NOT NULL,
  source TEXT NOT NULL,
  added_at TEXT NOT NULL);
CREATE INDEX runs_by_time ON runs(commit_time, id);
CREATE TABLE cells(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  case_name TEXT NOT NULL);
CREATE TABLE samples(
  run_id INTEGER NOT NULL,
  cell_id INTEGER NOT NULL,
  sample INTEGER NOT NULL,
  iterations INTEGER NOT NULL,
  real_ns REAL NOT NULL,
  cpu_ns REAL NOT NULL,
  PRIMARY KEY(run_id, cell_id, sample)) WITHOUT ROWID;
)sql";

// The tables of schema 2 that schema 1 lacks: both a new store and the
// upgrade of a schema 1 store create them from this one text.
constexpr const char* k_metric_tables = R"sql(
CREATE TABLE metrics(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE);
CREATE TABLE points(
  metric_id INTEGER NOT NULL REFERENCES metrics(id),
  run_id INTEGER NOT NULL REFERENCES runs(id),
  cell_id INTEGER NOT NULL REFERENCES cells(id),
  n INTEGER NOT NULL,
  median REAL NOT NULL, mean REAL NOT NULL, low REAL NOT NULL, high REAL NOT NULL,
  PRIMARY KEY(metric_id, run_id, cell_id)) WITHOUT ROWID;
)sql";


// Schema 1 kept real and CPU time in the columns of `measurements`; once
// k_metric_tables exist, its points move to `points` under the two metric
// names, in the transaction of the add that finds it (an old benchgate
// then refuses the store by its version instead of misreading it).
constexpr const char* k_upgrade_from_1_moves = R"sql(
INSERT INTO metrics(id, name) VALUES (1, 'real_time'), (2, 'cpu_time');
INSERT INTO points SELECT 1, run_id, cell_id, n, real_median_ns, real_mean_ns, real_low_ns, real_high_ns
  FROM measurements;
INSERT INTO points SELECT 2, run_id, cell_id, n, cpu_median_ns, cpu_mean_ns, cpu_low_ns, cpu_high_ns
  FROM measurements;
DROP TABLE measurements;
)sql";

constexpr int k_schema_with_time_columns = 1;

std::string now_utc() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm u{};
  ::gmtime_r(&now, &u);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &u);
  return buffer;
}

// Checks the store's marks before anything is written: a newer schema, or
// an SQLite file that is not a benchgate store, is refused. Reading the
// header is also where a file that is not SQLite at all fails. Returns the
// schema version (0: a new, empty file).
int checked_version(database& db) {
  const auto version = db.query_int("PRAGMA user_version");
  const auto application = db.query_int("PRAGMA application_id");
  if (version > k_store_schema_version) {
    throw input_error(db.source() + ": the history store has schema version " + std::to_string(version) +
                      ", made by a newer benchgate; this one reads version " +
                      std::to_string(k_store_schema_version) + " (upgrade benchgate, or use another --history FILE)");
  }
  const auto tables = db.query_int("SELECT count(*) FROM sqlite_master");
  if (application != k_store_application_id && (application != 0 || version != 0 || tables != 0)) {
    throw input_error(db.source() + ": an SQLite file that is not a benchgate history store (application_id " +
                      std::to_string(application) + "); give another --history FILE");
  }
  if (version == 0 && tables != 0) {
    throw input_error(db.source() + ": an SQLite file with tables but no benchgate schema version; "
                      "expected a benchgate history store");
  }
  return static_cast<int>(version);
}

std::int64_t environment_id(database& db, const fingerprint& f) {
  auto find = db.prepare("SELECT id FROM environments WHERE fingerprint = ?");
  find.bind(1, f.text());
  if (find.step()) return find.int_at(0);
  auto insert = db.prepare(
      "INSERT INTO environments(fingerprint, cpu_model, logical_cpus, compiler, compiler_flags, build_type, "
      "benchmark_version) VALUES (?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, f.text()).bind_optional(2, f.cpu_model).bind(3, static_cast<std::int64_t>(f.logical_cpus));
  insert.bind_optional(4, f.compiler).bind_optional(5, f.compiler_flags).bind_optional(6, f.build_type);
  insert.bind_optional(7, f.benchmark_version);
  insert.run();
  return db.last_insert_id();
}

void refuse_duplicate(database& db, const run_record& run) {
  auto find = db.prepare("SELECT commit_sha, source, added_at FROM runs WHERE digest = ?");
  find.bind(1, run.digest);
  if (find.step()) {
    throw input_error("RESULTS " + run.source + ": this run (dated " + run.run_date + ") is already in " +
                      db.source() + " as commit " + find.text_at(0) + ", added " + find.text_at(2) + " from " +
                      find.text_at(1) + "; nothing was added");
  }
}

// Ids of cells and metrics already looked up in this add.
struct known_ids {
  std::map<std::string, std::int64_t> cells;
  std::map<std::string, std::int64_t> metrics;
};

std::int64_t metric_id(database& db, const std::string& name, known_ids& ids) {
  const auto known = ids.metrics.find(name);
  if (known != ids.metrics.end()) return known->second;
  auto find = db.prepare("SELECT id FROM metrics WHERE name = ?");
  find.bind(1, name);
  std::int64_t id = 0;
  if (find.step()) {
    id = find.int_at(0);
  } else {
    auto insert = db.prepare("INSERT INTO metrics(name) VALUES (?)");
    insert.bind(1, name);
    insert.run();
    id = db.last_insert_id();
  }
  ids.metrics.emplace(name, id);
  return id;
}

void insert_run(database& db, const run_record& run, const std::string& added_at, known_ids& ids) {
  refuse_duplicate(db, run);
  auto same_commit = db.prepare(same_commit_query("runs"));
  same_commit.bind(1, run.commit);
  if (same_commit.step()) refuse_other_length(db.source(), run, same_commit.text_at(0));
  const auto env = environment_id(db, run.environment);
  auto insert = db.prepare(
      "INSERT INTO runs(digest, commit_sha, commit_date, commit_time, run_date, tool_version, environment_id, "
      "format, source, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, run.digest).bind(2, run.commit).bind(3, run.commit_date).bind(4, run.commit_time_s);
  insert.bind(5, run.run_date).bind(6, run.tool_version).bind(7, env).bind(8, run.format).bind(9, run.source);
  insert.bind(10, added_at);
  insert.run();
  const auto run_id = db.last_insert_id();

  auto find_cell = db.prepare("SELECT id FROM cells WHERE name = ?");
  auto add_cell = db.prepare("INSERT INTO cells(name, case_name) VALUES (?, ?)");
  auto add_point = db.prepare("INSERT INTO points VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  auto add_sample = db.prepare("INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?)");
  for (const auto& c : run.cells) {
    auto known = ids.cells.find(c.name);
    if (known == ids.cells.end()) {
      find_cell.bind(1, c.name);
      std::int64_t id = 0;
      if (find_cell.step()) {
        id = find_cell.int_at(0);
      } else {
        add_cell.bind(1, c.name).bind(2, c.case_name);
        add_cell.run();
        id = db.last_insert_id();
      }
      find_cell.reset();
      known = ids.cells.emplace(c.name, id).first;
    }
    for (const auto& m : c.metrics) {
      add_point.bind(1, metric_id(db, m.name, ids)).bind(2, run_id).bind(3, known->second).bind(4, m.n);
      add_point.bind(5, m.values.median).bind(6, m.values.mean).bind(7, m.values.low).bind(8, m.values.high);
      add_point.run();
    }
    for (std::size_t i = 0; i < c.real_ns.size(); ++i) {
      add_sample.bind(1, run_id).bind(2, known->second).bind(3, static_cast<std::int64_t>(i));
      add_sample.bind(4, c.iterations[i]).bind(5, c.real_ns[i]).bind(6, c.cpu_ns[i]);
      add_sample.run();
    }
  }
}

class sqlite_store final : public store {
 public:
  sqlite_store(std::filesystem::path path, std::string source) : store(std::move(source)), path_(std::move(path)) {}
  void add_runs(const std::vector<run_record>& runs) override;
  stored_history load(const std::string& metric) override;

 private:
  std::filesystem::path path_;
};

void sqlite_store::add_runs(const std::vector<run_record>& runs) {
  refuse_repeated_runs(runs);
  if (path_.has_parent_path() && !std::filesystem::exists(path_.parent_path())) {
    std::error_code ec;
    std::filesystem::create_directories(path_.parent_path(), ec);
    if (ec) throw input_error(source() + ": cannot create its folder (" + ec.message() + ")");
  }
  database db(path_, database::mode::read_write_create, source());
  db.execute("PRAGMA busy_timeout = " + std::to_string(k_busy_timeout_ms));
  // Refuse a foreign file before the journal mode changes it. The marks are
  // read in one read transaction: read one by one, another adder's creation
  // could land between them (application_id still 0, tables already there).
  db.execute("BEGIN");
  try {
    checked_version(db);
  } catch (...) {
    db.execute("ROLLBACK");
    throw;
  }
  db.execute("COMMIT");
  execute_retrying(db, "PRAGMA journal_mode = WAL");
  db.execute("BEGIN IMMEDIATE");
  try {
    // Checked again under the write lock: another adder may have created
    // or upgraded it.
    const auto version = checked_version(db);
    if (version == 0) {
      db.execute(k_sqlite_schema);
      db.execute(k_metric_tables);
      db.execute("PRAGMA application_id = " + std::to_string(k_store_application_id));
    } else if (version == k_schema_with_time_columns) {
      db.execute(k_metric_tables);
      db.execute(k_upgrade_from_1_moves);
    }
    if (version != k_store_schema_version) db.execute("PRAGMA user_version = " + std::to_string(k_store_schema_version));
    const auto added_at = now_utc();
    known_ids ids;
    for (const auto& run : runs) insert_run(db, run, added_at, ids);
    db.execute("COMMIT");
  } catch (...) {
    db.execute("ROLLBACK");
    throw;
  }
}

namespace {

// How a reader opens the store: read_only when it may write the file and
// its folder (for the -wal and -shm files a WAL reader makes and removes),
// else immutable, which needs neither; a -wal file of writes not yet in the
// store would be missed then, so that is refused.
database::mode reading_mode(const std::filesystem::path& path, const std::string& source) {
  const auto folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  if (::access(path.c_str(), W_OK) == 0 && ::access(folder.c_str(), W_OK) == 0) return database::mode::read_only;
  std::error_code ec;
  const auto wal = std::filesystem::path(path.string() + "-wal");
  if (std::filesystem::exists(wal, ec) && std::filesystem::file_size(wal, ec) > 0) {
    throw input_error(source + ": cannot be read without write access to it and its folder while " + wal.string() +
                      " holds writes not yet in the store; expected write access, or a store whose last adder has "
                      "finished ('benchgate history export' by its owner copies it)");
  }
  return database::mode::immutable;
}

}  // namespace

stored_history sqlite_store::load(const std::string& metric) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path_, ec)) {
    throw input_error(source() + ": no history store there (expected the file 'benchgate history add' writes)");
  }
  database db(path_, reading_mode(path_, source()), source());
  db.execute("PRAGMA busy_timeout = " + std::to_string(k_busy_timeout_ms));
  db.execute("BEGIN");  // one consistent snapshot while writers go on
  const auto version = checked_version(db);
  if (version == 0) throw input_error(source() + ": an empty file; expected a benchgate history store");
  stored_history h;
  h.metric = metric;
  {
    auto s = db.prepare("SELECT id, fingerprint FROM environments ORDER BY id");
    while (s.step()) h.environments.push_back({s.int_at(0), s.text_at(1)});
  }
  {
    auto s = db.prepare("SELECT id, name, case_name FROM cells ORDER BY id");
    while (s.step()) h.cells.push_back({s.int_at(0), s.text_at(1), s.text_at(2)});
  }
  // Runs by the commit's date; a commit measured again keeps its place.
  std::map<std::int64_t, std::int64_t> run_commit;
  {
    std::map<std::string, std::int64_t> commit_index;
    auto s = db.prepare("SELECT id, commit_sha, commit_date, commit_time FROM runs ORDER BY commit_time, id");
    while (s.step()) {
      ++h.runs;
      const auto sha = s.text_at(1);
      auto known = commit_index.find(sha);
      if (known == commit_index.end()) {
        known = commit_index.emplace(sha, static_cast<std::int64_t>(h.commits.size())).first;
        h.commits.push_back({sha, s.text_at(2), s.int_at(3)});
      }
      run_commit.emplace(s.int_at(0), known->second);
    }
  }
  std::string sql;
  if (version == k_schema_with_time_columns) {
    // A schema 1 store, not yet upgraded by an add: only the two times.
    if (metric != k_real_time_metric && metric != k_cpu_time_metric) {
      throw input_error(source() + ": a schema 1 store keeps only real_time and cpu_time, not '" + metric +
                        "' (an add upgrades it to schema 2, which keeps every metric of the runs added after)");
    }
    const std::string prefix = metric == k_real_time_metric ? "m.real_" : "m.cpu_";
    sql = "SELECT m.run_id, m.cell_id, r.environment_id, m.n, " + prefix + "median_ns, " + prefix + "low_ns, " +
          prefix + "high_ns FROM measurements m JOIN runs r ON r.id = m.run_id ORDER BY r.commit_time, r.id";
  } else {
    std::vector<std::string> names;
    auto stored = db.prepare("SELECT name FROM metrics ORDER BY name");
    while (stored.step()) names.push_back(stored.text_at(0));
    require_stored_metric(source(), metric, names);
    sql = "SELECT p.run_id, p.cell_id, r.environment_id, p.n, p.median, p.low, p.high FROM points p "
          "JOIN runs r ON r.id = p.run_id WHERE p.metric_id = (SELECT id FROM metrics WHERE name = ?) "
          "ORDER BY r.commit_time, r.id";
  }
  auto s = db.prepare(sql);
  if (version != k_schema_with_time_columns) s.bind(1, metric);
  while (s.step()) {
    const auto commit = run_commit.find(s.int_at(0));
    if (commit == run_commit.end()) continue;
    h.points.push_back({s.int_at(1), s.int_at(2), commit->second, s.int_at(3), s.double_at(4), s.double_at(5),
                        s.double_at(6)});
  }
  db.execute("COMMIT");
  return h;
}

}  // namespace

std::unique_ptr<store> make_sqlite_store(const std::string& path, const std::string& source) {
  return std::make_unique<sqlite_store>(path, source);
}

}  // namespace benchgate::history
