#pragma once
// Sections of the report page (report_page.hpp), internal to harness/html.

#include <string>

#include "harness/html/report_page.hpp"

namespace benchgate::html::detail {

// <figure> with the chart's SVG, linked to its PNG, and its title; "" when
// the chart `stem` was not rendered.
std::string figure(const page_input& input, const std::string& stem);

// One row per case (and variant) of the comparison: verdict counts and the
// geometric-mean change (and speed-up, comparing variants); "" without one.
std::string case_summary(const page_input& input);

// The table of every cell of one case.
std::string case_table(const page_input& input, const std::string& case_name);

// The environment of the run (and of both sides of a comparison of two runs).
std::string environment_section(const page_input& input);

// The run's settings and the comparison's.
std::string settings_section(const page_input& input);

// A row under cell `cell` of a case table (spanning `columns`) naming its
// top changed functions, linked to its explanation; "" when not explained.
std::string explanation_row(const page_input& input, const std::string& cell, std::size_t columns);

// "Why it changed": each explanation's totals, assessment, top functions,
// notes and flame graph; "" without explanations.
std::string explain_section(const page_input& input);

}  // namespace benchgate::html::detail
