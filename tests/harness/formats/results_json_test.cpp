#include "harness/formats/results_json.hpp"
#include "harness/formats/json_reader.hpp"

#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace benchgate;
using namespace benchgate::results;

run_results sample_results() {
  run_results r;
  r.env.tool_version = "0.1.0";
  r.env.cpu_model = "Test CPU";
  r.env.logical_cpus = 2;
  r.env.date = "2026-12-02T15:00:00Z";
  r.env.load_average = {0.5, 0.25, 0.125};
  r.env.git_commit = "abc123";
  r.env.git_dirty = true;
  r.config.samples = 10;
  r.config.measurement_time_s = 0.5;
  r.config.warmup_s = 0.1;
  r.config.quick = true;
  r.config.cases = {"page_iter"};
  r.config.params = {{"density", {"0.1", "0.5"}}};
  cell c;
  c.name = "page_iter/core/row_bytes:8/density:0.1";
  c.case_name = "page_iter";
  c.variant = "core";
  c.role = benchgate::variant_role::core;
  c.params = {{"row_bytes", "8"}, {"density", "0.1"}};
  c.work = {benchgate::work_unit::bytes, 6336};
  c.samples = {{1000, 1250.5, 1249.0, std::nullopt, {}}, {1000, 1260.25, 1255.0, std::nullopt, {{"rows", 792}}}};
  c.figures = {{"header_bytes", 16, "B"}};
  r.cells.push_back(c);
  return r;
}

TEST(ResultsJson, RoundTripKeepsEveryField) {
  const auto original = sample_results();
  const auto text = to_json_text(original);
  const auto back = parse_results(text, "test");
  EXPECT_EQ(to_json_text(back), text);
  ASSERT_EQ(back.cells.size(), 1u);
  const auto& c = back.cells[0];
  EXPECT_EQ(c.role, benchgate::variant_role::core);
  EXPECT_EQ(c.params[0].first, "row_bytes") << "params keep their axis order";
  EXPECT_EQ(c.samples[1].real_ns, 1260.25);
  EXPECT_EQ(c.samples[1].counters[0].second, 792);
  EXPECT_EQ(back.env.git_dirty, true);
  EXPECT_EQ(back.env.cpu_governor, std::nullopt);
}

TEST(ResultsJson, AnAllocationRunRoundTrips) {
  auto original = sample_results();
  original.config.measure = measure_kind::allocations;
  original.cells[0].samples[0].counters = {{"allocations", 1}, {"frees", 1}, {"bytes_allocated", 72},
                                            {"peak_bytes", 72}};
  const auto text = to_json_text(original);
  EXPECT_NE(text.find("\"measure\": \"allocations\""), std::string::npos);
  const auto back = parse_results(text, "test");
  EXPECT_EQ(back.config.measure, measure_kind::allocations);
  EXPECT_EQ(back.cells[0].samples[0].counters, original.cells[0].samples[0].counters);
}

TEST(ResultsJson, AnUnknownMeasureNamesTheChoices) {
  auto text = to_json_text(sample_results());
  const std::string from = "\"measure\": \"time\"";
  text.replace(text.find(from), from.size(), "\"measure\": \"heap\"");
  try {
    parse_results(text, "f.json");
    ADD_FAILURE() << "no error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"time\", \"instructions\" or \"allocations\""), std::string::npos)
        << e.what();
  }
}

TEST(ResultsJson, DocumentStartsWithTheSchemaVersion) {
  const auto text = to_json_text(sample_results());
  EXPECT_EQ(text.rfind("{\n  \"schema\": \"benchgate.results/1\"", 0), 0u);
}

