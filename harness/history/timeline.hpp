#pragma once
// The pictures of `history plot`: per case one timeline chart, one panel per
// cell (charts/timeline_chart.hpp), and a small HTML page that shows them
// with the change points.

#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/changes_output.hpp"

namespace benchgate::history {

// Every commit with a value in the selected cells is one x position (all
// environments on one axis, commits on another environment than the first
// shaded, alternating); `report` gives the change points to mark.
std::vector<charts::chart> timeline_charts(const stored_history& history, const changes_report& report,
                                           const changes_settings& settings, const std::string& metric);

// index.html: the charts (as STEM.svg beside it) and the change points.
std::string timeline_page(const std::vector<charts::chart>& charts, const changes_report& report,
                          const changes_context& context);

}  // namespace benchgate::history
