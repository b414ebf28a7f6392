#include "harness/compare/diff_json.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <functional>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::compare {
namespace {

using ::testing::HasSubstr;

// A diff with every field set to something other than its default.
diff json_sample_diff() {
  diff d;
  d.mode = compare_mode::variants;
  d.config.metric = time_metric::cpu;
  d.config.test = significance_test::mann_whitney;
  d.config.alpha = 0.01;
  d.config.noise_threshold = 0.02;
  d.config.confidence = 0.9;
  d.config.resamples = 5000;
  d.config.correction = stats::correction::benjamini_hochberg;
  d.config.seed = 18446744073709551615ULL;  // the largest seed survives JSON
  d.base_role = benchgate::variant_role::baseline;
  d.new_roles = {benchgate::variant_role::core, benchgate::variant_role::peer};
  d.old_source.path = "a.json";
  d.old_source.format = results::results_schema;
  d.old_source.baseline = "main";
  d.old_source.env.cpu_model = "AMD EPYC";
  d.old_source.env.compiler = "GNU 12.2.0";
  d.old_source.run_settings = results::settings{};
  d.old_source.run_settings->rounds = 5;
  d.old_source.run_settings->injected_slowdown_pct = 10;
  d.old_source.run_settings->injected_slowdown_filter = "density:0.5$";
  d.new_source.path = "b.json";
  d.new_source.format = "google-benchmark";
  d.warnings = {{"environment", "compiler differs"}};

  cell_diff c;
  c.name = "page_iter/core/row_bytes:8/density:0.1";
  c.case_name = "page_iter";
  c.params = {{"row_bytes", "8"}, {"density", "0.1"}};
  c.work = {benchgate::work_unit::bytes, 6336};
  c.old_side.name = "page_iter/baseline/row_bytes:8/density:0.1";
  c.old_side.samples = 100;
  c.old_side.typical = {20000, 19000, 21000, 500};
  c.old_side.mean = c.old_side.typical;
  c.old_side.median = {19900, 19800, 20100, 80};
  c.old_side.std_dev = {700, 600, 800, 50};
  c.old_side.mad = {300, 250, 350, 25};
  c.old_side.outliers = {1, 2, 3, 4};
  c.new_side = c.old_side;
  c.new_side.name = c.name;
  c.new_side.typical_is_slope = true;
  c.new_side.typical = {1250.5, 1245.25, 1255.75, 2.5};
  c.mean_change = {-0.9375, -0.94, -0.935, 0.001};
  c.median_change = {-0.93, -0.94, -0.92, 0.002};
  c.throughput_change = stats::interval_estimate{15, 14.4, 15.6, 0.3};
  c.welch = {-120.5, 0, 0, stats::welch_status::ok};
  c.mann_whitney = {0, 1.5e-30, 1.5e-29, stats::u_method::asymptotic, false, true};
  c.p_value = 1.5e-29;
  c.verdict = stats::verdict::improved;
  c.warnings = {"a warning"};
  d.cells.push_back(c);
  auto undefined = c;
  undefined.name = "page_iter/peer/row_bytes:8/density:0.1";
  undefined.throughput_change.reset();
  undefined.welch = {std::nullopt, 1, 1, stats::welch_status::no_variance};
  undefined.mann_whitney = {8, 1, 1, stats::u_method::asymptotic, true, false};
  undefined.verdict = stats::verdict::no_change;
  d.cells.push_back(undefined);
  d.only_old = {"x"};
  d.only_new = {"y", "z"};
  d.not_compared = {{"w", "the new side failed: boom"}};
  d.summary = {2, 1, 0, 0, 1, -0.5, 1};
  return d;
}

void expect_same_interval(const stats::interval_estimate& a, const stats::interval_estimate& b) {
  EXPECT_EQ(a, b);
}

TEST(DiffJson, WriteThenReadGivesTheSameDiff) {
  const auto d = json_sample_diff();
  const auto text = diff_to_json_text(d);
  const auto back = parse_diff(text, "test");
  EXPECT_EQ(diff_to_json_text(back), text);
  ASSERT_EQ(back.cells.size(), 2U);
  EXPECT_EQ(back.config.seed, d.config.seed);
  EXPECT_EQ(back.config.correction, stats::correction::benjamini_hochberg);
  EXPECT_EQ(back.base_role, benchgate::variant_role::baseline);
  EXPECT_EQ(back.new_roles, d.new_roles);
  EXPECT_EQ(back.old_source.run_settings->rounds, 5);
  EXPECT_EQ(back.old_source.run_settings->injected_slowdown_filter, "density:0.5$");
  EXPECT_FALSE(back.new_source.run_settings.has_value());
  const auto& c = back.cells[0];
  EXPECT_TRUE(c.new_side.typical_is_slope);
  expect_same_interval(c.new_side.typical, d.cells[0].new_side.typical);
  EXPECT_EQ(c.old_side.outliers, (stats::outlier_counts{1, 2, 3, 4}));
  EXPECT_EQ(c.welch.t, -120.5);
  EXPECT_EQ(c.mann_whitney.p, 1.5e-30);
  EXPECT_EQ(c.verdict, stats::verdict::improved);
  EXPECT_FALSE(back.cells[1].welch.t.has_value());
  EXPECT_FALSE(back.cells[1].throughput_change.has_value());
  EXPECT_TRUE(back.cells[1].mann_whitney.all_values_equal);
  EXPECT_EQ(back.summary.geomean_change, -0.5);
  EXPECT_EQ(back.summary.geomean_left_out, 1U);
  EXPECT_EQ(back.not_compared[0].reason, "the new side failed: boom");
}

TEST(DiffJson, PairedIsWrittenAndOldDiffsReadUnpaired) {
  auto d = json_sample_diff();
  d.config.paired = true;
  const auto text = diff_to_json_text(d);
  EXPECT_THAT(text, HasSubstr("\"paired\": true"));
  EXPECT_TRUE(parse_diff(text, "test").config.paired);
  // A diff written before "paired" existed.
  auto document = nlohmann::json::parse(text);
  document["settings"].erase("paired");
  EXPECT_FALSE(parse_diff(document.dump(), "test").config.paired);
}

TEST(DiffJson, TheDocumentNamesItsSchemaAndUsesNullNotNaN) {
  const auto text = diff_to_json_text(json_sample_diff());
  EXPECT_THAT(text, HasSubstr("\"schema\": \"benchgate.diff/1\""));
  EXPECT_THAT(text, HasSubstr("\"t\": null"));
  EXPECT_THAT(text, HasSubstr("\"verdict\": \"improved\""));
  EXPECT_THAT(text, HasSubstr("\"kind\": \"slope\""));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("NaN")));
}

