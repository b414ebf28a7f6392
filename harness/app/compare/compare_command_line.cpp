#include <algorithm>
#include <filesystem>

#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/compare/diff_model.hpp"
#include "harness/formats/metric.hpp"
#include "harness/stats/multiple_comparisons.hpp"
#include "harness/support/text/parse_number.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_compare_page{
    "compare",
    "OLD NEW\n"
    "--variants RESULTS [--base-role] [--new-role]",
    "Compares benchmark results in criterion.rs's format: per cell the new time\n"
    "with its confidence interval, the change of the mean with its interval and\n"
    "p-value, and a verdict (improved, regressed, within the noise threshold, no\n"
    "change), then a summary. p-values are adjusted across the compared cells\n"
    "(Holm by default). OLD and NEW are benchgate results files, saved baseline\n"
    "names (benchgate run --save-baseline NAME) or Google Benchmark JSON files\n"
    "(each repetition is a sample). Cells are paired by name. Warnings (different\n"
    "environments, too few samples for the U test) go to stderr and the diff.\n"
    "Cells not compared (a failed or skipped side, fewer than 2 samples: no\n"
    "interval, no value of the --metric counter) are listed with the reason.\n"
    "A metric better higher (throughput, rates, --direction M=higher) regresses\n"
    "when it drops.\n\n"
    "Examples:\n"
    "  benchgate compare main reports/latest/results.json --json diff.json\n"
    "  benchgate compare --variants reports/latest/results.json\n"
    "  benchgate compare old_gbench.json new_gbench.json --test mann_whitney\n"
    "  benchgate compare old_gbench.json new_gbench.json --metric hits --direction hits=higher",
    "  0  the comparison was made (whatever the verdicts, unless --fail-on)\n"
    "  1  with --fail-on regressed: a cell regressed\n"
    "  2  bad input or usage: a missing file or baseline, a file of another kind,\n"
    "     an instruction run against a time run without --metric, a --metric\n"
    "     whose direction is neither built in nor given by --direction\n"};

benchgate::variant_role role_of(const given& g, const std::string& text) {
  const auto role = benchgate::parse_variant_role(text);
  if (!role) throw input_error("--" + g.option + " " + text + ": expected baseline, core or peer");
  return *role;
}

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<compare_options>> compare_rows() {
  using row = option<compare_options>;
  // The settings' own initial values are the defaults --help shows.
  const compare::comparison_settings defaults;
  return std::vector<row>{
    {{"input", "", takes::values, "OLD NEW, or RESULTS with --variants", "", shown::positional},
     [](compare_options& o, const given& g) { o.inputs = g.texts; }},
    {{"variants", "", takes::flag,
      "compare the variants within one results file: each --new-role cell against the --base-role cell of its grid point"},
     [](compare_options& o, const given&) { o.variants = true; }},
  } + needing("variants", std::vector<row>{
    {{"base-role", "ROLE", takes::value, "the role of the cell compared against", "baseline"},
     [](compare_options& o, const given& g) { o.base_role = role_of(g, g.text()); }},
    {{"new-role", "ROLE", takes::values,
      "a role compared with the base (repeatable)", "core and peer"},
     [](compare_options& o, const given& g) {
       o.new_roles.clear();
       for (const auto& text : g.texts) o.new_roles.push_back(role_of(g, text));
     }},
    {{"role", "ROLE=REGEX", takes::values,
      "on Google Benchmark input, cells whose name matches REGEX take ROLE (baseline, core, peer); "
      "the rest of the name is their grid point (repeatable), e.g. --role baseline=_naive --role core=_fast"},
     [](compare_options& o, const given& g) {
       for (const auto& text : g.texts) o.roles.push_back(results::parse_role_pattern(text, "--role"));
     }},
  }) + std::vector<row>{
    {{"metric", "METRIC", takes::value,
      "what is compared: real_time (wall; 'time' is its deprecated spelling), cpu_time, "
      "instructions (from run --measure instructions; identical counts "
      "on both sides are judged by --noise-threshold alone, p n/a), or any counter the cells carry by name: "
      "a Google Benchmark user counter or rate (items_per_second), a case's figure, the cache-simulated "
      "l1_hits, ll_hits, ram_accesses, estimated_cycles (run --measure instructions --cache-sim). Times, "
      "instructions, allocations and the cache-simulated counts are better lower, rates (*_per_second) higher; "
      "any other needs --direction",
      "instructions when the runs counted them, else real_time"},
     [](compare_options& o, const given& g) {
       o.settings.metric = named<compare::time_metric>(
           g, compare::parse_time_metric, "real_time, cpu_time, instructions or a counter's name (letters, digits, _ - . :)");
       o.metric_given = true;
       if (g.text() == compare::k_deprecated_real_time_spelling) {
         o.notes.push_back(std::string("--metric: ") + compare::k_deprecated_time_note);
       }
     }},
    {{"direction", "METRIC=higher|lower", takes::values,
      "which way METRIC is better (repeatable), e.g. --direction hits=higher: a drop of hits is then a "
      "regression"},
     [](compare_options&, const given& g) { directions(g); }},  // checked here, applied with the metric
    {{"test", "TEST", takes::value,
      "the test whose p-value decides: welch (criterion's mixed bootstrap) or mann_whitney (compare.py's)",
      std::string(compare::to_string(defaults.test))},
     [](compare_options& o, const given& g) {
       o.settings.test = named<compare::significance_test>(g, compare::parse_significance_test, "welch or mann_whitney");
     }},
    {{"alpha", "P", takes::value, "significance level, in (0, 1)",
      text::number_text(defaults.alpha)},
     [](compare_options& o, const given& g) { o.settings.alpha = probability(g, "0.05"); }},
    {{"noise-threshold", "PCT", takes::value,
      "changes whose interval stays within +-PCT percent are noise: 1 and 1% both mean 1 %",
      text::number_text(units::k_percent * defaults.noise_threshold)},
     [](compare_options& o, const given& g) { o.settings.noise_threshold = percent_as_fraction(g, "1"); }},
    {{"confidence", "CL", takes::value, "confidence level of the intervals, in (0, 1)",
      text::number_text(defaults.confidence)},
     [](compare_options& o, const given& g) { o.settings.confidence = probability(g, "0.95"); }},
    {{"resamples", "N", takes::value,
      "bootstrap resamples per cell, 100 to 10000000: those of the Welch p-value, "
      "which stops early when p is clearly above alpha; the intervals use at most 10000",
      std::to_string(defaults.resamples)},
     [](compare_options& o, const given& g) {
       o.settings.resamples = static_cast<std::size_t>(count(g, {k_min_resamples, k_max_resamples}));
     }},
    {{"correction", "METHOD", takes::value,
      "p-value adjustment across the compared cells: holm, bh (Benjamini-Hochberg) or none",
      std::string(stats::to_string(defaults.correction))},
     [](compare_options& o, const given& g) {
       o.settings.correction = named<stats::correction>(g, stats::parse_correction, "holm, bh or none");
     }},
    {{"seed", "N", takes::value,
      "seed of the bootstrap, an integer >= 0", "fixed, so reruns print the same numbers"},
     [](compare_options& o, const given& g) {
       // Any 63-bit seed, not a count: no upper bound.
       const auto value = text::parse_int(g.text());
       if (!value || *value < 0) throw input_error("--seed " + g.text() + ": expected an integer >= 0");
       o.settings.seed = static_cast<std::uint64_t>(*value);
     }},
    {{"baseline-dir", "DIR", takes::value, "where saved baselines are looked up",
      results::k_default_baseline_dir},
     [](compare_options& o, const given& g) { o.baseline_dir = folder(g); }},
    {{"json", "FILE", takes::value, "write the comparison as JSON (benchgate.diff/1) to FILE, atomically"},
     [](compare_options& o, const given& g) { o.json_out = output_file(g); }},
    {{"text-out", "FILE", takes::value, "also write the text report to FILE, atomically"},
     [](compare_options& o, const given& g) { o.text_out = output_file(g); }},
    {{"fail-on", "VERDICT", takes::value,
      "exit 1 when a cell has this verdict: regressed (for a gate with thresholds and rules, see benchgate gate)"},
     [](compare_options& o, const given& g) {
       if (g.text() != "regressed") throw input_error("--fail-on " + g.text() + ": expected regressed");
       o.fail_on_regressed = true;
     }},
  };
}

