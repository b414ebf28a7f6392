// `benchgate history import`: a CSV of series (export's own output by
// default, Otava's layout with named columns) and lists of result files; the
// CSV reader's and the importer's errors; all or nothing.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "harness/history/csv_import.hpp"
#include "harness/history/csv_table.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/history/history_fixture.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::testing {
namespace {

using test_support::run_benchgate;

constexpr int k_import_commits = 12;

class HistoryImport : public ::testing::Test {
 protected:
  std::string path(const std::string& name) const { return (dir_.path() / name).string(); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
  }
  // A store of k_import_commits runs of 2 cells; the second cell misses commit 3.
  void fill(const std::string& store) const {
    std::vector<std::string> args = {"history", "add", "--history", store};
    for (int i = 0; i < k_import_commits; ++i) {
      auto run = synthetic_run(i, {1000, 2000}, 0.01, 3);
      if (i == 3) run.cells.pop_back();
      args.push_back(write_run(dir_.path(), i, run));
    }
    const auto r = run_benchgate(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  std::string exported(const std::string& store) const {
    const auto r = run_benchgate({"history", "export", "--csv", "--history", store});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  }
  // Runs an import expected to fail with exit 2 and `message` in stderr,
  // leaving no store.
  void refused(const std::vector<std::string>& args, const std::string& message) const {
    std::vector<std::string> all = {"history", "import", "--history", path("refused.db")};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = run_benchgate(all);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(path("refused.db")));
  }

  test_support::temp_dir dir_;
};

TEST(CsvTable, QuotedFieldsCrlfAndBlankLines) {
  const auto rows = history::read_csv("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\n1,\"two\nlines\",3\n", "t.csv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].line, 1u);
  EXPECT_EQ(rows[0].fields, (std::vector<std::string>{"a", "b,c", "say \"hi\""}));
  EXPECT_EQ(rows[1].line, 3u);
  EXPECT_EQ(rows[1].fields, (std::vector<std::string>{"1", "two\nlines", "3"}));
  EXPECT_EQ(history::read_csv("x,,\n", "t.csv")[0].fields, (std::vector<std::string>{"x", "", ""}));
}

TEST(CsvTable, UnclosedQuoteAndTextAfterAQuoteNameTheLine) {
  try {
    history::read_csv("a,b\n1,\"2\n", "t.csv");
    FAIL() << "no error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "t.csv:2: a quoted field is never closed");
  }
  try {
    history::read_csv("a,b\n\"1\"x,2\n", "t.csv");
    FAIL() << "no error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("t.csv:2: text after a closing quote"), std::string::npos) << e.what();
  }
}

TEST(Fingerprint, TextReadsBackAsTheSameFingerprint) {
  history::fingerprint f;
  f.cpu_model = "AMD EPYC; 7B13";
  f.logical_cpus = 2;
  f.compiler_flags = "-O3 -DNDEBUG";
  const auto back = history::parse_fingerprint(f.text());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->text(), f.text());
  EXPECT_EQ(back->logical_cpus, 2);
  EXPECT_FALSE(back->compiler);
  EXPECT_FALSE(history::parse_fingerprint("linux-x86"));
  EXPECT_FALSE(history::parse_fingerprint("cpu=x; cpus=zero; compiler=?; flags=?; build=?; benchmark=?"));
}

TEST_F(HistoryImport, ExportThenImportRoundTrips) {
  fill(path("a.db"));
  const auto csv = exported(path("a.db"));
  write("a.csv", csv);
  const auto r = run_benchgate({"history", "import", "--csv", path("a.csv"), "--history", path("b.db")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("12 runs, 23 cell values"), std::string::npos) << r.out;
  EXPECT_EQ(exported(path("b.db")), csv);
  // The same import again is refused whole: every row is already there.
  const auto again = run_benchgate({"history", "import", "--csv", path("a.csv"), "--history", path("b.db")});
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_NE(again.err.find("already in"), std::string::npos) << again.err;
  EXPECT_EQ(exported(path("b.db")), csv);
}

TEST_F(HistoryImport, AnImportedStepIsFoundByChanges) {
  std::string csv = "time,commit,environment,bench/a,bench/b\n";
  for (int i = 0; i < k_import_commits; ++i) {
    csv += commit_date(i) + "," + commit_id(i) + ",cpu=X; cpus=2; compiler=?; flags=?; build=?; benchmark=?," +
           (i >= 6 ? "1200" : (i % 2 != 0 ? "1001" : "999")) + "," + (i % 2 != 0 ? "501" : "499") + "\n";
  }
  write("s.csv", csv);
  ASSERT_EQ(run_benchgate({"history", "import", "--csv", path("s.csv"), "--history", path("s.db")}).exit_code, 0);
  const auto r = run_benchgate({"history", "changes", "--history", path("s.db")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("change points (alpha 0.001, min change 1 %, min segment 3 commits): 1\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("bench/a  " + commit_id(5).substr(0, 12) + " -> " + commit_id(6).substr(0, 12)),
            std::string::npos)
      << r.out;
}

TEST_F(HistoryImport, AStepInTheLastCommitIsReportedEarlyAndAStepFromZeroInNanoseconds) {
  // bench/late: flat, then +30 % in the last commit; bench/zero: 0 ns, then 5 ns from commit 4.
  const std::vector<double> late = {1000, 1010, 990, 1000, 1020, 980, 1000, 1300};
  std::string csv = "time,commit,bench/late,bench/zero\n";
  for (int i = 0; i < 8; ++i) {
    csv += commit_date(i) + "," + commit_id(i) + "," + std::to_string(late[static_cast<std::size_t>(i)]) + "," +
           (i >= 4 ? "5" : "0") + "\n";
  }
  write("late.csv", csv);
  ASSERT_EQ(run_benchgate({"history", "import", "--csv", path("late.csv"), "--history", path("late.db")}).exit_code, 0);
  const auto r = run_benchgate({"history", "changes", "--history", path("late.db"), "--window", "1", "--json",
                                path("late.json")});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // the step in the last commit fails the nightly job
  EXPECT_NE(r.out.find("bench/late  " + commit_id(6).substr(0, 12) + " -> " + commit_id(7).substr(0, 12)),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("      early: 1 commit after it (fewer than 3), so the interval is wide; the next commits "
                       "confirm or drop it\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0.0000 ns -> 5.0000 ns  +5.0000 ns [+5.0000 ns, +5.0000 ns]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("+0.0000%"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(files::read_file(path("late.json"), "test"));
  ASSERT_EQ(j["change_points"].size(), 2u) << j.dump(1);
  const auto& l = j["change_points"][0];
  EXPECT_EQ(l["cell"], "bench/late");
  EXPECT_EQ(l["early"], true);
  EXPECT_EQ(l["commits_after"], 1);
  EXPECT_EQ(l["recent"], true);
  EXPECT_NEAR(l["change_ns"].get<double>(), 300, 1e-9);
  // The interval of a 1-commit step is the prediction interval: wide.
  const double low = l["change_interval_pct"][0].get<double>();
  const double high = l["change_interval_pct"][1].get<double>();
  EXPECT_GT(high - low, 5) << l.dump();
  const auto& z = j["change_points"][1];
  EXPECT_EQ(z["cell"], "bench/zero");
  EXPECT_TRUE(z["change_pct"].is_null());
  EXPECT_EQ(z["change_ns"], 5.0);
  EXPECT_EQ(j["recent_regressions"], 1);
}

TEST_F(HistoryImport, OtavaLayoutWithNamedColumnsAndEpochSeconds) {
  write("o.csv",
        "ts,hash,branch,parse_ns,render_ns\n"
        "1767225600,aaaa1111,main,10,1\n"
        "1767229200,bbbb2222,main,,2\n"
        "1767232800,cccc3333,main,12.5,3\n");
  const auto r = run_benchgate({"history", "import", "--csv", path("o.csv"), "--time-column", "ts", "--commit-column",
                                "hash", "--attribute", "branch", "--history", path("o.db")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 runs, 5 cell values"), std::string::npos) << r.out;
  const auto csv = exported(path("o.db"));
  EXPECT_NE(csv.find("time,commit,environment,parse_ns,render_ns\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("2026-01-01T00:00:00Z,aaaa1111,cpu=?; cpus=?; compiler=?; flags=?; build=?; benchmark=?,10,1\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("2026-01-01T01:00:00Z,bbbb2222,cpu=?; cpus=?; compiler=?; flags=?; build=?; benchmark=?,,2\n"),
            std::string::npos)
      << csv;
}

TEST_F(HistoryImport, BadCsvNamesFileLineAndColumnAndAddsNothing) {
  const std::string header = "time,commit,bench/a\n";
  write("time.csv", header + "2026-01-01,abcd1234,5\nyesterday,abcd1235,6\n");
  refused({"--csv", path("time.csv")}, path("time.csv") + ":3: column time: 'yesterday': expected an ISO 8601 date");
  write("value.csv", header + "2026-01-01,abcd1234,fast\n");
  refused({"--csv", path("value.csv")}, path("value.csv") + ":2: column bench/a: 'fast': expected a number >= 0");
  write("negative.csv", header + "2026-01-01,abcd1234,-1\n");
  refused({"--csv", path("negative.csv")}, ":2: column bench/a: '-1': expected a number >= 0");
  write("commit.csv", header + "2026-01-01,v1.2,5\n");
  refused({"--csv", path("commit.csv")}, ":2: column commit: 'v1.2': expected a hexadecimal git commit id");
  // Two rows of one commit may be two runs of it, but not on two dates.
  write("dates.csv", header + "2026-01-01,abcd1234,5\n2026-01-02,ABCD1234,6\n");
  refused({"--csv", path("dates.csv")}, path("dates.csv") + ":3: column time: '2026-01-02': commit abcd1234 is dated "
                                        "2026-01-01T00:00:00Z on line 2; expected one date per commit");
  write("fields.csv", header + "2026-01-01,abcd1234\n");
  refused({"--csv", path("fields.csv")}, ":2: 2 fields; expected 3 as in the header");
  write("nocommit.csv", "time,bench/a\n2026-01-01,5\n");
  refused({"--csv", path("nocommit.csv")}, ":1: no column 'commit' in the header; name the commit column with --commit-column");
  write("env.csv", "time,commit,environment,bench/a\n2026-01-01,abcd1234,linux,5\n");
  refused({"--csv", path("env.csv")}, ":2: column environment: 'linux': expected a fingerprint");
  write("empty.csv", "");
  refused({"--csv", path("empty.csv")}, path("empty.csv") + ": empty; expected a header line");
  write("novalue.csv", header + "2026-01-01,abcd1234,\n");
  refused({"--csv", path("novalue.csv")}, path("novalue.csv") + ":2: no value in any metric column");
  write("quote.csv", header + "2026-01-01,\"abcd1234,5\n");
  refused({"--csv", path("quote.csv")}, ":2: a quoted field is never closed");
  refused({"--csv", path("missing.csv")}, "missing.csv");
}

TEST_F(HistoryImport, ABadRowLateInTheFileLeavesAnExistingStoreAsItWas) {
  fill(path("a.db"));
  const auto before = exported(path("a.db"));
  write("late.csv", "time,commit,bench/a\n2027-01-01,abcd1234,5\n2027-01-02,abcd1235,oops\n");
  const auto r = run_benchgate({"history", "import", "--csv", path("late.csv"), "--history", path("a.db")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(exported(path("a.db")), before);
}

TEST_F(HistoryImport, AListOfResultFilesWithCommitsAndDates) {
  std::string list;
  for (int i = 0; i < 4; ++i) {
    auto run = synthetic_run(i, {1000}, 0.01, 5);
    run.env.git_commit.reset();
    const auto file = write_run(dir_.path(), i, run);
    // Relative to the list's folder; the date from the list.
    list += std::filesystem::path(file).filename().string() + "," + commit_id(100 + i) + "," + commit_date(50 + i) + "\n";
  }
  write("runs.txt", list);
  const auto r = run_benchgate({"history", "import", "--list", path("runs.txt"), "--history", path("l.db")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4 runs, 4 cell values"), std::string::npos) << r.out;
  const auto csv = exported(path("l.db"));
  EXPECT_NE(csv.find("\n" + commit_date(53) + "," + commit_id(103) + ","), std::string::npos) << csv;

  write("bad.txt", list + "run-0.json,notacommit,\n");
  refused({"--list", path("bad.txt")}, path("bad.txt") + ":5: ");
  write("short.txt", "run-0.json\n");
  refused({"--list", path("short.txt")}, path("short.txt") + ":1: 1 fields; expected path,commit,date");
  write("nofile.txt", "nothere.json,abcd1234,2026-01-01\n");
  refused({"--list", path("nofile.txt")}, path("nofile.txt") + ":1: ");
}

TEST_F(HistoryImport, Usage) {
  refused({}, "expected --csv FILE or --list FILE");
  refused({"--csv", "--list", "a"}, "expected --csv FILE or --list FILE");
  refused({"--csv", "a", "b"}, "expected --csv FILE or --list FILE");
  refused({"--list", "a", "--time-column", "t"}, "--time-column t: only means something with --csv");
  refused({"--csv", "a", "--alpha", "0.1"}, "--alpha does not apply");
  const auto r = run_benchgate({"history", "changes", "--time-column", "t"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--time-column does not apply"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace benchgate::testing
