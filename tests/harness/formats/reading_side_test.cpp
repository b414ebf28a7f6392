// The file-reading side (results, statistics, compare, gate, charts,
// reports, HTML, history) builds without Google Benchmark: this target links
// those modules only (tests/harness/formats/CMakeLists.txt also checks their
// link closure at configure time), and every public header of theirs is
// included here without pulling in <benchmark/benchmark.h>.

#include <gtest/gtest.h>

#include "harness/charts/chart_set.hpp"
#include "harness/compare/compare.hpp"
#include "harness/gate/judge.hpp"
#include "harness/history/changes.hpp"
#include "harness/html/report_page.hpp"
#include "harness/compare/compare_report.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/formats/results_json.hpp"

#ifdef BENCHMARK_BENCHMARK_H_
#error "a reading-side header includes <benchmark/benchmark.h>"
#endif

namespace benchgate::results {
namespace {

TEST(ReadingSide, ReadsAndComparesWithoutGoogleBenchmark) {
  // Two one-cell runs, 10 % apart, parsed and compared by this target alone.
  auto doc = [](double ns) {
    std::string samples;
    for (int i = 0; i < 10; ++i) {
      const double t = ns * (1 + 0.001 * i);
      samples += std::string(i == 0 ? "" : ",") + "{\"name\":\"BM_x\",\"run_name\":\"BM_x\",\"run_type\":\"iteration\","
                 "\"repetitions\":10,\"repetition_index\":" + std::to_string(i) +
                 ",\"iterations\":1000,\"real_time\":" + std::to_string(t) + ",\"cpu_time\":" + std::to_string(t) +
                 ",\"time_unit\":\"ns\"}";
    }
    return "{\"context\":{\"date\":\"2026-12-04T00:00:00+00:00\",\"num_cpus\":2,\"library_version\":\"v1.7.1\"},"
           "\"benchmarks\":[" + samples + "]}";
  };
  const auto old_run = gbench_from_json(parse_json(doc(100), "old.json"), "old.json");
  const auto new_run = gbench_from_json(parse_json(doc(110), "new.json"), "new.json");
  ASSERT_EQ(new_run.cells.size(), 1u);
  EXPECT_EQ(new_run.cells[0].samples.size(), 10u);
  const auto d = compare::compare_runs(old_run, compare::describe_source(old_run, gbench_format, "old.json", {}),
                                       new_run, compare::describe_source(new_run, gbench_format, "new.json", {}), {});
  ASSERT_EQ(d.cells.size(), 1u);
  EXPECT_NEAR(d.cells[0].mean_change.estimate, 0.10, 0.001);
  EXPECT_EQ(d.cells[0].verdict, stats::verdict::regressed);
}

}  // namespace
}  // namespace benchgate::results
