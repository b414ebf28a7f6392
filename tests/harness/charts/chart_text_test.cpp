#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "harness/charts/axis_scale.hpp"
#include "harness/charts/change_chart.hpp"
#include "harness/charts/chart.hpp"
#include "harness/charts/chart_set.hpp"
#include "harness/charts/distribution_chart.hpp"
#include "harness/charts/gnuplot_text.hpp"
#include "harness/charts/grid_chart.hpp"
#include "harness/charts/timeline_chart.hpp"
#include "tests/harness/charts/demo_run.hpp"

namespace benchgate::charts {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(GnuplotText, QuotesAndNumbers) {
  EXPECT_EQ(gp_quote("it's"), "'it''s'");
  EXPECT_EQ(gp_quote_lines("a \"b\" \\ `c`\nd"), "\"a \\\"b\\\" \\\\ \\140c\\140\\nd\"");
  EXPECT_EQ(data_label("a \"b\" c"), "\"a 'b' c\"");
  EXPECT_EQ(gp_number(0.1), "0.1");
  EXPECT_EQ(gp_number(1234567.0), "1234567");
  EXPECT_EQ(gp_number(std::numeric_limits<double>::infinity()), "NaN");
  EXPECT_EQ(chart_stem("dist", "page_iter/core/row_bytes:8/density:0.1"), "dist_page_iter-core-row_bytes-8-density-0.1");
}

// Names with characters beyond [A-Za-z0-9_./:] get a hash of the name, so
// names that differ only in those characters get files of their own.
TEST(ChartStem, NamesThatDifferOnlyInReplacedCharactersGetStemsOfTheirOwn) {
  EXPECT_EQ(chart_stem("grid", "BM_sort"), "grid_BM_sort");
  EXPECT_EQ(chart_stem("grid", "BM_ns::sort/8/threads:4"), "grid_BM_ns--sort-8-threads-4");
  const auto pointer = chart_stem("grid", "BM_Deref<int*>");
  const auto reference = chart_stem("grid", "BM_Deref<int&>");
  EXPECT_THAT(pointer, ::testing::MatchesRegex("grid_BM_Deref-int---[0-9a-f]{8}"));
  EXPECT_THAT(reference, ::testing::MatchesRegex("grid_BM_Deref-int---[0-9a-f]{8}"));
  EXPECT_NE(pointer, reference);
  EXPECT_EQ(chart_stem("grid", "BM_Deref<int*>"), pointer);  // the same name, the same stem
  const std::set<std::string> stems = {chart_stem("dist", "BM a"), chart_stem("dist", "BM-a"),
                                       chart_stem("dist", "BM_a"), chart_stem("dist", "BM/a"),
                                       chart_stem("dist", "BM_\xC3\xA4"), chart_stem("dist", "BM_\xC3\xB6")};
  EXPECT_EQ(stems.size(), 6U);
  // A name too long for a file name: cut, and told apart by the hash.
  const std::string long_name(300, 'x');
  const auto cut = chart_stem("grid", long_name);
  EXPECT_THAT(cut, ::testing::MatchesRegex("grid_x{155}-[0-9a-f]{8}"));
  EXPECT_NE(chart_stem("grid", long_name + "y"), cut);
}

TEST(TimelineChart, TimesAreDrawnInAReadableUnit) {
  timeline_spec spec;
  spec.stem = "timeline_demo";
  spec.y_label = "time per iteration";
  spec.y_unit = "ns";
  spec.commit_labels = {"aaaa", "bbbb"};
  spec.panels.push_back({"demo/core", {{0, 4.6e6, 4.5e6, 4.7e6}, {1, 4.8e6, 4.7e6, 4.9e6}}, {}, {}});
  const auto c = timeline_chart(spec);
  EXPECT_THAT(c.body, HasSubstr("set ylabel 'time per iteration (ms)'"));
  EXPECT_THAT(c.data, HasSubstr("0 4.6 4.5 4.7\n"));
  EXPECT_THAT(c.data, Not(HasSubstr("e+06")));
  // Other values keep their unit.
  spec.y_unit = "hits";
  EXPECT_THAT(timeline_chart(spec).body, HasSubstr("set ylabel 'time per iteration (hits)'"));
  // One panel is 420 px wide; a longer title widens the chart, not cut.
  EXPECT_EQ(c.width_px, 420);
  spec.title = std::string(100, 't');
  EXPECT_GE(timeline_chart(spec).width_px, 800);
}

TEST(AxisScale, PicksTheUnitOfTheLargestValue) {
  EXPECT_EQ(time_scale(999).unit, "ns");
  EXPECT_EQ(time_scale(12'500).unit, "µs");
  EXPECT_DOUBLE_EQ(time_scale(3e7).divisor, 1e6);
  EXPECT_EQ(time_scale(2e9).unit, "s");
  EXPECT_EQ(throughput_scale(benchgate::work_unit::bytes, 5.0 * 1024 * 1024 * 1024).unit, "GiB/s");
  EXPECT_EQ(throughput_scale(benchgate::work_unit::bytes, 500).unit, "B/s");
  EXPECT_EQ(throughput_scale(benchgate::work_unit::items, 2e6).unit, "Melem/s");
}

TEST(AxisScale, LogAxesOnlyWhenPositiveValuesSpanDecades) {
  EXPECT_TRUE(spans_decades(std::vector<double>{8, 32, 256, 1000}));
  EXPECT_FALSE(spans_decades(std::vector<double>{0.1, 0.5, 1.0}));
  EXPECT_FALSE(spans_decades(std::vector<double>{0, 1000}));
  EXPECT_TRUE(spans_decades(std::vector<double>{1, std::nan(""), 100}));
  EXPECT_FALSE(spans_decades(std::vector<double>{}));
}

TEST(GridChart, OnePanelPerKindWithErrorBarsAndLogSizeAxis) {
  const auto run = testing::demo_run();
  const auto charts = grid_charts(run, {});
  ASSERT_EQ(charts.size(), 2U);  // demo and other
  const auto& c = charts[0];
  EXPECT_EQ(c.stem, "grid_demo");
  EXPECT_EQ(c.title, "demo: throughput by variant (mean, 95% CI)");
  EXPECT_THAT(c.body, HasSubstr("set multiplot layout 1,2"));
  EXPECT_THAT(c.body, HasSubstr("set title 'kind = a'"));
  EXPECT_THAT(c.body, HasSubstr("set xlabel 'size'"));
  EXPECT_THAT(c.body, HasSubstr("set logscale x"));
  EXPECT_THAT(c.body, HasSubstr("set ylabel 'throughput (GiB/s)'"));
  EXPECT_THAT(c.body, HasSubstr("'grid_demo.dat' index 0 using 1:2:3:4 with yerrorlines"));
  EXPECT_THAT(c.body, HasSubstr("title 'peer'"));
  EXPECT_THAT(c.body, Not(HasSubstr("/tmp")));  // data by relative path only
  // 2 panels x 3 variants, 3 points each; bounds around the estimate.
  EXPECT_THAT(c.data, HasSubstr("# panel 1 \"kind = a\", baseline: x estimate low high\n8 "));
  EXPECT_EQ(std::count(c.data.begin(), c.data.end(), '#'), 6);
  const auto& other = charts[1];
  EXPECT_EQ(other.title, "other: time per iteration by variant (mean, 95% CI)");
  EXPECT_THAT(other.body, HasSubstr("set ylabel 'time per iteration (ns)'"));
}

// Google Benchmark names carry no axes: a fixture's method joins the
// family, the arguments are the x axis (powers of two: log 2), and the
// modifiers (real_time, threads:N) make series of their own.
TEST(GridChart, GoogleBenchmarkNamesSplitIntoFamiliesArgumentsAndModifiers) {
  results::run_results run;
  for (const std::string name : {"Buf/Read/8", "Buf/Read/64", "Buf/Write/8", "Buf/Write/64", "Buf/Read/8/real_time",
                                 "Buf/Read/64/real_time"}) {
    results::cell c;
    c.name = name;
    c.case_name = "Buf";
    for (int i = 0; i < 3; ++i) c.samples.push_back({100, 10.0 + i, 10.0 + i, std::nullopt, {}});
    run.cells.push_back(c);
  }
  const auto charts = grid_charts(run, {});
  ASSERT_EQ(charts.size(), 1U);
  const auto& c = charts[0];
  EXPECT_THAT(c.body, HasSubstr("set logscale x 2\n  set xtics ('8' 8, '64' 64) norotate\n"));
  EXPECT_THAT(c.body, HasSubstr("title 'Buf/Read'"));
  EXPECT_THAT(c.body, HasSubstr("title 'Buf/Write'"));
  EXPECT_THAT(c.body, HasSubstr("title 'Buf/Read/real_time'"));
  EXPECT_THAT(c.body, Not(HasSubstr("'8/real_time'")));
}

TEST(ChangeChart, OneColouredBarPerCellAndThresholdLines) {
  compare::diff d;
  d.config.noise_threshold = 0.02;
  compare::cell_diff a;
  a.name = "demo/core/size:8";
  a.mean_change = {-0.5, -0.52, -0.48, 0.01};
  a.verdict = stats::verdict::improved;
  compare::cell_diff b = a;
  b.name = "demo/peer/size:8";
  b.mean_change = {0.1, 0.08, 0.12, 0.01};
  b.verdict = stats::verdict::regressed;
  d.cells = {a, b};
  const auto c = change_chart(d, 0.05);
  EXPECT_EQ(c.stem, "change");
  EXPECT_EQ(c.data,
            "# row change_pct low_pct high_pct color label (first cell on top)\n"
            "1 -50 -52 -48 1742928 \"demo/core/size:8\"\n"
            "0 10 8 12 14102567 \"demo/peer/size:8\"\n");
  EXPECT_THAT(c.body, HasSubstr("set arrow from first -2, graph 0 to first -2, graph 1 nohead dt 2"));
  EXPECT_THAT(c.body, HasSubstr("set arrow from first 5, graph 0 to first 5, graph 1"));
  EXPECT_THAT(c.body, HasSubstr("title 'noise threshold +-2%'"));
  EXPECT_THAT(c.body, HasSubstr("title 'gate threshold +-5%'"));
  EXPECT_THAT(c.body, HasSubstr("with boxxyerror fs solid 0.7 noborder lc rgb variable"));
  EXPECT_THAT(c.body, HasSubstr("set ytics scale 0 ('demo/core/size:8' 1, 'demo/peer/size:8' 0)\n"));
  EXPECT_THAT(c.body, HasSubstr("using 2:1:3:4 with xerrorbars"));
  EXPECT_THAT(c.body, HasSubstr("set xlabel 'change of the mean time (%); below 0: faster'"));
}

// The y axis names each cell as it is, quotes and backslashes included
// (the script's quoting, not the data file's); a name too long to leave
// room for the plot gives up its middle.
TEST(ChangeChart, AxisLabelsKeepEveryCharacterAndLongNamesTheirEnds) {
  compare::diff d;
  compare::cell_diff a;
  a.name = R"(BM"quote\back)";
  a.mean_change = {0.1, 0.08, 0.12, 0.01};
  compare::cell_diff b = a;
  b.name = "BM_template<" + std::string(250, 'x') + ">/size:64";
  d.cells = {a, b};
  const auto c = change_chart(d, std::nullopt);
  // 34 characters, "...", the last 35.
  EXPECT_THAT(c.body, HasSubstr(R"(set ytics scale 0 ('BM"quote\back' 1, 'BM_template<)" + std::string(22, 'x') + "..." +
                                std::string(26, 'x') + ">/size:64' 0)\n"));
}

TEST(ChangeChart, ACounterDiffNamesTheCounterAndItsDirection) {
  compare::diff d;
  d.config.metric = compare::time_metric::counter_named("hits");
  d.config.direction = results::better::higher;
  compare::cell_diff a;
  a.name = "BM_rate";
  a.mean_change = {-0.3, -0.31, -0.29, 0.01};
  a.verdict = stats::verdict::regressed;
  d.cells = {a};
  const auto c = change_chart(d, std::nullopt);
  EXPECT_EQ(c.title, "Change of the mean hits per cell (95% CI), coloured by verdict");
  EXPECT_THAT(c.body, HasSubstr("set xlabel 'change of the mean hits (%); higher is better'"));
  EXPECT_THAT(c.body, Not(HasSubstr("time")));
}

TEST(DistributionChart, TimesInATimeUnitOtherMetricsByNameAndUnit) {
  compare::cell_diff cd;
  cd.name = "BM_rate";
  const std::vector<double> old_values = {1500, 1600, 1550};
  const std::vector<double> new_values = {1000, 1100, 1050};
  const distribution_side base{"old", old_values};
  const distribution_side next{"new", new_values};
  const auto time = distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::real);
  EXPECT_THAT(time.body, HasSubstr("set ylabel 'time per iteration (µs)'"));
  const auto hits = distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::counter_named("hits"));
  EXPECT_THAT(hits.body, HasSubstr("set ylabel 'hits'"));
  EXPECT_THAT(hits.data, HasSubstr(" 1500 "));  // not rescaled as if nanoseconds
  const auto rate =
      distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::counter_named("items_per_second"));
  EXPECT_THAT(rate.body, HasSubstr("set ylabel 'items_per_second (/s)'"));
  const auto counted = distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::instructions);
  EXPECT_THAT(counted.body, HasSubstr("set ylabel 'instructions per iteration'"));
}

