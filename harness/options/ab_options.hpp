#pragma once
// Options of `benchgate ab OLD_BIN NEW_BIN [RUN_OPTIONS]`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/options/gate_options.hpp"
#include "harness/options/run_options.hpp"

namespace benchgate::options {

// --pairs above this would run the grid for hours.
inline constexpr int k_max_ab_pairs = 20;

struct ab_options {
  std::filesystem::path old_binary;
  std::filesystem::path new_binary;
  // The `run` arguments of each side: the run options given to ab, then
  // the side's own (--old-arg, --new-arg), as given.
  std::vector<std::string> old_args;
  std::vector<std::string> new_args;
  // The same, validated by this binary's `run` parser.
  run_options old_run;
  run_options new_run;
  int pairs = 1;  // --pairs: lockstep pairs of processes, the side that starts alternating, pooled
  // The judgement (--rules ... --alpha, --confirm ...), the verdict JSON
  // (--verdict-json), --markdown and --text-out; the binaries re-run for
  // --confirm are OLD_BIN and NEW_BIN.
  gate_options gate;
  std::optional<std::filesystem::path> diff_out;  // --json: the comparison, benchgate.diff/1
  std::optional<std::filesystem::path> out_dir;   // --out-dir: both sides' results and logs
};

}  // namespace benchgate::options
