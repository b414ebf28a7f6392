#include "harness/calibrate/calibration_json.hpp"

#include "harness/support/files/file_io.hpp"
#include "harness/formats/run_info_json.hpp"

namespace benchgate::results {

namespace {

constexpr int k_json_indent = 2;

json to_json(const calibration_cell& c) {
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

}  // namespace

std::string calibration_to_json_text(const calibration& c) {
  json cells = json::array();
  for (const auto& cell : c.cells) cells.push_back(to_json(cell));
  const json document = {
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

}  // namespace benchgate::results
