#pragma once
// The printed form of an explanation (benchgate explain, docs/explain.md):
// totals and their reconciliation, the function table, the source lines,
// the assessment and the notes.

#include <string>

#include "harness/explain/explain_model.hpp"

namespace benchgate::explain {

// The report, lines ending in '\n'; counts are instructions per iteration
// with one decimal.
std::string explanation_text(const explanation& e);

// The assessment as one or more sentences (the layout advice included).
std::string assessment_text(const explanation& e);

}  // namespace benchgate::explain
