#pragma once
// Options of `benchgate plot`, validated.

#include <filesystem>
#include <optional>
#include <string>

namespace benchgate::options {

struct plot_options {
  std::string input;                     // RESULTS_OR_DIFF: a results, Google Benchmark or diff file
  std::filesystem::path out_dir;         // --out: where the charts go
  std::optional<double> gate_threshold;  // --gate-threshold: a fraction, drawn on the change chart
};

}  // namespace benchgate::options
