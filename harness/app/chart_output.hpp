#pragma once
// Chart output shared by plot, report and history plot.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/formats/input_loader.hpp"

namespace benchgate::app {

// The run of a diff's side read again from `path` for its samples; nullopt,
// with a warning on `err`, when it cannot be (no distribution charts then).
std::optional<results::loaded_results> load_diff_side(const std::string& path, const std::string& side,
                                                      std::ostream& err);

// Renders `charts` into `dir` (gnuplot's warnings on `err`) and lists them on `out`.
void render_and_list(const std::filesystem::path& dir, const std::vector<charts::chart>& charts,
                     std::ostream& out, std::ostream& err);

}  // namespace benchgate::app
