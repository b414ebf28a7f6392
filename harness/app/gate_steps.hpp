#pragma once
// The steps of `benchgate gate OLD NEW`, shared with `benchgate ab` (which
// makes OLD and NEW itself, then gates them the same way).

#include <ostream>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/options/gate_options.hpp"
#include "harness/results/diff_model.hpp"
#include "harness/results/gate_model.hpp"

namespace benchgate::app {

// --rules FILE, else .benchgate-rules.json in the working folder when
// present (unless --no-rules), else none. Prints the notes of the options
// and the rules on `err`.
results::gate_rules load_gate_rules(const options::gate_options& options, std::ostream& err);

// A diff of OLD against NEW (gate DIFF) compared on one metric: with the
// comparisons of OLD and NEW again on any other metric the rules need,
// when the diff's files are still there (a note on `err` says so).
std::vector<results::diff> diffs_for_rules(results::diff d, const results::gate_rules& rules,
                                           const options::gate_options& options, std::ostream& err);

// Each comparison warning of `diffs` once, on `err`.
void print_warnings(const std::vector<results::diff>& diffs, std::ostream& err);

struct gate_outcome {
  std::vector<results::diff> diffs;  // one per metric the rules use
  results::gate_verdict verdict;
};

// OLD against NEW, compared once per metric the rules use and judged;
// with options.confirm, the suspects re-run (rerun/confirm.hpp) by
// options.old_binary / new_binary (default: this executable). Comparison
// warnings go to `err`.
gate_outcome gate_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side, const results::gate_rules& rules,
                        const options::gate_options& options, std::ostream& err);

// Prints the verdict's table on `out` and writes options.json_out,
// markdown_out and text_out (`text_before` leads the --text-out file).
void report_verdict(const results::gate_verdict& verdict, const options::gate_options& options, std::ostream& out,
                    const std::string& text_before = "");

}  // namespace benchgate::app
