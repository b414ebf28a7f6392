#pragma once
// benchgate ab on two plain Google Benchmark executables: their paired
// runs (run/gbench_pairs.hpp) made into the two sides that ab then judges
// as it judges drivers' (ab_sides.hpp).

#include <filesystem>
#include <ostream>
#include <utility>

#include "harness/compare/sides.hpp"
#include "harness/options/ab_options.hpp"

namespace benchgate::rerun {

// Runs OLD_BIN and NEW_BIN as options.gbench says, gives the cells their
// --role roles, and writes each side's results to DIR/old.json and
// DIR/new.json (benchgate results recording the pairing).
std::pair<compare::loaded_side, compare::loaded_side> gbench_ab_sides(const options::ab_options& options,
                                                    const std::filesystem::path& dir, std::ostream& err);

// The rounds gbench_rerun_pair makes of them: max(each side's recorded
// rounds, `min_rounds`).
int gbench_rerun_rounds(const compare::loaded_side& old_side, const compare::loaded_side& new_side, int min_rounds);

// gate --confirm of such results: one round of re-runs of the cells
// `filter` matches, made as the first runs were (run/gbench_pairs.hpp)
// with `old_binary` and `new_binary`, each side's recorded arguments and
// min time, and max(its rounds, `min_rounds`) rounds, in DIR/gbench-TAG.
std::pair<compare::loaded_side, compare::loaded_side> gbench_rerun_pair(const std::filesystem::path& old_binary,
                                                      const std::filesystem::path& new_binary,
                                                      const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                                                      const std::string& filter, const std::filesystem::path& dir,
                                                      const std::string& tag, int min_rounds, std::ostream& err);

}  // namespace benchgate::rerun
