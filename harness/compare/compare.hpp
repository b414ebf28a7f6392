#pragma once
// Compares two sets of cells into a diff (results/diff_model.hpp): pairs
// them (pairing.hpp), measures each pair (cell_change.hpp), adjusts the
// p-values across all compared cells, judges each cell, counts the verdicts
// and collects the warnings. Pure computation: no I/O.

#include <span>
#include <vector>

#include "harness/compare/pairing.hpp"
#include "harness/results/diff_model.hpp"
#include "harness/results/input_loader.hpp"

namespace benchgate::compare {

// The description of a loaded side for the diff. `path` is the file read;
// `baseline` the saved baseline's name when it was named so.
results::diff_source describe_source(const results::loaded_results& loaded, std::string path,
                                     std::optional<std::string> baseline);

// OLD against NEW, cells paired by name.
results::diff compare_runs(const results::run_results& old_run, results::diff_source old_source,
                           const results::run_results& new_run, results::diff_source new_source,
                           const results::comparison_settings& settings);

// Within one run: each cell of a `new_roles` role against the `base_role`
// cell of its grid point.
results::diff compare_variants(const results::run_results& run, results::diff_source source,
                               suite::variant_role base_role,
                               std::vector<suite::variant_role> new_roles,
                               const results::comparison_settings& settings);

// The counts by verdict and the geometric-mean change of `cells`.
results::diff_summary summarize(std::span<const results::cell_diff> cells);

}  // namespace benchgate::compare
