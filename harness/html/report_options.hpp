#pragma once
// Options of `benchgate report`, validated.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/diff_model.hpp"
#include "harness/formats/metric.hpp"

namespace benchgate::options {

struct report_options {
  std::string results;                   // RESULTS: a results or Google Benchmark file
  std::optional<std::string> diff;       // --diff: a diff file (benchgate compare --json)
  std::filesystem::path out_dir;         // --out: DIR/index.html and DIR/charts/
  std::optional<double> gate_threshold;  // --gate-threshold, a fraction, drawn on the change chart
  std::optional<std::filesystem::path> history;
  // --metric NAME: what the cell tables show per cell (default: the run's
  // own, wall time or instructions); --direction NAME=higher|lower names
  // which way a counter is better in the column header.
  std::optional<compare::time_metric> metric;
  std::vector<results::declared_direction> directions;
  // --explain FILE: explanations of failing cells (benchgate.explain/1) to show.
  std::optional<std::filesystem::path> explain;  // --history: a store whose timelines of RESULTS' cells to show
};

}  // namespace benchgate::options
