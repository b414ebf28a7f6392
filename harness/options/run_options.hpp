#pragma once
// Options of `benchgate run`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/baseline_store.hpp"
#include "harness/results/model.hpp"
#include "harness/suite/param_point.hpp"

namespace benchgate::options {

// Criterion's defaults (docs/statistics.md, "Defaults"): 100 samples; warm-up 3 s and measurement
// 5 s. Here the times are per grid point and shared by its interleaved
// variants, so a 18-point grid takes minutes, not hours.
inline constexpr int k_default_samples = 100;
inline constexpr int k_min_samples = 10;
inline constexpr double k_default_measurement_time_s = 5.0;
inline constexpr double k_default_warmup_s = 3.0;
// --quick lowers them.
inline constexpr int k_quick_samples = 10;
inline constexpr double k_quick_measurement_time_s = 0.5;
inline constexpr double k_quick_warmup_s = 0.1;

// Instruction mode (--measure instructions): samples are identical, so few;
// the iterations of a sample are fixed (not chosen from timing, which under
// valgrind is ~50x slower and noisy) and the first is an uncounted warm-up.
inline constexpr int k_instruction_samples = 3;
inline constexpr int k_instruction_iterations = 10;

// --precision PCT: the tightest target accepted, and the largest.
inline constexpr double k_min_precision_pct = 0.01;
inline constexpr double k_max_precision_pct = 100;

// --inject-slowdown above this is no longer a "small known regression".
inline constexpr double k_max_injected_slowdown_pct = 1000;

// What each sample measures: wall and CPU time (Google Benchmark), or the
// instructions of each iteration under callgrind (run/callgrind_counter.hpp).
enum class measure_kind { time, instructions };

struct run_options {
  std::vector<std::string> cases;                 // empty: every case
  std::optional<std::string> filter;              // ECMAScript regex, searched in cell names
  std::vector<suite::axis_values> params;         // --param overrides, checked
  std::optional<int> samples;                     // --samples; else the case's or the default
  double measurement_time_s = k_default_measurement_time_s;
  double warmup_s = k_default_warmup_s;
  std::optional<double> min_time_s;               // per sample, overrides the split
  bool quick = false;
  bool interleave = true;
  int rounds = 1;                                 // --rounds: passes over the grid
  std::vector<std::filesystem::path> inputs;      // --input files (exist, regular)
  std::optional<std::filesystem::path> out;       // results JSON
  std::optional<std::filesystem::path> text_out;  // the text report
  std::optional<std::string> save_baseline;       // --save-baseline NAME (a valid name)
  std::optional<std::string> baseline;            // --baseline NAME: compare against it
  std::filesystem::path baseline_dir = results::k_default_baseline_dir;
  // --inject-slowdown: extra work added to the cells matching
  // inject_filter (all when unset), as a percentage of their time. A harness
  // test knob (run/slowdown.hpp), 0 in real runs.
  double inject_slowdown_pct = 0;
  std::optional<std::string> inject_filter;      // ECMAScript regex over cell names
  measure_kind measure = measure_kind::time;      // --measure
  // Instruction mode: the parent re-runs `args` under callgrind; the child
  // gets the internal --callgrind-out FILE (valgrind's --callgrind-out-file)
  // and is the process that measures.
  std::vector<std::string> args;                  // the arguments after "run", as given
  std::optional<std::filesystem::path> callgrind_out;
  // Internal --lockstep-fd (gate --confirm): the socket this run takes
  // turns on with its partner (run/lockstep.hpp); checked by the run.
  std::optional<int> lockstep_fd;
  // --shard K/N: time only the K-th of N parts of the selected grid points
  // (run/plan.hpp says which); merge pools the N results files.
  std::optional<results::shard_spec> shard;
  // --precision PCT: sample each grid point until every variant's 95 %
  // interval of the mean is within PCT % of it (run/precision.hpp), at
  // least k_min_samples, until the samples of a point have taken
  // precision_cap_s seconds of CPU time
  // (--precision-cap, default the measurement time). Unset: fixed samples.
  std::optional<double> precision_pct;
  double precision_cap_s = k_default_measurement_time_s;
};

}  // namespace benchgate::options
