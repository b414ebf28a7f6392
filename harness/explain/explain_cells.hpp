#pragma once
// Explaining several cells in a row, within a budget: the one loop behind
// `explain --cell`, `explain --verdict`, `gate --explain` and `ab --explain`.
// Each cell's two builds run under callgrind (callgrind_runs.hpp), their
// profiles are compared (profile_diff.hpp) and, when asked, drawn as a
// differential flame graph (flame_graph_svg.hpp).

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/explain/callgrind_runs.hpp"
#include "harness/explain/profile_diff.hpp"
#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// A cell to explain and the time change to pass on (a failing time gate's).
struct cell_request {
  std::string cell;
  std::optional<double> time_change_pct;
};

struct explain_plan {
  std::filesystem::path valgrind;
  build_side old_build;
  build_side new_build;
  bool gbench = false;     // Google Benchmark executables, else benchgate drivers
  double min_time_s = 0;   // with gbench: --benchmark_min_time under callgrind
  bool cache_sim = false;  // callgrind's cache simulation too (explain --cache-sim)
  diff_limits limits;
  // The budget: cells beyond max_cells, and any not started before
  // max_seconds have passed, are listed as not explained with the option
  // that left them out (e.g. "--max-cells 5").
  int max_cells = 1;
  double max_seconds = 0;
  std::string max_cells_option = "--max-cells";
  std::string max_seconds_option = "--max-seconds";
  // A cell that cannot be explained (a run that fails, a name NEW lacks) is
  // listed as not explained with the reason instead of stopping the loop.
  bool keep_going = false;
  // Where the flame graph of the i-th request (0-based) is written; none
  // when it returns nullopt or is empty.
  std::function<std::optional<std::filesystem::path>(std::size_t, const std::string&)> flamegraph_path;
};

// Explains `cells` in order within the plan's budget; `explained` is called
// after each cell (e.g. to print it). Throws input_error from a cell's runs
// unless plan.keep_going, and when a flame graph cannot be written.
explain_document explain_cells(const std::vector<cell_request>& cells, const explain_plan& plan,
                               const std::function<void(const explanation&)>& explained);

// A file name for a cell's flame graph: its 1-based position, then its name
// with every character but letters, digits, '.', '_' and '-' as '_'.
std::string flamegraph_file_name(std::size_t index, const std::string& cell);

}  // namespace benchgate::explain
