#include <filesystem>

#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/formats/metric.hpp"
#include "harness/gate/rules.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

using gate_row = option<gate_options>;

// --old-binary, --new-binary: a file.
std::filesystem::path binary(const given& g) {
  return executable(g.text(), "--" + g.option,
                    "a benchgate driver, or the Google Benchmark executable that wrote OLD or NEW");
}

}  // namespace

std::vector<gate_row> gate_judgement_rows() {
  return {
      {{"rules", "FILE", takes::value,
        "rules file (benchgate.rules/1, see docs/gate.md)",
        std::string(k_default_rules_file) + " when present"},
       [](gate_options& o, const given& g) { o.rules = non_empty(g, "a file name"); }},
      {{"no-rules", "", takes::flag, "do not read the default rules file"},
       [](gate_options& o, const given&) {
         if (o.rules) throw input_error("--no-rules: cannot be combined with --rules");
         o.no_rules = true;
       }},
      {{"max-regression", "PCT", takes::value,
        "fail level where no rule sets one (over the rules file's defaults): 5 and 5% both mean 5 %",
        text::number_text(gate::k_default_fail_pct)},
       [](gate_options& o, const given& g) { o.command_line.fail_pct = percent(g, {}); }},
      {{"warn", "PCT", takes::value,
        "warn level where no rule sets one (over the rules file's defaults)", "the fail level"},
       [](gate_options& o, const given& g) { o.command_line.warn_pct = percent(g, {}); }},
      {{"max-ci-width", "PCT", takes::value,
        "where no rule sets one (over the rules file's defaults): a change CI wider than this many percent points "
        "is unstable", "none"},
       [](gate_options& o, const given& g) { o.command_line.max_ci_width_pct = percent(g, {.low_included = false}); }},
      {{"metric", "METRIC", takes::value,
        "metric where no rule sets one (over the rules file's defaults): real_time ('time' is its "
        "deprecated spelling), cpu_time, instructions, throughput (a "
        "Google Benchmark cell's items_per_second or bytes_per_second, else work per second; a drop regresses), "
        "or any counter the cells carry by name (user counters, rates *_per_second, a case's figures, "
        "estimated_cycles and the other cache-simulated counts of run --cache-sim); a cell without it is listed "
        "as such, not judged",
        "instructions when both runs counted them, else real_time"},
       [](gate_options& o, const given& g) {
         o.command_line.metric = named<gate::gate_metric>(
             g, gate::parse_gate_metric,
             "real_time, cpu_time, instructions, throughput or a counter's name (letters, digits, _ - . :)");
         if (g.text() == compare::k_deprecated_real_time_spelling) {
           o.notes.push_back(std::string("--metric: ") + compare::k_deprecated_time_note);
         }
       }},
      {{"direction", "METRIC=higher|lower", takes::values,
        "which way METRIC is better (repeatable), e.g. --direction hits=higher; needed for a counter that is "
        "neither a time, instructions, allocations, a cache-simulated count nor a rate (*_per_second) unless a "
        "rule sets \"direction\""},
       [](gate_options& o, const given& g) { o.command_line.declared = directions(g); }},
      {{"alpha", "P", takes::value, "significance level of OLD NEW comparisons, in (0, 1)",
        text::number_text(stats::k_default_alpha)},
       [](gate_options& o, const given& g) { o.settings.alpha = probability(g, "0.05"); }},
  };
}

std::vector<gate_row> confirm_rows() {
  return std::vector<gate_row>{
      {{"confirm", "N", takes::value,
        "re-run the failing and unstable cells N times, old and new in lockstep (one sample each in turn, on one "
        "CPU, at least 20 samples a side) and compared as pairs; fail only cells that fail every round; judge "
        "unstable cells again on the pooled re-runs, which can clear them but not fail them (OLD NEW benchgate "
        "results only)"},
       [](gate_options& o, const given& g) { o.confirm = count(g, {1, k_max_confirm_rounds, "rounds"}); }},
  } + needing("confirm", std::vector<gate_row>{
      {{"confirm-processes", "P", takes::value,
        "each round runs P lockstep pairs of an old and a new process, the side that starts "
        "alternating, and pools them", std::to_string(k_default_confirm_processes)},
       [](gate_options& o, const given& g) {
         o.confirm_processes = count(g, {1, k_max_confirm_processes, "processes per side"});
       }},
      {{"confirm-extra", "K", takes::value,
        "cells whose pooled pairs are still too wide to judge get up to K more rounds of their "
        "own, pooled with the others; 0: none", "N"},
       [](gate_options& o, const given& g) { o.confirm_extra = count(g, {0, k_max_confirm_rounds, "rounds"}); }},
      {{"confirm-dir", "DIR", takes::value,
        "keep the re-runs' results and logs in DIR (old-R.P.json, new-R.P.json)",
        "a temporary folder, removed"},
       [](gate_options& o, const given& g) { o.confirm_dir = folder(g); }},
  });
}

