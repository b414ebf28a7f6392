// `benchgate history add`: what is kept, what is refused, and that refusals,
// kills and concurrent adders leave the store whole.

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>

#include <chrono>
#include <fstream>
#include <random>
#include <thread>

#include "harness/history/metric_direction.hpp"
#include "harness/history/sqlite_db.hpp"
#include "harness/history/store.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/history/history_fixture.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::testing {
namespace {

using test_support::run_benchgate;

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs `sql` on the store and returns the first column of the first row.
long long query(const std::filesystem::path& store, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  long long value = -1;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
    value = sqlite3_column_int64(s, 0);
  }
  sqlite3_finalize(s);
  sqlite3_close(db);
  return value;
}

std::string query_text(const std::filesystem::path& store, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(store.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  std::string value;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  }
  sqlite3_finalize(s);
  sqlite3_close(db);
  return value;
}

constexpr const char* k_count_real_time_points =
    "SELECT count(*) FROM points p JOIN metrics m ON m.id = p.metric_id WHERE m.name = 'real_time'";

class HistoryStore : public ::testing::Test {
 protected:
  std::string store() const { return (dir_.path() / "history.db").string(); }
  std::string run_file(int i, double ns = 1000, const std::string& cpu = "Test CPU") {
    return write_run(dir_.path(), i, synthetic_run(i, {ns, 2 * ns}, 0.01, 1, cpu));
  }
  test_support::temp_dir dir_;
};

TEST_F(HistoryStore, AddsRunsWithCommitDateEnvironmentAndSamples) {
  const auto r = run_benchgate({"history", "add", "--history", store(), run_file(0), run_file(1)});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("added"), std::string::npos);
  EXPECT_EQ(query(store(), "PRAGMA user_version"), 2);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), 2);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM cells"), 2);
  EXPECT_EQ(query(store(), k_count_real_time_points), 4);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM points"), 8);  // real_time and cpu_time
  EXPECT_EQ(query(store(), "SELECT count(*) FROM samples"), 20);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM environments"), 1);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs WHERE commit_sha = '" + commit_id(1) +
                               "' AND commit_date = '" + commit_date(1) + "' AND tool_version = '0.test'"),
            1);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM environments WHERE fingerprint = 'cpu=Test CPU; cpus=2; "
                           "compiler=GNU 12.2.0; flags=-O3 -DNDEBUG; build=Release; benchmark=1.7.1'"),
            1);
  EXPECT_EQ(query_text(store(), "PRAGMA journal_mode"), "wal");
}

TEST_F(HistoryStore, TheSameRunTwiceIsRefusedAndNothingIsAdded) {
  const auto first = run_file(0);
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), first}).exit_code, 0);
  const auto r = run_benchgate({"history", "add", "--history", store(), run_file(1), first});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("error: RESULTS " + first + ": this run"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("is already in"), std::string::npos) << r.err;
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), 1);
  // The same file twice in one add.
  const auto twice = run_benchgate({"history", "add", "--history", store(), run_file(2), run_file(2)});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("the same run as"), std::string::npos) << twice.err;
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), 1);
}

// A WAL reader makes -wal and -shm files; opened read-only it left them
// beside the store after every 'history changes'.
TEST_F(HistoryStore, ReadersLeaveNoFilesBehind) {
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0), run_file(1)}).exit_code, 0);
  ASSERT_EQ(run_benchgate({"history", "changes", "--history", store()}).exit_code, 0);
  ASSERT_EQ(run_benchgate({"history", "export", "--csv", "--history", store()}).exit_code, 0);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir_.path())) {
    if (e.path().extension() != ".json") files.push_back(e.path().filename().string());
  }
  EXPECT_EQ(files, std::vector<std::string>{"history.db"});
}

// A store in a folder this user cannot write (another user's, read-only
// media) is read as immutable: no -shm, no lock. As root every file is
// writable, so the mode is tried directly here.
TEST_F(HistoryStore, AnImmutableOpenReadsTheStore) {
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0), run_file(1)}).exit_code, 0);
  history::database db(store(), history::database::mode::immutable, "--history " + store());
  auto count = db.prepare("SELECT count(*) FROM runs");
  ASSERT_TRUE(count.step());
  EXPECT_EQ(count.int_at(0), 2);
  EXPECT_FALSE(std::filesystem::exists(store() + "-shm"));
}