void expect_error(const std::string& text, const std::string& message) {
  try {
    parse_results(text, "f.json");
    ADD_FAILURE() << "no error for " << text;
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

TEST(ResultsJson, TruncatedFileIsReportedWithItsSource) {
  auto text = to_json_text(sample_results());
  text.resize(text.size() / 2);
  try {
    parse_results(text, "f.json");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("f.json: not valid JSON (truncated or corrupt?) at byte"), std::string::npos)
        << e.what();
  }
}

// A name in another encoding than UTF-8 is said as such, not "truncated".
TEST(ResultsJson, TextThatIsNotUtf8IsSaidSo) {
  auto text = to_json_text(sample_results());
  const auto at = text.find("\"name\": \"") + 9;
  text.insert(at, "\xe9");  // Latin-1 e-acute
  try {
    parse_results(text, "f.json");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("f.json: not valid UTF-8 at byte "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("; expected JSON text in UTF-8"), std::string::npos) << e.what();
  }
}

TEST(ResultsJson, EmptyFileIsReported) {
  expect_error("  \n", "f.json: the file is empty; expected a JSON document");
}

TEST(ResultsJson, AnotherSchemaIsRefused) {
  expect_error(R"({"schema": "benchgate.results/2"})",
               "f.json: schema: expected \"benchgate.results/1\", got \"benchgate.results/2\"");
  expect_error(R"({"benchmarks": []})",
               "f.json: schema: expected \"benchgate.results/1\" (is this a benchgate results file?), "
               "but the field is missing");
}

TEST(ResultsJson, BadSampleTimesNameTheField) {
  auto j = json::parse(to_json_text(sample_results()));
  j["cells"][0]["samples"][1]["real_ns"] = -3;
  expect_error(j.dump(), "f.json: cells[0].samples[1].real_ns: expected a positive number, got -3");
  j["cells"][0]["samples"][1]["real_ns"] = "fast";
  expect_error(j.dump(), "f.json: cells[0].samples[1].real_ns: expected a positive number, got \"fast\"");
  j["cells"][0]["samples"][1]["real_ns"] = 0;
  expect_error(j.dump(), "f.json: cells[0].samples[1].real_ns: expected a positive number, got 0");
  // Beyond the times the statistics keep finite (a variance of 1e300 ns
  // overflows; a ratio to 1e-320 ns is infinite).
  j["cells"][0]["samples"][1]["real_ns"] = 1e300;
  expect_error(j.dump(), "f.json: cells[0].samples[1].real_ns: expected 0 or a time from 1e-6 to 1e18 ns, got 1e+300");
  j["cells"][0]["samples"][1]["real_ns"] = 1e-320;
  expect_error(j.dump(), "f.json: cells[0].samples[1].real_ns: expected 0 or a time from 1e-6 to 1e18 ns, got 1e-320");
  j["cells"][0]["samples"][1]["real_ns"] = 5;
  j["cells"][0]["samples"][1]["cpu_ns"] = 2e18;
  expect_error(j.dump(), "f.json: cells[0].samples[1].cpu_ns: expected 0 or a time from 1e-6 to 1e18 ns, got 2e+18");
}

TEST(ResultsJson, DuplicatedCellNamesAreRefused) {
  auto j = json::parse(to_json_text(sample_results()));
  j["cells"].push_back(j["cells"][0]);
  expect_error(j.dump(),
               "f.json: cells[1].name: expected a name not used by an earlier cell (duplicated cell "
               "name), got \"page_iter/core/row_bytes:8/density:0.1\"");
}

TEST(ResultsJson, UnknownRoleIsRefused) {
  auto j = json::parse(to_json_text(sample_results()));
  j["cells"][0]["role"] = "naive";
  expect_error(j.dump(), "f.json: cells[0].role: expected \"baseline\", \"core\", \"peer\" or null, got \"naive\"");
}

TEST(ResultsJson, SaveAndLoadThroughAFile) {
  test_support::temp_dir dir;
  const auto path = dir.path() / "sub" / "results.json";
  save_results(sample_results(), path, "--out");
  const auto back = load_results(path, "--baseline");
  EXPECT_EQ(back.cells.size(), 1u);
}

TEST(ResultsJson, LoadingAMissingFileNamesTheOption) {
  try {
    load_results("/nonexistent/r.json", "OLD");
    FAIL();
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "OLD /nonexistent/r.json: no such file");
  }
}

}  // namespace
