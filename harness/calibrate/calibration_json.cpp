#include "harness/calibrate/calibration_json.hpp"

#include "harness/support/files/file_io.hpp"
#include "harness/formats/run_info_json.hpp"

namespace benchgate::calibrate {

namespace {

constexpr int k_json_indent = 2;

results::json to_json(const calibration_cell& c) {
  return {{"name", c.name},
          {"repeats", c.repeats},
          {"false_alarms", c.false_alarms},
          {"detections", c.detections},
          {"aa_abs_change_p95", c.aa_abs_change_p95},
          {"aa_half_width_p95", c.aa_half_width_p95},
          {"injected_change", c.injected_change},
          {"injected_half_width_p95", c.injected_half_width_p95},
          {"smallest_detectable", c.smallest_detectable},
          {"suggested_threshold", c.suggested_threshold}};
}

results::json to_json(const calibration_try& t) {
  return {{"try", t.number},
          {"step", t.step},
          {"exit_code", t.exit_code ? results::json(*t.exit_code) : results::json(nullptr)},
          {"cells", t.cells},
          {"failing", t.failing},
          {"unstable", t.unstable},
          {"false_failing", t.false_failing},
          {"injected_cells", t.injected_cells},
          {"detected", t.detected},
          {"wall_s", t.wall_s}};
}

results::json to_json(const calibration_experiment& e) {
  results::json tries = results::json::array();
  for (const auto& t : e.tries) tries.push_back(to_json(t));
  return {{"name", e.name},
          {"tries", e.tries.size()},
          {"exit_0", e.exit_0},
          {"exit_1", e.exit_1},
          {"exit_3", e.exit_3},
          {"other", e.other},
          {"false_failing", e.false_failing},
          {"injected_cells", e.injected_cells},
          {"detected", e.detected},
          {"wall_s", e.wall_s},
          {"each", tries}};
}

}  // namespace

std::string_view to_string(calibration_target target) {
  switch (target) {
    case calibration_target::compare: return "compare";
    case calibration_target::gate: return "gate";
    case calibration_target::ab: return "ab";
  }
  return "compare";
}

std::string calibration_to_json_text(const calibration& c) {
  results::json cells = results::json::array();
  for (const auto& cell : c.cells) cells.push_back(to_json(cell));
  const results::json document = {
      {"schema", calibration_schema},
      {"environment", environment_to_json(c.env)},
      {"settings", settings_to_json(c.run_settings)},
      {"comparison",
       {{"metric", std::string(to_string(c.compared.metric))},
        {"test", std::string(to_string(c.compared.test))},
        {"alpha", c.compared.alpha},
        {"noise_threshold", c.compared.noise_threshold},
        {"confidence", c.compared.confidence},
        {"resamples", c.compared.resamples},
        {"correction", std::string(stats::to_string(c.compared.correction))}}},
      {"repeats", c.repeats},
      {"slowdown_pct", c.slowdown_pct},
      {"comparisons", c.comparisons},
      {"false_alarms", c.false_alarms},
      {"detections", c.detections},
      {"cells", cells},
      {"not_compared", c.not_compared}};
  return document.dump(k_json_indent) + "\n";
}

void save_calibration(const calibration& c, const std::filesystem::path& path, std::string_view source) {
  files::write_atomically(path, calibration_to_json_text(c), source);
}

std::string calibration_tries_to_json_text(const calibration_tries& c) {
  results::json experiments = results::json::array();
  for (const auto& e : c.experiments) experiments.push_back(to_json(e));
  const results::json document = {
      {"schema", calibration_tries_schema},
      {"for", std::string(to_string(c.target))},
      {"environment", environment_to_json(c.env)},
      {"run_args", c.run_args},
      {"command_args", c.command_args},
      {"confirm", c.target == calibration_target::gate ? results::json(c.confirm) : results::json(nullptr)},
      {"slowdown_pct", c.slowdown_pct},
      {"slowdown_filter", c.slowdown_filter ? results::json(*c.slowdown_filter) : results::json(nullptr)},
      {"experiments", experiments}};
  return document.dump(k_json_indent) + "\n";
}

void save_calibration_tries(const calibration_tries& c, const std::filesystem::path& path, std::string_view source) {
  files::write_atomically(path, calibration_tries_to_json_text(c), source);
}

}  // namespace benchgate::calibrate
