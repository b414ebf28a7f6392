#include <filesystem>
#include <limits>

#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/formats/metric.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

po::options_description gate_judgement_description() {
  auto d = make_description();
  d.add_options()
      ("rules", po::value<std::string>()->value_name("FILE"),
       "rules file (benchgate.rules/1, see docs/gate.md) (default: .benchgate-rules.json when present)")
      ("no-rules", po::bool_switch(), "do not read the default rules file")
      ("max-regression", po::value<std::string>()->value_name("PCT"),
       "fail level where no rule sets one (over the rules file's defaults): 5 and 5% both mean 5 % (default: 5)")
      ("warn", po::value<std::string>()->value_name("PCT"),
       "warn level where no rule sets one (over the rules file's defaults) (default: the fail level)")
      ("max-ci-width", po::value<std::string>()->value_name("PCT"),
       "where no rule sets one (over the rules file's defaults): a change CI wider than this many percent points "
       "is unstable (default: none)")
      ("metric", po::value<std::string>()->value_name("METRIC"),
       "metric where no rule sets one (over the rules file's defaults): real_time (default; 'time' is its "
       "deprecated spelling), cpu_time, instructions (default when both runs counted them), throughput (a "
       "Google Benchmark cell's items_per_second or bytes_per_second, else work per second; a drop regresses), "
       "or any counter the cells carry by name (user counters, rates *_per_second, a case's figures, "
       "estimated_cycles and the other cache-simulated counts of run --cache-sim); a cell without it is listed "
       "as such, not judged")
      ("direction", po::value<std::vector<std::string>>()->value_name("METRIC=higher|lower"),
       "which way METRIC is better (repeatable), e.g. --direction hits=higher; needed for a counter that is "
       "neither a time, instructions, allocations, a cache-simulated count nor a rate (*_per_second) unless a "
       "rule sets \"direction\"")
      ("alpha", po::value<std::string>()->value_name("P"),
       "significance level of OLD NEW comparisons, in (0, 1) (default: 0.05)");
  return d;
}

po::options_description confirm_description() {
  auto d = make_description();
  d.add_options()
      ("confirm", po::value<std::string>()->value_name("N"),
       "re-run the failing and unstable cells N times, old and new in lockstep (one sample each in turn, on one "
       "CPU, at least 20 samples a side) and compared as pairs; fail only cells that fail every round; judge "
       "unstable cells again on the pooled re-runs, which can clear them but not fail them (OLD NEW benchgate "
       "results only)")
      ("confirm-processes", po::value<std::string>()->value_name("P"),
       "with --confirm: each round runs P lockstep pairs of an old and a new process, the side that starts "
       "alternating, and pools them (default: 1)")
      ("confirm-extra", po::value<std::string>()->value_name("K"),
       "with --confirm: cells whose pooled pairs are still too wide to judge get up to K more rounds of their "
       "own, pooled with the others (default: N; 0: none)")
      ("confirm-dir", po::value<std::string>()->value_name("DIR"),
       "with --confirm: keep the re-runs' results and logs in DIR (old-R.P.json, new-R.P.json; default: a "
       "temporary folder, removed)");
  return d;
}

po::options_description explain_after_description() {
  auto d = make_description();
  d.add_options()
      ("explain", po::bool_switch(),
       "after the verdict, explain each failing cell: run it under valgrind's callgrind in both builds and list "
       "the functions whose instructions per iteration changed most (benchgate explain, docs/explain.md); the "
       "--markdown summary gets the block under the verdict. Never changes the verdict or the exit code")
      ("explain-max-cells", po::value<std::string>()->value_name("N"),
       "with --explain: failing cells explained at most, in the verdict's order (default: 5)")
      ("explain-max-seconds", po::value<std::string>()->value_name("S"),
       "with --explain: no further cell is started after S seconds of explaining (default: 600)")
      ("explain-json", po::value<std::string>()->value_name("FILE"),
       "with --explain: the explanations as JSON (benchgate.explain/1), written atomically")
      ("explain-flamegraphs", po::value<std::string>()->value_name("DIR"),
       "with --explain: a differential flame graph (SVG) per cell explained in DIR, named N-CELL.svg");
  return d;
}

