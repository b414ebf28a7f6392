#pragma once
// What a run will do: the grid points of each selected case, the variants to
// time at each, and the timing of each sample. Built from validated options.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/run/run_options.hpp"
#include "harness/formats/model.hpp"
#include "harness/run/plain_plan.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::run {

// Precision-targeted sampling of a point (run --precision, precision.hpp).
struct precision_target {
  double relative_half_width = 0;  // the target, e.g. 0.01 for 1 %
  double cap_s = 0;                // the most CPU time of the point's samples together
  int min_samples = 0;             // the first batch
};

// A grid point of a case, or of plain Google Benchmark registrations
// (plain_plan.hpp): then `bench_case` is null and `plain` holds its cells.
struct planned_point {
  const benchgate::benchmark_case* bench_case = nullptr;
  benchgate::param_point point;
  std::vector<benchgate::variant_info> variants;  // those to time (after --filter)
  int samples = 0;          // in all rounds together
  double min_time_s = 0;    // per sample
  double warmup_s = 0;      // per variant, in every round
  // Set: `samples` only sizes each sample (min_time_s, as with fixed
  // samples); how many are taken is the stopping rule's.
  std::optional<precision_target> precision;
  std::optional<plain_point> plain = std::nullopt;
};

// "case/axis:value/...", or a plain point's label: for progress lines.
std::string point_label(const planned_point& planned);

// Whether the ECMAScript regex `pattern` is found in the name of a cell of
// `points` (case/variant/axis:value/..., or a plain registration's name).
bool matches_a_cell(const std::vector<planned_point>& points, const std::string& pattern);

struct run_plan {
  std::vector<planned_point> points;
  // The run settings, recorded in the results: with `cases` naming every
  // case run. Also what the runner follows for the rounds (passes over the
  // grid, each with a share of the samples) and the injected slowdown
  // (slowdown.hpp: injected_slowdown_pct % more work in the cells whose
  // name matches injected_slowdown_filter, every cell when unset).
  results::settings config;
  bool interleave = true;  // the variants of a point in random order (never when counting)
  // Instruction mode, in the process running under callgrind: its dump file
  // (callgrind_counter.hpp). Each sample then runs a fixed
  // options::k_instruction_iterations counted iterations after one warm-up.
  std::optional<std::filesystem::path> callgrind_out;
  bool keep_callgrind_dumps = false;  // leave the dumps for benchgate explain
  // --measure allocations: timed as usual, and each counted iteration's
  // allocations tallied (allocation_counter.hpp) into each sample's counters.
  bool count_allocations = false;
};

// The plan for `options`: the selected cases' points, then those of the
// plain Google Benchmark registrations named `plain_names` (in Google
// Benchmark's order) that --filter selects, when no --case is given.
// Throws input_error when a case rejects an input file, when nothing
// matches the selection (e.g. a --filter that matches no cell, or a
// --shard K/N with N above the number of selected points), when --role
// is given but the program has no plain registration or a pattern does not
// fit (plain_points), and when --measure instructions would count plain
// registrations (their loops are Google Benchmark's, which callgrind
// collection cannot be switched around). With
// --shard K/N the plan keeps the selected points at positions K-1, K-1+N,
// K-1+2N, ... of the whole selection (every case's grid in order), each
// with all its variants.
run_plan make_plan(const options::run_options& options, const suite::registry& cases,
                   const std::vector<std::string>& plain_names = {});

// The fewest samples a point of `plan` takes (0 when it has none).
int fewest_samples(const run_plan& plan);

// The values of each axis of `bench_case` for these options: --param
// overrides, else the --quick values under --quick, else the defaults.
std::vector<benchgate::axis_values> chosen_axis_values(const benchgate::benchmark_case& bench_case,
                                                   const results::settings& settings);

}  // namespace benchgate::run
