#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "harness/charts/chart_set.hpp"
#include "harness/charts/renderer.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/html/report_page.hpp"
#include "tests/harness/charts/demo_run.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::html {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

struct page_fixture {
  results::loaded_results run{charts::testing::demo_run(), results::results_schema};
  std::optional<compare::diff> variants = charts::variants_diff_for_charts(run, "demo.json");
  std::vector<charts::chart> charts = [this] {
    auto out = charts::results_charts(run.results, &*variants, {});
    for (auto& c : charts::diff_charts(*variants, {&run.results, &run.results}, std::nullopt)) out.push_back(c);
    return out;
  }();

  page_input input() const {
    page_input in;
    in.run = &run.results;
    in.results_label = "RESULTS demo <1>.json";
    in.comparison = &*variants;
    in.comparison_label = "variants";
    in.charts = &charts;
    in.charts_folder = "charts";
    return in;
  }
};

TEST(ReportPage, HasTheSummaryChartsTablesEnvironmentAndSettings) {
  const page_fixture f;
  const auto page = report_page(f.input());
  EXPECT_THAT(page, HasSubstr("<title>benchgate report</title>"));
  // 12 compared cells (core and peer at 6 points), all improved.
  EXPECT_THAT(page, HasSubstr("<tr><td>12</td><td>12</td><td>0</td><td>0</td><td>0</td><td>"));
  EXPECT_THAT(page, HasSubstr("<img src=\"charts/change.svg\""));
  EXPECT_THAT(page, HasSubstr("<img src=\"charts/grid_demo.svg\""));
  EXPECT_THAT(page, HasSubstr("<img src=\"charts/speedup_demo.svg\""));
  EXPECT_THAT(page, HasSubstr("<h2 id=\"case_demo\">Case demo</h2>"));
  EXPECT_THAT(page, HasSubstr("<th>kind</th><th>size</th><th>mean time [95% CI]</th>"));
  EXPECT_THAT(page, HasSubstr("<td class=\"verdict v-improved\">improved</td>"));
  EXPECT_THAT(page, HasSubstr("<a href=\"charts/dist_demo-core-kind-a-size-8.svg\">samples</a>"));
  EXPECT_THAT(page, HasSubstr("header_bytes = 16 B"));
  EXPECT_THAT(page, HasSubstr("base of the comparison"));
  EXPECT_THAT(page, HasSubstr("Test CPU &lt;&amp;&gt;"));  // escaped
  EXPECT_THAT(page, HasSubstr("RESULTS demo &lt;1&gt;.json"));
  EXPECT_THAT(page, HasSubstr("<th class=\"text\">bootstrap resamples</th><td class=\"text\">10000</td>"));
  EXPECT_THAT(page, Not(HasSubstr("<script")));
  EXPECT_THAT(page, Not(HasSubstr("src=\"http")));
  EXPECT_THAT(page, Not(HasSubstr("href=\"http")));
  EXPECT_THAT(page, HasSubstr("</td><td>&lt; 0.0001</td><td class=\"verdict v-improved\">"));
}

TEST(ReportPage, OpensWithAPerCaseSummaryAndPutsEveryCellsChartAfterTheCases) {
  const page_fixture f;
  const auto page = report_page(f.input());
  EXPECT_THAT(page, HasSubstr("<th>geometric-mean change</th><th>geometric-mean speed-up</th>"));
  // Core and peer at 6 points each, all improved.
  for (const char* group : {"demo / core", "demo / peer"}) {
    EXPECT_THAT(page, HasSubstr(std::string("<tr><td class=\"text\">") + group +
                                "</td><td>6</td><td>6</td><td>0</td><td>0</td><td>0</td><td>-"));
  }
  const auto summary = page.find("demo / core");
  const auto first_case = page.find("<h2 id=\"case_demo\">");
  const auto last_case = page.find("<h2 id=\"case_other\">");
  const auto all_cells = page.find("<h2 id=\"all-cells\">Every compared cell</h2>");
  const auto change_chart = page.find("<img src=\"charts/change.svg\"");
  ASSERT_NE(all_cells, std::string::npos);
  EXPECT_LT(summary, first_case);
  EXPECT_LT(last_case, all_cells);
  EXPECT_LT(all_cells, change_chart);
  EXPECT_THAT(page, HasSubstr("<a href=\"#all-cells\">every compared cell</a>"));
}

TEST(ReportPage, WithoutComparisonOrChartsItStillRenders) {
  const page_fixture f;
  auto in = f.input();
  in.comparison = nullptr;
  in.charts = nullptr;
  const auto page = report_page(in);
  EXPECT_THAT(page, HasSubstr("No comparison"));
  EXPECT_THAT(page, Not(HasSubstr("<img")));
  EXPECT_THAT(page, HasSubstr("<h2 id=\"case_other\">Case other</h2>"));
}

