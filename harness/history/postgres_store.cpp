#include "harness/history/postgres_store.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "harness/history/postgres_connection.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::history {

namespace {

// Schema 2, as the SQLite store's (sqlite_store.cpp), in its own PostgreSQL
// schema so a database shared with other tools keeps its names. The version
// sits in store_info.
constexpr const char* k_postgres_schema = R"sql(
CREATE SCHEMA IF NOT EXISTS benchgate;
CREATE TABLE benchgate.store_info(schema_version integer NOT NULL);
CREATE TABLE benchgate.environments(
  id bigserial PRIMARY KEY,
  fingerprint text NOT NULL UNIQUE,
  cpu_model text, logical_cpus integer, compiler text, compiler_flags text,
  build_type text, benchmark_version text);
CREATE TABLE benchgate.runs(
  id bigserial PRIMARY KEY,
  digest text NOT NULL UNIQUE,
  commit_sha text NOT NULL,
  commit_date text NOT NULL,
  commit_time bigint NOT NULL,
  run_date text NOT NULL,
  tool_version text NOT NULL,
  environment_id bigint NOT NULL REFERENCES benchgate.environments(id),
  format text NOT NULL,
  source text NOT NULL,
  added_at text NOT NULL);
CREATE INDEX runs_by_time ON benchgate.runs(commit_time, id);
CREATE TABLE benchgate.cells(
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  case_name text NOT NULL);
CREATE TABLE benchgate.metrics(
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE);
CREATE TABLE benchgate.points(
  metric_id bigint NOT NULL REFERENCES benchgate.metrics(id),
  run_id bigint NOT NULL REFERENCES benchgate.runs(id),
  cell_id bigint NOT NULL REFERENCES benchgate.cells(id),
  n bigint NOT NULL,
  median double precision NOT NULL, mean double precision NOT NULL,
  low double precision NOT NULL, high double precision NOT NULL,
  PRIMARY KEY(metric_id, run_id, cell_id));
CREATE TABLE benchgate.samples(
  run_id bigint NOT NULL REFERENCES benchgate.runs(id),
  cell_id bigint NOT NULL REFERENCES benchgate.cells(id),
  sample integer NOT NULL,
  iterations bigint NOT NULL,
  real_ns double precision NOT NULL,
  cpu_ns double precision NOT NULL,
  PRIMARY KEY(run_id, cell_id, sample));
)sql";

// The advisory lock first adders take to create the schema one at a time
// ("BGHS", as the SQLite store's application_id).
constexpr const char* k_create_lock = "1111967827";
// A deadlock between adders, or two first adders creating the store, rolls
// the add back whole; it is tried again this many times in all.
constexpr int k_add_attempts = 3;

// Thrown inside an add for a failure another try may not meet.
struct retryable {};
// Thrown inside an add for a run already stored: the message needs a read
// after the rollback.
struct duplicate {
  const run_record* run;
};

// The store's schema version, 0 when there is none. Throws input_error for
// a newer one, an older one (every PostgreSQL store has had version 2), and
// a schema benchgate that is no store (another program's, or one whose
// tables were dropped): creating the store there would fail on every try.
int checked_version(pg_connection& db) {
  const auto exists = db.exec(
      "SELECT to_regclass('benchgate.store_info') IS NOT NULL, to_regnamespace('benchgate') IS NOT NULL",
      "reading the schema");
  if (exists.text_at(0, 0) != "t") {
    if (exists.text_at(0, 1) != "t") return 0;
    throw input_error(db.source() + ": the schema benchgate is there but holds no table store_info, so it is not a "
                      "benchgate history store; expected one 'benchgate history add' made (drop that schema, or use "
                      "another database)");
  }
  const auto row = db.exec("SELECT max(schema_version) FROM benchgate.store_info", "reading the schema version");
  if (row.rows() == 0 || row.is_null(0, 0)) {
    throw input_error(db.source() + ": the table benchgate.store_info holds no schema version; "
                      "expected a benchgate history store");
  }
  const auto version = row.int_at(0, 0);
  if (version < k_store_schema_version) {
    throw input_error(db.source() + ": the history store has schema version " + std::to_string(version) +
                      ", which no PostgreSQL store of benchgate has had; expected version " +
                      std::to_string(k_store_schema_version));
  }
  if (version > k_store_schema_version) {
    throw input_error(db.source() + ": the history store has schema version " + std::to_string(version) +
                      ", made by a newer benchgate; this one reads version " +
                      std::to_string(k_store_schema_version) + " (upgrade benchgate, or use another --history)");
  }
  return static_cast<int>(version);
}

