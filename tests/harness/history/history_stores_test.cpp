// The same history tests on both stores (store.hpp): an SQLite file and a
// PostgreSQL database on the server the CTest fixture started. What is kept
// (every metric), what is refused, concurrent adders, and the commands that
// read a store, all through `benchgate history`.

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <fstream>
#include <set>
#include <thread>

#include "harness/history/changes.hpp"
#include "harness/history/run_record.hpp"
#include "harness/history/store.hpp"
#include "tests/harness/history/history_fixture.hpp"
#include "tests/harness/history/postgres_test_server.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::testing {
namespace {

using test_support::run_benchgate;

// Commit i of a series whose cell carries a counter `hits`, the rate
// items_per_second and a figure `ratio`, each with hand-checkable values:
// real time `ns` in all 5 samples, hits `hits`, items_per_second `rate`.
results::run_results counted_run(int i, double ns, double hits, double rate) {
  auto r = synthetic_run(i, {ns}, 0.01, 1);
  auto& c = r.cells.front();
  for (auto& s : c.samples) {
    s.real_ns = ns;
    s.cpu_ns = ns;
    s.counters = {{"hits", hits}, {"items_per_second", rate}};
  }
  c.figures.push_back({"ratio", 2.5, "ratio"});
  return r;
}

class HistoryStores : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgres") {
      server_ = postgres_server::shared();
      if (!server_.skip_reason.empty()) GTEST_SKIP() << k_postgres_skip_mark << ": " << server_.skip_reason;
      location_ = fresh_database(server_, "history_stores");
    } else {
      location_ = (dir_.path() / "history.db").string();
    }
  }
  bool postgres() const { return GetParam() == "postgres"; }
  // Runs SQL that changes the store directly (a test's way to fake a newer
  // schema): `sqlite_sql` on the file or `postgres_sql` on the database.
  void alter(const std::string& sqlite_sql, const std::string& postgres_sql) {
    if (postgres()) {
      pg_query_int(location_, postgres_sql);
      return;
    }
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(location_.c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, sqlite_sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  history::stored_history load(const std::string& metric = "real_time") {
    return history::load_history(location_, "--history", metric);
  }
  test_support::cli_result add(const std::vector<std::string>& files) {
    std::vector<std::string> args = {"history", "add", "--history", location_};
    args.insert(args.end(), files.begin(), files.end());
    return run_benchgate(args);
  }
  std::string file(int i, const results::run_results& r) { return write_run(dir_.path(), i, r); }

  test_support::temp_dir dir_;
  postgres_server server_;
  std::string location_;
};

TEST_P(HistoryStores, KeepsEveryMetricOfACell) {
  ASSERT_EQ(add({file(0, counted_run(0, 1000, 7, 3e6))}).exit_code, 0);
  const auto time = load();
  ASSERT_EQ(time.points.size(), 1u);
  EXPECT_EQ(time.runs, 1);
  EXPECT_DOUBLE_EQ(time.points[0].median, 1000);
  EXPECT_EQ(time.points[0].n, 5);
  const auto hits = load("hits");
  ASSERT_EQ(hits.points.size(), 1u);
  EXPECT_DOUBLE_EQ(hits.points[0].median, 7);
  EXPECT_DOUBLE_EQ(load("items_per_second").points.at(0).median, 3e6);
  const auto ratio = load("ratio");
  ASSERT_EQ(ratio.points.size(), 1u);
  EXPECT_DOUBLE_EQ(ratio.points[0].median, 2.5);
  EXPECT_EQ(ratio.points[0].n, 1);
  EXPECT_DOUBLE_EQ(load("cpu_time").points.at(0).median, 1000);
}

TEST_P(HistoryStores, AMetricNotStoredIsRefusedWithTheStoredOnes) {
  ASSERT_EQ(add({file(0, counted_run(0, 1000, 7, 3e6))}).exit_code, 0);
  const auto r = run_benchgate({"history", "changes", "--history", location_, "--metric", "misses"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("error: --metric misses: not in --history "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("it holds cpu_time, hits, items_per_second, ratio, real_time"), std::string::npos) << r.err;
}

TEST_P(HistoryStores, ARunAlreadyStoredIsRefusedAndNothingOfTheAddIsKept) {
  const auto first = file(0, counted_run(0, 1000, 7, 3e6));
  ASSERT_EQ(add({first}).exit_code, 0);
  const auto r = add({file(1, counted_run(1, 1000, 7, 3e6)), first});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is already in --history"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nothing was added"), std::string::npos) << r.err;
  EXPECT_EQ(load().runs, 1);
  EXPECT_EQ(load("hits").points.size(), 1u);
}

// One commit under two ids (short and full, or upper and lower case) would
// be two points of each series: an id is stored in lower case, and one at
// another length than a stored one is refused, naming the stored id.
TEST_P(HistoryStores, OneCommitIsStoredUnderOneId) {
  const auto full = commit_id(3);
  const auto file = [&](int i, results::run_results r) {  // a run that records no commit
    r.env.git_commit.reset();
    return write_run(dir_.path(), i, r);
  };
  auto upper = full;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
  ASSERT_EQ(run_benchgate({"history", "add", "--history", location_, file(0, counted_run(0, 1000, 7, 3e6)), "--commit",
                           upper, "--date", "2026-01-01"})
                .exit_code,
            0);
  const auto short_id = run_benchgate({"history", "add", "--history", location_, file(1, counted_run(1, 1000, 7, 3e6)),
                                       "--commit", full.substr(0, 8), "--date", "2026-01-01"});
  EXPECT_EQ(short_id.exit_code, 2);
  EXPECT_NE(short_id.err.find(": commit " + full.substr(0, 8) + " is stored in --history "), std::string::npos)
      << short_id.err;
  EXPECT_NE(short_id.err.find(" as " + full + "; expected the id it is stored under (give --commit " + full + ")"),
            std::string::npos)
      << short_id.err;
  ASSERT_EQ(run_benchgate({"history", "add", "--history", location_, file(2, counted_run(2, 1000, 7, 3e6)), "--commit",
                           full, "--date", "2026-01-01"})
                .exit_code,
            0);
  const auto stored = load();
  ASSERT_EQ(stored.commits.size(), 1u);
  EXPECT_EQ(stored.commits[0].commit, full);
  EXPECT_EQ(stored.runs, 2);
}

TEST_P(HistoryStores, AStoreFromANewerSchemaIsRefusedUntouched) {
  ASSERT_EQ(add({file(0, counted_run(0, 1000, 7, 3e6))}).exit_code, 0);
  const auto newer = std::to_string(history::k_store_schema_version + 1);
  alter("PRAGMA user_version = " + newer, "UPDATE benchgate.store_info SET schema_version = " + newer);
  const auto r = add({file(1, counted_run(1, 1000, 7, 3e6))});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("schema version " + newer + ", made by a newer benchgate"), std::string::npos) << r.err;
  const auto read = run_benchgate({"history", "changes", "--history", location_});
  EXPECT_EQ(read.exit_code, 2);
  EXPECT_NE(read.err.find("made by a newer benchgate"), std::string::npos) << read.err;
}

