#pragma once
// Options of `benchgate ab OLD_BIN NEW_BIN [RUN_OPTIONS]`, validated: the
// paired runs' settings (paired/paired_options.hpp) and the judgement.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/gate/gate_options.hpp"
#include "harness/paired/paired_options.hpp"

namespace benchgate::options {

// The default extra time as a share of the first pairs' time: one ab takes
// at most about 1.5 times as long as its first pairs, suspects decided
// included (docs/ab.md, "Cells ab cannot judge at first").
inline constexpr double k_default_extra_time_share = 0.5;

// As parse_command_line gives them, the options that depend on what the
// binaries are (the run options, those of Google Benchmark executables)
// are only in `args`, and `binaries` is google_benchmark when --gbench
// said so; settle_ab (app/command_line.hpp), given what they are,
// checks and fills the rest.
struct ab_options : paired_options {
  std::vector<std::string> args;  // the arguments after "ab", as given
  // --extra-time: the most that extra rounds of pairs for the cells not yet
  // judged may take, in seconds (gate/undecided.hpp); none:
  // k_default_extra_time_share of the time the first pairs took.
  std::optional<double> extra_time_s;
  // The judgement (--rules ... --alpha, --confirm ...), the verdict JSON
  // (--verdict-json), --markdown and --text-out; the binaries re-run for
  // --confirm are OLD_BIN and NEW_BIN.
  gate_options gate;
  std::optional<std::filesystem::path> diff_out;  // --json: the comparison, benchgate.diff/1
  std::optional<std::filesystem::path> out_dir;   // --out-dir: both sides' results and logs
  // --run-identical: run byte-identical builds too (paired/identical_builds.hpp).
  bool run_identical = false;
};

}  // namespace benchgate::options
