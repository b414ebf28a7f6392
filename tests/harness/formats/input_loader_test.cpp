#include "harness/formats/input_loader.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/formats/results_json.hpp"

namespace benchgate::results {
namespace {

using ::testing::HasSubstr;

std::string error_of(std::string_view text) {
  return test_support::input_error_message([&] { parse_any_results(text, "OLD x.json"); });
}

TEST(InputLoader, TellsBenchgateResultsFromGoogleBenchmarkJson) {
  run_results run;
  run.cells.push_back({});
  run.cells[0].name = "c/v";
  run.cells[0].case_name = "c";
  run.cells[0].variant = "v";
  const auto ours = parse_any_results(to_json_text(run), "x");
  EXPECT_EQ(ours.format, results_schema);
  EXPECT_EQ(ours.results.cells[0].name, "c/v");

  const auto theirs = parse_any_results(
      R"({"benchmarks": [{"name": "BM", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]})", "x");
  EXPECT_EQ(theirs.format, gbench_format);
  EXPECT_EQ(theirs.results.cells[0].name, "BM");
}

TEST(InputLoader, ADiffFileIsRejectedWithWhatIsExpected) {
  const auto message = error_of(R"({"schema": "benchgate.diff/1"})");
  EXPECT_THAT(message, HasSubstr("OLD x.json: is a comparison"));
  EXPECT_THAT(message, HasSubstr("expected benchgate results"));
}

TEST(InputLoader, OtherDocumentsAreRejected) {
  EXPECT_THAT(error_of(R"({"schema": "other/2"})"), HasSubstr("unknown \"schema\": \"other/2\""));
  EXPECT_THAT(error_of(R"({"x": 1})"), HasSubstr("neither a \"schema\" nor a \"benchmarks\" array"));
  EXPECT_THAT(error_of("[1, 2]"), HasSubstr("not a JSON object"));
  EXPECT_THAT(error_of("{\"benchmarks\": ["), HasSubstr("not valid JSON"));
}

}  // namespace
}  // namespace benchgate::results
