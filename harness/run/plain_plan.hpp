#pragma once
// The grid points of a run's plain Google Benchmark registrations
// (plain_benchmarks.hpp, docs/google-benchmark-suites.md). Each benchmark
// is one cell named by Google Benchmark's own name. Cells are grouped into
// points, whose cells are timed together, interleaved:
// - a benchmark that a `run --role ROLE=REGEX` pattern matches joins the
//   others at its grid point (its name without the matched part, as
//   formats/role_patterns.hpp assigns roles): BM_sum_naive/64 and
//   BM_sum_fast/64 are one point, BM_sum/64;
// - any other joins its family (the name up to the first '/'): BM_copy/8
//   and BM_copy/64 are one point, BM_copy.

#include <optional>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"
#include "harness/formats/role_patterns.hpp"

namespace benchgate::run {

struct plain_point {
  std::string label;                // the family, or the grid point under --role
  std::vector<results::cell> cells;  // name, case, variant, role and params set; no samples
};

// The points of those of `names` (Google Benchmark's, in its order) that
// `filter` (ECMAScript, searched) matches, in order of their first
// benchmark. Roles from `roles` ("ROLE=REGEX" texts, as run --role takes
// them), given to all of `names` before the filter selects. Throws
// input_error when a role pattern is not one, matches none of `names`,
// matches one benchmark with another pattern or gives one grid point two
// baselines (results::assign_roles).
std::vector<plain_point> plain_points(const std::vector<std::string>& names, const std::optional<std::string>& filter,
                                      const std::vector<std::string>& roles);

}  // namespace benchgate::run
