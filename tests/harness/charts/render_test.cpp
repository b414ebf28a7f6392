#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/charts/chart_set.hpp"
#include "harness/charts/distribution_chart.hpp"
#include "harness/charts/renderer.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "tests/harness/charts/demo_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate::charts {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<chart> demo_charts() {
  const results::loaded_results run{testing::demo_run(), results::results_schema};
  const auto variants = variants_diff_for_charts(run, "demo.json");
  EXPECT_TRUE(variants.has_value());
  auto out = results_charts(run.results, &*variants, {});
  for (auto& c : diff_charts(*variants, {&run.results, &run.results}, 0.05)) out.push_back(std::move(c));
  return out;
}

void expect_images(const std::filesystem::path& dir, const std::string& stem) {
  const auto svg = files::read_file(dir / (stem + ".svg"), "test");
  EXPECT_THAT(svg, HasSubstr("<svg")) << stem;
  EXPECT_THAT(files::read_file(dir / (stem + ".png"), "test"), StartsWith("\x89PNG")) << stem;
}

TEST(RenderCharts, EveryChartGetsItsScriptDataAndBothImages) {
  test_support::temp_dir dir;
  const auto charts = demo_charts();
  // grid x2 (demo, other), speed-up x1 (demo), change, 12 distributions.
  ASSERT_EQ(charts.size(), 16U);
  EXPECT_NE(find_chart(charts, "speedup_demo"), nullptr);
  EXPECT_NE(find_chart(charts, "dist_demo-core-kind-a-size-8"), nullptr);
  const auto warnings = render_charts(dir.path() / "out", charts, "--out");
  EXPECT_EQ(warnings, std::vector<std::string>{});
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "out")) {
    EXPECT_NE(entry.path().filename().string()[0], '.') << "left over: " << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 4 * charts.size());
  for (const auto& c : charts) {
    expect_images(dir.path() / "out", c.stem);
    EXPECT_THAT(files::read_file(dir.path() / "out" / (c.stem + ".gp"), "test"),
                HasSubstr("'" + c.stem + ".dat'"));
  }
}

TEST(RenderCharts, TheScriptsReRenderWithPlainGnuplot) {
  test_support::temp_dir dir;
  const auto charts = demo_charts();
  render_charts(dir.path(), charts, "--out");
  for (const auto* stem : {"grid_demo", "speedup_demo", "change", "dist_demo-peer-kind-b-size-512"}) {
    std::filesystem::remove(dir.path() / (std::string(stem) + ".svg"));
    std::filesystem::remove(dir.path() / (std::string(stem) + ".png"));
    const auto command = "cd '" + dir.path().string() + "' && gnuplot " + stem + ".gp 2>gnuplot.err";
    EXPECT_EQ(std::system(command.c_str()), 0) << stem;
    EXPECT_EQ(files::read_file(dir.path() / "gnuplot.err", "test"), "") << stem;
    expect_images(dir.path(), stem);
  }
}

// gnuplot runs `...` inside a double-quoted string as a shell command: a
// cell name from a results file must reach the title as text, never run.
TEST(RenderCharts, ABackquotedCommandInACellNameIsDrawnNotRun) {
  test_support::temp_dir dir;
  const auto ran = dir.path() / "ran";
  compare::cell_diff cd;
  cd.name = "BM_x`touch '" + ran.string() + "'`";
  const std::vector<double> old_values = {1500, 1600, 1550};
  const std::vector<double> new_values = {1000, 1100, 1050};
  const auto chart = distribution_chart(chart_stem("dist", cd.name), cd, {"old", old_values},
                                        {"new", new_values}, 0.95, compare::time_metric::real);
  EXPECT_EQ(render_charts(dir.path() / "out", {chart}, "--out"), std::vector<std::string>{});
  EXPECT_FALSE(std::filesystem::exists(ran));
  const auto svg = files::read_file(dir.path() / "out" / (chart.stem + ".svg"), "test");
  EXPECT_THAT(svg, HasSubstr("BM_x`touch "));
}

// Cell names that differ only in '/' against ':' have one stem: refused
// before any file is written, naming both charts.
TEST(RenderCharts, TwoChartsOfOneStemAreAnInputErrorAndNothingIsWritten) {
  test_support::temp_dir dir;
  auto charts = demo_charts();
  charts.resize(2);
  charts[0].stem = charts[1].stem = chart_stem("dist", "BM_x/a:1");
  ASSERT_EQ(chart_stem("dist", "BM_x/a/1"), charts[0].stem);
  try {
    render_charts(dir.path() / "out", charts, "--out");
    FAIL() << "expected an input_error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--out " + (dir.path() / "out").string() + ": the charts '" + charts[0].title +
                                         "' and '" + charts[1].title +
                                         "' would both be written as dist_BM_x-a-1.svg; expected names that differ "
                                         "in more than '/' against ':'");
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST(RenderCharts, AFolderThatCannotBeMadeIsAnInputError) {
  test_support::temp_dir dir;
  files::write_atomically(dir.path() / "file", "x", "test");
  try {
    render_charts(dir.path() / "file" / "sub", demo_charts(), "--out");
    FAIL() << "expected an input_error";
  } catch (const input_error& e) {
    EXPECT_THAT(std::string(e.what()), StartsWith("--out "));
  }
}

}  // namespace
}  // namespace benchgate::charts
