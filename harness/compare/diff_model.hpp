#pragma once
// A comparison of two sets of cells, as stored in diff JSON (schema
// benchgate.diff/1, documented field by field in docs/compare.md). Plain
// values: harness/compare fills them, diff_json.hpp reads and writes them,
// and later consumers (gate, charts) read them. Times are nanoseconds per
// iteration; changes are fractions (+0.05 = 5 % more time than the old side).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/formats/metric.hpp"
#include "harness/formats/model.hpp"
#include "harness/formats/schemas.hpp"
#include "harness/stats/bootstrap.hpp"
#include "harness/stats/change.hpp"
#include "harness/stats/mann_whitney.hpp"
#include "harness/stats/multiple_comparisons.hpp"
#include "harness/stats/outliers.hpp"
#include "harness/stats/welch.hpp"

namespace benchgate::compare {


// Any fixed value: with it, comparing the same files twice prints the same
// intervals and p-values.
inline constexpr std::uint64_t k_default_bootstrap_seed = 20261202;

// "runs": OLD against NEW, cells paired by name. "variants": within one run,
// each new-role cell against the base-role cell of its grid point.
enum class compare_mode { runs, variants };
// Which measurement of each sample is compared: "real_time" (wall),
// "cpu_time", "instructions" (per iteration, from `run --measure
// instructions`; deterministic), or a counter by its name: a sample's
// counter (Google Benchmark user counters and rates, e.g. items_per_second)
// or else the cell's figure of that name (one value, the same in every
// sample). Spelled as its name in diff JSON ("metric").
struct time_metric {
  enum class kind { real, cpu, instructions, counter };
  kind of = kind::real;
  std::string counter;  // the counter's name when `of` is counter, else empty

  static time_metric counter_named(std::string name) { return {kind::counter, std::move(name)}; }
  bool operator==(const time_metric&) const = default;

