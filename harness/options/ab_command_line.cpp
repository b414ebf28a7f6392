#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <iterator>
#include <tuple>

#include "harness/support/errors/input_error.hpp"
#include "harness/run/gbench_listing.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"

namespace benchgate::options::detail {

namespace {

// The run options ab passes on to both sides' `run`, as given; the
// switches among them take no value.
constexpr const char* k_forwarded_lists[] = {"case", "param", "input"};
constexpr const char* k_forwarded_values[] = {"filter",   "samples", "measurement-time", "warmup",
                                              "min-time", "rounds",  "measure"};
constexpr const char* k_forwarded_switches[] = {"quick", "no-interleave", "cache-sim"};
// Of those, the ones that mean something for Google Benchmark executables.
constexpr const char* k_gbench_values[] = {"filter", "rounds", "min-time"};

po::options_description ab_description() {
  auto d = make_description();
  d.add_options()
      ("case", po::value<std::vector<std::string>>()->value_name("NAME"), "run: this case only (repeatable)")
      ("filter", po::value<std::string>()->value_name("REGEX"),
       "run: only cells whose name matches REGEX (Google Benchmark executables: only the listed benchmarks whose "
       "name matches)")
      ("param", po::value<std::vector<std::string>>()->value_name("AXIS=V1,V2"), "run: these axis values (repeatable)")
      ("samples", po::value<std::string>()->value_name("N"),
       "run: samples a side per cell (default: the run's, raised to 20 for timed runs: pairs enough for the "
       "paired test)")
      ("measurement-time", po::value<std::string>()->value_name("SECONDS"), "run: per grid point")
      ("warmup", po::value<std::string>()->value_name("SECONDS"), "run: per grid point")
      ("min-time", po::value<std::string>()->value_name("SECONDS"),
       "run: per sample (Google Benchmark executables: --benchmark_min_time of each process; default 0.05)")
      ("quick", po::bool_switch(), "run: the quick preset")
      ("no-interleave", po::bool_switch(), "run: accepted; lockstep runs never interleave (both sides take the "
                                           "cells in one fixed order)")
      ("rounds", po::value<std::string>()->value_name("N"),
       "run: passes over the grid (Google Benchmark executables: rounds, each one process a benchmark a side; "
       "default 20)")
      ("input", po::value<std::vector<std::string>>()->value_name("FILE"), "run: a real input (repeatable)")
      ("measure", po::value<std::string>()->value_name("WHAT"),
       "run: time (default; the sides take turns) or instructions (they run side by side)")
      ("cache-sim", po::bool_switch(),
       "run: with --measure instructions, callgrind's cache simulation too (l1_hits, ll_hits, ram_accesses, "
       "estimated_cycles; compare them with --metric)")
      ("old-arg", po::value<std::vector<std::string>>()->value_name("ARG"),
       "one more run argument for the old side only, taken as is even when it starts with - (repeatable), e.g. "
       "--old-arg --inject-slowdown=10")
      ("new-arg", po::value<std::vector<std::string>>()->value_name("ARG"), "the same for the new side")
      ("gbench", po::bool_switch(),
       "OLD_BIN and NEW_BIN are plain Google Benchmark executables (default: found out by asking each to "
       "--benchmark_list_tests)")
      ("shard", po::value<std::string>()->value_name("K/N"),
       "Google Benchmark executables: only part K of N of the benchmarks (those at positions K, K+N, ... of the "
       "filtered list), for one job of a CI matrix; both sides of each still run on this machine "
       "(docs/sharding.md)")
      ("role", po::value<std::vector<std::string>>()->value_name("ROLE=REGEX"),
       "Google Benchmark executables: cells whose name matches REGEX take ROLE (baseline, core, peer) in both "
       "results, for a later 'compare --variants'; drivers: run --role, for their plain BENCHMARK() "
       "registrations (repeatable)")
      ("pairs", po::value<std::string>()->value_name("P"),
       "lockstep pairs of an old and a new process, one after the other, the side that takes the first turn "
       "alternating; each runs every cell with 1/P of the samples (at least 10), of the measurement time and of "
       "the warm-up, and the comparison takes the process pair as its unit (default: 8; 1: one pair, compared "
       "pair by pair)")
      ("extra-time", po::value<std::string>()->value_name("SECONDS"),
       "after the pairs, more pairs of processes only for the cells whose change interval is still wider than "
       "their rule's max_ci_width, round after round (up to 6), until none is or this much time is spent; 0: "
       "none (default: as long as the first pairs took, so one ab takes at most about twice that); Google Benchmark "
       "executables: --rounds more rounds of those benchmarks, the same way")
      ("out-dir", po::value<std::string>()->value_name("DIR"),
       "keep both sides' results and logs in DIR: old.json, new.json (pooled), old-P.json, new-P.json, .log "
       "(default: a temporary folder, removed)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write the comparison (benchgate.diff/1) to FILE, atomically")
      ("verdict-json", po::value<std::string>()->value_name("FILE"),
       "write the gate's verdict (benchgate.gate/1) to FILE, atomically")
      ("markdown", po::value<std::string>()->value_name("FILE"),
       "write a Markdown summary for a pull-request comment to FILE, atomically")
      ("text-out", po::value<std::string>()->value_name("FILE"),
       "also write the printed comparison and verdict to FILE, atomically");
  d.add(gate_judgement_description());
  d.add(confirm_description());
  d.add(explain_after_description());
  return d;
}

po::options_description hidden_description() {
  auto d = make_description();
  d.add_options()("binary", po::value<std::vector<std::string>>(), "OLD_BIN NEW_BIN");
  return d;
}

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

std::filesystem::path checked_binary(const std::string& text, const char* what) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(text, ec) || ::access(text.c_str(), X_OK) != 0) {
    throw input_error(std::string(what) + " " + text +
                      ": no such executable file; expected a benchgate driver (or a driver built on its library) or a "
                      "Google Benchmark executable");
  }
  return text;
}

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


