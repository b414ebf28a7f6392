#pragma once
// Variant roles for cells that have none (Google Benchmark input), from
// patterns on their names: `--role baseline=_naive --role core=_fast`
// makes BM_Sum_naive/1024 the baseline and BM_Sum_fast/1024 a core variant
// of one grid point, BM_Sum_/1024 (the name without the matched part), so
// that `compare --variants` can pair them (compare/cell_matching.hpp).

#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::results {

struct role_pattern {
  benchgate::variant_role role = benchgate::variant_role::baseline;
  std::string regex;  // ECMAScript, searched in the cell's name
};

// Parses "ROLE=REGEX" given to `option` ("--role"); throws input_error
// naming the text when ROLE is not baseline, core or peer or REGEX is not
// a regex (or empty).
role_pattern parse_role_pattern(std::string_view text, std::string_view option);

// Gives each cell of `run` whose name one pattern matches that role. Its
// variant becomes the matched text, and its grid point the name without it:
// case_name the part before the first '/', params {"args": the rest} when
// there is a rest. Cells no pattern matches keep no role. Throws
// input_error naming `source` when a cell of `run` already has a role
// (benchgate results carry their own), when two patterns match one cell,
// when a pattern matches an empty part of a name or no name at all, and
// when two baseline cells share a grid point (which one would be the base?).
void assign_roles(run_results& run, const std::vector<role_pattern>& patterns, std::string_view source);

}  // namespace benchgate::results
