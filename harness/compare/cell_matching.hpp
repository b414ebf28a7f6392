#pragma once
// Which cells are compared with which: the same name across two runs, or
// within one run each core (and peer) cell with the baseline cell of its
// grid point (the seed PRs' "optimized vs naive" view).

#include <span>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::compare {

// The old (base) and new cell of one comparison; both point into the runs
// given to the pairing functions.
struct cell_pair {
  const results::cell* old_cell = nullptr;
  const results::cell* new_cell = nullptr;
};

struct pairing {
  std::vector<cell_pair> pairs;
  std::vector<std::string> only_old;  // names with no partner on the new side
  std::vector<std::string> only_new;  // names with no partner on the old side
};

// Cells with equal names, in the new run's order; names found on one side
// only are listed, in their run's order.
pairing pair_by_name(const results::run_results& old_run, const results::run_results& new_run);

// Within one run: the base cell of a grid point (case and parameters) is the
// first cell there whose role is `base_role`; every other cell there whose
// role is one of `new_roles` is paired with it. A new-role cell with no base
// cell at its point is listed in only_new. Cells without a role (Google Benchmark
// imports) take no part. Order: the run's.
pairing pair_variants(const results::run_results& run, benchgate::variant_role base_role,
                      std::span<const benchgate::variant_role> new_roles);

}  // namespace benchgate::compare
