#include <algorithm>
#include <filesystem>
#include <string_view>
#include <iterator>

#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr std::string_view k_gbench_values[] = {"filter", "rounds", "min-time", "measure"};

constexpr help_page k_ab_page{
    "ab",
    "OLD_BIN NEW_BIN",
    "Compares two builds paired from the first sample: runs OLD_BIN and NEW_BIN\n"
    "(benchgate drivers) at once on one CPU, taking turns sample by sample, so\n"
    "sample i of each side ran back to back and whatever the machine did for a\n"
    "while it did to both. Both take the cells in one fixed order and at least\n"
    "20 samples a cell (timed), shared among --pairs P pairs of processes (8):\n"
    "a whole process can run a cell at a steady offset, so each process pair\n"
    "gives one ratio and the change's interval and p are Student's t over them\n"
    "(with --pairs 1: paired bootstrap intervals, paired t test with a\n"
    "sign-flip p). Cells not yet decided then (an interval still wider than\n"
    "their rule's max_ci_width, or a suspect: the estimate beyond the fail\n"
    "level, the interval across it) get more pairs of their own, round after\n"
    "round, within --extra-time (default: half as long as the first pairs\n"
    "took); each cell is judged once, at the end. Printed as compare prints\n"
    "it, and gated as gate gates it (rules, levels, exit codes).\n"
    "Every process starts from a fresh copy of its executable with a random\n"
    "environment pad (--fixed-placement: not), so that where a file's pages\n"
    "sit in memory is noise, not a fixed offset of one side. Byte-identical\n"
    "builds given the same arguments pass at once, nothing run\n"
    "(--run-identical: run them).\n"
    "Both results record the pairing and the placement, so a later\n"
    "'benchgate compare' pairs them too.\n\n"
    "Plain Google Benchmark executables (found out by asking each to\n"
    "--benchmark_list_tests, or said with --gbench) cannot take turns: each\n"
    "sample is a short process of its own, one benchmark, one repetition,\n"
    "--benchmark_min_time SECONDS (--min-time, default 0.05), old and new\n"
    "alternating (old new, new old, ...), --rounds N times (default 20); sample\n"
    "i of each side is a pair. Only --filter, --rounds, --min-time, --role and\n"
    "--measure apply to them (and --shard K/N: part K of N of the benchmarks,\n"
    "for a CI matrix); --old-arg/--new-arg pass their own options through.\n"
    "--measure allocations preloads benchgate's counter into each process: the\n"
    "samples also carry allocations, frees, bytes_allocated and peak_bytes per\n"
    "iteration of the timed loop (gate them: --metric allocations). Benchmarks\n"
    "not yet decided get --rounds more rounds of their own, within\n"
    "--extra-time, as drivers' cells get more pairs.\n"
    "A benchmark only in NEW is listed as new, one only in OLD as removed;\n"
    "both pass unless the rules file's \"new\"/\"removed\" say otherwise.\n\n"
    "Examples:\n"
    "  benchgate ab build-main/benchgate build/benchgate --case page_iter --quick\n"
    "  benchgate ab build/benchgate build/benchgate --case page_iter --quick \\\n"
    "               --new-arg --inject-slowdown=10 --new-arg --inject-filter=page_iter/core/\n"
    "  benchgate ab old/benchgate new/benchgate --quick --json diff.json --verdict-json verdict.json\n"
    "  benchgate ab ./bench_main ./bench_pr --rounds 30 --role baseline=_naive --role core=_fast\n"
    "  benchgate ab ./bench_main ./bench_pr --measure allocations --rounds 2 --metric allocations",
    "  0  no cell failed and every cell was judged\n"
    "  1  a cell regressed beyond its fail level, or errored in NEW\n"
    "  2  bad input or usage, a binary that is not a benchmark, or a side's run that\n"
    "     failed (its log's tail is shown)\n"
    "  3  nothing failed, but a cell on both sides could not be judged (too wide\n"
    "     after the extra time, skipped, too few samples); each is listed with why\n"};

