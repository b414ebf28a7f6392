#pragma once
// Compares two sets of cells into a diff (compare/diff_model.hpp): pairs
// them (pairing.hpp), measures each pair (cell_change.hpp), adjusts the
// p-values across all compared cells, judges each cell, counts the verdicts
// and collects the warnings. Pure computation: no I/O.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "harness/compare/cell_matching.hpp"
#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

// The description of one side for the diff: `run` read from `path` in
// `format` (results_schema or gbench_format); `baseline` is the saved
// baseline's name when it was named so. Run settings are kept for benchgate
// results only (a Google Benchmark file has none).
diff_source describe_source(const results::run_results& run, std::string_view format,
                            std::string path, std::optional<std::string> baseline);

// OLD against NEW, cells paired by name.
diff compare_runs(const results::run_results& old_run, diff_source old_source,
                  const results::run_results& new_run, diff_source new_source,
                  const comparison_settings& settings);

// OLD against NEW, both benchgate results held in memory (a run and its
// saved baseline, calibrate's runs): compare_runs with each side described
// as benchgate results read from `old_path` / `new_path`; `old_baseline` is
// the saved baseline's name when OLD is one.
diff compare_results(const results::run_results& old_run, std::string old_path,
                     std::optional<std::string> old_baseline, const results::run_results& new_run,
                     std::string new_path, const comparison_settings& settings);

// Within one run: each cell of a `new_roles` role against the `base_role`
// cell of its grid point.
diff compare_variants(const results::run_results& run, diff_source source,
                      benchgate::variant_role base_role,
                      std::vector<benchgate::variant_role> new_roles,
                      const comparison_settings& settings);

// The counts by verdict and the geometric-mean change of `cells`.
diff_summary summarize(std::span<const cell_diff> cells);
// The same of a group of cells held elsewhere (e.g. one case's cells of a diff).
diff_summary summarize_group(std::span<const cell_diff* const> cells);

}  // namespace benchgate::compare
