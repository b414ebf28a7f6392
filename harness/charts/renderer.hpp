#pragma once
// Writes charts to a folder and renders them with gnuplot (through
// gnuplot-iostream): for each chart STEM.gp and STEM.dat, then STEM.svg and
// STEM.png. Every file appears atomically: scripts and data through
// files::write_atomically, images rendered under temporary names and renamed.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "harness/charts/chart.hpp"

namespace benchgate::charts {

// The gnuplot command, found on PATH.
inline constexpr const char* k_gnuplot_program = "gnuplot";

// Renders `charts` into `dir` (created when missing) with one gnuplot
// process. Returns what gnuplot printed (warnings), one line per entry.
// Throws input_error naming `source` (the option that gave `dir`) when the
// folder cannot be written, gnuplot is not installed or two charts have one
// stem (before writing anything), and runtime_error
// when gnuplot fails on a chart (a bug in the chart's script).
std::vector<std::string> render_charts(const std::filesystem::path& dir, const std::vector<chart>& charts,
                                       std::string_view source);

}  // namespace benchgate::charts