// --old-arg and --new-arg take the next argument whatever it looks like
// (--new-arg --inject-slowdown=10): taken out before the option parser,
// which would read it as an option. `--old-arg=X` is left to the parser.
std::vector<std::string> take_side_args(std::vector<std::string>& args, const std::string& option) {
  std::vector<std::string> taken;
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--" + option) {
      rest.push_back(args[i]);
      continue;
    }
    if (i + 1 == args.size()) throw input_error("--" + option + ": expected a run argument after it");
    taken.push_back(args[++i]);
  }
  args = std::move(rest);
  return taken;
}

// What OLD_BIN and NEW_BIN may be.
constexpr const char* k_ab_binary =
    "a benchgate driver (or a driver built on its library) or a Google Benchmark executable";

// Whether `args` ask for a stopping rule (--precision PCT or
// --precision-cap); --precision off is what ab's sides take anyway.
bool asks_for_precision(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a.starts_with("--precision-cap")) return true;
    if (a == "--precision" && (i + 1 == args.size() || args[i + 1] != k_precision_off)) return true;
    if (a.starts_with("--precision=") && a.substr(a.find('=') + 1) != k_precision_off) return true;
  }
  return false;
}

// `args` through this binary's run parser: checked as a side's run would
// check them, and none of the options ab sets itself.
run_options checked_run(const std::vector<std::string>& args, const suite::registry& cases, const char* side) {
  const auto parsed = parse_run(args, cases);
  const auto* run = std::get_if<run_options>(&parsed);
  if (run == nullptr) throw input_error(std::string("--") + side + "-arg --help: ab takes no help of run here");
  const auto refuse = [&](bool given, const char* option) {
    if (given) {
      throw input_error(std::string("--") + side + "-arg " + option + ": ab sets where each side's results go "
                        "and how the sides take turns; expected --out-dir DIR to keep the results");
    }
  };
  refuse(run->out.has_value(), "--out");
  refuse(run->text_out.has_value(), "--text-out");
  refuse(run->save_baseline.has_value(), "--save-baseline");
  refuse(run->baseline.has_value(), "--baseline");
  refuse(run->lockstep_fd.has_value(), "--lockstep-fd");
  refuse(run->callgrind_out.has_value(), "--callgrind-out");
  if (asks_for_precision(args)) {
    throw input_error(std::string("--") + side + "-arg --precision: ab's sides take turns sample by sample, so "
                      "both take a number of samples fixed in advance; expected --samples N or nothing");
  }
  return *run;
}


using ab_row = option<ab_options>;

// The run options and the options for Google Benchmark executables mean
// something only once the kind of binaries is known (settle_ab): parsing
// takes them as text.
const auto k_later = [](ab_options&, const given&) {};

// The run options ab passes on to both sides' `run`, as given (benchgate
// drivers); a few mean something for Google Benchmark executables too.
std::vector<ab_row> forwarded_rows() {
  return {
      {{"case", "NAME", takes::values, "run: this case only (repeatable)"}, k_later},
      {{"filter", "REGEX", takes::value,
        "run: only cells whose name matches REGEX (Google Benchmark executables: only the listed benchmarks whose "
        "name matches)"}, k_later},
      {{"param", "AXIS=V1,V2", takes::values, "run: these axis values (repeatable)"}, k_later},
      {{"samples", "N", takes::value,
        "run: samples a side per cell",
        "the run's, raised to 20 for timed runs: pairs enough for the paired test"}, k_later},
      {{"measurement-time", "SECONDS", takes::value, "run: per grid point"}, k_later},
      {{"warmup", "SECONDS", takes::value, "run: per grid point"}, k_later},
      {{"min-time", "SECONDS", takes::value,
        "run: per sample (Google Benchmark executables: --benchmark_min_time of each process)",
        text::number_text(k_default_gbench_min_time_s) + " for Google Benchmark executables"}, k_later},
      {{"quick", "", takes::flag, "run: the quick preset"}, k_later},
      {{"no-interleave", "", takes::flag, "run: accepted; lockstep runs never interleave (both sides take the "
                                          "cells in one fixed order)"}, k_later},
      {{"rounds", "N", takes::value,
        "run: passes over the grid (Google Benchmark executables: rounds, each one process a benchmark a side)",
        std::to_string(k_default_gbench_rounds) + " for Google Benchmark executables"}, k_later},
      {{"input", "FILE", takes::values, "run: a real input (repeatable)"}, k_later},
      {{"measure", "WHAT", takes::value,
        "run: time (the sides take turns) or instructions (they run side by side); Google Benchmark "
        "executables: time or allocations (each process also counts its timed loop's allocations, frees, bytes and "
        "peak bytes per iteration: docs/allocations.md)", "time"}, k_later},
      {{"cache-sim", "", takes::flag,
        "run: with --measure instructions, callgrind's cache simulation too (l1_hits, ll_hits, ram_accesses, "
        "estimated_cycles; compare them with --metric)"}, k_later},
  };
}

