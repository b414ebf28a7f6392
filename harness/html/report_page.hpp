#pragma once
// The static page of benchgate report (DIR/index.html): the summary (verdict
// counts, geometric-mean change), the change chart, per case its grid and
// speed-up charts and a table of every cell (estimate, interval, change, p,
// verdict, figures, a link to the cell's distribution chart), the
// environment of both sides and the settings. XHTML with inline CSS: no
// script, no network, printable; images are relative links.

#include <optional>
#include <string>
#include <vector>

#include "harness/charts/cell_estimate.hpp"
#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/explain/explain_model.hpp"
#include "harness/formats/metric.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::html {

struct page_input {
  const results::run_results* run = nullptr;  // required
  std::string results_label;                  // where the run came from
  const compare::diff* comparison = nullptr;  // optional
  std::string comparison_label;               // where the comparison came from
  const std::vector<charts::chart>* charts = nullptr;  // rendered, optional
  std::string charts_folder;                  // relative to the page, e.g. "charts"
  charts::estimate_settings estimates;  // estimates.metric: what the cell tables show
  // Which way estimates.metric is better, when known: named in the header.
  std::optional<results::better> metric_direction;
  // The run is Google Benchmark JSON: it records no run settings (no
  // invented ones are shown) and its cells have no roles (the table shows
  // benchmark names).
  bool google_benchmark = false;
  // Optional: the history of the run's cells, an HTML fragment opening with
  // <h2 id="history"> (html/history_timeline.hpp), shown after the cases.
  std::string history_section;
  // Optional (report --explain): explanations of failing cells, shown under
  // their rows and in a section of their own; each flamegraph, when set, is
  // a link relative to the page.
  const explain::explain_document* explanations = nullptr;
  std::string explanations_label;  // where they came from
};

std::string report_page(const page_input& input);

}  // namespace benchgate::html
