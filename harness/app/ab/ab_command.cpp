// benchgate ab OLD_BIN NEW_BIN: two builds run as lockstep pairs from the
// first sample (paired/ab_sides.hpp), compared as pairs, gated (gate/gate_steps.hpp).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "harness/app/commands.hpp"
#include "harness/app/gate_explanation.hpp"
#include "harness/app/command_line.hpp"
#include "harness/run/gbench_listing.hpp"
#include "harness/gate/gate_options.hpp"
#include "harness/paired/ab_sides.hpp"
#include "harness/paired/gbench_pairs.hpp"
#include "harness/paired/gbench_sides.hpp"
#include "harness/paired/identical_builds.hpp"
#include "harness/gate/judge.hpp"
#include "harness/paired/paired_runs.hpp"
#include "harness/gate/undecided.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/run/plan.hpp"
#include "benchgate/param_point.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/gate/gate_steps.hpp"

namespace benchgate::app {

namespace {

// OLD against NEW, gated; the comparison and the verdict printed and written.
exit_code judge_sides(const compare::loaded_side& old_side, const compare::loaded_side& new_side, const gate::gate_rules& rules,
                      const options::ab_options& options, std::ostream& out, std::ostream& err) {
  auto gate = options.gate;
  if (options.out_dir && gate.confirm > 0 && !gate.confirm_dir) gate.confirm_dir = *options.out_dir / "confirm";
  gate.fixed_placement = options.fixed_placement;  // --confirm's re-runs are placed as ab's runs were
  const auto outcome = gate::gate_sides(old_side, new_side, rules, gate, err);
  // The comparison of the first metric the rules gate on.
  const auto& shown = outcome.diffs.front();
  std::ostringstream discard;
  const auto comparison = print_comparison(shown, out, discard);
  out << "\n";
  if (options.diff_out) compare::save_diff(shown, *options.diff_out, "--json");
  gate::report_verdict(outcome.verdict, gate, out, comparison + "\n");
  if (options.out_dir) out << "results: " << old_side.text << ", " << new_side.text << "\n";
  explain_after_verdict(outcome.verdict, gate, options.binaries == options::ab_binaries::google_benchmark, out, err);
  return outcome.verdict.exit;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The cells a judgement of the sides as they stand leaves too wide to judge
// (gate/undecided.hpp): judged quietly, without --confirm or outputs.
gate::undecided undecided_now(const compare::loaded_side& old_side, const compare::loaded_side& new_side,
                                       const gate::gate_rules& rules, const options::ab_options& options) {
  auto quiet = options.gate;
  quiet.confirm = 0;
  std::ostringstream discard;
  return gate::undecided_cells(gate::gate_sides(old_side, new_side, rules, quiet, discard).verdict);
}

// One extra round for `cells`, numbered `round` (1, 2, ...), not yet
// judged for the reason `why`: more pairs of drivers' processes, or more
// rounds of Google Benchmark executables.
using extra_round = std::function<void(const std::vector<std::string>& cells, int round, const std::string& why)>;

// "1 cell still too wide"; with suspects left, "0 cells still too wide, 2
// cells still undecided (estimate beyond the fail level, interval across it)".
std::string still_text(const gate::undecided& cells) {
  const auto count = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " cell" : " cells"); };
  auto text = count(cells.too_wide) + " still too wide";
  if (cells.suspects > 0) {
    text += ", " + count(cells.suspects) + " still undecided (estimate beyond the fail level, interval across it)";
  }
  return text;
}

// Extra rounds for the cells not yet judged, while the budget lasts
// (docs/ab.md, "Cells ab cannot judge at first"): `cap_s` seconds.
void spend_extra_time(double cap_s, const extra_round& run_round, const gate::gate_rules& rules,
                      const options::ab_options& options, const compare::loaded_side& old_side,
                      const compare::loaded_side& new_side, std::ostream& err) {
  gate::extra_budget budget;
  budget.cap_s = cap_s;
  auto cells = undecided_now(old_side, new_side, rules, options);
  while (gate::another_round(budget, cells.cells.size())) {
    const auto start = std::chrono::steady_clock::now();
    run_round(cells.cells, budget.rounds + 1, gate::undecided_text(cells));
    ++budget.rounds;
    budget.last_round_s = seconds_since(start);
    budget.spent_s += budget.last_round_s;
    cells = undecided_now(old_side, new_side, rules, options);
  }
  if (budget.rounds > 0) {
    char spent[64];
    std::snprintf(spent, sizeof spent, "%.1f s (extra time %.1f s)", budget.spent_s, budget.cap_s);
    err << "ab: " << budget.rounds << (budget.rounds == 1 ? " extra round" : " extra rounds") << " in " << spent
        << "; " << still_text(cells) << "\n"
        << std::flush;
  }
}

// Whether OLD_BIN and NEW_BIN are Google Benchmark executables: --gbench
// says so (then both must list their benchmarks), else each is asked
// (a benchgate driver refuses --benchmark_list_tests). One of each kind is
// an error. Then the options as they apply to that kind, with the listed
// names.
options::ab_options settled(const options::ab_options& parsed, const suite::registry& cases) {
  const bool said = parsed.binaries == options::ab_binaries::google_benchmark;
  const auto old_list = run::list_benchmarks(parsed.old_binary, parsed.old_args, "old");
  const auto new_list = run::list_benchmarks(parsed.new_binary, parsed.new_args, "new");
  const bool old_is = !old_list.names.empty();
  const bool new_is = !new_list.names.empty();
  if (!said && !old_is && !new_is) {
    // Neither lists benchmarks: both must be benchgate drivers, else say
    // what the one that is neither did (/bin/true, a script).
    for (const auto& [what, binary, listing, tag] :
         {std::tuple{"OLD_BIN", &parsed.old_binary, &old_list, "old"},
          std::tuple{"NEW_BIN", &parsed.new_binary, &new_list, "new"}}) {
      if (const auto problem = run::driver_problem(*binary, tag); !problem.empty()) {
        throw input_error(std::string(what) + " " + binary->string() +
                          ": not a benchmark: neither a Google Benchmark executable (" + listing->problem +
                          ") nor a benchgate driver (" + problem +
                          "); expected a benchgate driver (or a driver built on its library) or a Google Benchmark "
                          "executable");
      }
    }
    return settle_ab(parsed, options::ab_binaries::drivers, cases);
  }
  const auto refuse = [&](const char* what, const std::filesystem::path& binary, const run::benchmark_listing& l,
                          const char* other, const std::vector<std::string>& args, const char* tag) {
    // A Google Benchmark executable that refuses its own arguments (a
    // mistyped --new-arg) is not "not one".
    if (!args.empty() && !run::list_benchmarks(binary, {}, tag).names.empty()) {
      throw input_error(std::string(what) + " " + binary.string() +
                        ": a Google Benchmark executable that refuses its --" + tag + "-arg arguments (" + l.problem +
                        "); expected arguments it takes (see " + binary.filename().string() + " --help)");
    }
    throw input_error(std::string(what) + " " + binary.string() + ": not a Google Benchmark executable (" +
                      l.problem + ")" +
                      (said ? "; expected one with --gbench"
                            : std::string("; expected two of a kind, but ") + other +
                                  " is one: two benchgate drivers or two Google Benchmark executables"));
  };
  if (!old_is) refuse("OLD_BIN", parsed.old_binary, old_list, "NEW_BIN", parsed.old_args, "old");
  if (!new_is) refuse("NEW_BIN", parsed.new_binary, new_list, "OLD_BIN", parsed.new_args, "new");
  // Two registrations under one name run together under its filter: their
  // samples would be pooled into one cell.
  for (const auto& [what, binary, names] : {std::tuple{"OLD_BIN", &parsed.old_binary, &old_list.names},
                                            std::tuple{"NEW_BIN", &parsed.new_binary, &new_list.names}}) {
    for (std::size_t i = 1; i < names->size(); ++i) {
      if (std::find(names->begin(), names->begin() + static_cast<std::ptrdiff_t>(i), (*names)[i]) ==
          names->begin() + static_cast<std::ptrdiff_t>(i)) {
        continue;
      }
      throw input_error(std::string(what) + " " + binary->string() + ": lists " + (*names)[i] +
                        " twice; expected each benchmark name once (two registrations under one name would be "
                        "pooled into one cell: give them distinct names, e.g. with ->Name())");
    }
  }
  auto listed = parsed;
  listed.gbench.old_names = old_list.names;
  listed.gbench.new_names = new_list.names;
  return settle_ab(listed, options::ab_binaries::google_benchmark, cases);
}

// The cells ab would run: the Google Benchmark executables' benchmarks it
// selects, or the cells of this binary's plan of the drivers' run options.
std::vector<std::string> cells_to_run(const options::ab_options& options, const suite::registry& cases,
                                      const std::vector<std::string>& plain_benchmarks) {
  if (options.binaries == options::ab_binaries::google_benchmark) {
    const paired::gbench_side old_side{"old", options.old_binary, options.old_args, options.gbench.old_names};
    const paired::gbench_side new_side{"new", options.new_binary, options.new_args, options.gbench.new_names};
    return paired::shard_part(paired::benchmarks_to_run(old_side, new_side, options.gbench.filter),
                              options.gbench.shard);
  }
  std::vector<std::string> names;
  for (const auto& point : run::make_plan(options.old_run, cases, plain_benchmarks).points) {
    if (point.plain) {
      for (const auto& c : point.plain->cells) names.push_back(c.name);
      continue;
    }
    for (const auto& v : point.variants) names.push_back(benchgate::cell_name(point.bench_case->name(), v.name, point.point));
  }
  return names;
}

// Identical builds (paired/identical_builds.hpp) pass at once: each cell
// listed, the verdict written, nothing run. False when they are not.
bool passed_as_identical(const options::ab_options& options, const suite::registry& cases,
                         const std::vector<std::string>& plain_benchmarks, const gate::gate_rules& rules,
                         const std::filesystem::path& work, std::ostream& out, std::ostream& err, exit_code& code) {
  if (options.run_identical) return false;
  const auto identity = paired::compare_builds({options.old_binary, options.old_args},
                                               {options.new_binary, options.new_args}, work);
  if (!identity) return false;
  const auto names = cells_to_run(options, cases, plain_benchmarks);
  const auto what = paired::identical_text(*identity);
  err << "ab: OLD_BIN and NEW_BIN are identical builds (" << what << "): " << names.size()
      << (names.size() == 1 ? " cell" : " cells")
      << " pass without running (--run-identical runs them anyway)\n"
      << std::flush;
  const auto verdict = gate::identical_verdict(names, rules, options.gate.command_line, "identical builds: not run");
  const auto headline = "OLD_BIN " + options.old_binary.string() + " and NEW_BIN " + options.new_binary.string() +
                        " are identical builds: " + what + ". Nothing was measured.\n";
  std::string listed;
  for (const auto& name : names) listed += "  identical  " + name + "\n";
  out << headline << listed << "\n";
  gate::report_verdict(verdict, options.gate, out, headline + listed + "\n",
                       "**Identical builds**: OLD and NEW are " + what + "; nothing was measured.\n\n");
  if (options.diff_out) {
    err << "note: --json " << options.diff_out->string() << " not written: identical builds are not compared\n";
  }
  code = verdict.exit;
  return true;
}

}  // namespace