std::vector<ab_row> ab_rows() {
  std::vector<ab_row> first = {
      {{"binary", "", takes::values, "OLD_BIN NEW_BIN", "", shown::positional},
       [](ab_options& o, const given& g) {
         if (g.texts.size() != 2) {
           throw input_error("benchgate ab: expected OLD_BIN NEW_BIN, got " + std::to_string(g.texts.size()) +
                             " binaries; see 'benchgate ab --help'");
         }
         o.old_binary = executable(g.texts[0], "OLD_BIN", k_ab_binary);
         o.new_binary = executable(g.texts[1], "NEW_BIN", k_ab_binary);
         o.gate.old_binary = o.old_binary;
         o.gate.new_binary = o.new_binary;
       }},
  };
  std::vector<ab_row> rows = {
      // Taken out before parsing (take_side_args) unless given as --old-arg=ARG.
      {{"old-arg", "ARG", takes::values,
        "one more run argument for the old side only, taken as is even when it starts with - (repeatable), e.g. "
        "--old-arg --inject-slowdown=10"},
       [](ab_options& o, const given& g) { o.old_args.insert(o.old_args.end(), g.texts.begin(), g.texts.end()); }},
      {{"new-arg", "ARG", takes::values, "the same for the new side"},
       [](ab_options& o, const given& g) { o.new_args.insert(o.new_args.end(), g.texts.begin(), g.texts.end()); }},
      // As parsed, google_benchmark means "said so"; settle_ab sets what they are.
      {{"gbench", "", takes::flag,
        "OLD_BIN and NEW_BIN are plain Google Benchmark executables",
        "found out by asking each to --benchmark_list_tests"},
       [](ab_options& o, const given&) { o.binaries = ab_binaries::google_benchmark; }},
      {{"shard", "K/N", takes::value,
        "Google Benchmark executables: only part K of N of the benchmarks (those at positions K, K+N, ... of the "
        "filtered list), for one job of a CI matrix; both sides of each still run on this machine "
        "(docs/sharding.md)"}, k_later},
      {{"role", "ROLE=REGEX", takes::values,
        "Google Benchmark executables: cells whose name matches REGEX take ROLE (baseline, core, peer) in both "
        "results, for a later 'compare --variants'; drivers: run --role, for their plain BENCHMARK() "
        "registrations (repeatable)"}, k_later},
      {{"pairs", "P", takes::value,
        "lockstep pairs of an old and a new process, one after the other, the side that takes the first turn "
        "alternating; each runs every cell with 1/P of the samples (at least 10), of the measurement time and of "
        "the warm-up, and the comparison takes the process pair as its unit; 1: one pair, compared pair by pair",
        std::to_string(k_default_ab_pairs)}, k_later},
      {{"extra-time", "SECONDS", takes::value,
        "after the pairs, more pairs of processes only for the cells not yet decided: those whose change interval "
        "is still wider than their rule's max_ci_width, and the suspects, whose estimate is beyond the fail level "
        "while their interval reaches below it; round after round (up to 6), until none is left or this much time "
        "is spent; 0: none; Google Benchmark executables: --rounds more rounds of those benchmarks, the same way",
        "half as long as the first pairs took, so one ab takes at most about 1.5 times that"},
       [](ab_options& o, const given& g) { o.extra_time_s = seconds(g, true); }},
      {{"fixed-placement", "", takes::flag,
        "start every process from OLD_BIN and NEW_BIN themselves, with no environment pad, instead of each from "
        "a fresh copy of its executable (in a folder of random name length) with a random pad, which makes the "
        "placement of the file's pages in memory noise instead of a fixed offset of one side (docs/ab.md, "
        "\"Placement\"); also for --confirm's re-runs"},
       [](ab_options& o, const given&) { o.fixed_placement = true; }},
      {{"run-identical", "", takes::flag,
        "run and judge the sides even when OLD_BIN and NEW_BIN are byte-identical builds given the same "
        "arguments (for an A/A calibration)",
        "identical builds pass at once, without running"},
       [](ab_options& o, const given&) { o.run_identical = true; }},
      {{"out-dir", "DIR", takes::value,
        "keep both sides' results and logs in DIR: old.json, new.json (pooled), old-P.json, new-P.json, .log",
        "a temporary folder, removed"},
       [](ab_options& o, const given& g) { o.out_dir = folder(g); }},
      {{"json", "FILE", takes::value, "write the comparison (benchgate.diff/1) to FILE, atomically"},
       [](ab_options& o, const given& g) { o.diff_out = output_file(g); }},
      {{"verdict-json", "FILE", takes::value, "write the gate's verdict (benchgate.gate/1) to FILE, atomically"},
       [](ab_options& o, const given& g) { o.gate.json_out = output_file(g); }},
      {{"markdown", "FILE", takes::value, "write a Markdown summary for a pull-request comment to FILE, atomically"},
       [](ab_options& o, const given& g) { o.gate.markdown_out = output_file(g); }},
      {{"text-out", "FILE", takes::value, "also write the printed comparison and verdict to FILE, atomically"},
       [](ab_options& o, const given& g) { o.gate.text_out = output_file(g); }},
  };
  return first + forwarded_rows() + rows + in_group(rows_into(gate_judgement_rows(), &ab_options::gate), 1) +
         in_group(rows_into(confirm_rows(), &ab_options::gate), 2) +
         in_group(rows_into(explain_after_rows(), &ab_options::gate), 3);
}