// 16 processes add 50 distinct runs each, all at once into a store none has
// created yet; two more add the same run at once. Each add is one
// transaction: all 801 runs are there, none twice, and exactly one of the
// two adders of the same run is refused.
TEST_P(HistoryStores, SixteenConcurrentAddersLoseAndDuplicateNothing) {
  constexpr int k_adders = 16;
  constexpr int k_runs_per_adder = 50;
  std::vector<std::unique_ptr<test_support::running_benchgate>> adders;
  for (int a = 0; a < k_adders; ++a) {
    std::vector<std::string> args = {"history", "add", "--history", location_};
    for (int k = 0; k < k_runs_per_adder; ++k) {
      const int i = a * k_runs_per_adder + k;
      args.push_back(file(i, counted_run(i, 1000 + i, i, 1e6 + i)));
    }
    adders.push_back(std::make_unique<test_support::running_benchgate>(args));
  }
  const int same = k_adders * k_runs_per_adder;
  const auto same_file = file(same, counted_run(same, 5, 5, 5));
  std::vector<std::unique_ptr<test_support::running_benchgate>> twins;
  for (int t = 0; t < 2; ++t) {
    twins.push_back(std::make_unique<test_support::running_benchgate>(
        std::vector<std::string>{"history", "add", "--history", location_, same_file}));
  }
  for (auto& p : adders) {
    const auto r = p->wait();
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  int refused = 0;
  for (auto& p : twins) {
    const auto r = p->wait();
    if (r.exit_code == 2) {
      ++refused;
      EXPECT_NE(r.err.find("is already in"), std::string::npos) << r.err;
    } else {
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
  }
  EXPECT_EQ(refused, 1);
  const auto h = load("hits");
  EXPECT_EQ(h.runs, same + 1);
  EXPECT_EQ(h.commits.size(), static_cast<std::size_t>(same + 1));  // each run its own commit: none twice
  ASSERT_EQ(h.points.size(), static_cast<std::size_t>(same + 1));
  std::set<double> values;
  for (const auto& p : h.points) values.insert(p.median);
  EXPECT_EQ(values.size(), static_cast<std::size_t>(same));  // 0..799 and the twins' 5 (also run 5's)
}

// A rate that drops 30 % at equal time is a regression of that rate; a
// count that drops is an improvement; the time, unchanged, has no change.
TEST_P(HistoryStores, ChangesFollowAnyMetricInItsDirection) {
  std::vector<std::string> files;
  constexpr int k_commits = 12;
  constexpr int k_step_at = 6;
  for (int i = 0; i < k_commits; ++i) {
    const bool after = i >= k_step_at;
    // Small alternating noise, so the t test has a variance to work with.
    const double wiggle = (i % 2 == 0 ? 1 : -1) * 0.001;
    files.push_back(file(i, counted_run(i, 1000 * (1 + wiggle), (after ? 70 : 100) * (1 + wiggle),
                                        (after ? 0.7e6 : 1e6) * (1 + wiggle))));
  }
  ASSERT_EQ(add(files).exit_code, 0);
  const auto window = std::to_string(k_commits);
  const auto rate = run_benchgate({"history", "changes", "--history", location_, "--metric", "items_per_second",
                                   "--window", window});
  EXPECT_EQ(rate.exit_code, 1) << rate.out << rate.err;
  EXPECT_NE(rate.out.find("-30.0"), std::string::npos) << rate.out;
  // hits has no built-in direction: refused until declared, then judged
  // in the declared one (a drop regresses only when higher is better).
  const auto hits = run_benchgate({"history", "changes", "--history", location_, "--metric", "hits", "--window", window});
  EXPECT_EQ(hits.exit_code, 2) << hits.out << hits.err;
  EXPECT_NE(hits.err.find("error: --metric hits: which way hits is better is not known"), std::string::npos)
      << hits.err;
  const auto hits_lower = run_benchgate({"history", "changes", "--history", location_, "--metric", "hits",
                                         "--direction", "hits=lower", "--window", window});
  EXPECT_EQ(hits_lower.exit_code, 0) << hits_lower.out << hits_lower.err;
  EXPECT_NE(hits_lower.out.find("-30.0"), std::string::npos) << hits_lower.out;
  const auto hits_higher = run_benchgate({"history", "changes", "--history", location_, "--metric", "hits",
                                          "--direction", "hits=higher", "--window", window});
  EXPECT_EQ(hits_higher.exit_code, 1) << hits_higher.out << hits_higher.err;
  EXPECT_NE(hits_higher.out.find("-30.0"), std::string::npos) << hits_higher.out;
  const auto time = run_benchgate({"history", "changes", "--history", location_, "--window", window});
  EXPECT_EQ(time.exit_code, 0) << time.out << time.err;
  EXPECT_EQ(time.out.find("-30.0"), std::string::npos) << time.out;
}

TEST_P(HistoryStores, ExportFollowsTheMetric) {
  ASSERT_EQ(add({file(0, counted_run(0, 1000, 7, 3e6))}).exit_code, 0);
  const auto r = run_benchgate({"history", "export", "--csv", "--history", location_, "--metric", "hits"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("time,commit,environment,page_iter/core/k:0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",7\n"), std::string::npos) << r.out;
}

// Google Benchmark JSON as Debian's 1.7.1 writes it: the CPU count, no CPU
// model, no compiler. Commit i's run, `ns` per iteration.
std::string google_benchmark_json(int i, int cpus, double ns) {
  return R"({"context": {"date": ")" + commit_date(i) + R"(", "num_cpus": )" + std::to_string(cpus) +
         R"(, "host_name": "h"}, "benchmarks": [{"name": "BM_x", "run_type": "iteration", "iterations": 100,
         "real_time": )" + std::to_string(ns) + R"(, "cpu_time": )" + std::to_string(ns) + R"(, "time_unit": "ns"}]})";
}

std::string this_cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "";
}

