#pragma once
// Which charts a results file or a diff gets (benchgate plot, the page of
// benchgate report), in the order they are shown.

#include <optional>
#include <string>
#include <vector>

#include "harness/charts/cell_estimate.hpp"
#include "harness/charts/chart.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/formats/model.hpp"

namespace benchgate::charts {

// The runs holding the samples of a diff's two sides (the same run in
// variants mode); nullptr when unavailable: no distribution charts then.
struct diff_samples {
  const results::run_results* old_run = nullptr;
  const results::run_results* new_run = nullptr;
};

// The grid chart of every case of `run`, and with `variants_diff` (a
// variants comparison of `run`) the speed-up chart of every case.
std::vector<chart> results_charts(const results::run_results& run, const compare::diff* variants_diff,
                                  const estimate_settings& settings);

// The change chart of `d` (with `gate_threshold`, a fraction, drawn) and the
// distribution chart of every compared cell whose samples `samples` has.
std::vector<chart> diff_charts(const compare::diff& d, const diff_samples& samples,
                               std::optional<double> gate_threshold);

// The comparison charts draw for one run: each core and peer cell against
// the baseline cell of its grid point (compare_variants), with
// k_chart_resamples so a page of many cells is drawn in seconds; nullopt when
// the run has no core or peer cell beside a baseline cell (e.g. Google
// Benchmark JSON, whose cells have no roles). `path` is where the run was
// read, for the diff's source. `metric` (with its direction): what is
// compared, instead of the run's own (estimates_of).
struct compared_metric {
  compare::time_metric metric;
  results::better direction = results::better::lower;
};
std::optional<compare::diff> variants_diff_for_charts(const results::loaded_results& run, const std::string& path,
                                                      const std::optional<compared_metric>& metric = std::nullopt);

// What a run's charts estimate: instruction counts for a run made with
// `run --measure instructions`, else times.
estimate_settings estimates_of(const results::run_results& run);

// Every chart of a run as `plot` and `report` show it: results_charts with
// `variants` (the run's variants comparison, or nullptr), then diff_charts
// of `shown` (that comparison, or another diff whose NEW side is the run).
std::vector<chart> run_charts(const results::run_results& run, const compare::diff* variants,
                              const compare::diff* shown, const diff_samples& samples,
                              std::optional<double> gate_threshold);

// The stem of the distribution chart of a compared cell.
std::string distribution_stem(const compare::cell_diff& cd);

// The chart named `stem`, or nullptr.
const chart* find_chart(const std::vector<chart>& charts, const std::string& stem);

}  // namespace benchgate::charts