// The options for Google Benchmark executables; the run options of
// benchgate drivers are refused, naming the ones that apply.
void settle_gbench(const parse_outcome& parsed, ab_options& out) {
  const auto refuse = [&](std::string_view name) {
    const bool allowed =
        std::find(std::begin(k_gbench_values), std::end(k_gbench_values), name) != std::end(k_gbench_values);
    if (!allowed && parsed.was_given(name)) {
      throw input_error("--" + std::string(name) + ": a run option of benchgate drivers, but OLD_BIN and NEW_BIN " +
                        "are Google Benchmark executables; expected --filter, --rounds, --min-time, --measure, --role, " +
                        "--shard, --extra-time, or their own options through --old-arg/--new-arg");
    }
  };
  for (const auto& row : forwarded_rows()) refuse(row.name);
  refuse("pairs");
  if (const auto* g = parsed.find("rounds")) {
    out.gbench.rounds = count(*g, {2});
    if (out.gbench.rounds > k_max_gbench_rounds) {
      throw input_error("--rounds " + std::to_string(out.gbench.rounds) + ": expected a number of rounds from 2 to " +
                        std::to_string(k_max_gbench_rounds));
    }
  }
  if (const auto* g = parsed.find("min-time")) out.gbench.min_time_s = seconds(*g, false);
  if (const auto* g = parsed.find("measure")) {
    if (g->text() == "allocations") {
      out.gbench.measure = measure_kind::allocations;
    } else if (g->text() != "time") {
      throw input_error("--measure " + g->text() + ": OLD_BIN and NEW_BIN are Google Benchmark executables; expected " +
                        "time or allocations (their instructions: 'benchgate explain OLD_BIN NEW_BIN --gbench')");
    }
  }
  if (const auto* g = parsed.find("filter")) out.gbench.filter = regex(*g);
  if (const auto* g = parsed.find("role")) {
    for (const auto& text : g->texts) out.gbench.roles.push_back(results::parse_role_pattern(text, "--role"));
  }
  if (const auto* g = parsed.find("shard")) out.gbench.shard = shard(*g);
}