TEST_F(HistoryStore, GoogleBenchmarkJsonNeedsACommit) {
  const auto gbench = dir_.path() / "gbench.json";
  std::ofstream(gbench) << R"({"context": {"date": "2026-03-01T10:00:00+01:00", "num_cpus": 2,
    "library_version": "v1.7.1", "host_name": "h"},
    "benchmarks": [{"name": "BM_x", "run_type": "iteration", "iterations": 100, "real_time": 5.0,
                    "cpu_time": 5.0, "time_unit": "ns"}]})";
  const auto missing = run_benchgate({"history", "add", "--history", store(), gbench.string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no commit recorded"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("--commit SHA"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(store()));
  const auto bad_date = run_benchgate({"history", "add", "--history", store(), gbench.string(), "--commit", "abcdef1",
                                       "--date", "yesterday"});
  EXPECT_EQ(bad_date.exit_code, 2);
  EXPECT_NE(bad_date.err.find("--date yesterday: expected an ISO 8601 date"), std::string::npos) << bad_date.err;
  const auto r = run_benchgate({"history", "add", "--history", store(), gbench.string(), "--commit", "abcdef1",
                                "--date", "2026-02-01T12:00:00+02:00"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs WHERE commit_sha = 'abcdef1' AND commit_date = "
                           "'2026-02-01T10:00:00Z' AND format = 'google-benchmark'"),
            1);
}

TEST_F(HistoryStore, ResultsWithoutACommitLeaveTheStoreUntouched) {
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0)}).exit_code, 0);
  const auto before = slurp(store());
  auto r = synthetic_run(5, {1000}, 0.01, 1);
  r.env.git_commit.reset();
  const auto path = write_run(dir_.path(), 5, r);
  const auto out = run_benchgate({"history", "add", "--history", store(), run_file(1), path});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("error: RESULTS " + path + ": no commit recorded"), std::string::npos) << out.err;
  EXPECT_EQ(slurp(store()), before);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), 1);
}

TEST_F(HistoryStore, ADirtyBuildNeedsAnExplicitCommit) {
  auto r = synthetic_run(0, {1000}, 0.01, 1);
  r.env.git_dirty = true;
  const auto path = write_run(dir_.path(), 0, r);
  const auto out = run_benchgate({"history", "add", "--history", store(), path});
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("uncommitted changes"), std::string::npos) << out.err;
  EXPECT_EQ(run_benchgate({"history", "add", "--history", store(), path, "--commit", commit_id(0)}).exit_code, 0);
}

