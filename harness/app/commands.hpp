#pragma once
// What each subcommand does with its validated options. Each returns the
// process exit code; bad input is thrown as input_error and handled in main.

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/charts/chart.hpp"
#include "harness/support/errors/exit_codes.hpp"
#include "harness/app/command_line.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::app {

// `plain_benchmarks`: the names of this executable's plain Google Benchmark
// registrations (run/plain_benchmarks.hpp), listed after the cases when no
// --case is given, and run as run/plan.hpp says.
exit_code list_cases(const options::list_options& options, const suite::registry& cases,
                     const std::vector<std::string>& plain_benchmarks, std::ostream& out);

// `err` receives warnings (a baseline not saved, comparison warnings).
exit_code run_benchmarks(const options::run_options& options, const suite::registry& cases,
                         const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err);

// `err` receives the comparison's warnings. Exit 0 whatever the verdicts,
// except 1 with --fail-on regressed when a cell regressed.
exit_code compare_results(const options::compare_options& options, std::ostream& out, std::ostream& err);

// `err` receives warnings and --confirm progress. Exit 1 when a cell fails
// its rule, 3 when none fails but one is too unstable to judge, else 0.
exit_code gate_results(const options::gate_options& options, std::ostream& out, std::ostream& err);

// Runs OLD_BIN and NEW_BIN as lockstep pairs, compares the pairs and
// gates them: gate's exit codes. `err` receives progress and warnings.
exit_code ab_compare(const options::ab_options& options, const suite::registry& cases,
                     const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err);

// Runs the cell under callgrind in both builds and prints what changed per
// function (docs/explain.md). Exit 0; input_error (exit 2) when a build has
// no symbols, after printing what can be compared.
exit_code explain_cell(const options::explain_options& options, std::ostream& out);

// Reads the inputs (benchgate results only), merges them, writes --out.
exit_code merge_results(const options::merge_options& options, std::ostream& out);

// Runs A/A and injected-slowdown comparisons and prints the noise floor;
// --for gate, ab: tries of those commands, each try's line on `err` as it
// ends. Exit 1 when a cell failed (not compared) or a try ended otherwise
// than with exit 0, 1 or 3, else 0. `plain_benchmarks` as for run: a
// --slowdown-filter matching none of the cells is refused before any try.
exit_code calibrate_noise(const options::calibrate_options& options, const suite::registry& cases,
                          const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err);

// `benchgate history add|changes|plot|export`. changes: exit 1 when a
// regression change point lies in the --window commits. `err` receives
// gnuplot's warnings (plot).
exit_code history_command(const options::history_options& options, std::ostream& out, std::ostream& err);

// Shared by compare and run --baseline: prints the report of `d` on `out`
// and its warnings ("warning: ...") on `err`; returns the report with the
// warnings appended, for --text-out.
std::string print_comparison(const compare::diff& d, std::ostream& out, std::ostream& err);

// Writes charts of results or a diff into options.out_dir.
exit_code plot_charts(const options::plot_options& options, std::ostream& out, std::ostream& err);

// Writes options.out_dir/index.html and its charts.
exit_code write_report(const options::report_options& options, std::ostream& out, std::ostream& err);

}  // namespace benchgate::app
