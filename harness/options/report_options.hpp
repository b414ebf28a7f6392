#pragma once
// Options of `benchgate report`, validated.

#include <filesystem>
#include <optional>
#include <string>

namespace benchgate::options {

struct report_options {
  std::string results;                   // RESULTS: a results or Google Benchmark file
  std::optional<std::string> diff;       // --diff: a diff file (benchgate compare --json)
  std::filesystem::path out_dir;         // --out: DIR/index.html and DIR/charts/
  std::optional<double> gate_threshold;  // --gate-threshold, a fraction, drawn on the change chart
  std::optional<std::filesystem::path> history;  // --history: a store whose timelines of RESULTS' cells to show
};

}  // namespace benchgate::options
