#pragma once
// The text of a comparison in criterion.rs's format (the seed PRs quote it):
// per cell `time:`, `thrpt:`, a `change:` block with the p-value, the
// verdict sentence and the outlier lines; then a table of every cell and a
// summary of the verdicts with the geometric-mean change.

#include <string>

#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

// The block of one cell, e.g.
//   page_iter/core/row_bytes:8/density:0.1
//                           time:   [1.2453 µs 1.2476 µs 1.2504 µs]
//                           thrpt:  [4.9933 GiB/s 5.0044 GiB/s 5.0138 GiB/s]
//                    change:
//                           time:   [-90.640% -90.594% -90.557%] (p = 0.00 < 0.05)
//                           thrpt:  [+958.94% +963.11% +968.42%]
//                           Performance has improved.
// then the tests' raw and adjusted p-values, warnings and outlier lines.
std::string cell_report(const cell_diff& cell, const diff& d);

// "Found 3 outliers among 100 measurements (3.00%)" and one line per
// non-empty class (low severe, low mild, high mild, high severe); "" when
// there is no outlier.
std::string outlier_lines(const stats::outlier_counts& counts, std::size_t measurements);

// The sides and settings, the table of every compared cell (change,
// adjusted p, verdict), the verdict counts with the geometric-mean change,
// cells on one side only and cells not compared. The diff's warnings are
// not included: the caller prints them on stderr.
std::string comparison_summary(const diff& d);

// Every cell's block, then comparison_summary.
std::string comparison_report(const diff& d);

}  // namespace benchgate::compare