// Creates the schema unless there is one. Run inside the add's transaction:
// the lock makes a second first adder wait, then see the first's tables.
void ensure_schema(pg_connection& db) {
  if (checked_version(db) != 0) return;
  db.exec(std::string("SELECT pg_advisory_xact_lock(") + k_create_lock + ")", "waiting to create the store");
  if (checked_version(db) != 0) return;
  const auto created = db.run(k_postgres_schema);
  if (!created.ok()) {
    // Another first adder created it while this one waited for the lock:
    // the lock does not refresh this session's cached view of the catalog,
    // a new transaction does, so the add is tried again from its start.
    const auto state = created.sqlstate();
    if (state == k_duplicate_table || state == k_duplicate_schema || state == k_unique_violation) throw retryable{};
    db.fail(created, "creating the store");
  }
  db.exec("INSERT INTO benchgate.store_info VALUES (" + std::to_string(k_store_schema_version) + ")",
          "creating the store");
}


// One statement of an add: a deadlock with another adder rolls the add
// back to be tried again; any other failure is the store's error.
pg_result add_step(pg_connection& db, std::string_view sql, std::string_view doing,
                   const std::vector<std::string>& params) {
  auto result = db.run(sql, params);
  if (result.ok()) return result;
  if (result.sqlstate() == k_deadlock_detected || result.sqlstate() == k_serialization_failure) throw retryable{};
  db.fail(result, doing);
}

// Ids of `names` in `table` (cells or metrics), inserting the missing ones.
// Names go in sorted, so concurrent adders take their row locks in one order.
std::map<std::string, std::int64_t> ids_of(pg_connection& db, const std::string& table,
                                           const std::map<std::string, std::string>& names_and_cases) {
  std::vector<std::string> names;
  std::vector<std::string> cases;
  for (const auto& [name, case_name] : names_and_cases) {
    names.push_back(name);
    cases.push_back(case_name);
  }
  const auto array = text_array(names);
  if (table == "cells") {
    add_step(db, "INSERT INTO benchgate.cells(name, case_name) SELECT * FROM unnest($1::text[], $2::text[]) "
            "ON CONFLICT (name) DO NOTHING",
            "adding cells", {array, text_array(cases)});
  } else {
    add_step(db, "INSERT INTO benchgate.metrics(name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING",
            "adding metrics", {array});
  }
  const auto rows = db.exec("SELECT id, name FROM benchgate." + table + " WHERE name = ANY($1::text[])",
                            "reading " + table, {array});
  std::map<std::string, std::int64_t> ids;
  for (int i = 0; i < rows.rows(); ++i) ids.emplace(rows.text_at(i, 1), rows.int_at(i, 0));
  return ids;
}

std::string optional_text(const std::optional<std::string>& value) { return value.value_or(""); }

std::int64_t environment_id(pg_connection& db, const fingerprint& f) {
  add_step(db, "INSERT INTO benchgate.environments(fingerprint, cpu_model, logical_cpus, compiler, compiler_flags, "
          "build_type, benchmark_version) VALUES ($1, NULLIF($2, ''), $3, NULLIF($4, ''), NULLIF($5, ''), "
          "NULLIF($6, ''), NULLIF($7, '')) ON CONFLICT (fingerprint) DO NOTHING",
          "adding an environment",
          {f.text(), optional_text(f.cpu_model), std::to_string(f.logical_cpus), optional_text(f.compiler),
           optional_text(f.compiler_flags), optional_text(f.build_type), optional_text(f.benchmark_version)});
  const auto row = db.exec("SELECT id FROM benchgate.environments WHERE fingerprint = $1", "reading environments",
                           {f.text()});
  return row.int_at(0, 0);
}