  static const time_metric real;
  static const time_metric cpu;
  static const time_metric instructions;
};
inline const time_metric time_metric::real{time_metric::kind::real, {}};
inline const time_metric time_metric::cpu{time_metric::kind::cpu, {}};
inline const time_metric time_metric::instructions{time_metric::kind::instructions, {}};
// Which test's (adjusted) p-value decides the verdict: "welch" (criterion's)
// or "mann_whitney" (compare.py's).
enum class significance_test { welch, mann_whitney };

std::string_view to_string(compare_mode mode);
std::string to_string(const time_metric& metric);
std::string_view to_string(significance_test test);
// Parse the names to_string gives; nullopt for anything else.
// parse_time_metric also takes the gate's old spelling "time" for real_time
// (deprecated: the one spelling is real_time everywhere), and any other
// metric name (formats/metric.hpp, is_metric_name) as a counter.
std::optional<compare_mode> parse_compare_mode(std::string_view text);
std::optional<time_metric> parse_time_metric(std::string_view text);
inline constexpr std::string_view k_deprecated_real_time_spelling = "time";
// The note printed when a metric is spelled the deprecated way.
inline constexpr const char* k_deprecated_time_note =
    "metric 'time' is deprecated: it is spelled real_time everywhere now (compare, gate, rules files)";
std::optional<significance_test> parse_significance_test(std::string_view text);

// The statistics of one comparison; the defaults are criterion.rs's
// (docs/statistics.md, "Defaults") plus Holm's correction across cells.
struct comparison_settings {
  time_metric metric = time_metric::real;
  // Which way the metric is better (formats/metric.hpp): with higher, a
  // drop is the regression. Written as "better" (absent in older diffs: lower).
  results::better direction = results::better::lower;
  significance_test test = significance_test::welch;
  double alpha = stats::k_default_alpha;                      // in (0, 1)
  double noise_threshold = stats::k_default_noise_threshold;  // fraction, >= 0
  double confidence = stats::k_default_confidence;            // in (0, 1)
  std::size_t resamples = stats::k_default_resamples;
  stats::correction correction = stats::correction::holm;
  std::uint64_t seed = k_default_bootstrap_seed;
  // The sides ran in lockstep (ab, gate --confirm): sample i of each ran
  // back to back. The change intervals then resample pairs, and the p-value
  // is the paired t test's (stats/paired.hpp) whatever `test` says, stored
  // as the Welch test's. Cells whose sides differ in sample count are
  // compared unpaired. compare_runs sets it when the runs recorded their
  // pairing (formats/pairing_records.hpp); written as "paired".
  bool paired = false;
  // Paired, and the pairs came from two or more process pairs (benchgate
  // ab --pairs P records each one's process_pair): the process pair is the
  // unit of replication, so the change, its interval and the p-value come
  // from the process pairs' log ratios (stats/clustered.hpp). Set by
  // compare_runs; written as "clustered" (absent in older diffs: false).
  bool clustered = false;
};

// Where one side's cells came from.
struct diff_source {
  std::string path;                      // the file read
  std::string format;                    // "benchgate.results/1" or "google-benchmark"
  std::optional<std::string> baseline;   // the saved baseline's name, when named so
  results::environment env;              // what the file says (GB files say little)
  std::optional<results::settings> run_settings;  // benchgate results only
};

// The estimates of one side of a compared cell (docs/statistics.md,
// "Bootstrap"), of the compared metric.
struct side_estimates {
  std::string name;                  // the cell's name on this side
  std::size_t samples = 0;
  bool typical_is_slope = false;     // typical = OLS slope (linear sampling), else the mean
  stats::interval_estimate typical;
  stats::interval_estimate mean;
  stats::interval_estimate median;
  stats::interval_estimate std_dev;
  stats::interval_estimate mad;
  stats::outlier_counts outliers;    // Tukey classes, reported, never removed
};

struct welch_outcome {
  std::optional<double> t;   // null when undefined (see stats::welch_t)
  double p = 1;              // mixed-bootstrap, two-sided
  double p_adjusted = 1;     // after the correction across the comparison's cells
  stats::welch_status status = stats::welch_status::ok;
};

struct u_outcome {
  double u1 = 0;             // U of the old side
  double p = 1;              // two-sided, scipy's method choice
  double p_adjusted = 1;
  stats::u_method method = stats::u_method::none;
  bool all_values_equal = false;
  bool reliable = false;     // both sides have >= 9 samples (compare.py's advice)
};

// One compared pair of cells.
struct cell_diff {
  std::string name;          // runs: the shared name; variants: the new cell's name
  std::string case_name;
  std::vector<std::pair<std::string, std::string>> params;
  benchgate::work_per_iteration work;  // of the new side
  side_estimates old_side;
  side_estimates new_side;
  stats::interval_estimate mean_change;    // relative change of the mean
  stats::interval_estimate median_change;  // relative change of the median
  // Of the mean, 1 / (1 + r) - 1; set when the new side declares work.
  std::optional<stats::interval_estimate> throughput_change;
  welch_outcome welch;
  u_outcome mann_whitney;
  double p_value = 1;        // the chosen test's adjusted p: what the verdict used
  // Both sides have zero variance (instruction counts): the verdict is by the
  // noise threshold alone and the p-values are not applicable (null in JSON).
  bool deterministic = false;
  stats::verdict verdict = stats::verdict::no_change;
  std::vector<std::string> warnings;
};

// Why a cell on both sides was not compared. new_error: the new side failed
// (its check, or Google Benchmark's SkipWithError); new_skipped: the new side
// was skipped on purpose (Google Benchmark's SkipWithMessage); old_error,
// old_skipped: the same on the old side; no_samples: a side has none;
// too_few_samples: a side has fewer than k_min_interval_samples timed
// samples, so there is no interval; no_counts: a side has no instruction
// counts under the instructions metric; no_metric: a side's cell does not
// carry the compared counter ("no hits in NEW").
enum class skip_kind { new_error, new_skipped, old_error, old_skipped, no_samples, too_few_samples, no_counts, no_metric };

std::string_view to_string(skip_kind kind);
std::optional<skip_kind> parse_skip_kind(std::string_view text);

// Fewer timed samples than this on a side give no interval (one sample has
// no spread), so such a cell is not compared. Instruction counts are exact
// and need one.
inline constexpr std::size_t k_min_interval_samples = 2;

// A cell on both sides that could not be compared, or a cell only in NEW
// that failed its check (kind new_error: a new benchmark that fails).
struct skipped_cell {
  std::string name;
  std::string reason;
  skip_kind kind = skip_kind::no_samples;
};

// kind: "environment" (the sides ran on different machines or builds),
// "settings" (e.g. an injected slowdown on one side), "few_samples" (the U
// test is unreliable somewhere).
struct diff_warning {
  std::string kind;
  std::string message;
};

// Counts of compared cells by verdict, and the geometric mean of
// (1 + mean change) over them, minus 1 (nullopt with no compared cell).
struct diff_summary {
  std::size_t compared = 0;
  std::size_t improved = 0;
  std::size_t regressed = 0;
  std::size_t within_noise = 0;
  std::size_t no_change = 0;
  std::optional<double> geomean_change;
  // Cells at -100 % (a ratio of 0, e.g. allocations to none), which have no
  // logarithm: left out of geomean_change, and said so.
  std::size_t geomean_left_out = 0;
};

struct diff {
  compare_mode mode = compare_mode::runs;
  comparison_settings config;
  // Variants mode: the role of the base cell and the roles paired with it.
  std::optional<benchgate::variant_role> base_role;
  std::vector<benchgate::variant_role> new_roles;
  diff_source old_source;
  diff_source new_source;  // in variants mode, the same run as old_source
  std::vector<diff_warning> warnings;
  std::vector<cell_diff> cells;
  std::vector<std::string> only_old;  // names present on the old side only
  std::vector<std::string> only_new;
  std::vector<skipped_cell> not_compared;
  diff_summary summary;
};

}  // namespace benchgate::compare
