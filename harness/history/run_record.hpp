#pragma once
// What the history store keeps of one run: the commit it measured, when,
// on what environment, and each timed cell's samples with the summary of
// every metric the cell carries.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/formats/input_loader.hpp"

namespace benchgate::history {

// What makes timings comparable: the same machine model, the same build.
// Two runs with different fingerprints are different series.
struct fingerprint {
  std::optional<std::string> cpu_model;
  int logical_cpus = 0;  // 0: unknown
  std::optional<std::string> compiler;
  std::optional<std::string> compiler_flags;
  std::optional<std::string> build_type;
  std::optional<std::string> benchmark_version;
  // Only when `history add --measured-here` read the machine (with_host_machine):
  // its kernel ("Linux 6.1.0-28-amd64 x86_64"), and which fields it filled
  // in ("cpu", "cpus", "kernel", "compiler"), the run's results naming none.
  std::optional<std::string> kernel;
  std::vector<std::string> read_by_history_add;

  // "cpu=...; cpus=2; compiler=...; flags=...; build=...; benchmark=..."
  // ("?" for what is unknown), then "; kernel=...; read_by_history_add=cpu,kernel"
  // when history add read the machine: the key the store identifies it by.
  std::string text() const;
};

fingerprint fingerprint_of(const results::environment& env);

// The machine `history add --measured-here` runs on, as it reads it
// (nullopt or 0: could not be read).
struct host_machine {
  std::optional<std::string> cpu_model;  // /proc/cpuinfo "model name"
  int logical_cpus = 0;
  std::optional<std::string> kernel;     // uname: "Linux 6.1.0-28-amd64 x86_64"
  std::optional<std::string> compiler;   // the first line of the visible C++ compiler's --version
};

// `run`'s fingerprint with what its results do not name read from `host`,
// the machine that measured it: when the results name no CPU model (Google
// Benchmark JSON does not), the CPU model, the logical CPUs and the compiler
// they lack, and the kernel, each listed in read_by_history_add. A run that
// names its CPU is returned as it is. Throws input_error naming `source`
// when the results' CPU count is not the host's: they were measured elsewhere.
fingerprint with_host_machine(fingerprint run, const host_machine& host, const std::string& source);

// Median, mean and a distribution-free 95 % interval of the median (order
// statistics; the whole range below 6 samples), in ns per iteration.
struct summary {
  double median = 0;
  double mean = 0;
  double low = 0;
  double high = 0;
};
summary summarize(std::vector<double> values);

// Names of the metrics every timed cell has (ns per iteration).
inline constexpr const char* k_real_time_metric = "real_time";
inline constexpr const char* k_cpu_time_metric = "cpu_time";

// One metric of a cell in one run: its name (real_time, cpu_time,
// instructions, throughput, or a counter's or figure's own name), how many
// values it summarizes and their summary, in the metric's own unit.
struct metric_record {
  std::string name;
  std::int64_t n = 0;
  summary values;
};

struct cell_record {
  std::string name;
  std::string case_name;
  std::vector<double> real_ns;
  std::vector<double> cpu_ns;
  std::vector<std::int64_t> iterations;
  // real_time and cpu_time first, then instructions (instruction runs),
  // throughput (cells with work per iteration), counters, figures: each
  // name once, the first of a name kept.
  std::vector<metric_record> metrics;
};

// The metrics of `c` as cell_record::metrics lists them (empty for a cell
// without samples).
std::vector<metric_record> metrics_of(const results::cell& c);

struct run_record {
  std::string commit;
  std::string commit_date;        // UTC ISO 8601: orders the series
  std::int64_t commit_time_s = 0;
  std::string run_date;           // UTC ISO 8601, "" when unknown
  std::string tool_version;
  fingerprint environment;
  std::string format;             // benchgate.results/1 or google-benchmark
  std::string source;             // the file it came from
  std::vector<cell_record> cells; // timed cells only
  std::string digest;             // SHA-256 of the run date, format, environment and samples
};

// The SHA-256 of `bytes` in lower-case hex: a run's digest.
std::string sha256_hex(const std::string& bytes);

// `value` in C's exact hexadecimal form ("%a"), as digests hash numbers.
std::string exact_number_text(double value);

// Whether `text` is a git commit id in hexadecimal: at least an abbreviated
// one (4 digits), at most SHA-256's (64).
bool is_hex_commit(const std::string& text);

// `commit` in lower case, as git writes ids: ABCDEF01 and abcdef01 are one
// commit and are stored as one.
std::string lower_case_commit(std::string commit);

// What `history add` was told on its command line.
struct record_overrides {
  std::optional<std::string> commit;  // --commit
  std::optional<std::string> date;    // --date: the commit's date
  std::optional<host_machine> host;   // --measured-here: the machine history add runs on
};

// The record of `loaded` read from `source`. The commit is --commit or the
// results' git_commit (they must agree when both are given); a build with
// uncommitted changes needs --commit. The date is --date or the run's date.
// With overrides.host, the fingerprint is with_host_machine's.
// Throws input_error naming `source` for a missing commit or date, a bad
// date, or no timed cell.
run_record make_run_record(const results::loaded_results& loaded, const std::string& source,
                           const record_overrides& overrides);

// The records of the RESULTS files `inputs` (benchgate results or Google
// Benchmark JSON), each read and made by make_run_record: every file is
// checked before anything is stored.
std::vector<run_record> read_run_records(const std::vector<std::string>& inputs, const record_overrides& overrides);

}  // namespace benchgate::history
