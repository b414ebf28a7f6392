#pragma once
// Text pieces of gnuplot scripts and data files.

#include <string>
#include <string_view>

#include "harness/charts/chart.hpp"

namespace benchgate::charts {

// A gnuplot string literal: single quotes, a quote inside doubled.
std::string gp_quote(std::string_view text);

// A gnuplot string literal in double quotes, for text of several lines:
// '\n' becomes a line break; backslashes and double quotes are escaped,
// and backquotes, which gnuplot would run as a shell command there, are
// written as the octal escape \140.
std::string gp_quote_lines(std::string_view text);

// A data-file string column: double quotes, inner quotes and backslashes
// replaced, so labels with spaces stay one column.
std::string data_label(std::string_view text);

// A number for scripts and data: up to 9 significant digits, "NaN" for
// values that are not finite (gnuplot skips them).
std::string gp_number(double value);

// The whole STEM.gp: a header saying how to re-render it, then the body run
// once on an SVG and once on a PNG (pngcairo) terminal. The output names are
// output_stem.svg and output_stem.png, where output_stem defaults to the
// chart's stem (the renderer sets it to render under temporary names).
std::string full_script(const chart& c);

}  // namespace benchgate::charts
