#pragma once
// The text and Markdown of a gate verdict (docs/gate.md, "Output").

#include <string>

#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// The failing, unstable and warning cells as a table (cell, change
// [lower estimate upper], p, status, rule), the totals, and the last line:
// "gate: FAIL (k cells regressed beyond their thresholds)", "gate: UNSTABLE
// (k cells too noisy to judge)" or "gate: PASS".
std::string gate_text(const gate_verdict& verdict);

// The last line of gate_text, without its newline.
std::string gate_result_line(const gate_verdict& verdict);

// GitHub-flavoured Markdown for a pull-request comment: a heading with the
// result, the table of failing, unstable and warning cells, the totals, and
// every judged cell in a collapsed <details> block.
std::string gate_markdown(const gate_verdict& verdict);

}  // namespace benchgate::gate
