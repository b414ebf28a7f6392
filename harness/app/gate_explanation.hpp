#pragma once
// gate --explain and ab --explain: after the verdict, its failing cells
// explained by the same loop as `benchgate explain --verdict`
// (explain/explain_cells.hpp), printed, written (--explain-json,
// --explain-flamegraphs) and put under the verdict in the --markdown summary.
// An explanation never changes the verdict or the exit code.

#include <ostream>

#include "harness/gate/gate_options.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::app {

// Before any benchmark runs: valgrind is there and the explanation's
// outputs can be written. Throws input_error (exit 2) otherwise; nothing
// when --explain was not given.
void check_explain_after(const options::gate_options& options);

// Explains the verdict's failing cells in options.old_binary and
// options.new_binary (`gbench`: Google Benchmark executables, else benchgate
// drivers) within the --explain-max-cells/--explain-max-seconds budget,
// prints each on `out`, writes --explain-json and the flame graphs, and
// rewrites --markdown as the verdict's summary with the block under it. A
// cell that cannot be explained is listed as not explained; anything else
// that goes wrong is a warning on `err`. Nothing when --explain was not given.
void explain_after_verdict(const gate::gate_verdict& verdict, const options::gate_options& options, bool gbench,
                           std::ostream& out, std::ostream& err);

}  // namespace benchgate::app
