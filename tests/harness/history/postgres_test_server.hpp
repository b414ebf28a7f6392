#pragma once
// The PostgreSQL server the history store tests run against, started by
// tests/harness/history/postgres_test_server (a CTest fixture, or a test of
// its own), and a plain libpq client to look into it.

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

#include "tests/support/cli.hpp"

namespace benchgate::testing {

// Marks a skipped PostgreSQL test in its output; CTest's
// SKIP_REGULAR_EXPRESSION reports such a test as skipped, not passed.
inline constexpr const char* k_postgres_skip_mark = "benchgate-postgres-skipped";

inline std::string server_script() {
  return test_support::source_dir() + "/tests/harness/history/postgres_test_server";
}

inline std::string state_value(const std::string& state_file, const std::string& key) {
  std::ifstream in(state_file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key + "=", 0) == 0) return line.substr(key.size() + 1);
  }
  return "";
}

// One server, described by the state file its script wrote.
struct postgres_server {
  std::string state_file;
  std::string skip_reason;  // non-empty: no server on this machine
  std::string dir;          // its socket folder

  static postgres_server from_state(const std::string& state_file) {
    postgres_server s{state_file, "", ""};
    std::ifstream probe(state_file);
    if (!probe) {
      s.skip_reason = "no server state file " + state_file + " (the CTest fixture history_postgres_start did not run)";
      return s;
    }
    s.skip_reason = state_value(state_file, "skip");
    s.dir = state_value(state_file, "dir");
    return s;
  }
  // The fixture's server (BENCHGATE_TEST_POSTGRES_STATE, set by CTest).
  static postgres_server shared() {
    const char* state = std::getenv("BENCHGATE_TEST_POSTGRES_STATE");
    if (state == nullptr) {
      postgres_server s;
      s.skip_reason = "BENCHGATE_TEST_POSTGRES_STATE is not set (run the test through ctest)";
      return s;
    }
    return from_state(state);
  }

  // A URL of database `db` as the superuser over the Unix socket.
  std::string url(const std::string& db) const { return "postgresql://postgres@/" + db + "?host=" + dir; }
  // Runs `action` (kill, restart, stop) of the script; true on success.
  bool script(const std::string& action) const {
    return std::system((server_script() + " " + action + " " + state_file + " >/dev/null").c_str()) == 0;
  }
};

// Runs `sql` on `url`; the first column of the first row (-1 on failure,
// with the server's message as a test failure).
inline long long pg_query_int(const std::string& url, const std::string& sql) {
  PGconn* c = PQconnectdb(url.c_str());
  long long value = -1;
  if (PQstatus(c) != CONNECTION_OK) {
    ADD_FAILURE() << url << ": " << PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    const auto status = PQresultStatus(r);
    if (status == PGRES_TUPLES_OK && PQntuples(r) > 0) {
      value = std::atoll(PQgetvalue(r, 0, 0));
    } else if (status != PGRES_COMMAND_OK) {
      ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r);
    }
    PQclear(r);
  }
  PQfinish(c);
  return value;
}

// A new, empty database on `server` for one test; its URL.
inline std::string fresh_database(const postgres_server& server, const std::string& prefix) {
  static std::atomic<int> counter{0};
  const auto name = prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  pg_query_int(server.url("postgres"), "CREATE DATABASE " + name);
  return server.url(name);
}

}  // namespace benchgate::testing
