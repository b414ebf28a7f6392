#pragma once
// The steps of `benchgate gate DIFF | OLD NEW` from its options to a
// verdict and its outputs, shared with `benchgate ab` (which makes OLD and
// NEW itself, then gates them the same way): the rules file, a comparison
// per metric the rules use (gate/rules.hpp), the judgement (gate/judge.hpp)
// and, with --confirm, the re-runs (gate/confirm.hpp).

#include <ostream>
#include <string>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/gate/gate_options.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/gate/gate_model.hpp"

namespace benchgate::gate {

// --rules FILE, else .benchgate-rules.json in the working folder when
// present (unless --no-rules), else none. Prints the notes of the options
// and the rules on `err`.
gate_rules load_gate_rules(const options::gate_options& options, std::ostream& err);

// A diff of OLD against NEW (gate DIFF), judged. It was compared on one
// metric: when the rules need others and the diff's files are still there,
// OLD and NEW are compared again on those with the diff's settings (a note
// on `err` says so). Comparison warnings go to `err`.
gate_verdict gate_diff(compare::diff d, const gate_rules& rules,
                       const options::gate_options& options, std::ostream& err);

struct gate_outcome {
  std::vector<compare::diff> diffs;  // one per metric the rules use
  gate_verdict verdict;
};

// OLD against NEW, compared once per metric the rules use and judged;
// with options.confirm, the suspects re-run (gate/confirm.hpp) by
// options.old_binary / new_binary (default: this executable). Comparison
// warnings go to `err`.
gate_outcome gate_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                        const gate_rules& rules, const options::gate_options& options, std::ostream& err);

// Prints the verdict's table on `out` and writes options.json_out,
// markdown_out and text_out (`text_before` leads the --text-out file,
// `markdown_before` the --markdown one).
void report_verdict(const gate_verdict& verdict, const options::gate_options& options, std::ostream& out,
                    const std::string& text_before = "", const std::string& markdown_before = "");

}  // namespace benchgate::gate