// Which way the metric is better: built in, or by --direction.
void resolve_direction(compare_options& out, const parse_outcome& parsed) {
  const auto name = compare::to_string(out.settings.metric);
  // compare shows a time comparison's throughput beside it (thrpt:); a cell
  // carries no counter of that name.
  if (name == "throughput") {
    throw input_error("--metric throughput: compare prints the throughput change beside the time's (thrpt:); "
                      "expected real_time, cpu_time, instructions or a counter's name, e.g. --metric "
                      "items_per_second for a Google Benchmark rate");
  }
  const auto* given = parsed.find("direction");
  const auto direction = results::direction_of(name, given ? directions(*given) : std::vector<results::declared_direction>{});
  if (!direction) refuse_unknown_direction(name);
  out.settings.direction = *direction;
}

}  // namespace

command parse_compare(const std::vector<std::string>& args, const suite::registry&) {
  compare_options out;
  const auto parsed = parse_table(out, k_compare_page, compare_rows(), args);
  if (parsed.help) return help_request{*parsed.help};
  const std::size_t wanted = out.variants ? 1 : 2;
  if (out.inputs.size() != wanted) {
    const std::string expected = out.variants ? "one RESULTS file with --variants" : "two inputs, OLD and NEW";
    throw input_error("benchgate compare: expected " + expected + ", got " + std::to_string(out.inputs.size()) +
                      "; see 'benchgate compare --help'");
  }
  if (out.variants && std::find(out.new_roles.begin(), out.new_roles.end(), out.base_role) != out.new_roles.end()) {
    const std::string role(benchgate::to_string(out.base_role));
    throw input_error("--new-role " + role + ": the same role as --base-role " + role +
                      "; expected roles other than the base's");
  }
  std::vector<named_file> inputs;
  if (out.variants) {
    inputs.push_back({"RESULTS", out.inputs[0]});
  } else {
    inputs.push_back({"OLD", out.inputs[0]});
    inputs.push_back({"NEW", out.inputs[1]});
  }
  check_outputs_apart(inputs, {{"--json", out.json_out}, {"--text-out", out.text_out}});
  resolve_direction(out, parsed);
  return out;
}

}  // namespace benchgate::app::detail