std::vector<gate_row> explain_after_rows() {
  return std::vector<gate_row>{
      {{"explain", "", takes::flag,
        "after the verdict, explain each failing cell: run it under valgrind's callgrind in both builds and list "
        "the functions whose instructions per iteration changed most (benchgate explain, docs/explain.md); the "
        "--markdown summary gets the block under the verdict. Never changes the verdict or the exit code"},
       [](gate_options& o, const given&) { o.explain.on = true; }},
  } + needing("explain", std::vector<gate_row>{
      {{"explain-max-cells", "N", takes::value,
        "failing cells explained at most, in the verdict's order", std::to_string(k_default_explain_max_cells)},
       [](gate_options& o, const given& g) { o.explain.max_cells = count(g, {1, k_max_count, "cells"}); }},
      {{"explain-max-seconds", "S", takes::value,
        "no further cell is started after S seconds of explaining", text::number_text(k_default_explain_max_seconds)},
       [](gate_options& o, const given& g) { o.explain.max_seconds = seconds(g, false); }},
      {{"explain-json", "FILE", takes::value,
        "the explanations as JSON (benchgate.explain/1), written atomically"},
       [](gate_options& o, const given& g) { o.explain.json = output_file(g); }},
      {{"explain-flamegraphs", "DIR", takes::value,
        "a differential flame graph (SVG) per cell explained in DIR, named N-CELL.svg"},
       [](gate_options& o, const given& g) { o.explain.flamegraph_dir = folder(g); }},
      {{"explain-cache-sim", "", takes::flag,
        "callgrind simulates the caches too (explain --cache-sim): each explanation gets the L1, "
        "last-level and RAM accesses and estimated cycles of both builds, and tells a memory effect from a layout "
        "one; slower"},
       [](gate_options& o, const given&) { o.explain.cache_sim = true; }},
  });
}

