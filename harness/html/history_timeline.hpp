#pragma once
// The pictures of `history plot`: per case one timeline chart, one panel per
// cell (charts/timeline_chart.hpp), and a small HTML page that shows them
// with the change points.

#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/history/changes.hpp"
#include "harness/history/changes_output.hpp"

namespace benchgate::html {

// Every commit with a value in the selected cells is one x position (all
// environments on one axis, commits on another environment than the first
// shaded, alternating); `report` gives the change points to mark.
std::vector<charts::chart> timeline_charts(const history::stored_history& stored,
                                           const history::changes_report& report,
                                           const history::changes_settings& settings, const std::string& metric);

// The history as an HTML fragment (<h2 id="history"> and below): the store,
// the change points, the environment changes and the charts, each image at
// IMAGE_FOLDER/STEM.svg ("" for beside the page). `benchgate report
// --history` embeds it in the report page.
std::string timeline_section(const std::vector<charts::chart>& charts, const history::changes_report& report,
                             const history::changes_context& context, const std::string& image_folder);

// index.html of `history plot`: the section alone, the charts beside it.
std::string timeline_page(const std::vector<charts::chart>& charts, const history::changes_report& report,
                          const history::changes_context& context);

}  // namespace benchgate::html
