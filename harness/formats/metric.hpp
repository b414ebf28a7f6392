#pragma once
// What a metric is: a name with a unit and a better direction (docs/compare.md,
// "Metrics"). Built in: real_time and cpu_time (nanoseconds per iteration),
// instructions, the allocation counters of k_allocation_counters (per
// iteration) and the cache-simulated counts of `--measure instructions
// --cache-sim` (l1_hits, ll_hits, ram_accesses, estimated_cycles:
// run/cache_sim.hpp) are better lower;
// throughput and Google Benchmark's rates are better higher. Any other
// metric (a user counter, a case's figure) has the direction its user
// declares (compare/gate --direction NAME=higher|lower, a rules file's
// "direction"); where none is declared it cannot be judged. Pure.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace benchgate::results {

enum class better { lower, higher };

// The cache-simulated counts per iteration (run --measure instructions
// --cache-sim), stored as each sample's counters under these names.
inline constexpr std::string_view k_l1_hits_metric = "l1_hits";
inline constexpr std::string_view k_ll_hits_metric = "ll_hits";
inline constexpr std::string_view k_ram_accesses_metric = "ram_accesses";
inline constexpr std::string_view k_estimated_cycles_metric = "estimated_cycles";

// "lower" or "higher"; parse_better takes those and nothing else.
std::string_view to_string(better direction);
std::optional<better> parse_better(std::string_view text);

// Google Benchmark writes a rate counter (kIsRate: its value divided by
// the run's seconds) as a plain number, so a rate is known by its name:
// one ending in this suffix, as items_per_second and bytes_per_second do.
inline constexpr std::string_view k_rate_suffix = "_per_second";
bool is_rate_name(std::string_view metric);

// The counters `run --measure allocations` gives each sample, per counted
// iteration (run/allocation_counter.hpp): blocks allocated and freed
// through operator new/delete, the bytes allocated, and the most bytes
// live at once within an iteration.
inline constexpr std::string_view k_allocations_counter = "allocations";
inline constexpr std::string_view k_frees_counter = "frees";
inline constexpr std::string_view k_bytes_allocated_counter = "bytes_allocated";
inline constexpr std::string_view k_peak_bytes_counter = "peak_bytes";

// The direction a metric has without a declaration: lower for real_time,
// cpu_time, instructions, the allocation counters and the cache-simulated
// counts; higher for throughput and rates
// (is_rate_name); nullopt for anything else.
std::optional<better> built_in_direction(std::string_view metric);

// A direction declared for a metric by name (--direction NAME=higher).
struct declared_direction {
  std::string metric;
  better direction = better::lower;
  bool operator==(const declared_direction&) const = default;
};

// The last declaration of `metric` in `declared`, else its built-in
// direction; nullopt when neither says.
std::optional<better> direction_of(std::string_view metric, const std::vector<declared_direction>& declared);

// Parses "NAME=higher" or "NAME=lower" (from `source`, e.g. "--direction");
// throws input_error naming the text and what was expected.
declared_direction parse_declared_direction(std::string_view text, std::string_view source);

// A metric name: letters, digits and "_", "-", ".", ":" (Google Benchmark
// counter names and case figures); not empty.
bool is_metric_name(std::string_view text);

// The unit values of `metric` are in, for messages and chart axes: "ns" for
// the times, "instructions", "allocations", "frees", "bytes", "/s" for rates, "" when unknown
// (a user counter carries no unit in Google Benchmark's JSON).
std::string unit_of(std::string_view metric);

// The words for a move of `metric` in its bad direction: "rise" (lower is
// better) or "drop" (higher is better).
std::string_view worsening_word(better direction);

}  // namespace benchgate::results