namespace {

constexpr help_page k_gate_page{
    "gate",
    "DIFF\n"
    "OLD NEW [--confirm]\n"
    "OLD NEW --explain --old-binary --new-binary",
    "Decides whether a change may merge. A cell fails only when all hold: its\n"
    "change is significant after the correction across cells (p < alpha, or its\n"
    "counts are deterministic), the whole change CI is beyond its fail level (not\n"
    "just the estimate), and with --confirm it fails again in every interleaved\n"
    "re-run of the suspect cells. Improvements never fail. Nothing unjudged\n"
    "passes: a cell that errored in NEW fails; one with fewer than 2 samples is\n"
    "listed and makes the gate exit 3 (unless the rules file says \"unjudged\":\n"
    "\"ignore\"). A benchmark only in NEW is listed as new, one only in OLD as\n"
    "removed; both pass unless the rules file's \"new\"/\"removed\" say \"warn\"\n"
    "or \"fail\". With --confirm, OLD and NEW may be Google Benchmark JSON given\n"
    "--old-binary and --new-binary. Levels come from the first matching rule\n"
    "of the rules file, then the command line, then the file's defaults; the\n"
    "output says which. DIFF is a diff JSON file (benchgate compare --json),\n"
    "compared again from its files when the rules need another metric; OLD and\n"
    "NEW are anything compare accepts, compared once per metric the rules use.\n\n"
    "Examples:\n"
    "  benchgate gate main reports/latest/results.json --max-regression 5%\n"
    "  benchgate gate diff.json --rules .benchgate-rules.json --markdown summary.md\n"
    "  benchgate gate old.json new.json --confirm 2 --json verdict.json\n"
    "  benchgate gate old.json new.json --metric instructions --explain --old-binary old/benchgate \\\n"
    "                 --new-binary build/benchgate --markdown summary.md --explain-json explain.json",
    "  0  no cell failed (warnings allowed)\n"
    "  1  a cell regressed beyond its fail level, or errored in NEW\n"
    "  2  bad input or usage: a missing file, bad rules, --confirm without runs,\n"
    "     an instruction run against a time run without a metric saying which\n"
    "  3  nothing failed, but a cell on both sides could not be judged: its change\n"
    "     CI is wider than its max_ci_width, or it has too few samples\n"};

std::vector<gate_row> gate_rows() {
  std::vector<gate_row> inputs = {
      {{"input", "", takes::values, "DIFF, or OLD NEW", "", shown::positional},
       [](gate_options& o, const given& g) {
         if (g.texts.empty() || g.texts.size() > 2) {
           throw input_error("benchgate gate: expected DIFF or OLD NEW, got " + std::to_string(g.texts.size()) +
                             " inputs; see 'benchgate gate --help'");
         }
         o.inputs = g.texts;
       }},
  };
  std::vector<gate_row> outputs = {
      {{"old-binary", "PATH", takes::value,
        "with --confirm: the benchgate that re-runs the old side; with --explain (required): "
        "the old build, a benchgate driver or the Google Benchmark executable that wrote OLD",
        "this one, with --confirm"},
       [](gate_options& o, const given& g) { o.old_binary = binary(g); }},
      {{"new-binary", "PATH", takes::value,
        "with --confirm: the benchgate that re-runs the new side; with --explain (required): "
        "the new build", "this one, with --confirm"},
       [](gate_options& o, const given& g) { o.new_binary = binary(g); }},
      {{"fixed-placement", "", takes::flag,
        "with --confirm: start every re-run from the binaries themselves, with no environment pad, instead of "
        "each from a fresh copy of its executable with a random pad (docs/ab.md, \"Placement\")"},
       [](gate_options& o, const given&) { o.fixed_placement = true; }},
      {{"baseline-dir", "DIR", takes::value, "where saved baselines are looked up",
        results::k_default_baseline_dir},
       [](gate_options& o, const given& g) { o.baseline_dir = folder(g); }},
      {{"json", "FILE", takes::value, "write the verdict as JSON (benchgate.gate/1) to FILE, atomically"},
       [](gate_options& o, const given& g) { o.json_out = output_file(g); }},
      {{"markdown", "FILE", takes::value, "write a Markdown summary for a pull-request comment to FILE, atomically"},
       [](gate_options& o, const given& g) { o.markdown_out = output_file(g); }},
      {{"text-out", "FILE", takes::value, "also write the printed table to FILE, atomically"},
       [](gate_options& o, const given& g) { o.text_out = output_file(g); }},
  };
  return inputs + gate_judgement_rows() + in_group(confirm_rows(), 1) + in_group(explain_after_rows(), 2) + outputs;
}

}  // namespace

command parse_gate(const std::vector<std::string>& args, const suite::registry&) {
  gate_options out;
  if (auto help = parse_table(out, k_gate_page, gate_rows(), args).help) return help_request{*help};
  if (out.fixed_placement && out.confirm == 0) {
    throw input_error("--fixed-placement: only means something with --confirm N (the re-runs' placement)");
  }
  if ((out.old_binary || out.new_binary) && out.confirm == 0 && !out.explain.on) {
    throw input_error(std::string("--") + (out.old_binary ? "old-binary" : "new-binary") +
                      ": only means something with --confirm N or --explain");
  }
  if (out.explain.on && (!out.old_binary || !out.new_binary)) {
    throw input_error(std::string("--explain: needs both builds to run the failing cells under callgrind: expected ") +
                      (out.old_binary ? "" : "--old-binary PATH ") + (out.new_binary ? "" : "--new-binary PATH ") +
                      "(benchgate drivers, or the Google Benchmark executables that wrote OLD and NEW)");
  }
  if (out.confirm > 0 && out.inputs.size() != 2) {
    throw input_error("--confirm " + std::to_string(out.confirm) + ": needs OLD and NEW benchgate results to re-run "
                      "their cells; a diff file (" + out.inputs[0] + ") cannot be re-run");
  }
  std::vector<named_file> inputs = {{"--rules", out.rules}, {"--old-binary", out.old_binary},
                                    {"--new-binary", out.new_binary}};
  if (out.inputs.size() == 1) inputs.push_back({"DIFF", out.inputs[0]});
  if (out.inputs.size() == 2) inputs.insert(inputs.end(), {{"OLD", out.inputs[0]}, {"NEW", out.inputs[1]}});
  check_outputs_apart(inputs, {{"--json", out.json_out},
                               {"--markdown", out.markdown_out},
                               {"--text-out", out.text_out},
                               {"--explain-json", out.explain.json}});
  return out;
}

}  // namespace benchgate::app::detail
