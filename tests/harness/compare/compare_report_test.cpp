#include "harness/compare/compare_report.hpp"

#include <gtest/gtest.h>

#include "tests/support/cli.hpp"

#include <cstdlib>
#include <filesystem>

#include "harness/support/files/file_io.hpp"

namespace benchgate::compare {
namespace {

// A comparison of two page_iter cells: one with throughput and a regression,
// one without work, few samples and a warning; plus one-sided and failed
// cells.
diff report_sample_diff() {
  diff d;
  d.old_source.path = "reports/baselines/main.json";
  d.old_source.format = results::results_schema;
  d.old_source.baseline = "main";
  d.new_source.path = "new.json";
  d.new_source.format = results::results_schema;

  cell_diff c;
  c.name = "page_iter/core/row_bytes:8/density:0.1";
  c.work = {benchgate::work_unit::bytes, 6336};
  c.new_side.name = c.name;
  c.new_side.samples = 100;
  c.new_side.typical = {1247.6, 1245.3, 1250.4, 1.3};
  c.new_side.outliers = {0, 0, 2, 1};
  c.mean_change = {0.10594, 0.10557, 0.10640, 0.0002};
  c.throughput_change = stats::interval_estimate{1 / 1.10594 - 1, 1 / 1.10640 - 1, 1 / 1.10557 - 1, 0.0002};
  c.welch = {42.1, 0, 0, stats::welch_status::ok};
  c.mann_whitney = {9950, 1.2e-30, 2.4e-30, stats::u_method::asymptotic, false, true};
  c.p_value = 0;
  c.verdict = stats::verdict::regressed;
  d.cells.push_back(c);

  cell_diff q;
  q.name = "BM_Sort/1024";
  q.new_side.name = q.name;
  q.new_side.samples = 5;
  q.new_side.typical = {0.2561e6, 0.2512e6, 0.2633e6, 3000};
  q.mean_change = {-0.0052, -0.021, 0.0101, 0.008};
  q.welch = {-0.61, 0.5734, 1, stats::welch_status::ok};
  q.mann_whitney = {16, 0.5476190476190477, 1, stats::u_method::exact, false, false};
  q.p_value = 1;
  q.verdict = stats::verdict::no_change;
  q.warnings = {"fewer than 9 samples on a side (old 5, new 5): the U test is unreliable"};
  d.cells.push_back(q);

  d.only_old = {"page_iter/core/row_bytes:4096/density:0.1"};
  d.not_compared = {{"page_iter/peer/row_bytes:8/density:0.1", "the new side failed: variants disagree"}};
  d.summary = {2, 0, 1, 0, 1, 0.0499};
  return d;
}

TEST(CompareReport, MatchesTheGoldenFile) {
  const auto golden = std::filesystem::path(test_support::source_dir()) / "tests/harness/compare/golden/compare_report.txt";
  const auto text = comparison_report(report_sample_diff());
  EXPECT_EQ(text, files::read_file(golden, "golden"))
      << "actual output:\n" << text;
}

TEST(CompareReport, OutlierLinesFollowCriterion) {
  EXPECT_EQ(outlier_lines({1, 1, 1, 1}, 12),
            "Found 4 outliers among 12 measurements (33.33%)\n"
            "  1 (8.33%) low severe\n"
            "  1 (8.33%) low mild\n"
            "  1 (8.33%) high mild\n"
            "  1 (8.33%) high severe\n");
  EXPECT_EQ(outlier_lines({0, 0, 0, 0}, 100), "");
}

TEST(CompareReport, AChangeWithoutThroughputFitsOneLine) {
  const auto d = report_sample_diff();
  const auto block = cell_report(d.cells[1], d);
  EXPECT_NE(block.find("                        change: [-2.1000% -0.5200% +1.0100%] (p = 1.00 > 0.05)\n"),
            std::string::npos)
      << block;
}

}  // namespace
}  // namespace benchgate::compare
