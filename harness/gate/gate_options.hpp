#pragma once
// Options of `benchgate gate`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/explain/explain_options.hpp"
#include "harness/paired/paired_options.hpp"
#include "harness/formats/baseline_store.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::options {

// Where gate looks for rules when --rules is not given (in the working
// folder): the repository's checked-in rules.
inline constexpr const char* k_default_rules_file = ".benchgate-rules.json";
// --confirm above this would re-run suspect cells for hours.
inline constexpr int k_max_confirm_rounds = 100;
// Processes per side in each confirmation round, run in alternation (old
// new new old ...) and pooled. More than one lands a slow spell of the host
// (seconds long) on both sides rather than on one side's only process, but
// pools processes that differ, which widens the intervals: on page_iter a
// default of 3 caught an injected slowdown in 2 of 10 tries against 6 of 10
// with 1 (docs/gate.md), so 1 is the default.
inline constexpr int k_default_confirm_processes = 1;
inline constexpr int k_max_confirm_processes = 20;

// --explain: after the verdict, each failing cell explained under callgrind
// in the two builds (docs/explain.md), within a budget; it never changes the
// verdict or the exit code.
struct explain_after_options {
  bool on = false;
  int max_cells = k_default_explain_max_cells;         // --explain-max-cells
  double max_seconds = k_default_explain_max_seconds;  // --explain-max-seconds: none started after
  std::optional<std::filesystem::path> json;            // --explain-json: benchgate.explain/1
  std::optional<std::filesystem::path> flamegraph_dir;  // --explain-flamegraphs: one SVG per cell
  bool cache_sim = false;  // --explain-cache-sim: callgrind's cache simulation too (run/cache_sim.hpp)
};

struct gate_options {
  // One diff JSON file (benchgate.diff/1), or OLD and NEW (anything compare
  // accepts: results files, saved baseline names, Google Benchmark JSON).
  std::vector<std::string> inputs;
  std::optional<std::filesystem::path> rules;  // --rules, else k_default_rules_file when present
  bool no_rules = false;                       // --no-rules: ignore the default rules file
  gate::gate_levels command_line;              // --metric, --warn, --max-regression, --max-ci-width
  compare::comparison_settings settings;       // of OLD NEW comparisons (--alpha)
  int confirm = 0;                             // --confirm N rounds (0: none)
  int confirm_processes = k_default_confirm_processes;  // --confirm-processes P per side and round
  // --confirm-extra K: rounds at most added for cells the pooled re-runs
  // still cannot judge (too wide); unset: as many as --confirm N.
  std::optional<int> confirm_extra;
  std::optional<std::filesystem::path> confirm_dir;  // --confirm-dir: keep the re-runs there
  std::optional<std::filesystem::path> old_binary;  // default: this executable
  std::optional<std::filesystem::path> new_binary;
  std::filesystem::path baseline_dir = results::k_default_baseline_dir;
  std::optional<std::filesystem::path> json_out;      // --json: the verdict, benchgate.gate/1
  std::optional<std::filesystem::path> markdown_out;  // --markdown: a PR comment
  std::optional<std::filesystem::path> text_out;      // --text-out: the printed table
  std::vector<std::string> notes;  // for stderr, e.g. a deprecated spelling ("--metric time")
  // --explain ...: the builds are old_binary and new_binary (gate: both
  // required; ab: OLD_BIN and NEW_BIN).
  explain_after_options explain;
  // --fixed-placement: --confirm's re-runs start from the binaries
  // themselves, with no environment pad (paired/placement.hpp).
  bool fixed_placement = false;
};

}  // namespace benchgate::options
