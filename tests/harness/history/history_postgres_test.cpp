// The PostgreSQL store's faults, against real servers: a refused login, an
// unreachable host, and the server killed during an add. Each ends in
// `error: ...` naming the store without its password, exit 2, and a store
// that holds each add whole or not at all.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "harness/history/store.hpp"
#include "tests/harness/history/history_fixture.hpp"
#include "tests/harness/history/postgres_test_server.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::testing {
namespace {

using test_support::run_benchgate;

// The role postgres_test_server gives a password, and that password.
constexpr const char* k_password_role = "benchgate_pw";
constexpr const char* k_right_password = "benchgate-test-password";

// Sets an environment variable for the processes this test starts, and
// restores it after.
class scoped_env {
 public:
  scoped_env(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~scoped_env() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  scoped_env(const scoped_env&) = delete;
  scoped_env& operator=(const scoped_env&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class HistoryPostgres : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = postgres_server::shared();
    if (!server_.skip_reason.empty()) GTEST_SKIP() << k_postgres_skip_mark << ": " << server_.skip_reason;
  }
  std::string run_file(int i) { return write_run(dir_.path(), i, synthetic_run(i, {1000, 2000}, 0.01, 1)); }
  std::string password_url(const std::string& password) const {
    return "postgresql://" + std::string(k_password_role) + (password.empty() ? "" : ":" + password) + "@/" +
           k_password_role + "?host=" + server_.dir;
  }

  test_support::temp_dir dir_;
  postgres_server server_;
};

TEST_F(HistoryPostgres, AWrongPasswordIsRefusedWithoutPrintingIt) {
  const auto r = run_benchgate({"history", "add", "--history", password_url("not-the-password"), run_file(0)});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.find("error: --history postgresql://benchgate_pw:***@/benchgate_pw?host="), 0u) << r.err;
  EXPECT_NE(r.err.find("password authentication failed"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not-the-password"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("not-the-password"), std::string::npos) << r.out;
}

TEST_F(HistoryPostgres, ThePasswordComesFromTheUrlOrPgpasswordAndIsNeverPrinted) {
  const auto in_url = run_benchgate({"history", "add", "--history", password_url(k_right_password), run_file(0)});
  EXPECT_EQ(in_url.exit_code, 0) << in_url.err;
  EXPECT_EQ(in_url.out.find(k_right_password), std::string::npos) << in_url.out;
  EXPECT_NE(in_url.out.find("history: postgresql://benchgate_pw:***@/"), std::string::npos) << in_url.out;
  const scoped_env password("PGPASSWORD", k_right_password);
  const auto from_env = run_benchgate({"history", "add", "--history", password_url(""), run_file(1)});
  EXPECT_EQ(from_env.exit_code, 0) << from_env.err;
  EXPECT_EQ(history::load_history(password_url(k_right_password), "--history", "real_time").runs, 2);
}

// libpq's keyword=value form reaches the same store as the URL: it became
// a local SQLite file named after the string. Read, not added to: the other
// tests of this role's database count their runs, and may run at once.
TEST_F(HistoryPostgres, AConnectionStringIsAStoreAndItsPasswordIsNeverPrinted) {
  const auto conninfo = "host=" + server_.dir + " user=" + k_password_role + " password='" + k_right_password +
                        "' dbname=" + k_password_role;
  const auto r = run_benchgate({"history", "changes", "--history", conninfo});
  // The store is there or not yet, as the other tests ran: either way the
  // server answered, which a wrong password or a file path would not give.
  if (r.exit_code != 0) {
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("password=*** dbname=" + std::string(k_password_role) +
                         ": no history store there (expected the schema benchgate"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(r.out.find(k_right_password), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find(k_right_password), std::string::npos) << r.err;
  const auto wrong = run_benchgate({"history", "changes", "--history",
                                    "host=" + server_.dir + " user=" + k_password_role +
                                        " password=not-the-password dbname=" + k_password_role});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("password authentication failed"), std::string::npos) << wrong.err;
  EXPECT_EQ(wrong.err.find("not-the-password"), std::string::npos) << wrong.err;
  EXPECT_FALSE(std::filesystem::exists(conninfo));
}

// A schema benchgate of another program (or one whose store_info was
// dropped) made every add fail three times as 'collided with other adders',
// and readers say no store is there; a store_info of version 1, which no
// PostgreSQL store had, was taken for a store.
TEST_F(HistoryPostgres, AForeignSchemaOrAnOldVersionIsNamed) {
  const auto foreign = fresh_database(server_, "history_foreign");
  pg_query_int(foreign, "CREATE SCHEMA benchgate; CREATE TABLE benchgate.runs(x int)");
  for (const auto* verb : {"add", "changes"}) {
    std::vector<std::string> args = {"history", verb, "--history", foreign};
    if (std::string(verb) == "add") args.push_back(run_file(0));
    const auto r = run_benchgate(args);
    EXPECT_EQ(r.exit_code, 2) << verb;
    EXPECT_NE(r.err.find(": the schema benchgate is there but holds no table store_info, so it is not a benchgate "
                         "history store"),
              std::string::npos)
        << verb << ": " << r.err;
  }
  const auto old = fresh_database(server_, "history_v1");
  ASSERT_EQ(run_benchgate({"history", "add", "--history", old, run_file(0)}).exit_code, 0);
  pg_query_int(old, "UPDATE benchgate.store_info SET schema_version = 1");
  const auto r = run_benchgate({"history", "add", "--history", old, run_file(1)});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("schema version 1, which no PostgreSQL store of benchgate has had; expected version 2"),
            std::string::npos)
      << r.err;
}

TEST_F(HistoryPostgres, AnUnreachableHostFailsQuicklyNamingTheStore) {
  // Port 1 on the loopback: nothing listens, the connection is refused.
  const auto refused = run_benchgate({"history", "changes", "--history", "postgresql://bench:secret@127.0.0.1:1/db"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err.find("error: --history postgresql://bench:***@127.0.0.1:1/db: cannot connect: "), 0u)
      << refused.err;
  EXPECT_EQ(refused.err.find("secret"), std::string::npos) << refused.err;
  // An address no server should answer (TEST-NET-1, RFC 5737): refused by
  // the network, or given up after the URL's connect_timeout.
  const scoped_env store("BENCHGATE_HISTORY", "postgresql://bench@192.0.2.1/db?connect_timeout=1");
  const auto silent = run_benchgate({"history", "add", run_file(0)});
  EXPECT_EQ(silent.exit_code, 2);
  EXPECT_EQ(silent.err.find("error: BENCHGATE_HISTORY postgresql://bench@192.0.2.1/db?connect_timeout=1: cannot "
                            "connect: "),
            0u)
      << silent.err;
}

TEST_F(HistoryPostgres, AMissingStoreIsNamedNotCreatedByAReader) {
  const auto url = fresh_database(server_, "history_missing");
  const auto r = run_benchgate({"history", "export", "--csv", "--history", url});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no history store there"), std::string::npos) << r.err;
  EXPECT_EQ(pg_query_int(url, "SELECT count(*) FROM pg_namespace WHERE nspname = 'benchgate'"), 0);
}

// The server is stopped as by a crash (pg_ctl stop -m immediate) while an
// add of 100 runs is inside its transaction, its runs and points inserted:
// the test holds a lock on the samples table, so the add waits at its last
// step until the kill. The adder fails with exit 2 naming the store; after
// a restart the store holds none of that add, and takes the next one.
TEST_F(HistoryPostgres, AServerKilledDuringAnAddKeepsNoPartOfIt) {
  // A server of its own: killing the fixture's would fail the tests beside.
  const auto state = (dir_.path() / "server.state").string();
  ASSERT_EQ(std::system((server_script() + " start " + state + " >/dev/null").c_str()), 0);
  const auto own = postgres_server::from_state(state);
  struct stop_at_end {
    const postgres_server& s;
    ~stop_at_end() { s.script("stop"); }
  } stop{own};
  ASSERT_TRUE(own.skip_reason.empty()) << own.skip_reason;
  const auto url = fresh_database(own, "history_kill");

  constexpr int k_cells = 20;
  constexpr int k_runs = 100;
  constexpr int k_samples = 5;  // synthetic_run's
  const std::vector<double> ns(k_cells, 1000);
  ASSERT_EQ(run_benchgate({"history", "add", "--history", url, write_run(dir_.path(), 0, synthetic_run(0, ns, 0.01, 3))})
                .exit_code,
            0);
  std::vector<std::string> args = {"history", "add", "--history", url};
  for (int i = 1; i <= k_runs; ++i) args.push_back(write_run(dir_.path(), i, synthetic_run(i, ns, 0.01, 3)));

  PGconn* holder = PQconnectdb(url.c_str());
  ASSERT_EQ(PQstatus(holder), CONNECTION_OK) << PQerrorMessage(holder);
  PQclear(PQexec(holder, "BEGIN"));
  PGresult* locked = PQexec(holder, "LOCK TABLE benchgate.samples IN SHARE MODE");
  EXPECT_EQ(PQresultStatus(locked), PGRES_COMMAND_OK) << PQresultErrorMessage(locked);
  PQclear(locked);

  test_support::running_benchgate adder(args);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool waiting = false;
  while (!waiting && std::chrono::steady_clock::now() < deadline) {
    waiting = pg_query_int(own.url("postgres"),
                           "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'benchgate' "
                           "AND wait_event_type = 'Lock'") > 0;
    if (!waiting) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(waiting) << "the add never reached the locked samples table";
  EXPECT_GT(pg_query_int(own.url("postgres"), "SELECT count(*) FROM pg_stat_activity WHERE "
                                              "application_name = 'benchgate' AND xact_start IS NOT NULL"),
            0);
  ASSERT_TRUE(own.script("kill"));
  PQfinish(holder);
  const auto r = adder.wait();
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find("error: --history postgresql://postgres@/history_kill_"), 0u) << r.err;
  EXPECT_NE(r.err.find("(the connection to the server was lost)"), std::string::npos) << r.err;

  ASSERT_TRUE(own.script("restart"));
  const auto h = history::load_history(url, "--history", "real_time");
  EXPECT_EQ(h.runs, 1);
  EXPECT_EQ(h.points.size(), static_cast<std::size_t>(k_cells));
  EXPECT_EQ(pg_query_int(url, "SELECT count(*) FROM benchgate.points"), 2 * k_cells);  // real and CPU time
  EXPECT_EQ(pg_query_int(url, "SELECT count(*) FROM benchgate.samples"), k_cells * k_samples);
  // The store takes the same add again, whole.
  const auto again = run_benchgate(args);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(history::load_history(url, "--history", "real_time").runs, 1 + k_runs);
  EXPECT_EQ(pg_query_int(url, "SELECT count(*) FROM benchgate.samples"), (1 + k_runs) * k_cells * k_samples);
}

}  // namespace
}  // namespace benchgate::testing
