#pragma once
// Options of `benchgate gate`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/baseline_store.hpp"
#include "harness/results/diff_model.hpp"
#include "harness/results/gate_model.hpp"

namespace benchgate::options {

// Where gate looks for rules when --rules is not given (in the working
// folder): the repository's checked-in rules.
inline constexpr const char* k_default_rules_file = ".benchgate-rules.json";
// --confirm above this would re-run suspect cells for hours.
inline constexpr int k_max_confirm_rounds = 100;

struct gate_options {
  // One diff JSON file (benchgate.diff/1), or OLD and NEW (anything compare
  // accepts: results files, saved baseline names, Google Benchmark JSON).
  std::vector<std::string> inputs;
  std::optional<std::filesystem::path> rules;  // --rules, else k_default_rules_file when present
  bool no_rules = false;                       // --no-rules: ignore the default rules file
  results::gate_levels command_line;           // --metric, --warn, --max-regression, --max-ci-width
  results::comparison_settings settings;       // of OLD NEW comparisons (--alpha)
  int confirm = 0;                             // --confirm N rounds (0: none)
  std::optional<std::filesystem::path> old_binary;  // default: this executable
  std::optional<std::filesystem::path> new_binary;
  std::filesystem::path baseline_dir = results::k_default_baseline_dir;
  std::optional<std::filesystem::path> json_out;      // --json: the verdict, benchgate.gate/1
  std::optional<std::filesystem::path> markdown_out;  // --markdown: a PR comment
  std::optional<std::filesystem::path> text_out;      // --text-out: the printed table
};

}  // namespace benchgate::options
