#pragma once
// Chart output shared by plot, report and history plot.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/input_loader.hpp"

namespace benchgate::app {

// The run of a diff's side read again from its path for its samples;
// nullopt, with a warning on `err`, when it cannot be or the file holds
// another run now (no distribution charts then).
std::optional<results::loaded_results> load_diff_side(const compare::diff_source& source, const std::string& side,
                                                      std::ostream& err);

// Renders `charts` into `dir` (gnuplot's warnings on `err`), then prints
// `summary` ("charts: DIR (N charts)") and the list on `out`: nothing is
// said to be written before it is.
void render_and_list(const std::filesystem::path& dir, const std::vector<charts::chart>& charts,
                     const std::string& summary, std::ostream& out, std::ostream& err);

}  // namespace benchgate::app
