#pragma once
// Options of `benchgate compare`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/formats/baseline_store.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/role_patterns.hpp"
#include "benchgate/case_types.hpp"

namespace benchgate::options {

// --resamples below this give intervals and p-values too coarse to read;
// above the maximum the bootstrap distributions (8 bytes x 5 statistics x 2
// sides per resample) would take gigabytes.
inline constexpr std::int64_t k_min_resamples = 100;
inline constexpr std::int64_t k_max_resamples = 10'000'000;

struct compare_options {
  // OLD and NEW (files or saved baseline names); with `variants`, the one
  // results file.
  std::vector<std::string> inputs;
  bool variants = false;
  benchgate::variant_role base_role = benchgate::variant_role::baseline;
  std::vector<benchgate::variant_role> new_roles = {benchgate::variant_role::core, benchgate::variant_role::peer};
  std::vector<results::role_pattern> roles;  // --role ROLE=REGEX: roles of Google Benchmark cells
  compare::comparison_settings settings;
  std::filesystem::path baseline_dir = results::k_default_baseline_dir;
  std::optional<std::filesystem::path> json_out;  // --json: the diff, benchgate.diff/1
  std::optional<std::filesystem::path> text_out;  // --text-out: the report
  bool fail_on_regressed = false;                 // --fail-on regressed: exit 1 when a cell regressed
  bool metric_given = false;  // --metric was given (an instruction run may then be compared with a time run)
  std::vector<std::string> notes;  // for stderr, e.g. a deprecated spelling ("--metric time")
};

}  // namespace benchgate::options