TEST_P(HistoryStores, AddMeasuredHereRecordsTheMachineGoogleBenchmarkJsonDoesNotName) {
  const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  const auto here = dir_.path() / "here.json";
  const auto plain = dir_.path() / "plain.json";
  std::ofstream(here) << google_benchmark_json(0, cpus, 5);
  std::ofstream(plain) << google_benchmark_json(1, cpus, 5);
  const auto r = run_benchgate({"history", "add", "--history", location_, here.string(), "--commit", commit_id(0),
                                "--measured-here"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("environment (machine read here): cpu="), std::string::npos) << r.out;
  ASSERT_EQ(run_benchgate({"history", "add", "--history", location_, plain.string(), "--commit", commit_id(1)}).exit_code,
            0);
  const auto h = load();
  ASSERT_EQ(h.environments.size(), 2u);
  const auto& read = h.environments[0].fingerprint;
  EXPECT_NE(read.find("; kernel=Linux "), std::string::npos) << read;
  EXPECT_NE(read.find("; read_by_history_add=cpu"), std::string::npos) << read;
  EXPECT_NE(read.find("kernel"), read.rfind("kernel")) << read;  // the field, and listed as read
  if (const auto model = this_cpu_model(); !model.empty()) {
    EXPECT_EQ(read.rfind("cpu=" + model + "; cpus=" + std::to_string(cpus) + ";", 0), 0u) << read;
  }
  // Without --measured-here the run's own fingerprint, as before.
  EXPECT_EQ(h.environments[1].fingerprint,
            "cpu=?; cpus=" + std::to_string(cpus) + "; compiler=?; flags=?; build=?; benchmark=?");
  // Results of a machine with another CPU count are refused, the store untouched.
  const auto other = dir_.path() / "other.json";
  std::ofstream(other) << google_benchmark_json(2, cpus + 1, 5);
  const auto refused = run_benchgate({"history", "add", "--history", location_, other.string(), "--commit",
                                      commit_id(2), "--measured-here"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("error: RESULTS " + other.string() + ": ran on " + std::to_string(cpus + 1) +
                             " logical CPUs, this machine has " + std::to_string(cpus)),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(load().commits.size(), 2u);
}

TEST_P(HistoryStores, ANewKernelOrCompilerReadByAddStartsANewSeries) {
  // Commits 0-3 on one kernel, 4-7 on the next, 8-11 with a new compiler;
  // the same speed throughout: environment changes, never a regression.
  history::host_machine runner{"Test CPU", 2, "Linux 6.1.0 x86_64", "c++ (Debian 12.2.0-14) 12.2.0"};
  constexpr int k_commits = 12;
  for (int i = 0; i < k_commits; ++i) {
    if (i == 4) runner.kernel = "Linux 6.12.0 x86_64";
    if (i == 8) runner.compiler = "c++ (Debian 14.2.0-19) 14.2.0";
    const auto path = dir_.path() / ("gb-" + std::to_string(i) + ".json");
    std::ofstream(path) << google_benchmark_json(i, 2, i < 4 ? 100 : 130);
    history::add_runs(location_, "--history",
                      history::read_run_records({path.string()}, {commit_id(i), std::nullopt, runner}));
  }
  const auto h = load();
  EXPECT_EQ(h.environments.size(), 3u);
  history::changes_settings settings;
  settings.recent_commits = k_commits;
  const auto report = history::find_changes(h, settings);
  EXPECT_EQ(report.series, 3u);
  ASSERT_EQ(report.environment_changes.size(), 2u);
  EXPECT_EQ(report.environment_changes[0].at.commit, commit_id(4));
  EXPECT_NE(report.environment_changes[0].to.find("kernel=Linux 6.12.0 x86_64"), std::string::npos);
  EXPECT_EQ(report.environment_changes[1].at.commit, commit_id(8));
  EXPECT_NE(report.environment_changes[1].to.find("compiler=c++ (Debian 14.2.0-19) 14.2.0"), std::string::npos);
  EXPECT_EQ(report.recent_regressions(), 0u);
}

INSTANTIATE_TEST_SUITE_P(BothStores, HistoryStores, ::testing::Values("sqlite", "postgres"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace benchgate::testing
