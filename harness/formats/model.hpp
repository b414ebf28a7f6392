#pragma once
// The data of a run, as stored in results JSON (schema benchgate.results/1).
// Plain values: the results module reads and writes them (results_json.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "benchgate/case_types.hpp"

namespace benchgate::results {

inline constexpr const char* results_schema = "benchgate.results/1";

// Where and how a run was made. Fields that could not be read are nullopt
// (null in JSON).
struct environment {
  std::string tool_version;                      // benchgate's version
  std::optional<std::string> cpu_model;          // /proc/cpuinfo "model name"
  int logical_cpus = 0;
  std::optional<std::string> os;                 // "Linux 6.1.0 x86_64"
  std::optional<std::string> host;
  std::string date;                              // ISO 8601, UTC, when the run started
  std::vector<double> load_average;              // 1, 5, 15 min; empty when unreadable
  std::optional<std::string> cpu_governor;       // cpufreq scaling governor of cpu0
  std::optional<std::string> aslr;               // /proc/sys/kernel/randomize_va_space
  std::optional<std::string> compiler;           // "GNU 12.2.0"
  std::optional<std::string> compiler_flags;     // "-O3 -DNDEBUG"
  std::optional<std::string> build_type;         // "Release"
  std::optional<std::string> git_commit;         // of the built source
  std::optional<bool> git_dirty;                 // uncommitted changes when built
  std::optional<std::string> benchmark_version;  // Google Benchmark's version
};

// One part of a run's grid split across machines (run --shard K/N): the
// selected grid points at positions K-1, K-1+N, ... (index K counts from 1).
inline constexpr int k_max_shards = 1000;
struct shard_spec {
  int index = 1;
  int count = 1;
  bool operator==(const shard_spec&) const = default;
};

// What each sample measures: wall and CPU time (Google Benchmark), or the
// instructions of each iteration under callgrind (run/callgrind_counter.hpp),
// or the times and the allocations of each iteration (the sample's counters
// k_allocation_counters, run/allocation_counter.hpp). Stored in results
// JSON as "time", "instructions" or "allocations" (measure_name).
enum class measure_kind { time, instructions, allocations };
const char* measure_name(measure_kind kind);
std::optional<measure_kind> measure_from_name(std::string_view name);

// How a run is made: the run settings. `benchgate run` parses them
// (run/run_options.hpp), to_arguments spells them back as `run`
// arguments (for re-runs), the plan follows them and the results record
// them (what the options resolved to). One type for all four, so a new run
// option is added here, in the parser and in to_arguments, and the
// round-trip test (tests/harness/app/command_line/run_arguments_test.cpp) fails
// until it is.
// Default-constructed settings are run's defaults: Criterion's measurement
// 5 s and a 0.5 s warm-up (Criterion's 3 s is for runtimes that compile as
// they run; on the default suite, samples after 0.5 s do not differ from
// later ones and A/A runs flag no more cells than after 3 s, within their
// spread: docs/statistics.md, "Defaults"), here per grid point and shared
// by its interleaved variants.
// The figures of a cell sampled to a precision target: the relative 95 %
// half-width reached (%), and 1 when its cap stopped it first, else 0.
inline constexpr std::string_view k_ci_half_width_figure = "ci_half_width_pct";
inline constexpr std::string_view k_stopped_by_cap_figure = "stopped_by_cap";

// How the processes of a paired run (ab, gate --confirm) were started, so
// that what the code did not change is noise the comparison can see, not a
// fixed offset of one side (docs/ab.md, "Placement"): each process from a
// fresh copy of its executable (new pages in the page cache, a new inode, a
// path of random length), with its environment padded by a random number
// of bytes (stack alignment). Recorded by the process that paired the runs.
// The largest pad a results file may record, in bytes or characters.
inline constexpr int k_max_placement_pad = 1 << 20;
struct placement_record {
  bool copies = true;                 // a fresh copy of the executable per process; false: the original
  int environment_pad_max_bytes = 0;  // each process's pad: 0 to this many bytes
  int path_pad_max_chars = 0;         // each copy's folder name: 0 to this many more characters
  bool operator==(const placement_record&) const = default;
};

inline constexpr double k_default_measurement_time_s = 5.0;
inline constexpr double k_default_warmup_s = 0.5;
struct settings {
  measure_kind measure = measure_kind::time;     // --measure
  // --cache-sim (instruction mode only): callgrind also simulates the caches
  // (run/cache_sim.hpp) and every sample carries the counters l1_hits,
  // ll_hits, ram_accesses and estimated_cycles (formats/metric.hpp).
  bool cache_sim = false;
  int samples = 0;                               // requested per cell (0: case default)
  double measurement_time_s = k_default_measurement_time_s;  // per grid point, shared by its variants
  double warmup_s = k_default_warmup_s;          // per grid point, shared by its variants
  std::optional<double> min_time_s;              // per sample, when set by --min-time
  bool quick = false;
  bool random_interleaving = true;
  int rounds = 1;                                // passes over the grid (run --rounds)
  std::vector<std::string> cases;                // the cases run
  std::optional<std::string> filter;             // --filter regex
  std::vector<std::pair<std::string, std::vector<std::string>>> params;  // --param overrides
  std::vector<std::string> inputs;               // --input files
  // run --role ROLE=REGEX, as given: the roles of plain Google Benchmark
  // registrations (run/plain_plan.hpp). In JSON only when given.
  std::vector<std::string> roles;
  double injected_slowdown_pct = 0;              // harness knob; 0 in real runs
  std::optional<std::string> injected_slowdown_filter;  // cells it applied to; null: all
  std::optional<shard_spec> shard;               // run --shard K/N; null: the whole selection
  // run --precision PCT (the default when nothing fixes the samples):
  // samples per cell chosen by the stopping rule (run/precision.hpp), the
  // point's variants sharing precision_cap_s; null: fixed. Such a cell
  // carries the figures k_ci_half_width_figure and k_stopped_by_cap_figure.
  std::optional<double> precision_pct;
  std::optional<double> precision_cap_s;
  // Made by benchgate ab of Google Benchmark executables (one process a
  // sample, paired/gbench_pairs.hpp): the side's own arguments (--old-arg,
  // --new-arg). Null: a benchgate run.
  std::optional<std::vector<std::string>> google_benchmark_args;
  // Paired runs only (ab, gate --confirm): how their processes were
  // placed. Null: not recorded (a plain run, or a file from before).
  std::optional<placement_record> placement;
  bool operator==(const settings&) const = default;
};

// The partner of a sample that ran in lockstep with another run's (ab,
// gate --confirm): sample `index` of a cell ran back to back with the
// partner run's sample of the same cell, id and index. Recorded in both
// runs' files by the process that paired them (formats/pairing_records.hpp).
struct sample_pair {
  std::string id;                                // the pairing's id, the same on both sides
  std::int64_t index = 0;                        // the pair's position in the cell, from 0
};

// The times a sample may hold besides 0, in nanoseconds per iteration:
// from a femtosecond (no clock resolves less) to 31.7 years. Within them,
// every ratio, square and sum the statistics form of such times is finite.
inline constexpr double k_min_time_ns = 1e-6;
inline constexpr double k_max_time_ns = 1e18;

// Whether `ns` is 0 or within [k_min_time_ns, k_max_time_ns].
constexpr bool is_time_ns(double ns) { return ns == 0 || (ns >= k_min_time_ns && ns <= k_max_time_ns); }
// The same, for the messages that refuse other times.
inline constexpr const char* k_time_range_text = "0 or a time from 1e-6 to 1e18 ns";

// One repetition of a cell: `iterations` runs of the timed body.
struct sample {
  std::int64_t iterations = 0;
  double real_ns = 0;                            // wall time per iteration
  double cpu_ns = 0;                             // CPU time per iteration
  std::optional<double> instructions;            // per iteration, instruction mode only
  std::vector<std::pair<std::string, double>> counters;  // user counters of the body
  std::optional<sample_pair> pair = std::nullopt;  // set when the run was paired with a partner
};

// One benchmark: a variant of a case at one grid point.
struct cell {
  std::string name;                              // case/variant/axis:value/...
  std::string case_name;
  std::string variant;
  std::optional<benchgate::variant_role> role;       // unknown for Google Benchmark imports
  std::vector<std::pair<std::string, std::string>> params;
  benchgate::work_per_iteration work;
  std::vector<sample> samples;
  std::vector<benchgate::figure> figures;
  std::string error;                             // non-empty: not timed (see prepared_point)
  // With `error`: skipped on purpose rather than failed (Google Benchmark's
  // SkipWithMessage); never set by benchgate runs.
  bool skipped = false;
};

// A lockstep pairing this run's samples took part in: the pairing's id,
// this run's side ("old" or "new"), this run's id and its partner's, and
// for `benchgate ab` which of its process pairs it was (1, 2, ...: the
// cluster its samples' pairs belong to; absent in files written before
// it and in gate --confirm re-runs). A merged run keeps every one of its
// runs' pairings.
struct pairing_record {
  std::string id;
  std::string side;
  std::string run_id;
  std::string partner_run_id;
  std::optional<std::int64_t> process_pair = std::nullopt;
};

struct run_results {
  std::string run_id;                            // random, set by run; empty in files written before it
  std::vector<pairing_record> pairings;          // empty: not paired
  environment env;
  settings config;
  std::vector<cell> cells;
};

// The cell named `name`, or nullptr. A linear search: for lookups in a loop
// over cells, build a cell_index once.
const cell* find_cell(const run_results& results, std::string_view name);

// The names of the cells of a run, in its order.
std::vector<std::string> cell_names(const run_results& results);

// The cells of a run by name (the first of a name, as find_cell). Refers to
// `results`, which must outlive it.
class cell_index {
 public:
  explicit cell_index(const run_results& results);
  const cell* find(std::string_view name) const;  // nullptr when absent

 private:
  std::unordered_map<std::string_view, const cell*> by_name_;
};

}  // namespace benchgate::results