exit_code ab_compare(const options::ab_options& parsed, const suite::registry& cases,
                     const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err) {
  const auto options = settled(parsed, cases);
  files::check_outputs({{options.diff_out, "--json"},
                        {options.gate.json_out, "--verdict-json"},
                        {options.gate.markdown_out, "--markdown"},
                        {options.gate.text_out, "--text-out"}});
  check_explain_after(options.gate);
  const auto rules = gate::load_gate_rules(options.gate, err);
  // Drivers' runs are planned (and checked) before the folder is made.
  std::optional<paired::ab_pairs_plan> pairs;
  if (options.binaries == options::ab_binaries::drivers) {
    pairs = paired::plan_ab_pairs(
        options, [&](const options::run_options& run) { return run::fewest_samples(run::make_plan(run, cases, plain_benchmarks)); });
  }
  const paired::work_folder dir(options.out_dir, "--out-dir", "ab");
  if (exit_code code = exit_code::ok; passed_as_identical(options, cases, plain_benchmarks, rules, dir.path(), out, err, code)) {
    return code;
  }
  const auto start = std::chrono::steady_clock::now();
  auto [old_side, new_side] =
      pairs ? paired::run_ab_pairs(*pairs, dir.path(), err) : paired::gbench_ab_sides(options, dir.path(), err);
  // The extra time: --extra-time, or a share of the first pairs' time.
  const double cap_s = options.extra_time_s.value_or(options::k_default_extra_time_share * seconds_since(start));
  if (!pairs) {
    spend_extra_time(
        cap_s,
        [&](const std::vector<std::string>& cells, int round, const std::string& why) {
          paired::gbench_extra_round(options, cells, round, why, dir.path(), old_side, new_side, err);
        },
        rules, options, old_side, new_side, err);
  } else if (paired::takes_extra_rounds(*pairs)) {
    int next_pair = pairs->pairs + 1;  // ab's index of the next process pair
    spend_extra_time(
        cap_s,
        [&](const std::vector<std::string>& cells, int round, const std::string& why) {
          paired::run_extra_round(*pairs, cells, round, why, next_pair, dir.path(), old_side, new_side, err);
          next_pair += pairs->pairs;
        },
        rules, options, old_side, new_side, err);
  }
  const auto code = judge_sides(old_side, new_side, rules, options, out, err);
  if (!options.out_dir) {
    err << "note: the OLD and NEW results above (" << old_side.text << ", " << new_side.text
        << ") are in a temporary folder, removed now; --out-dir DIR keeps them\n";
  }
  return code;
}

}  // namespace benchgate::app