// Whether OLD_BIN and NEW_BIN are Google Benchmark executables: --gbench
// says so (then both must list their benchmarks), else each is asked
// (a benchgate driver refuses --benchmark_list_tests). One of each kind is
// an error. Fills the listed names.
ab_binaries binaries_kind(bool said, ab_options& out, const std::vector<std::string>& old_side_args,
                          const std::vector<std::string>& new_side_args) {
  const auto old_list = list_benchmarks(out.old_binary, old_side_args, "old");
  const auto new_list = list_benchmarks(out.new_binary, new_side_args, "new");
  const bool old_is = !old_list.names.empty();
  const bool new_is = !new_list.names.empty();
  if (!said && !old_is && !new_is) {
    // Neither lists benchmarks: both must be benchgate drivers, else say
    // what the one that is neither did (/bin/true, a script).
    for (const auto& [what, binary, listing, tag] :
         {std::tuple{"OLD_BIN", &out.old_binary, &old_list, "old"}, std::tuple{"NEW_BIN", &out.new_binary, &new_list, "new"}}) {
      if (const auto problem = driver_problem(*binary, tag); !problem.empty()) {
        throw input_error(std::string(what) + " " + binary->string() +
                          ": not a benchmark: neither a Google Benchmark executable (" + listing->problem +
                          ") nor a benchgate driver (" + problem +
                          "); expected a benchgate driver (or a driver built on its library) or a Google Benchmark "
                          "executable");
      }
    }
    return ab_binaries::drivers;
  }
  const auto refuse = [&](const char* what, const std::filesystem::path& binary, const benchmark_listing& l,
                          const char* other) {
    throw input_error(std::string(what) + " " + binary.string() + ": not a Google Benchmark executable (" +
                      l.problem + ")" +
                      (said ? "; expected one with --gbench"
                            : std::string("; expected two of a kind, but ") + other +
                                  " is one: two benchgate drivers or two Google Benchmark executables"));
  };
  if (!old_is) refuse("OLD_BIN", out.old_binary, old_list, "NEW_BIN");
  if (!new_is) refuse("NEW_BIN", out.new_binary, new_list, "OLD_BIN");
  out.gbench.old_names = old_list.names;
  out.gbench.new_names = new_list.names;
  return ab_binaries::google_benchmark;
}