void add_once(pg_connection& db, const std::vector<run_record>& runs) {
  db.exec("BEGIN", "starting the add");
  ensure_schema(db);
  std::map<std::string, std::string> cells;
  std::map<std::string, std::string> metrics;
  for (const auto& run : runs) {
    for (const auto& c : run.cells) {
      cells.emplace(c.name, c.case_name);
      for (const auto& m : c.metrics) metrics.emplace(m.name, "");
    }
  }
  // Environments, cells and metrics in one order for every adder.
  std::map<std::string, const fingerprint*> environments;
  for (const auto& run : runs) environments.emplace(run.environment.text(), &run.environment);
  std::map<std::string, std::int64_t> environment_ids;
  for (const auto& [text, f] : environments) environment_ids.emplace(text, environment_id(db, *f));
  const auto cell_ids = ids_of(db, "cells", cells);
  const auto metric_ids = ids_of(db, "metrics", metrics);

  std::string points;
  std::string samples;
  for (const auto& run : runs) {
    const auto same_commit = db.exec(same_commit_query("benchgate.runs"), "reading the stored commits", {run.commit});
    if (same_commit.rows() > 0) refuse_other_length(db.source(), run, same_commit.text_at(0, 0));
    auto inserted = db.run(
        "INSERT INTO benchgate.runs(digest, commit_sha, commit_date, commit_time, run_date, tool_version, "
        "environment_id, format, source, added_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, "
        "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')) RETURNING id",
        {run.digest, run.commit, run.commit_date, std::to_string(run.commit_time_s), run.run_date, run.tool_version,
         std::to_string(environment_ids.at(run.environment.text())), run.format, run.source});
    if (!inserted.ok()) {
      // The UNIQUE digest refuses a run another adder stored, even one
      // that committed while this add ran.
      if (inserted.sqlstate() == k_unique_violation) throw duplicate{&run};
      if (inserted.sqlstate() == k_deadlock_detected) throw retryable{};
      db.fail(inserted, "adding a run");
    }
    const auto run_id = std::to_string(inserted.int_at(0, 0));
    for (const auto& c : run.cells) {
      const auto cell_id = std::to_string(cell_ids.at(c.name));
      for (const auto& m : c.metrics) {
        points += std::to_string(metric_ids.at(m.name)) + '\t' + run_id + '\t' + cell_id + '\t' +
                  std::to_string(m.n) + '\t' + text::number_text(m.values.median) + '\t' +
                  text::number_text(m.values.mean) + '\t' + text::number_text(m.values.low) + '\t' +
                  text::number_text(m.values.high) + '\n';
      }
      for (std::size_t i = 0; i < c.real_ns.size(); ++i) {
        samples += run_id + '\t' + cell_id + '\t' + std::to_string(i) + '\t' + std::to_string(c.iterations[i]) +
                   '\t' + text::number_text(c.real_ns[i]) + '\t' + text::number_text(c.cpu_ns[i]) + '\n';
      }
    }
  }
  db.copy_in("COPY benchgate.points(metric_id, run_id, cell_id, n, median, mean, low, high) FROM STDIN", points,
             "adding points");
  db.copy_in("COPY benchgate.samples(run_id, cell_id, sample, iterations, real_ns, cpu_ns) FROM STDIN", samples,
             "adding samples");
  const auto committed = db.run("COMMIT");
  if (!committed.ok()) {
    if (committed.sqlstate() == k_serialization_failure || committed.sqlstate() == k_deadlock_detected) {
      throw retryable{};
    }
    // The server may have committed before the connection broke.
    db.fail(committed, "committing the add (whether it was stored is unknown; 'history export' shows it)");
  }
}

[[noreturn]] void refuse_duplicate(pg_connection& db, const run_record& run) {
  const auto row = db.exec("SELECT commit_sha, source, added_at FROM benchgate.runs WHERE digest = $1",
                           "reading the stored run", {run.digest});
  std::string where = row.rows() > 0 ? " as commit " + row.text_at(0, 0) + ", added " + row.text_at(0, 2) +
                                           " from " + row.text_at(0, 1)
                                     : "";
  throw input_error("RESULTS " + run.source + ": this run (dated " + run.run_date + ") is already in " + db.source() +
                    where + "; nothing was added");
}

class postgres_store final : public store {
 public:
  postgres_store(std::string url, std::string source) : store(std::move(source)), url_(std::move(url)) {}

