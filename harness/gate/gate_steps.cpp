// The steps of gate OLD NEW shared with ab (gate_steps.hpp).

#include "harness/gate/gate_steps.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "harness/compare/sides.hpp"
#include "harness/environment/build_info.hpp"
#include "harness/gate/judge.hpp"
#include "harness/gate/rules.hpp"
#include "harness/gate/gate_report.hpp"
#include "harness/gate/confirm.hpp"
#include "harness/gate/ab_options.hpp"
#include "harness/gate/gate_rules_json.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/gate/gate_verdict_json.hpp"
#include "harness/formats/model.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"

namespace benchgate::gate {

namespace {

gate_rules rules_file(const options::gate_options& options) {
  if (options.rules) return load_gate_rules(*options.rules, "--rules");
  std::error_code ec;
  if (!options.no_rules && std::filesystem::is_regular_file(options::k_default_rules_file, ec)) {
    return load_gate_rules(options::k_default_rules_file, "the default rules file");
  }
  return {};
}

std::vector<std::string> names_of(const compare::diff& d) {
  std::vector<std::string> out;
  for (const auto& c : d.cells) out.push_back(c.name);
  for (const auto& c : d.not_compared) out.push_back(c.name);
  out.insert(out.end(), d.only_old.begin(), d.only_old.end());
  out.insert(out.end(), d.only_new.begin(), d.only_new.end());
  return out;
}

void require_benchgate_results(const compare::loaded_side& side, const char* what, int rounds, bool binary_given,
                               const char* option) {
  if (side.source.run_settings && side.source.run_settings->google_benchmark_args) {
    if (binary_given) return;
    throw input_error("--confirm " + std::to_string(rounds) + ": " + what + " " + side.text +
                      " was made by benchgate ab of Google Benchmark executables; re-running its cells needs that " +
                      "executable: expected --" + option + " PATH");
  }
  if (side.loaded.format == results::gbench_format) {
    if (binary_given) return;
    throw input_error("--confirm " + std::to_string(rounds) + ": " + what + " " + side.text +
                      " is google-benchmark; re-running its cells needs the Google Benchmark executable that wrote "
                      "it: expected --old-binary PATH --new-binary PATH, or benchgate results (benchgate run --out), "
                      "whose settings say how the cells were run");
  }
  if (side.loaded.format == results::results_schema && side.source.run_settings) return;
  throw input_error("--confirm " + std::to_string(rounds) + ": " + what + " " + side.text + " is " +
                    side.loaded.format + "; re-running cells needs benchgate results (benchgate run --out), "
                    "whose settings say how the cells were run");
}

// A side in plain Google Benchmark JSON, to be re-run by its executable
// (--old-binary, --new-binary) as ab re-runs Google Benchmark executables
// (paired/gbench_sides.hpp): with no arguments of its own, at ab's default
// --min-time.
compare::loaded_side as_gbench_rerunnable(compare::loaded_side side) {
  if (side.loaded.format != results::gbench_format) return side;
  auto& config = side.loaded.results.config;
  config.measure = results::measure_kind::time;
  config.google_benchmark_args = std::vector<std::string>{};
  config.min_time_s = options::k_default_gbench_min_time_s;
  side.source.run_settings = config;
  return side;
}

// Re-running a side with this executable only makes sense when it was
// built from the same commit as that side's results.
void require_same_build(const compare::loaded_side& side, const char* what, const char* option, int rounds) {
  const auto& commit = side.loaded.results.env.git_commit;
  const std::string_view mine = environment::build_info::git_commit;
  if (!commit || commit->empty() || mine.empty() || *commit == mine) return;
  throw input_error("--confirm " + std::to_string(rounds) + ": " + what + " " + side.text + " was built from commit " +
                    *commit + ", this benchgate from " + std::string(mine) +
                    "; re-running it here would measure other code; expected --" + option +
                    " PATH, a benchgate built from " + *commit);
}

// A diff of OLD against NEW compared one metric; the rules may need others.
// Then the diff's OLD and NEW files are compared again on those, with the
// diff's settings, when both are still where the diff says (compare writes
// absolute paths) and still hold the runs it compared; otherwise judge()
// names the missing metric.
std::vector<compare::diff> diffs_for_rules(compare::diff d, const gate_rules& rules,
                                           const options::gate_options& options, std::ostream& err) {
  const auto wanted_here = gate::metrics_needed(names_of(d), rules, options.command_line).metrics;
  const bool covered =
      std::all_of(wanted_here.begin(), wanted_here.end(), [&](const auto& m) { return m == d.config.metric; });
  std::error_code ec;
  if (covered || d.mode != compare::compare_mode::runs || !std::filesystem::is_regular_file(d.old_source.path, ec) ||
      !std::filesystem::is_regular_file(d.new_source.path, ec)) {
    return {std::move(d)};
  }
  const auto old_side = compare::load_side(d.old_source.path, options.baseline_dir, "OLD (from the diff)");
  const auto new_side = compare::load_side(d.new_source.path, options.baseline_dir, "NEW (from the diff)");
  for (const auto& [what, side, source] : {std::tuple{"OLD", &old_side, &d.old_source},
                                           std::tuple{"NEW", &new_side, &d.new_source}}) {
    if (compare::may_be_run_of(*source, side->loaded.results)) continue;
    err << "note: the diff's " << what << " " << source->path << " now holds another run (run at "
        << side->loaded.results.env.date << ", the diff's at " << source->env.date
        << "), so it is not compared again on the rules' other metrics\n";
    return {std::move(d)};
  }
  const auto wanted = gate::metrics_needed(names_of(d), rules, options.command_line,
                                           compare::rates_carried(old_side, new_side, gate::k_throughput_rates))
                          .metrics;
  std::string metrics;
  for (const auto& m : wanted) metrics += (metrics.empty() ? "" : ", ") + std::string(compare::to_string(m));
  err << "note: the diff compared " << compare::to_string(d.config.metric) << " and the rules gate on " << metrics
      << ": compared its OLD " << d.old_source.path << " and NEW " << d.new_source.path << " again with its settings\n";
  return compare::compare_sides_on(old_side, new_side, wanted, d.config);
}

// Two counted runs are judged on their counts unless something names a
// metric: their times are valgrind's.
gate_rules with_built_in_metric(gate_rules rules, bool both_counted) {
  if (both_counted) rules.built_in_metric = gate_metric::instructions;
  return rules;
}

void print_warnings(const std::vector<compare::diff>& diffs, std::ostream& err) {
  std::vector<std::string> printed;
  for (const auto& d : diffs) {
    for (const auto& w : d.warnings) {
      if (std::find(printed.begin(), printed.end(), w.message) != printed.end()) continue;
      printed.push_back(w.message);
      err << "warning: " << w.message << "\n";
    }
  }
}

// Notes on rules and ignore globs that took no cell: a typo in a glob
// otherwise passes the gate without a word.
void print_idle_rules(const gate_rules& rules, const gate_verdict& verdict, std::ostream& err) {
  std::vector<std::string> names;
  for (const auto& c : verdict.cells) names.push_back(c.name);
  for (const auto& note : idle_rule_notes(rules, names)) err << "note: " << note << "\n";
}

}  // namespace

gate_rules load_gate_rules(const options::gate_options& options, std::ostream& err) {
  auto rules = rules_file(options);
  for (const auto& note : options.notes) err << "note: " << note << "\n";
  for (const auto& note : rules.notes) err << "note: " << note << "\n";
  return rules;
}

gate_verdict gate_diff(compare::diff d, const gate_rules& rules,
                       const options::gate_options& options, std::ostream& err) {
  const auto effective = with_built_in_metric(rules, d.config.metric == compare::time_metric::instructions);
  const auto diffs = diffs_for_rules(std::move(d), effective, options, err);
  print_warnings(diffs, err);
  auto verdict = gate::judge(diffs, effective, options.command_line);
  print_idle_rules(effective, verdict, err);
  return verdict;
}

gate_outcome gate_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                        const gate_rules& file_rules, const options::gate_options& options,
                        std::ostream& err) {
  const auto rules = with_built_in_metric(
      file_rules, compare::counts_instructions(old_side) && compare::counts_instructions(new_side));
  if (options.confirm > 0) {
    require_benchgate_results(old_side, "OLD", options.confirm, options.old_binary.has_value(), "old-binary");
    require_benchgate_results(new_side, "NEW", options.confirm, options.new_binary.has_value(), "new-binary");
    if (!options.old_binary) require_same_build(old_side, "OLD", "old-binary", options.confirm);
    if (!options.new_binary) require_same_build(new_side, "NEW", "new-binary", options.confirm);
  }
  auto names = results::cell_names(old_side.loaded.results);
  const auto new_names = results::cell_names(new_side.loaded.results);
  names.insert(names.end(), new_names.begin(), new_names.end());
  const auto [metrics, chosen] = gate::metrics_needed(
      names, rules, options.command_line, compare::rates_carried(old_side, new_side, gate::k_throughput_rates));
  if (!chosen) {
    compare::require_same_measure(old_side, new_side, "--metric real_time (or a rules file's metric) to gate on the times anyway");
  }
  gate_outcome outcome;
  outcome.diffs = compare::compare_sides_on(old_side, new_side, metrics, options.settings);
  print_warnings(outcome.diffs, err);
  outcome.verdict = gate::judge(outcome.diffs, rules, options.command_line);
  print_idle_rules(rules, outcome.verdict, err);
  if (options.confirm > 0) {
    const gate::confirm_plan plan{options.confirm,
                            options.confirm_processes,
                            options.confirm_extra.value_or(options.confirm),
                            options.confirm_dir,
                            options.old_binary.value_or(process::this_executable()),
                            options.new_binary.value_or(process::this_executable()),
                            rules,
                            options.command_line,
                            options.settings,
                            options.fixed_placement};
    if ((old_side.loaded.format == results::gbench_format) != (new_side.loaded.format == results::gbench_format)) {
      throw input_error("--confirm " + std::to_string(options.confirm) + ": OLD " + old_side.text + " is " +
                        old_side.loaded.format + " and NEW " + new_side.text + " is " + new_side.loaded.format +
                        "; re-running needs two of a kind: expected both Google Benchmark JSON (with --old-binary and "
                        "--new-binary) or both benchgate results");
    }
    gate::confirm_suspects(outcome.verdict, as_gbench_rerunnable(old_side), as_gbench_rerunnable(new_side), plan, err);
  }
  return outcome;
}

void report_verdict(const gate_verdict& verdict, const options::gate_options& options, std::ostream& out,
                    const std::string& text_before, const std::string& markdown_before) {
  const auto text = gate_text(verdict);
  out << text << std::flush;
  if (options.json_out) save_gate_verdict(verdict, *options.json_out, "--json");
  if (options.markdown_out) files::write_output(options.markdown_out, markdown_before + gate_markdown(verdict), "--markdown");
  files::write_output(options.text_out, text_before + text, "--text-out");
}

}  // namespace benchgate::gate