// The options for Google Benchmark executables; the run options of
// benchgate drivers are refused, naming the ones that apply.
void read_gbench(const po::variables_map& vm, ab_options& out) {
  // A switch not given is there, defaulted.
  const auto given = [&](const char* name) { return vm.count(name) > 0 && !vm[name].defaulted(); };
  const auto refuse_all = [&](const auto& names) {
    for (const char* name : names) {
      const bool allowed = std::find_if(std::begin(k_gbench_values), std::end(k_gbench_values), [&](const char* g) {
                             return std::string_view(g) == name;
                           }) != std::end(k_gbench_values);
      if (!allowed && given(name)) {
        throw input_error(std::string("--") + name + ": a run option of benchgate drivers, but OLD_BIN and NEW_BIN " +
                          "are Google Benchmark executables; expected --filter, --rounds, --min-time, --role, --shard, " +
                          "--extra-time, or " +
                          "their own options through --old-arg/--new-arg");
      }
    }
  };
  refuse_all(k_forwarded_lists);
  refuse_all(k_forwarded_values);
  refuse_all(k_forwarded_switches);
  refuse_all(std::initializer_list<const char*>{"pairs"});
  if (const auto rounds = get_int_at_least(vm, "rounds", 2)) {
    if (*rounds > k_max_gbench_rounds) {
      throw input_error("--rounds " + std::to_string(*rounds) + ": expected a number of rounds from 2 to " +
                        std::to_string(k_max_gbench_rounds));
    }
    out.gbench.rounds = *rounds;
  }
  if (const auto min_time = get_seconds(vm, "min-time", false)) out.gbench.min_time_s = *min_time;
  if (const auto filter = get_string(vm, "filter")) {
    check_regex("filter", *filter);
    out.gbench.filter = *filter;
  }
  for (const auto& text : get_strings(vm, "role")) {
    out.gbench.roles.push_back(results::parse_role_pattern(text, "--role"));
  }
  out.gbench.shard = checked_shard(vm);
  out.extra_time_s = get_seconds(vm, "extra-time", true);
}

}  // namespace