  void add_runs(const std::vector<run_record>& runs) override {
    refuse_repeated_runs(runs);
    pg_connection db(url_, source());
    for (int attempt = 1;; ++attempt) {
      try {
        add_once(db, runs);
        return;
      } catch (const duplicate& d) {
        db.run("ROLLBACK");
        refuse_duplicate(db, *d.run);
      } catch (const retryable&) {
        db.run("ROLLBACK");
        if (attempt == k_add_attempts) {
          throw input_error(source() + ": the add collided with other adders (a deadlock, or the store created "
                            "at the same time) " + std::to_string(attempt) + " times; nothing was added (try again)");
        }
      }
    }
  }

  stored_history load(const std::string& metric) override;

 private:
  std::string url_;
};

stored_history postgres_store::load(const std::string& metric) {
  pg_connection db(url_, source());
  // One snapshot while adders go on.
  db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "starting to read");
  if (checked_version(db) == 0) {
    throw input_error(source() + ": no history store there (expected the schema benchgate that "
                      "'benchgate history add' creates)");
  }
  stored_history h;
  h.metric = metric;
  {
    const auto rows = db.exec("SELECT id, fingerprint FROM benchgate.environments ORDER BY id", "reading");
    for (int i = 0; i < rows.rows(); ++i) h.environments.push_back({rows.int_at(i, 0), rows.text_at(i, 1)});
  }
  {
    const auto rows = db.exec("SELECT id, name, case_name FROM benchgate.cells ORDER BY id", "reading");
    for (int i = 0; i < rows.rows(); ++i) h.cells.push_back({rows.int_at(i, 0), rows.text_at(i, 1), rows.text_at(i, 2)});
  }
  // Runs by the commit's date; a commit measured again keeps its place.
  struct run_place {
    std::int64_t rank = 0;  // in commit_time, id order
    std::int64_t commit = 0;
    std::int64_t environment = 0;
  };
  std::unordered_map<std::int64_t, run_place> runs;
  {
    std::map<std::string, std::int64_t> commit_index;
    const auto rows = db.exec("SELECT id, commit_sha, commit_date, commit_time, environment_id FROM benchgate.runs "
                              "ORDER BY commit_time, id", "reading");
    for (int i = 0; i < rows.rows(); ++i) {
      ++h.runs;
      const auto sha = rows.text_at(i, 1);
      auto known = commit_index.find(sha);
      if (known == commit_index.end()) {
        known = commit_index.emplace(sha, static_cast<std::int64_t>(h.commits.size())).first;
        h.commits.push_back({sha, rows.text_at(i, 2), rows.int_at(i, 3)});
      }
      runs.emplace(rows.int_at(i, 0), run_place{i, known->second, rows.int_at(i, 4)});
    }
  }
  {
    const auto rows = db.exec("SELECT name FROM benchgate.metrics ORDER BY name", "reading");
    std::vector<std::string> names;
    for (int i = 0; i < rows.rows(); ++i) names.push_back(rows.text_at(i, 0));
    require_stored_metric(source(), metric, names);
  }
  // The points in binary and unsorted: the server's text output of 600,000
  // doubles and its sort took most of `history changes` on 2,000 commits x
  // 300 cells (docs/measurements/2026-12-06-history-postgres.md); the
  // client orders them as the SQLite store does (run order, then cell).
  const auto rows = db.exec(
      "SELECT run_id, cell_id, n, median, low, high FROM benchgate.points "
      "WHERE metric_id = (SELECT id FROM benchgate.metrics WHERE name = $1)",
      "reading points", {metric}, pg_connection::format::binary);
  std::vector<std::pair<std::int64_t, stored_point>> ranked;
  ranked.reserve(static_cast<std::size_t>(rows.rows()));
  for (int i = 0; i < rows.rows(); ++i) {
    const auto run = runs.find(rows.binary_int_at(i, 0));
    if (run == runs.end()) continue;
    const auto& place = run->second;
    ranked.emplace_back(place.rank, stored_point{rows.binary_int_at(i, 1), place.environment, place.commit,
                                                 rows.binary_int_at(i, 2), rows.binary_double_at(i, 3),
                                                 rows.binary_double_at(i, 4), rows.binary_double_at(i, 5)});
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second.cell_id < b.second.cell_id;
  });
  h.points.reserve(ranked.size());
  for (auto& r : ranked) h.points.push_back(r.second);
  db.exec("COMMIT", "finishing the read");
  return h;
}

}  // namespace

std::unique_ptr<store> make_postgres_store(const std::string& url, const std::string& source) {
  return std::make_unique<postgres_store>(url, source);
}

}  // namespace benchgate::history