TEST(ReportPage, ReportsACounterByNameWithItsUnitAndDirection) {
  page_fixture f;
  // Every cell of case demo counts hits (7 per iteration), but its first.
  bool first = true;
  for (auto& c : f.run.results.cells) {
    if (c.case_name != "demo") continue;
    if (first) {
      first = false;
      continue;
    }
    for (auto& s : c.samples) s.counters.emplace_back("hits", 7);
  }
  auto in = f.input();
  in.comparison = nullptr;
  in.estimates.metric = compare::time_metric::counter_named("hits");
  in.metric_direction = results::better::higher;
  const auto page = report_page(in);
  EXPECT_THAT(page, HasSubstr("<th>mean hits, higher is better [95% CI]</th>"));
  EXPECT_THAT(page, Not(HasSubstr("<th>mean time")));
  EXPECT_THAT(page, HasSubstr("no value of hits</td>"));
  // A count, not a duration, and no throughput from it.
  EXPECT_THAT(page, HasSubstr("<td>7.0000 [7.0000, 7.0000]</td><td></td>"));
  // A rate names its unit; with no direction known, none is claimed.
  in.estimates.metric = compare::time_metric::counter_named("items_per_second");
  in.metric_direction.reset();
  const auto rate = report_page(in);
  EXPECT_THAT(rate, HasSubstr("<th>mean items_per_second (/s) [95% CI]</th>"));
  EXPECT_THAT(rate, HasSubstr("no value of items_per_second</td>"));
}

TEST(ReportPage, IsWellFormedAndLinksOnlyLocalFilesThatExist) {
  const page_fixture f;
  test_support::temp_dir dir;
  charts::render_charts(dir.path() / "charts", f.charts, "--out");
  files::write_atomically(dir.path() / "index.html", report_page(f.input()), "test");
  const auto command = "python3 '" + test_support::source_dir() + "/tests/harness/html/check_page.py' '" +
                       (dir.path() / "index.html").string() + "' >'" + (dir.path() / "check.txt").string() + "'";
  const int status = std::system(command.c_str());
  const auto printed = files::read_file(dir.path() / "check.txt", "check");
  EXPECT_EQ(status, 0) << printed;
  EXPECT_THAT(printed, HasSubstr("ok "));
}

TEST(ReportPage, ShowsAnExplainedCellsTopFunctionsUnderItsRowAndLinksItsFlameGraph) {
  const page_fixture f;
  explain::explanation e;
  e.cell = "demo/core/kind:a/size:8";
  e.old_side.total = 100;
  e.new_side.total = 150;
  e.functions.push_back({"work<int>(int)", 80, 130, 90, 140});
  e.assessment = explain::explain_assessment::code_change;
  e.notes = {"no source lines"};
  e.flamegraph = "flamegraphs/1-demo.svg";
  explain::explain_document d;
  d.explanations.push_back(e);
  d.not_explained = {"demo/peer/kind:a/size:8: beyond --explain-max-cells 1"};
  auto in = f.input();
  in.explanations = &d;
  in.explanations_label = "--explain e.json";
  const auto page = report_page(in);
  EXPECT_THAT(page, HasSubstr("<a href=\"#why\">why it changed</a>"));
  EXPECT_THAT(page, HasSubstr("<tr class=\"why\"><td class=\"text\" colspan=\"12\">Why: 100.0 \xe2\x86\x92 150.0 "
                              "instructions per iteration (+50.0, +50.0 %); work&lt;int&gt;(int) (+50.0). "
                              "<a href=\"#why-1\">details</a>, <a href=\"flamegraphs/1-demo.svg\">"));
  EXPECT_THAT(page, HasSubstr("<h3 id=\"why-1\">demo/core/kind:a/size:8</h3>"));
  EXPECT_THAT(page, HasSubstr("<td class=\"text\">work&lt;int&gt;(int)</td><td>80.0</td><td>130.0</td><td>+50.0</td>"));
  EXPECT_THAT(page, HasSubstr("<object data=\"flamegraphs/1-demo.svg\" type=\"image/svg+xml\""));
  EXPECT_THAT(page, HasSubstr("<li>demo/peer/kind:a/size:8: beyond --explain-max-cells 1</li>"));
  // Well-formed, and its links and anchors resolve.
  test_support::temp_dir dir;
  charts::render_charts(dir.path() / "charts", f.charts, "--out");
  files::write_atomically(dir.path() / "flamegraphs" / "1-demo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "test");
  files::write_atomically(dir.path() / "index.html", page, "test");
  const auto command = "python3 '" + test_support::source_dir() + "/tests/harness/html/check_page.py' '" +
                       (dir.path() / "index.html").string() + "' >'" + (dir.path() / "check.txt").string() + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << files::read_file(dir.path() / "check.txt", "check");
}

TEST(ReportPage, TheCheckerCatchesBrokenPages) {
  test_support::temp_dir dir;
  files::write_atomically(dir.path() / "bad.html",
                          "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><img src=\"http://x/a.svg\"/>"
                          "<a href=\"missing.png\">m</a><a href=\"#nowhere\">n</a></body></html>",
                          "test");
  const auto command = "python3 '" + test_support::source_dir() + "/tests/harness/html/check_page.py' '" +
                       (dir.path() / "bad.html").string() + "' >'" + (dir.path() / "check.txt").string() + "'";
  EXPECT_NE(std::system(command.c_str()), 0);
  EXPECT_EQ(files::read_file(dir.path() / "check.txt", "check"),
            "src=http://x/a.svg is not a relative link\nhref=missing.png does not exist\n"
            "anchor #nowhere has no target\n");
}

}  // namespace
}  // namespace benchgate::html