// The run options of benchgate drivers, checked by this binary's run parser
// as each side's run checks them.
void settle_drivers(const parse_outcome& parsed, ab_options& out, const suite::registry& cases) {
  if (const auto* g = parsed.find("shard")) {
    throw input_error("--shard " + g->text() + ": only for Google Benchmark executables; benchgate "
                      "drivers' lockstep runs do not take shards: expected --case or --filter to give each job its "
                      "part (docs/sharding.md)");
  }
  std::vector<std::string> shared;
  // Drivers: the roles of their plain Google Benchmark registrations (run --role).
  const auto forward = [&](const std::string& name) {
    const auto* g = parsed.find(name);
    if (g && g->texts.empty()) shared.push_back("--" + name);
    for (const auto& value : g ? g->texts : std::vector<std::string>{}) shared.insert(shared.end(), {"--" + name, value});
  };
  forward("role");
  for (const auto& row : forwarded_rows()) forward(row.name);
  out.old_args.insert(out.old_args.begin(), shared.begin(), shared.end());
  out.new_args.insert(out.new_args.begin(), shared.begin(), shared.end());
  out.old_run = checked_run(out.old_args, cases, "old");
  out.new_run = checked_run(out.new_args, cases, "new");
  if (out.old_run.settings.measure != out.new_run.settings.measure) {
    throw input_error("--old-arg/--new-arg: the sides measure different things (--measure); expected one measure");
  }
  if (out.old_run.settings.measure == measure_kind::allocations) {
    // Counts are exact: two plain runs say all there is; ab's pairing is
    // for times (and an older OLD build would not know the measure).
    throw input_error("--measure allocations: not with ab; expected 'run --measure allocations' on each build, "
                      "then 'compare OLD.json NEW.json --metric allocations' (or gate)");
  }
  if (const auto* g = parsed.find("pairs")) {
    out.pairs = count(*g, {1});
    if (out.pairs > k_max_ab_pairs) {
      throw input_error("--pairs " + std::to_string(out.pairs) + ": expected a number of pairs from 1 to " +
                        std::to_string(k_max_ab_pairs));
    }
  }
}

// Parses `given` into `out`: the side arguments first, then the table.
parse_outcome parse_ab_into(ab_options& out, const std::vector<std::string>& given) {
  auto args = given;
  out.old_args = take_side_args(args, "old-arg");
  out.new_args = take_side_args(args, "new-arg");
  return parse_table(out, k_ab_page, ab_rows(), args);
}

}  // namespace

command parse_ab(const std::vector<std::string>& given, const suite::registry&) {
  ab_options out;
  out.args = given;
  if (auto help = parse_ab_into(out, given).help) return help_request{*help};
  check_outputs_apart({{"OLD_BIN", out.old_binary}, {"NEW_BIN", out.new_binary}, {"--rules", out.gate.rules}},
                      {{"--json", out.diff_out},
                       {"--verdict-json", out.gate.json_out},
                       {"--markdown", out.gate.markdown_out},
                       {"--text-out", out.gate.text_out},
                       {"--explain-json", out.gate.explain.json}});
  return out;
}

}  // namespace benchgate::app::detail

namespace benchgate::app {

options::ab_options settle_ab(const options::ab_options& parsed, options::ab_binaries binaries,
                              const suite::registry& cases) {
  options::ab_options out;
  out.args = parsed.args;
  const auto outcome = detail::parse_ab_into(out, parsed.args);
  out.binaries = binaries;
  out.gbench.old_names = parsed.gbench.old_names;
  out.gbench.new_names = parsed.gbench.new_names;
  if (binaries == options::ab_binaries::google_benchmark) {
    detail::settle_gbench(outcome, out);
  } else {
    detail::settle_drivers(outcome, out, cases);
  }
  return out;
}

}  // namespace benchgate::app