void read_explain_after(const po::variables_map& vm, gate_options& out) {
  auto& e = out.explain;
  e.on = vm["explain"].as<bool>();
  const auto needs_explain = [&](const char* name, const std::string& value) {
    if (e.on) return;
    throw input_error("--" + std::string(name) + " " + value + ": only means something with --explain");
  };
  if (const auto text = get_string(vm, "explain-max-cells")) {
    const auto value = text::parse_int(*text);
    if (!value || *value < 1 || *value > std::numeric_limits<int>::max()) {
      throw input_error("--explain-max-cells " + *text + ": expected a number of cells >= 1");
    }
    needs_explain("explain-max-cells", *text);
    e.max_cells = static_cast<int>(*value);
  }
  if (const auto seconds = get_seconds(vm, "explain-max-seconds", false)) {
    needs_explain("explain-max-seconds", *get_string(vm, "explain-max-seconds"));
    e.max_seconds = *seconds;
  }
  e.json = get_output_path(vm, "explain-json");
  if (e.json) needs_explain("explain-json", e.json->string());
  e.flamegraph_dir = get_folder(vm, "explain-flamegraphs");
  if (e.flamegraph_dir) needs_explain("explain-flamegraphs", e.flamegraph_dir->string());
}

namespace {

po::options_description gate_description() {
  auto d = gate_judgement_description();
  d.add(confirm_description());
  d.add(explain_after_description());
  d.add_options()
      ("old-binary", po::value<std::string>()->value_name("PATH"),
       "with --confirm: the benchgate that re-runs the old side (default: this one); with --explain (required): "
       "the old build, a benchgate driver or the Google Benchmark executable that wrote OLD")
      ("new-binary", po::value<std::string>()->value_name("PATH"),
       "with --confirm: the benchgate that re-runs the new side (default: this one); with --explain (required): "
       "the new build")
      ("baseline-dir", po::value<std::string>()->value_name("DIR"),
       "where saved baselines are looked up (default: reports/baselines)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write the verdict as JSON (benchgate.gate/1) to FILE, atomically")
      ("markdown", po::value<std::string>()->value_name("FILE"),
       "write a Markdown summary for a pull-request comment to FILE, atomically")
      ("text-out", po::value<std::string>()->value_name("FILE"),
       "also write the printed table to FILE, atomically");
  return d;
}

po::options_description hidden_description() {
  auto d = make_description();
  d.add_options()("input", po::value<std::vector<std::string>>(), "DIFF, or OLD NEW");
  return d;
}

std::optional<double> percent_option(const po::variables_map& vm, const char* name, bool allow_zero) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto value = text::parse_percent(*text);
  if (!value || *value < 0 || (!allow_zero && *value == 0)) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a percentage " +
                      (allow_zero ? ">= 0" : "> 0") + ", e.g. 5 or 5%");
  }
  return value;
}

// --NAME N, a whole number of `what` from `low` to `high`.
std::optional<int> count_option(const po::variables_map& vm, const char* name, int low, int high, const char* what) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto value = text::parse_int(*text);
  if (!value || *value < low || *value > high) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a number of " + what + " from " +
                      std::to_string(low) + " to " + std::to_string(high));
  }
  return static_cast<int>(*value);
}

std::optional<std::filesystem::path> binary_option(const po::variables_map& vm, const char* name) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(*text, ec)) {
    throw input_error("--" + std::string(name) + " " + *text + ": no such file; expected a benchgate binary");
  }
  return std::filesystem::path(*text);
}

}  // namespace

void read_gate_judgement(const po::variables_map& vm, gate_options& out) {
  if (const auto rules = get_string(vm, "rules")) {
    if (rules->empty()) throw input_error("--rules: expected a file name, got ''");
    out.rules = std::filesystem::path(*rules);
  }
  out.no_rules = vm["no-rules"].as<bool>();
  if (out.no_rules && out.rules) throw input_error("--no-rules: cannot be combined with --rules");
  out.command_line.fail_pct = percent_option(vm, "max-regression", true);
  out.command_line.warn_pct = percent_option(vm, "warn", true);
  out.command_line.max_ci_width_pct = percent_option(vm, "max-ci-width", false);
  if (const auto text = get_string(vm, "metric")) {
    out.command_line.metric = results::parse_gate_metric(*text);
    if (!out.command_line.metric) {
      throw input_error("--metric " + *text + ": expected real_time, cpu_time, instructions, throughput or a " +
                        "counter's name (letters, digits, _ - . :)");
    }
    if (*text == results::k_deprecated_real_time_spelling) out.notes.push_back(std::string("--metric: ") + results::k_deprecated_time_note);
  }
  for (const auto& text : get_strings(vm, "direction")) {
    out.command_line.declared.push_back(results::parse_declared_direction(text, "--direction"));
  }
  if (const auto text = get_string(vm, "alpha")) {
    const auto value = text::parse_double(*text);
    if (!value || *value <= 0 || *value >= 1) throw input_error("--alpha " + *text + ": expected a number in (0, 1), e.g. 0.05");
    out.settings.alpha = *value;
  }
}