// A cell whose samples are identical on each side has no p-value (compare
// prints n/a): the title says so instead of the model's placeholder 1.
TEST(DistributionChart, ADeterministicCellHasNoPValue) {
  compare::cell_diff cd;
  cd.name = "count";
  cd.p_value = 0.032;
  const std::vector<double> old_values = {8, 8, 8};
  const std::vector<double> new_values = {4, 4, 4};
  const distribution_side base{"old", old_values};
  const distribution_side next{"new", new_values};
  EXPECT_THAT(distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::instructions).title,
              HasSubstr("(95% CI), p = 0.032, "));
  cd.deterministic = true;
  const auto c = distribution_chart("dist", cd, base, next, 0.95, compare::time_metric::instructions);
  EXPECT_THAT(c.title, HasSubstr("(95% CI), p n/a (deterministic), "));
  EXPECT_EQ(p_value_text(cd), "n/a");
}

TEST(ChartSet, PlotAndReportChartInstructionRunsByTheirCounts) {
  auto run = testing::demo_run();
  EXPECT_EQ(estimates_of(run).metric, compare::time_metric::real);
  run.config.measure = results::measure_kind::instructions;
  EXPECT_EQ(estimates_of(run).metric, compare::time_metric::instructions);
  // Without a comparison: the grid chart of each case, no change chart.
  const auto charts = run_charts(run, nullptr, nullptr, {}, std::nullopt);
  EXPECT_NE(find_chart(charts, chart_stem("grid", "demo")), nullptr);
  EXPECT_EQ(find_chart(charts, "change"), nullptr);
}

}  // namespace
}  // namespace benchgate::charts
