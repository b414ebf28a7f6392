#pragma once
// The text report `benchgate run` prints as it goes: one block per grid point
// and a closing summary.

#include <span>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::report {

// One grid point: per variant the median time with its spread (MAD as a
// percentage), throughput, the ratio to the baseline's median and the
// change, then the case's figures. `cells` are the variants of one point.
std::string point_report(std::span<const results::cell> cells);

// Cells run, cells that failed (with their errors), elapsed time.
// `unchecked`: how many of the cells check no output (plain Google
// Benchmark registrations, which have no agreement check).
std::string run_summary(std::span<const results::cell> cells, double elapsed_s, std::size_t unchecked = 0);

}  // namespace benchgate::report
