#include <algorithm>
#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/compare/sides.hpp"
#include "harness/compare/compare.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/compare/compare_report.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/role_patterns.hpp"

namespace benchgate::app {

namespace {

std::string roles_text(const std::vector<benchgate::variant_role>& roles) {
  std::string out;
  for (const auto role : roles) out += (out.empty() ? "" : " or ") + std::string(benchgate::to_string(role));
  return out;
}

// A counted run's variants compare their counts unless --metric names
// another: their times are valgrind's.
compare::diff compare_variants(const options::compare_options& options, std::ostream& err) {
  auto run = compare::load_side(options.inputs[0], options.baseline_dir, "RESULTS");
  if (!options.roles.empty()) results::assign_roles(run.loaded.results, options.roles, "RESULTS " + options.inputs[0]);
  auto settings = options.settings;
  if (!options.metric_given && compare::counts_instructions(run)) {
    settings.metric = compare::time_metric::instructions;
    err << "note: the run counted instructions: comparing the counts (--metric real_time compares its times, "
           "which valgrind inflates)\n";
  }
  if (settings.metric == compare::time_metric::instructions) {
    compare::require_instruction_counts(run, "RESULTS");
  }
  const auto& cells = run.loaded.results.cells;
  if (std::none_of(cells.begin(), cells.end(), [](const results::cell& c) { return c.role.has_value(); })) {
    throw input_error("RESULTS " + options.inputs[0] +
                      ": its cells have no variant roles (Google Benchmark JSON?); --variants needs benchgate "
                      "results, or --role ROLE=REGEX to give Google Benchmark cells roles by name; or compare two "
                      "files instead: benchgate compare OLD NEW");
  }
  auto d = compare::compare_variants(run.loaded.results, run.source, options.base_role, options.new_roles, settings);
  if (d.cells.empty() && d.not_compared.empty()) {
    throw input_error("RESULTS " + options.inputs[0] + ": no " + roles_text(options.new_roles) +
                      " cell shares its grid point with a " + std::string(benchgate::to_string(options.base_role)) +
                      " cell; expected variants of the same case and parameters (see --base-role, --new-role)");
  }
  return d;
}

// Two counted runs compare their counts unless --metric names another: their
// times are valgrind's.
compare::diff compare_two(const options::compare_options& options, std::ostream& err) {
  const auto old_side = compare::load_side(options.inputs[0], options.baseline_dir, "OLD");
  const auto new_side = compare::load_side(options.inputs[1], options.baseline_dir, "NEW");
  auto settings = options.settings;
  if (!options.metric_given) {
    compare::require_same_measure(old_side, new_side, "--metric real_time (or cpu_time) to compare the times anyway");
    if (compare::counts_instructions(old_side)) {
      settings.metric = compare::time_metric::instructions;
      err << "note: both runs counted instructions: comparing the counts (--metric real_time compares their "
             "times, which valgrind inflates)\n";
    }
  }
  return compare::compare_sides(old_side, new_side, settings);
}

}  // namespace

std::string print_comparison(const compare::diff& d, std::ostream& out, std::ostream& err) {
  auto text = compare::comparison_report(d);
  out << text << std::flush;
  for (const auto& w : d.warnings) {
    err << "warning: " << w.message << "\n";
    text += "warning: " + w.message + "\n";
  }
  return text;
}

exit_code compare_results(const options::compare_options& options, std::ostream& out, std::ostream& err) {
  files::check_outputs({{options.json_out, "--json"}, {options.text_out, "--text-out"}});
  for (const auto& note : options.notes) err << "note: " << note << "\n";
  const auto d = options.variants ? compare_variants(options, err) : compare_two(options, err);
  const auto text = print_comparison(d, out, err);
  if (options.json_out) {
    compare::save_diff(d, *options.json_out, "--json");
    out << "diff: " << options.json_out->string() << "\n";
  }
  files::write_output(options.text_out, text, "--text-out");
  if (options.fail_on_regressed && d.summary.regressed > 0) return exit_code::regression;
  return exit_code::ok;
}

}  // namespace benchgate::app