TEST_F(HistoryStore, AStoreFromANewerSchemaIsRefusedUntouched) {
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0)}).exit_code, 0);
  query(store(), "PRAGMA user_version = 3");
  query(store(), "PRAGMA wal_checkpoint(TRUNCATE)");
  const auto before = slurp(store());
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"history", "add", "--history", store(), run_file(1)},
           {"history", "changes", "--history", store()},
           {"history", "export", "--csv", "--history", store()}}) {
    const auto r = run_benchgate(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_NE(r.err.find("error: --history " + store() + ": the history store has schema version 3, made by a newer "
                         "benchgate"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(slurp(store()), before);
}

TEST_F(HistoryStore, ACorruptedFileIsRefusedUntouched) {
  std::mt19937 rng(3);
  std::string garbage(8192, '\0');
  for (auto& c : garbage) c = static_cast<char>(rng());
  files::write_atomically(store(), garbage, "test");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"history", "add", "--history", store(), run_file(1)}, {"history", "changes", "--history", store()}}) {
    const auto r = run_benchgate(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_NE(r.err.find("error: --history " + store() + ":"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("expected a benchgate history store"), std::string::npos) << r.err;
  }
  EXPECT_EQ(slurp(store()), garbage);
  // A real store whose pages were overwritten in the middle.
  const auto other = (dir_.path() / "other.db").string();
  std::vector<std::string> args = {"history", "add", "--history", other};
  for (int i = 0; i < 40; ++i) args.push_back(run_file(10 + i));
  ASSERT_EQ(run_benchgate(args).exit_code, 0);
  query(other, "PRAGMA wal_checkpoint(TRUNCATE)");
  auto bytes = slurp(other);
  ASSERT_GT(bytes.size(), 3 * 4096u);
  for (std::size_t i = 4096; i < bytes.size() - 4096; ++i) bytes[i] = static_cast<char>(rng());
  files::write_atomically(other, bytes, "test");
  const auto r = run_benchgate({"history", "changes", "--history", other});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: --history " + other + ":", 0), 0u) << r.err;
}

TEST_F(HistoryStore, AnSQLiteFileOfAnotherProgramIsRefused) {
  query(store(), "CREATE TABLE t(x)");  // creates the file
  const auto r = run_benchgate({"history", "add", "--history", store(), run_file(0)});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not a benchgate history store"), std::string::npos) << r.err;
}

TEST_F(HistoryStore, ConcurrentAddersLoseNothing) {
  constexpr int k_per_adder = 12;
  std::vector<std::string> a = {"history", "add", "--history", store()};
  std::vector<std::string> b = a;
  for (int i = 0; i < k_per_adder; ++i) {
    a.push_back(run_file(i));
    b.push_back(run_file(100 + i));
  }
  // One file per process, many processes at once, from an empty start.
  std::vector<std::unique_ptr<test_support::running_benchgate>> adders;
  for (int i = 0; i < k_per_adder; ++i) {
    adders.push_back(std::make_unique<test_support::running_benchgate>(
        std::vector<std::string>{"history", "add", "--history", store(), a[4 + static_cast<std::size_t>(i)]}));
    adders.push_back(std::make_unique<test_support::running_benchgate>(
        std::vector<std::string>{"history", "add", "--history", store(), b[4 + static_cast<std::size_t>(i)]}));
  }
  for (auto& p : adders) {
    const auto r = p->wait();
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), 2 * k_per_adder);
  EXPECT_EQ(query(store(), k_count_real_time_points), 4 * k_per_adder);
}

TEST_F(HistoryStore, AKillDuringAddLeavesTheStoreAsItWas) {
  // Many runs in one add: long enough to be killed in the middle.
  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0)}).exit_code, 0);
  std::vector<std::string> args = {"history", "add", "--history", store()};
  for (int i = 0; i < 300; ++i) {
    std::vector<double> ns(20, 1000);
    args.push_back(write_run(dir_.path(), 1000 + i, synthetic_run(1000 + i, ns, 0.01, 9)));
  }
  std::mt19937 rng(11);
  int killed = 0;
  long long expected = 1;
  for (int attempt = 0; attempt < 6; ++attempt) {
    test_support::running_benchgate p(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(50 + rng() % 400));
    p.kill(SIGKILL);
    int signal = 0;
    const auto r = p.wait(&signal);
    if (signal != 0) {
      ++killed;
      // Killed before its COMMIT: nothing added; after it (while exiting):
      // all 300. Never a part.
      const auto runs = query(store(), "SELECT count(*) FROM runs");
      EXPECT_TRUE(runs == expected || runs == expected + 300) << runs << " runs, attempt " << attempt;
      expected = runs;
    } else if (r.exit_code == 0) {
      expected += 300;
    } else {
      EXPECT_NE(r.err.find("already in"), std::string::npos) << r.err;  // a finished attempt came before
    }
    EXPECT_EQ(query_text(store(), "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(query(store(), "SELECT count(*) FROM runs"), expected) << "attempt " << attempt;
    EXPECT_EQ(query(store(), k_count_real_time_points), 2 + (expected - 1) * 20);
  }
  EXPECT_GT(killed, 0);
}

// A store of schema 1 (real and CPU time in columns of `measurements`), as
// benchgate wrote it before every metric was kept, made here by hand.
TEST_F(HistoryStore, ASchemaOneStoreIsReadAndUpgradedByTheNextAdd) {
  for (const char* sql : {
           "CREATE TABLE environments(id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL UNIQUE, cpu_model TEXT, "
           "logical_cpus INTEGER, compiler TEXT, compiler_flags TEXT, build_type TEXT, benchmark_version TEXT)",
           "CREATE TABLE runs(id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, commit_sha TEXT NOT NULL, "
           "commit_date TEXT NOT NULL, commit_time INTEGER NOT NULL, run_date TEXT NOT NULL, tool_version TEXT NOT "
           "NULL, environment_id INTEGER NOT NULL REFERENCES environments(id), format TEXT NOT NULL, source TEXT NOT "
           "NULL, added_at TEXT NOT NULL)",
           "CREATE INDEX runs_by_time ON runs(commit_time, id)",
           "CREATE TABLE cells(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, case_name TEXT NOT NULL)",
           "CREATE TABLE measurements(run_id INTEGER NOT NULL REFERENCES runs(id), cell_id INTEGER NOT NULL "
           "REFERENCES cells(id), n INTEGER NOT NULL, real_median_ns REAL NOT NULL, real_mean_ns REAL NOT NULL, "
           "real_low_ns REAL NOT NULL, real_high_ns REAL NOT NULL, cpu_median_ns REAL NOT NULL, cpu_mean_ns REAL NOT "
           "NULL, cpu_low_ns REAL NOT NULL, cpu_high_ns REAL NOT NULL, PRIMARY KEY(run_id, cell_id)) WITHOUT ROWID",
           "CREATE TABLE samples(run_id INTEGER NOT NULL, cell_id INTEGER NOT NULL, sample INTEGER NOT NULL, "
           "iterations INTEGER NOT NULL, real_ns REAL NOT NULL, cpu_ns REAL NOT NULL, PRIMARY KEY(run_id, cell_id, "
           "sample)) WITHOUT ROWID",
           "INSERT INTO environments(id, fingerprint, logical_cpus) VALUES (1, 'cpu=old; cpus=2', 2)",
           "INSERT INTO cells(id, name, case_name) VALUES (1, 'page_iter/core/k:0', 'page_iter')",
           "INSERT INTO measurements VALUES (1, 1, 5, 1000, 1000, 990, 1010, 900, 900, 890, 910)",
           "PRAGMA application_id = 1111967827",  // "BGHS"
           "PRAGMA user_version = 1"}) {
    query(store(), sql);
  }
  query(store(), "INSERT INTO runs VALUES (1, 'old-digest', '" + commit_id(100) + "', '2025-12-01T00:00:00Z', "
                 "1764547200, '2025-12-01T00:00:00Z', '0.old', 1, 'benchgate.results/1', 'old.json', "
                 "'2025-12-01T00:00:00Z')");
  const auto real = run_benchgate({"history", "export", "--csv", "--history", store()});
  ASSERT_EQ(real.exit_code, 0) << real.err;
  EXPECT_NE(real.out.find("2025-12-01T00:00:00Z," + commit_id(100) + ",cpu=old; cpus=2,1000\n"), std::string::npos)
      << real.out;
  const auto cpu = run_benchgate({"history", "export", "--csv", "--history", store(), "--metric", "cpu_time"});
  EXPECT_NE(cpu.out.find(",900\n"), std::string::npos) << cpu.out;
  const auto other = run_benchgate({"history", "export", "--csv", "--history", store(), "--metric", "hits"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("a schema 1 store keeps only real_time and cpu_time"), std::string::npos) << other.err;
  EXPECT_EQ(query(store(), "PRAGMA user_version"), 1);  // reading changed nothing

  ASSERT_EQ(run_benchgate({"history", "add", "--history", store(), run_file(0)}).exit_code, 0);
  EXPECT_EQ(query(store(), "PRAGMA user_version"), 2);
  EXPECT_EQ(query(store(), "SELECT count(*) FROM sqlite_master WHERE name = 'measurements'"), 0);
  EXPECT_EQ(query(store(), k_count_real_time_points), 3);  // the old point and the new run's two cells
  const auto after = run_benchgate({"history", "export", "--csv", "--history", store(), "--metric", "cpu_time"});
  EXPECT_NE(after.out.find(commit_id(100) + ",cpu=old; cpus=2,900,\n"), std::string::npos) << after.out;
}

// Which metrics a cell gives the store, with values checkable by hand:
// 1000 bytes an iteration in 500 ns is 2e9 bytes per second.
TEST(CellMetrics, TimesInstructionsThroughputCountersAndFiguresByName) {
  results::cell c;
  c.work = {benchgate::work_unit::bytes, 1000};
  for (double ns : {400.0, 500.0, 600.0}) {
    results::sample s{10, ns, ns / 2, 120.0, {{"hits", ns / 100}}};
    c.samples.push_back(s);
  }
  c.samples[1].counters.push_back({"misses", 3});  // one sample only: a metric of one value
  c.figures.push_back({"ratio", 2.5, "ratio"});
  c.figures.push_back({"hits", 99, "count"});  // a counter's name already taken: the first kept
  const auto m = history::metrics_of(c);
  std::vector<std::string> names;
  for (const auto& r : m) names.push_back(r.name);
  EXPECT_EQ(names, (std::vector<std::string>{"real_time", "cpu_time", "instructions", "throughput", "hits", "misses",
                                             "ratio"}));
  ASSERT_EQ(m.size(), 7u);
  EXPECT_DOUBLE_EQ(m[0].values.median, 500);
  EXPECT_DOUBLE_EQ(m[1].values.median, 250);
  EXPECT_DOUBLE_EQ(m[2].values.median, 120);
  EXPECT_DOUBLE_EQ(m[3].values.median, 2e9);
  EXPECT_DOUBLE_EQ(m[4].values.median, 5);
  EXPECT_EQ(m[5].n, 1);
  EXPECT_DOUBLE_EQ(m[6].values.median, 2.5);
  // Instructions only where every sample has them.
  c.samples[0].instructions.reset();
  for (const auto& r : history::metrics_of(c)) EXPECT_NE(r.name, "instructions");
}

TEST(MetricDirection, DeclaredElseBuiltInElseRefused) {
  const std::vector<results::declared_direction> none;
  EXPECT_TRUE(history::higher_is_better("throughput", none));
  EXPECT_TRUE(history::higher_is_better("items_per_second", none));
  EXPECT_TRUE(history::higher_is_better("bytes_per_second", none));
  EXPECT_FALSE(history::higher_is_better("real_time", none));
  EXPECT_FALSE(history::higher_is_better("instructions", none));
  // A counter nobody declared has no direction: refused, naming the fix.
  try {
    history::higher_is_better("hits", none);
    ADD_FAILURE() << "hits was given a direction";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("--metric hits: which way hits is better is not known"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("expected --direction hits=higher or --direction hits=lower"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(history::higher_is_better("_per_second", none), input_error);
  // The last declaration of a name wins, and a declaration beats the built-in.
  const std::vector<results::declared_direction> declared = {
      {"hits", results::better::lower}, {"hits", results::better::higher}, {"real_time", results::better::higher}};
  EXPECT_TRUE(history::higher_is_better("hits", declared));
  EXPECT_TRUE(history::higher_is_better("real_time", declared));
  EXPECT_FALSE(history::higher_is_better("misses", {{"misses", results::better::lower}}));
  EXPECT_TRUE(history::higher_is_better("items_per_second", declared));
}

TEST(StoreLocation, APasswordIsNeverPrintable) {
  EXPECT_EQ(history::printable_location("reports/history.db"), "reports/history.db");
  EXPECT_EQ(history::printable_location("postgresql://bench:s3cret@db:5432/h"), "postgresql://bench:***@db:5432/h");
  EXPECT_EQ(history::printable_location("postgres://bench@db/h"), "postgres://bench@db/h");
  EXPECT_EQ(history::printable_location("postgresql:///h?host=/run/pg&password=s3cret&sslmode=require"),
            "postgresql:///h?host=/run/pg&password=***&sslmode=require");
  EXPECT_EQ(history::printable_location("postgresql://u:p@ss@db/h"), "postgresql://u:***@db/h");
  EXPECT_TRUE(history::is_postgres_url("postgres://db/h"));
  EXPECT_FALSE(history::is_postgres_url("postgresql.db"));
  EXPECT_EQ(history::printable_location("mysql://bench:s3cret@db/h"), "mysql://bench:***@db/h");
  // libpq's keyword=value form is a PostgreSQL store too, its password hidden.
  EXPECT_TRUE(history::is_postgres_location("host=/run/postgresql port=5433 dbname=bench"));
  EXPECT_TRUE(history::is_postgres_location(" dbname = bench"));
  EXPECT_FALSE(history::is_postgres_location("reports/history.db"));
  EXPECT_FALSE(history::is_postgres_location("=x"));
  EXPECT_EQ(history::printable_location("host=db password=s3cret dbname=h"), "host=db password=*** dbname=h");
  EXPECT_EQ(history::printable_location("password = 'a b\\' c' host=db"), "password = *** host=db");
  EXPECT_EQ(history::printable_location("host=db mypassword=x"), "host=db mypassword=x");
}

TEST_F(HistoryStore, BadStoreAndMetricOptionsAreRefused) {
  const auto empty = run_benchgate({"history", "changes", "--history", ""});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err, "error: --history: expected a file path or a postgresql:// URL, got ''\n");
  // Another database's URL is no file path (it became a folder "mysql:").
  const auto other = run_benchgate({"history", "changes", "--history", "mysql://bench:s3cret@db/h"});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(other.err, "error: --history mysql://bench:***@db/h: a URL, but not postgresql:// or postgres://; "
                       "expected a file path (SQLite), a postgresql:// URL or a libpq connection string (host=... "
                       "dbname=...)\n");
  EXPECT_FALSE(std::filesystem::exists("mysql:"));
  // A '/' missing made a folder "postgresql:" and an SQLite file in it.
  const auto typo = run_benchgate({"history", "add", "--history", "postgresql:/bench@/bg", run_file(0)});
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_NE(typo.err.find("error: --history postgresql:/bench@/bg: a URL, but not postgresql://"), std::string::npos)
      << typo.err;
  EXPECT_FALSE(std::filesystem::exists("postgresql:"));
  // --min-segment alone against the default window is --min-segment's fault.
  const auto segment = run_benchgate({"history", "changes", "--history", store(), "--min-segment", "100000"});
  EXPECT_EQ(segment.exit_code, 2);
  EXPECT_EQ(segment.err, "error: --min-segment 100000: expected at most half of --detection-window (50 by default), "
                         "or give --detection-window 0 (the whole series) or at least 200000\n");
  const auto spaced = run_benchgate({"history", "changes", "--history", store(), "--metric", "items per second"});
  EXPECT_EQ(spaced.exit_code, 2);
  EXPECT_NE(spaced.err.find("error: --metric 'items per second': expected a metric name"), std::string::npos)
      << spaced.err;
  const auto on_add = run_benchgate({"history", "add", "--history", store(), "--metric", "hits", run_file(0)});
  EXPECT_EQ(on_add.exit_code, 2);
  EXPECT_NE(on_add.err.find("--metric does not apply"), std::string::npos) << on_add.err;
  const auto bad_direction = run_benchgate({"history", "changes", "--history", store(), "--direction", "hits=up"});
  EXPECT_EQ(bad_direction.exit_code, 2);
  EXPECT_NE(bad_direction.err.find("error: --direction hits=up: expected METRIC=higher or METRIC=lower"),
            std::string::npos)
      << bad_direction.err;
  const auto direction_on_export =
      run_benchgate({"history", "export", "--csv", "--history", store(), "--direction", "hits=higher"});
  EXPECT_EQ(direction_on_export.exit_code, 2);
  EXPECT_NE(direction_on_export.err.find("--direction does not apply"), std::string::npos) << direction_on_export.err;
  EXPECT_FALSE(std::filesystem::exists(store()));
}

}  // namespace
}  // namespace benchgate::testing