TEST(DiffJson, RejectsAnotherSchemaNamingTheSource) {
  try {
    parse_diff(R"({"schema": "benchgate.results/1"})", "gate.json");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "gate.json: schema: expected \"benchgate.diff/1\", got \"benchgate.results/1\"");
  }
}

TEST(DiffJson, RejectsAWrongVerdictNamingTheField) {
  auto text = diff_to_json_text(json_sample_diff());
  const std::string verdict = "\"verdict\": \"improved\"";
  text.replace(text.find(verdict), verdict.size(), "\"verdict\": \"better\"");
  try {
    parse_diff(text, "d.json");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("d.json: cells[0].verdict: expected \"no_change\", \"improved\""));
    EXPECT_THAT(e.what(), HasSubstr("got \"better\""));
  }
}

// The gate reads a diff's alpha and p-values to decide: values no compare
// writes are refused, naming the field, rather than judged on.
void expect_refused_after(const std::function<void(nlohmann::ordered_json&)>& edit, const std::string& message) {
  auto document = nlohmann::ordered_json::parse(diff_to_json_text(json_sample_diff()));
  edit(document);
  try {
    parse_diff(document.dump(), "d.json");
    FAIL() << "expected input_error: " << message;
  } catch (const input_error& e) {
    EXPECT_EQ(e.what(), message);
  }
}

TEST(DiffJson, RefusesLevelsAndPValuesOutsideTheirRange) {
  expect_refused_after([](auto& d) { d["settings"]["alpha"] = 5; },
                       "d.json: settings.alpha: expected a number in (0, 1), got 5");
  expect_refused_after([](auto& d) { d["settings"]["confidence"] = 1.0; },
                       "d.json: settings.confidence: expected a number in (0, 1), got 1.0");
  expect_refused_after([](auto& d) { d["settings"]["noise_threshold"] = -0.01; },
                       "d.json: settings.noise_threshold: expected a fraction >= 0, got -0.01");
  expect_refused_after([](auto& d) { d["cells"][0]["p_value"] = 7; },
                       "d.json: cells[0].p_value: expected a p-value from 0 to 1, got 7");
  expect_refused_after([](auto& d) { d["cells"][1]["welch"]["p_adjusted"] = -0.5; },
                       "d.json: cells[1].welch.p_adjusted: expected a p-value from 0 to 1, got -0.5");
}

TEST(DiffJson, RefusesAnIntervalWhoseBoundsAreCrossed) {
  expect_refused_after([](auto& d) { d["cells"][0]["change"]["mean"]["upper"] = -0.95; },
                       "d.json: cells[0].change.mean.upper: expected a bound >= lower (-0.94), got -0.95");
  expect_refused_after([](auto& d) { d["cells"][0]["old"]["mean"]["std_error"] = -1; },
                       "d.json: cells[0].old.mean.std_error: expected a number >= 0, got -1");
}

TEST(DiffJson, RefusesACellNamedTwice) {
  expect_refused_after([](auto& d) { d["cells"][1]["name"] = d["cells"][0]["name"]; },
                       "d.json: cells[1].name: expected a name not used by an earlier cell (duplicated cell name), "
                       "got \"page_iter/core/row_bytes:8/density:0.1\"");
}

}  // namespace
}  // namespace benchgate::compare
