// `benchgate history changes` and `history export --csv` on stores of
// synthetic runs with known answers.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/history/changes.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/history/history_fixture.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::testing {
namespace {

using test_support::run_benchgate;

constexpr int k_commits = 40;
constexpr int k_step_at = 25;

class HistoryChanges : public ::testing::Test {
 protected:
  std::string store() const { return (dir_.path() / "history.db").string(); }

  // Cell 0 is 10 % slower from commit k_step_at on, cell 1 is flat, cell 2
  // has one 3x spike at commit 10. With `slower_machine_from`, runs from that
  // commit on come from another CPU, 30 % slower in every cell. Without
  // `with_step`, cell 0 has no step. `commits` runs in all.
  void fill(int slower_machine_from = k_commits, bool with_step = true, int commits = k_commits) {
    std::vector<std::string> args = {"history", "add", "--history", store()};
    for (int i = 0; i < commits; ++i) {
      std::vector<double> ns = {with_step && i >= k_step_at ? 1100.0 : 1000.0, 500, i == 10 ? 6000.0 : 2000.0};
      std::string cpu = "Test CPU";
      if (i >= slower_machine_from) {
        for (auto& x : ns) x *= 1.3;
        cpu = "Slower CPU";
      }
      args.push_back(write_run(dir_.path(), i, synthetic_run(i, ns, 0.01, 42, cpu)));
    }
    const auto r = run_benchgate(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }

  nlohmann::json changes_json(std::vector<std::string> extra, int expected_exit = 0) {
    const auto json = (dir_.path() / "changes.json").string();
    std::vector<std::string> args = {"history", "changes", "--history", store(), "--json", json};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_benchgate(args);
    EXPECT_EQ(r.exit_code, expected_exit) << r.out << r.err;
    last_out_ = r.out;
    return nlohmann::json::parse(files::read_file(json, "test"));
  }

  test_support::temp_dir dir_;
  std::string last_out_;
};

TEST(SinceTime, ADateOrAStoredCommitNamedByAPrefix) {
  history::stored_history h;
  h.commits = {{"abc123", "2026-01-01T00:00:00Z", 1000}, {"abd456", "2026-01-02T00:00:00Z", 2000}};
  EXPECT_EQ(history::since_time("abc", h), 1000);
  EXPECT_EQ(history::since_time("abd456", h), 2000);
  // A date wins over a commit: one day after the epoch.
  EXPECT_EQ(history::since_time("1970-01-02", h), 86400);
  EXPECT_THROW(history::since_time("ab", h), input_error);  // both commits
  EXPECT_THROW(history::since_time("abe", h), input_error);  // neither
}

TEST_F(HistoryChanges, FindsTheStepAtItsCommitAndNothingElse) {
  fill();
  const auto j = changes_json({});
  EXPECT_EQ(j["schema"], "benchgate.changes/1");
  EXPECT_EQ(j["commits"], k_commits);
  EXPECT_EQ(j["series"], 3);
  ASSERT_EQ(j["change_points"].size(), 1u) << j.dump(2);
  const auto& c = j["change_points"][0];
  EXPECT_EQ(c["cell"], "page_iter/core/k:0");
  EXPECT_EQ(c["case"], "page_iter");
  EXPECT_EQ(c["last_before"]["commit"], commit_id(k_step_at - 1));
  EXPECT_EQ(c["first_after"]["commit"], commit_id(k_step_at));
  EXPECT_EQ(c["first_after"]["date"], commit_date(k_step_at));
  EXPECT_EQ(c["commits_before"], k_step_at);
  EXPECT_EQ(c["commits_after"], k_commits - k_step_at);
  EXPECT_NEAR(c["mean_before_ns"].get<double>(), 1000, 10);
  EXPECT_NEAR(c["mean_after_ns"].get<double>(), 1100, 11);
  EXPECT_NEAR(c["change_pct"].get<double>(), 10, 1.5);
  EXPECT_LT(c["change_interval_pct"][0].get<double>(), c["change_pct"].get<double>());
  EXPECT_GT(c["change_interval_pct"][1].get<double>(), c["change_pct"].get<double>());
  EXPECT_LT(c["p"].get<double>(), 0.001);
  EXPECT_EQ(c["direction"], "regression");
  EXPECT_FALSE(c["recent"].get<bool>());
  EXPECT_NE(last_out_.find("page_iter/core/k:0"), std::string::npos) << last_out_;
  EXPECT_NE(last_out_.find("regression"), std::string::npos) << last_out_;
}

TEST_F(HistoryChanges, WindowExitsOneOnlyForARecentRegression) {
  fill();
  auto j = changes_json({"--window", "20"}, 1);
  EXPECT_EQ(j["recent_regressions"], 1);
  EXPECT_TRUE(j["change_points"][0]["recent"].get<bool>());
  j = changes_json({"--window", "10"}, 0);
  EXPECT_EQ(j["recent_regressions"], 0);
  EXPECT_EQ(j["recent_commits"].size(), 10u);
}

TEST_F(HistoryChanges, SelectionOptions) {
  fill();
  EXPECT_EQ(changes_json({"--filter", "k:1"})["change_points"].size(), 0u);
  EXPECT_EQ(changes_json({"--filter", "k:1"})["series"], 1);
  EXPECT_EQ(changes_json({"--case", "page_iter"})["change_points"].size(), 1u);
  EXPECT_EQ(changes_json({"--min-change", "20"})["change_points"].size(), 0u);
  // Since commit 20: 20 commits, the step still has 5 before it.
  auto j = changes_json({"--since", commit_id(20).substr(0, 10)});
  EXPECT_EQ(j["commits"], 20);
  ASSERT_EQ(j["change_points"].size(), 1u);
  EXPECT_EQ(j["change_points"][0]["commits_before"], 5);
  // Since a date after the step: no data before it.
  EXPECT_EQ(changes_json({"--since", commit_date(k_step_at)})["change_points"].size(), 0u);
  const auto bad = run_benchgate({"history", "changes", "--history", store(), "--since", "zz"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--since zz: neither an ISO 8601 date"), std::string::npos) << bad.err;
}

TEST_F(HistoryChanges, ThresholdsSayHowFarTheNextCommitMustMoveToBeReportedAtOnce) {
  fill();
  const auto j = changes_json({"--thresholds"});
  ASSERT_EQ(j["thresholds"].size(), 3u) << j.dump(2);
  // By cell: the stepped one is measured from its step on.
  const auto& stepped = j["thresholds"][0];
  EXPECT_EQ(stepped["cell"], "page_iter/core/k:0");
  EXPECT_EQ(stepped["commits"], k_commits);
  EXPECT_EQ(stepped["since"]["commit"], commit_id(k_step_at));
  EXPECT_EQ(stepped["commits_since"], k_commits - k_step_at);
  EXPECT_EQ(stepped["reference_commits"], k_commits - k_step_at);
  EXPECT_EQ(stepped["step_commits"], 1);
  EXPECT_NEAR(stepped["mean"].get<double>(), 1100, 11);
  EXPECT_TRUE(stepped["reason"].is_null());
  for (const auto& t : j["thresholds"]) {
    // Never below --min-change (1 %); in percent of the mean.
    EXPECT_GE(t["threshold_pct"].get<double>(), 1 - 1e-9) << t.dump();
    EXPECT_NEAR(t["threshold_pct"].get<double>(), 100 * t["threshold"].get<double>() / t["mean"].get<double>(), 1e-9);
  }
  // The spike at commit 10 is left out of the flat cell's reference values.
  EXPECT_EQ(j["thresholds"][2]["reference_commits"], k_commits - 1);
  EXPECT_NE(last_out_.find("thresholds (a next commit this far from the mean is reported at once"), std::string::npos)
      << last_out_;
  EXPECT_NE(last_out_.find("  page_iter/core/k:0  ±"), std::string::npos) << last_out_;
  EXPECT_EQ(changes_json({})["thresholds"].size(), 3u);  // the JSON has them without --thresholds
  EXPECT_EQ(last_out_.find("thresholds ("), std::string::npos) << last_out_;

  // The next commit: cell 0 half as far again as its threshold, cell 1 half
  // its threshold, cell 2 at its mean. Only cell 0 is reported, at once.
  std::vector<double> next;
  for (std::size_t k = 0; k < 3; ++k) {
    const auto& t = j["thresholds"][k];
    const double share = k == 0 ? 1.5 : k == 1 ? 0.5 : 0;
    next.push_back(t["mean"].get<double>() * (1 + share * t["threshold_pct"].get<double>() / 100));
  }
  const auto added = run_benchgate({"history", "add", "--history", store(),
                                    write_run(dir_.path(), k_commits, synthetic_run(k_commits, next, 0, 42))});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  const auto after = changes_json({"--window", "1"}, 1);
  ASSERT_EQ(after["change_points"].size(), 2u) << after.dump(2);
  EXPECT_EQ(after["change_points"][1]["cell"], "page_iter/core/k:0");
  EXPECT_EQ(after["change_points"][1]["first_after"]["commit"], commit_id(k_commits));
  EXPECT_TRUE(after["change_points"][1]["early"].get<bool>());
  // Until more commits follow it, the stepped series has no threshold.
  EXPECT_TRUE(after["thresholds"][0]["threshold"].is_null());
  EXPECT_NE(after["thresholds"][0]["reason"].get<std::string>().find("has 1 commit from it (fewer than 3)"),
            std::string::npos)
      << after["thresholds"][0];
}

TEST_F(HistoryChanges, ThresholdsNeedEarlyChangePoints) {
  fill();
  const auto j = changes_json({"--thresholds", "--min-tail", "3"});
  for (const auto& t : j["thresholds"]) {
    EXPECT_TRUE(t["threshold"].is_null());
    EXPECT_EQ(t["reason"], "early change points are off (--min-tail 3, --min-segment 3)");
  }
  EXPECT_NE(last_out_.find("thresholds: none, early change points are off (--min-tail 3, --min-segment 3)\n"),
            std::string::npos)
      << last_out_;
}

// The first nights of a history: one commit, then two. Every command that
// analyses the store says there is nothing yet (a store of one commit
// crashed them once: the early change points' tails were longer than the
// series).
TEST_F(HistoryChanges, AStoreOfOneOrTwoCommitsHasNoChangeAndNoThresholdYet) {
  for (const int commits : {1, 2}) {
    SCOPED_TRACE(std::to_string(commits) + " commits");
    std::filesystem::remove(store());
    fill(k_commits, true, commits);
    const auto j = changes_json({"--thresholds", "--window", "5"});
    EXPECT_EQ(j["commits"], commits);
    EXPECT_TRUE(j["change_points"].empty());
    ASSERT_EQ(j["thresholds"].size(), 3u);
    for (const auto& t : j["thresholds"]) {
      EXPECT_TRUE(t["threshold"].is_null());
      EXPECT_EQ(t["reason"], "the series has " + std::to_string(commits) + (commits == 1 ? " commit" : " commits") +
                                 " (fewer than 3)");
    }
    const std::string header = "history: " + store() + ": " + (commits == 1 ? "1 commit, " : "2 commits, ");
    EXPECT_EQ(last_out_.rfind(header, 0), 0u) << last_out_;
    const auto plot = run_benchgate({"history", "plot", "--history", store(), "--out", (dir_.path() / "plot").string()});
    EXPECT_EQ(plot.exit_code, 0) << plot.err;
    const auto results = write_run(dir_.path() / "", 99, synthetic_run(commits - 1, {1000, 500}, 0.01, 7));
    const auto report =
        run_benchgate({"report", results, "--history", store(), "--out", (dir_.path() / "report").string()});
    EXPECT_EQ(report.exit_code, 0) << report.err;
  }
}

TEST_F(HistoryChanges, AnEnvironmentChangeIsShownNotReported) {
  constexpr int k_switch = 30;
  fill(k_switch, false);
  auto j = changes_json({"--window", "10"}, 0);
  EXPECT_EQ(j["environments"], 2);
  EXPECT_EQ(j["series"], 6);
  EXPECT_EQ(j["change_points"].size(), 0u) << j.dump(2);
  EXPECT_EQ(j["recent_regressions"], 0);
  ASSERT_EQ(j["environment_changes"].size(), 1u);
  EXPECT_EQ(j["environment_changes"][0]["at"]["commit"], commit_id(k_switch));
  EXPECT_NE(j["environment_changes"][0]["to"].get<std::string>().find("Slower CPU"), std::string::npos);
  EXPECT_NE(last_out_.find("environment changes"), std::string::npos);
  // Mixed on purpose: the +30 % at the switch is a change point in every
  // cell, marked as an environment change, and still not a regression.
  j = changes_json({"--window", "10", "--any-environment"}, 0);
  ASSERT_EQ(j["change_points"].size(), 3u) << j.dump(2);
  for (const auto& c : j["change_points"]) {
    EXPECT_TRUE(c["at_environment_change"].get<bool>());
    EXPECT_TRUE(c["recent"].get<bool>());
    EXPECT_EQ(c["first_after"]["commit"], commit_id(k_switch));
  }
  EXPECT_EQ(j["recent_regressions"], 0);
}

TEST_F(HistoryChanges, AStepOnTheNewEnvironmentIsFoundInItsOwnSeries) {
  fill(20);
  const auto j = changes_json({"--window", "20"}, 1);
  ASSERT_EQ(j["change_points"].size(), 1u) << j.dump(2);
  EXPECT_EQ(j["change_points"][0]["first_after"]["commit"], commit_id(k_step_at));
  EXPECT_NE(j["change_points"][0]["environment"].get<std::string>().find("Slower CPU"), std::string::npos);
  EXPECT_EQ(j["change_points"][0]["commits_before"], k_step_at - 20);
}

TEST_F(HistoryChanges, AOneCommitSpikeIsLeftOutOfTheChangeAndSaid) {
  // Issue 51's series (ms), its seventh value 2.02 so that the drop is
  // significant: the spike at commit 5 once made it a +12.9 % regression.
  const double series_ms[] = {2.11, 2.12, 2.12, 2.11, 2.03, 3.48, 2.02, 2.03};
  constexpr double k_ns_per_ms = 1e6;
  constexpr double k_cv = 1e-9;  // the commit's samples all but equal: its median is the value above
  std::vector<std::string> args = {"history", "add", "--history", store()};
  for (int i = 0; i < static_cast<int>(std::size(series_ms)); ++i) {
    args.push_back(write_run(dir_.path(), i, synthetic_run(i, {series_ms[i] * k_ns_per_ms}, k_cv, 42)));
  }
  const auto added = run_benchgate(args);
  ASSERT_EQ(added.exit_code, 0) << added.err;
  const auto j = changes_json({"--window", "4"}, 0);
  EXPECT_EQ(j["recent_regressions"], 0);
  ASSERT_EQ(j["change_points"].size(), 1u) << j.dump(2);
  const auto& c = j["change_points"][0];
  EXPECT_EQ(c["direction"], "improvement");
  EXPECT_EQ(c["first_after"]["commit"], commit_id(4));
  EXPECT_NEAR(c["mean_after_ns"].get<double>(), (2.03 + 2.02 + 2.03) / 3 * k_ns_per_ms, 1);
  EXPECT_LT(c["change_interval_pct"][1].get<double>(), 0);  // the whole interval is a drop
  ASSERT_EQ(c["left_out"].size(), 2u) << c.dump(2);
  EXPECT_EQ(c["left_out"][0]["side"], "before");
  EXPECT_EQ(c["left_out"][1]["side"], "after");
  EXPECT_EQ(c["left_out"][1]["commit"], commit_id(5));
  EXPECT_NEAR(c["left_out"][1]["value"].get<double>(), 3.48 * k_ns_per_ms, 1);
  EXPECT_NE(last_out_.find("2 values left out of the test (each side's value farthest from its median): commit "),
            std::string::npos)
      << last_out_;
  EXPECT_NE(last_out_.find("commit " + commit_id(5).substr(0, 12) + " 3.48"), std::string::npos) << last_out_;
}

TEST_F(HistoryChanges, ExportsCsvForOtava) {
  fill();
  const auto csv = (dir_.path() / "h.csv").string();
  const auto r = run_benchgate({"history", "export", "--csv", "--history", store(), "--out", csv});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto text = files::read_file(csv, "test");
  EXPECT_EQ(text.rfind("time,commit,environment,page_iter/core/k:0,page_iter/core/k:1,page_iter/core/k:2\n", 0), 0u)
      << text.substr(0, 200);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), k_commits + 1);
  EXPECT_NE(text.find("\n" + commit_date(0) + "," + commit_id(0) + ",cpu=Test CPU; cpus=2;"), std::string::npos);
}

TEST_F(HistoryChanges, PlotsATimelinePerCaseWithChangePointsAndEnvironmentsMarked) {
  fill(30);
  const auto dir = dir_.path() / "plot";
  const auto r = run_benchgate({"history", "plot", "--history", store(), "--out", dir.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"timeline_page_iter.svg", "timeline_page_iter.png", "timeline_page_iter.gp",
                           "timeline_page_iter.dat", "index.html"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  }
  const auto script = files::read_file(dir / "timeline_page_iter.gp", "test");
  EXPECT_NE(script.find("set multiplot layout 1,3"), std::string::npos);  // one panel per cell
  EXPECT_NE(script.find("set title 'page_iter/core/k:0'"), std::string::npos);
  // The step at commit 25 (x = 25) marked between x 24 and 25, in red.
  EXPECT_NE(script.find("set arrow from first 24.5, graph 0 to first 24.5, graph 1 nohead lw 2 lc rgb '#d73027'"),
            std::string::npos)
      << script;
  // Commits 30..39 come from another CPU: shaded.
  EXPECT_NE(script.find("rect from first 29.5, graph 0 to first 39.5, graph 1 behind"), std::string::npos) << script;
  const auto data = files::read_file(dir / "timeline_page_iter.dat", "test");
  EXPECT_EQ(std::count(data.begin(), data.end(), '\n'), 1 + 3 * (1 + k_commits + 2));
  const auto page = files::read_file(dir / "index.html", "test");
  EXPECT_NE(page.find("<img src=\"timeline_page_iter.svg\""), std::string::npos);
  EXPECT_NE(page.find("<td>page_iter/core/k:0</td>"), std::string::npos);
  EXPECT_NE(page.find("Environment changes"), std::string::npos);
}

TEST_F(HistoryChanges, ReportShowsTheHistoryOfTheRunsCellsOnly) {
  fill();
  // The latest run, of two of the three stored cells.
  const auto results = write_run(dir_.path() / "", 99, synthetic_run(k_commits - 1, {1100, 500}, 0.01, 7));
  const auto dir = dir_.path() / "report";
  const auto r = run_benchgate({"report", results, "--history", store(), "--out", dir.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("history: " + store() + ": 40 commits with RESULTS' cells, 1 change point\n"),
            std::string::npos)
      << r.out;
  const auto page = files::read_file(dir / "index.html", "test");
  EXPECT_NE(page.find("<a href=\"#history\">history</a>"), std::string::npos);
  EXPECT_NE(page.find("<h2 id=\"history\">History: " + store() + "</h2>"), std::string::npos);
  EXPECT_NE(page.find("<td>page_iter/core/k:0</td><td>" + commit_id(k_step_at - 1).substr(0, 12) + "</td>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<h3>Next-commit thresholds (2 series)</h3>"), std::string::npos) << page;
  EXPECT_NE(page.find("<tr><td>page_iter/core/k:0</td><td>±"), std::string::npos) << page;
  EXPECT_NE(page.find("<img src=\"charts/timeline_page_iter.svg\""), std::string::npos);
  const auto script = files::read_file(dir / "charts" / "timeline_page_iter.gp", "test");
  EXPECT_NE(script.find("set multiplot layout 1,2"), std::string::npos) << script;  // k:2 is not in RESULTS
  EXPECT_EQ(script.find("page_iter/core/k:2"), std::string::npos);

  const auto missing = run_benchgate(
      {"report", results, "--history", (dir_.path() / "none.db").string(), "--out", (dir_.path() / "r2").string()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("error: --history " + (dir_.path() / "none.db").string()), std::string::npos)
      << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.path() / "r2" / "index.html"));
}

TEST_F(HistoryChanges, BadUsage) {
  auto r = run_benchgate({"history", "changes", "--history", store()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no history store there"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(store()));
  r = run_benchgate({"history"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_benchgate({"history", "frobnicate"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown verb"), std::string::npos);
  r = run_benchgate({"history", "add", "x.json", "--alpha", "0.1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--alpha does not apply"), std::string::npos) << r.err;
  r = run_benchgate({"history", "changes", "--alpha", "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(run_benchgate({"history", "--help"}).exit_code, 0);
}

}  // namespace
}  // namespace benchgate::testing
