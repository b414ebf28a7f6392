#pragma once
// The inputs of a comparison, shared by compare and gate: loading OLD or NEW
// (a results file, a saved baseline name or Google Benchmark JSON) and
// comparing two loaded sides.

#include <filesystem>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/formats/input_loader.hpp"

namespace benchgate::compare {

struct loaded_side {
  std::string text;  // as given on the command line
  results::loaded_results loaded;
  diff_source source;
};

// `text`: a file, else a saved baseline in `baseline_dir`; `what` names it
// in messages ("OLD").
loaded_side load_side(const std::string& text, const std::filesystem::path& baseline_dir, const char* what);

// --metric instructions on a file without any count cannot compare a cell:
// throws input_error naming the file (`what`: "OLD", "NEW", "RESULTS").
void require_instruction_counts(const loaded_side& side, const char* what);

// True when a cell of `side` has instruction counts (run --measure instructions).
bool counts_instructions(const loaded_side& side);

// An instruction run against a time run: throws input_error (their times
// differ by valgrind's slowdown), saying `how_to_choose` the metric. Call it
// when the user did not name the metric.
void require_same_measure(const loaded_side& old_side, const loaded_side& new_side, const char* how_to_choose);

// OLD against NEW by name (for the instructions metric, after
// require_instruction_counts on both sides). Throws input_error when no cell is on both sides.
diff compare_sides(const loaded_side& old_side, const loaded_side& new_side,
                   const comparison_settings& settings);

// The Google Benchmark rates of `rates` (gate/rules.hpp,
// k_throughput_rates) that some cell carries on both sides, in that order.
std::vector<std::string> rates_carried(const loaded_side& old_side, const loaded_side& new_side,
                                       const std::vector<std::string>& rates);

// compare_sides once per metric, with `settings` otherwise (what gate judges).
std::vector<diff> compare_sides_on(const loaded_side& old_side, const loaded_side& new_side,
                                   const std::vector<time_metric>& metrics,
                                   const comparison_settings& settings);

// Whether `run` may be the run that a diff's `source` describes: both
// record the run's date, and a file replaced since the diff holds another
// (when either has none, it may be); a benchgate run also records its
// rounds and shard, which tell a merge from the first run it took in.
bool may_be_run_of(const diff_source& source, const results::run_results& run);

}  // namespace benchgate::compare