command parse_ab(const std::vector<std::string>& given, const suite::registry& cases) {
  auto args = given;
  const auto old_side_args = take_side_args(args, "old-arg");
  const auto new_side_args = take_side_args(args, "new-arg");
  const auto described = ab_description();
  auto accepted = ab_description();
  accepted.add(hidden_description());
  po::positional_options_description positional;
  positional.add("binary", -1);
  bool wants_help = false;
  const auto vm = parse("ab", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate ab OLD_BIN NEW_BIN [RUN_OPTIONS | --gbench --rounds N --min-time S --role ROLE=REGEX...\n"
        "                    --shard K/N] [--extra-time SECONDS]\n"
        "                    [--old-arg ARG]... [--new-arg ARG]...\n"
        "                    [--json FILE] [--verdict-json FILE] [--markdown FILE] [--out-dir DIR]",
        "Compares two builds paired from the first sample: runs OLD_BIN and NEW_BIN\n"
        "(benchgate drivers) at once on one CPU, taking turns sample by sample, so\n"
        "sample i of each side ran back to back and whatever the machine did for a\n"
        "while it did to both. Both take the cells in one fixed order and at least\n"
        "20 samples a cell (timed), shared among --pairs P pairs of processes (8):\n"
        "a whole process can run a cell at a steady offset, so each process pair\n"
        "gives one ratio and the change's interval and p are Student's t over them\n"
        "(with --pairs 1: paired bootstrap intervals, paired t test with a\n"
        "sign-flip p). Cells whose interval is then still wider than their rule's\n"
        "max_ci_width get more pairs of their own, round after round, within\n"
        "--extra-time (default: as long as the first pairs took); each cell is\n"
        "judged once, at the end. Printed as compare prints it, and gated as gate\n"
        "gates it (rules, levels, exit codes).\n"
        "Both results record the pairing, so a later 'benchgate compare' pairs them\n"
        "too.\n\n"
        "Plain Google Benchmark executables (found out by asking each to\n"
        "--benchmark_list_tests, or said with --gbench) cannot take turns: each\n"
        "sample is a short process of its own, one benchmark, one repetition,\n"
        "--benchmark_min_time SECONDS (--min-time, default 0.05), old and new\n"
        "alternating (old new, new old, ...), --rounds N times (default 20); sample\n"
        "i of each side is a pair. Only --filter, --rounds, --min-time and --role\n"
        "apply to them (and --shard K/N: part K of N of the benchmarks, for a CI\n"
        "matrix); --old-arg/--new-arg pass their own options through. Benchmarks\n"
        "still wider than max_ci_width get --rounds more rounds of their own,\n"
        "within --extra-time, as drivers' cells get more pairs.\n"
        "A benchmark only in NEW is listed as new, one only in OLD as removed;\n"
        "both pass unless the rules file's \"new\"/\"removed\" say otherwise.\n\n"
        "Examples:\n"
        "  benchgate ab build-main/benchgate build/benchgate --case page_iter --quick\n"
        "  benchgate ab build/benchgate build/benchgate --case page_iter --quick \\\n"
        "               --new-arg --inject-slowdown=10 --new-arg --inject-filter=page_iter/core/\n"
        "  benchgate ab old/benchgate new/benchgate --quick --json diff.json --verdict-json verdict.json\n"
        "  benchgate ab ./bench_main ./bench_pr --rounds 30 --role baseline=_naive --role core=_fast",
        described,
        "  0  no cell failed and every cell was judged\n"
        "  1  a cell regressed beyond its fail level, or errored in NEW\n"
        "  2  bad input or usage, a binary that is not a benchmark, or a side's run that\n"
        "     failed (its log's tail is shown)\n"
        "  3  nothing failed, but a cell on both sides could not be judged (too wide\n"
        "     after the extra time, skipped, too few samples); each is listed with why\n")};
  }
  ab_options out;
  const auto binaries = get_strings(vm, "binary");
  if (binaries.size() != 2) {
    throw input_error("benchgate ab: expected OLD_BIN NEW_BIN, got " + std::to_string(binaries.size()) +
                      " binaries; see 'benchgate ab --help'");
  }
  out.old_binary = checked_binary(binaries[0], "OLD_BIN");
  out.new_binary = checked_binary(binaries[1], "NEW_BIN");
  out.binaries = binaries_kind(vm["gbench"].as<bool>(), out, old_side_args, new_side_args);
  read_gate_judgement(vm, out.gate);
  read_confirm(vm, out.gate);
  read_explain_after(vm, out.gate);
  out.gate.old_binary = out.old_binary;
  out.gate.new_binary = out.new_binary;
  out.out_dir = get_folder(vm, "out-dir");
  out.diff_out = get_output_path(vm, "json");
  out.gate.json_out = get_output_path(vm, "verdict-json");
  out.gate.markdown_out = get_output_path(vm, "markdown");
  out.gate.text_out = get_output_path(vm, "text-out");
  if (out.binaries == ab_binaries::google_benchmark) {
    read_gbench(vm, out);
    out.old_args = old_side_args;
    out.new_args = new_side_args;
    return out;
  }
  if (vm.count("shard") > 0) {
    throw input_error("--shard " + *get_string(vm, "shard") + ": only for Google Benchmark executables; benchgate "
                      "drivers' lockstep runs do not take shards: expected --case or --filter to give each job its "
                      "part (docs/sharding.md)");
  }
  std::vector<std::string> shared;
  // Drivers: the roles of their plain Google Benchmark registrations (run --role).
  for (const auto& value : get_strings(vm, "role")) shared.insert(shared.end(), {"--role", value});
  for (const char* name : k_forwarded_lists) {
    for (const auto& value : get_strings(vm, name)) shared.insert(shared.end(), {std::string("--") + name, value});
  }
  for (const char* name : k_forwarded_values) {
    if (const auto value = get_string(vm, name)) shared.insert(shared.end(), {std::string("--") + name, *value});
  }
  for (const char* name : k_forwarded_switches) {
    if (vm[name].as<bool>()) shared.push_back(std::string("--") + name);
  }
  out.old_args = shared;
  out.old_args.insert(out.old_args.end(), old_side_args.begin(), old_side_args.end());
  out.new_args = shared;
  out.new_args.insert(out.new_args.end(), new_side_args.begin(), new_side_args.end());
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
  if (const auto pairs = get_int_at_least(vm, "pairs", 1)) {
    if (*pairs > k_max_ab_pairs) {
      throw input_error("--pairs " + std::to_string(*pairs) + ": expected a number of pairs from 1 to " +
                        std::to_string(k_max_ab_pairs));
    }
    out.pairs = *pairs;
  }
  out.extra_time_s = get_seconds(vm, "extra-time", true);
  return out;
}

}  // namespace benchgate::options::detail
