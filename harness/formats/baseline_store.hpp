#pragma once
// Saved baselines (criterion.rs's workflow): a run saved under a name in a
// folder, DIR/NAME.json, in results JSON. `benchgate run --save-baseline
// NAME` writes one; `run --baseline NAME` and `compare NAME ...` read it.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/input_loader.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::results {

// Where baselines live unless --baseline-dir says otherwise (relative to the
// working directory).
inline constexpr const char* k_default_baseline_dir = "reports/baselines";

// nullopt when `name` can name a baseline; else what is expected: 1 to 100
// characters of [A-Za-z0-9._-], not starting with '.'.
std::optional<std::string> baseline_name_problem(std::string_view name);

// DIR/NAME.json.
std::filesystem::path baseline_path(const std::filesystem::path& dir, std::string_view name);

// The names saved in `dir`, sorted; empty when the folder does not exist.
std::vector<std::string> list_baselines(const std::filesystem::path& dir);

// Writes `results` as baseline `name` atomically: a reader sees the old
// baseline or the new one, never a part. `source` names the option.
void save_baseline(const run_results& results, const std::filesystem::path& dir,
                   std::string_view name, std::string_view source);

// Reads baseline `name`. A missing baseline throws input_error naming
// `source`, the folder and the names saved there.
run_results load_baseline(const std::filesystem::path& dir, std::string_view name,
                          std::string_view source);

// What OLD or NEW of `benchgate compare` names: an existing file (any kind
// parse_any_results reads), else a saved baseline in `dir`. Throws
// input_error when it is neither, listing the saved baselines. `baseline`
// receives the name when a baseline was read.
loaded_results load_results_or_baseline(std::string_view text, const std::filesystem::path& dir,
                                        std::string_view source, std::optional<std::string>& baseline);

}  // namespace benchgate::results
