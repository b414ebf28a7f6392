#pragma once
// One chart: a gnuplot script body and its data, rendered by renderer.hpp to
// STEM.svg and STEM.png with STEM.gp and STEM.dat beside them.

#include <string>
#include <string_view>

#include "harness/compare/diff_model.hpp"
#include "harness/stats/bootstrap.hpp"

namespace benchgate::charts {

struct chart {
  std::string stem;    // file name without extension, [A-Za-z0-9_.-]+
  std::string title;   // one line, for the page and the script's header
  int width_px = 0;    // size of the PNG (and of the SVG, in pixels)
  int height_px = 0;
  // gnuplot commands that draw the chart on the current terminal, reading
  // the data as 'STEM.dat' (relative: the script runs in the chart's folder).
  std::string body;
  std::string data;    // the content of STEM.dat
};

// File stem of a chart made from a case or cell name: `prefix` + "_" +
// `name` with every character outside [A-Za-z0-9_.] replaced by '-'
// ("page_iter/core/row_bytes:8" -> "dist_page_iter-core-row_bytes-8").
// A name with other characters than those, '/' and ':' ("BM_f<int*>",
// "BM a", "BM-a", non-ASCII) also gets 8 hex digits of a hash of the name
// ("grid_BM_f-int---1f3a9c2e"), so that names that differ only there do
// not share files. Names that differ only in '/' against ':' still do:
// render_charts refuses them. A stem longer than 160 characters is cut
// there, and gets the hash too.
std::string chart_stem(std::string_view prefix, std::string_view name);

// Short texts for chart titles and the page's tables.
// p-values below this print as "< 0.0001": more digits say nothing.
inline constexpr double k_smallest_p_shown = 1e-4;
// The p-value of a compared cell: "0.032", "< 0.0001"; "n/a" for a
// deterministic cell (identical samples on each side: no test, as compare
// prints it).
std::string p_value_text(const compare::cell_diff& cd);
// A relative change with its interval: "-90.594% [-90.640%, -90.557%]".
std::string change_text(const stats::interval_estimate& change);

}  // namespace benchgate::charts
