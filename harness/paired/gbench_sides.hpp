#pragma once
// benchgate ab on two plain Google Benchmark executables: their paired
// runs (paired/gbench_pairs.hpp) made into the two sides that ab then judges
// as it judges drivers' (ab_sides.hpp).

#include <filesystem>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/paired/paired_options.hpp"

namespace benchgate::paired {

// Runs OLD_BIN and NEW_BIN as options.gbench says, gives the cells their
// --role roles, and writes each side's results to DIR/old.json and
// DIR/new.json (benchgate results recording the pairing).
std::pair<compare::loaded_side, compare::loaded_side> gbench_ab_sides(const options::paired_options& options,
                                                    const std::filesystem::path& dir, std::ostream& err);

// ab's extra round `round` (1, 2, ...) for the benchmarks `cells` not yet
// judged (undecided.hpp; `why`, for the progress line): options.gbench.rounds more rounds of just them
// (the plan's filter their exact names), the turns going on from the
// rounds before, logs in DIR/xROUND. Each round is again one process a
// benchmark a side, so sample i still pairs with sample i: the rounds'
// pairing, a pairing of its own, and samples are added to `old_side` and
// `new_side`, which are saved again. A benchmark that errors in them on a
// side is failed there (no samples), as in the first rounds.
void gbench_extra_round(const options::paired_options& options, const std::vector<std::string>& cells, int round,
                        const std::string& why, const std::filesystem::path& dir, compare::loaded_side& old_side,
                        compare::loaded_side& new_side, std::ostream& err);

// The rounds gbench_rerun_pair makes of them: max(each side's recorded
// rounds, `min_rounds`).
int gbench_rerun_rounds(const compare::loaded_side& old_side, const compare::loaded_side& new_side, int min_rounds);

// gate --confirm of such results: one round of re-runs of the cells
// `filter` matches, made as the first runs were (paired/gbench_pairs.hpp)
// with `old_binary` and `new_binary`, each side's recorded arguments and
// min time, and max(its rounds, `min_rounds`) rounds, in DIR/gbench-TAG;
// `fixed_placement` as paired/placement.hpp says.
std::pair<compare::loaded_side, compare::loaded_side> gbench_rerun_pair(const std::filesystem::path& old_binary,
                                                      const std::filesystem::path& new_binary,
                                                      const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                                                      const std::string& filter, const std::filesystem::path& dir,
                                                      const std::string& tag, int min_rounds, bool fixed_placement,
                                                      std::ostream& err);

}  // namespace benchgate::paired
