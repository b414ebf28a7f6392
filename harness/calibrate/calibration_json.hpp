#pragma once
// Calibration JSON: what `benchgate calibrate --json` writes, for a rules
// file author: benchgate.calibration/1 (--for compare), /2 (--for gate, ab).
// Written only.

#include <filesystem>
#include <string>
#include <string_view>

#include "harness/calibrate/calibration_model.hpp"

namespace benchgate::calibrate {

std::string calibration_to_json_text(const calibration& c);

// Writes atomically; `source` names the option for error messages.
void save_calibration(const calibration& c, const std::filesystem::path& path, std::string_view source);

std::string calibration_tries_to_json_text(const calibration_tries& c);
void save_calibration_tries(const calibration_tries& c, const std::filesystem::path& path, std::string_view source);

}  // namespace benchgate::calibrate