void read_confirm(const po::variables_map& vm, gate_options& out) {
  if (const auto value = count_option(vm, "confirm", 1, k_max_confirm_rounds, "rounds")) out.confirm = *value;
  // The options that shape the confirmation need it ("--NAME VALUE: ...",
  // or "--NAME: ..." without a value).
  const auto needs_confirm = [&](const char* name, const std::string& value) {
    if (out.confirm > 0) return;
    throw input_error("--" + std::string(name) + (value.empty() ? "" : " " + value) +
                      ": only means something with --confirm N");
  };
  if (const auto value = count_option(vm, "confirm-processes", 1, k_max_confirm_processes, "processes per side")) {
    needs_confirm("confirm-processes", std::to_string(*value));
    out.confirm_processes = *value;
  }
  if (const auto value = count_option(vm, "confirm-extra", 0, k_max_confirm_rounds, "rounds")) {
    needs_confirm("confirm-extra", std::to_string(*value));
    out.confirm_extra = *value;
  }
  out.confirm_dir = get_folder(vm, "confirm-dir");
  if (out.confirm_dir) needs_confirm("confirm-dir", out.confirm_dir->string());
}

command parse_gate(const std::vector<std::string>& args, const suite::registry&) {
  const auto described = gate_description();
  auto accepted = gate_description();
  accepted.add(hidden_description());
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("gate", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate gate DIFF [OPTIONS]\n"
        "       benchgate gate OLD NEW [--confirm N] [OPTIONS]\n"
        "       benchgate gate OLD NEW --explain --old-binary OLD_BIN --new-binary NEW_BIN [OPTIONS]",
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
        described,
        "  0  no cell failed (warnings allowed)\n"
        "  1  a cell regressed beyond its fail level, or errored in NEW\n"
        "  2  bad input or usage: a missing file, bad rules, --confirm without runs,\n"
        "     an instruction run against a time run without a metric saying which\n"
        "  3  nothing failed, but a cell on both sides could not be judged: its change\n"
        "     CI is wider than its max_ci_width, or it has too few samples\n")};
  }
  gate_options out;
  out.inputs = get_strings(vm, "input");
  if (out.inputs.empty() || out.inputs.size() > 2) {
    throw input_error("benchgate gate: expected DIFF or OLD NEW, got " + std::to_string(out.inputs.size()) +
                      " inputs; see 'benchgate gate --help'");
  }
  read_gate_judgement(vm, out);
  read_confirm(vm, out);
  read_explain_after(vm, out);
  const auto needs_confirm = [&](const char* name, const std::string& value) {
    if (out.confirm > 0 || out.explain.on) return;
    throw input_error("--" + std::string(name) + (value.empty() ? "" : " " + value) +
                      ": only means something with --confirm N or --explain");
  };
  out.old_binary = binary_option(vm, "old-binary");
  out.new_binary = binary_option(vm, "new-binary");
  if (out.old_binary || out.new_binary) needs_confirm(out.old_binary ? "old-binary" : "new-binary", "");
  if (out.explain.on && (!out.old_binary || !out.new_binary)) {
    throw input_error(std::string("--explain: needs both builds to run the failing cells under callgrind: expected ") +
                      (out.old_binary ? "" : "--old-binary PATH ") + (out.new_binary ? "" : "--new-binary PATH ") +
                      "(benchgate drivers, or the Google Benchmark executables that wrote OLD and NEW)");
  }
  if (out.confirm > 0 && out.inputs.size() != 2) {
    throw input_error("--confirm " + std::to_string(out.confirm) + ": needs OLD and NEW benchgate results to re-run "
                      "their cells; a diff file (" + out.inputs[0] + ") cannot be re-run");
  }
  if (const auto dir = get_folder(vm, "baseline-dir")) out.baseline_dir = *dir;
  out.json_out = get_output_path(vm, "json");
  out.markdown_out = get_output_path(vm, "markdown");
  out.text_out = get_output_path(vm, "text-out");
  return out;
}

}  // namespace benchgate::options::detail
