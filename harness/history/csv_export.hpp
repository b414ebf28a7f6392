#pragma once
// The history as CSV in the shape Apache Otava's CSV importer reads: a time
// column, attribute columns (commit, environment) and one metric column per
// cell, one row per run (docs/history.md, "`history export --csv`").

#include <string>

#include "harness/history/store.hpp"

namespace benchgate::history {

// Columns: time (UTC ISO 8601 of the commit), commit, environment, then
// every cell by name; a cell a run did not measure is left empty. Values are
// medians in ns per iteration. Fields are quoted as RFC 4180 says when needed.
std::string history_to_csv(const stored_history& history);

}  // namespace benchgate::history
