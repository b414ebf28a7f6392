#include <filesystem>

#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/formats/metric.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

namespace {

po::options_description compare_description() {
  auto d = make_description();
  d.add_options()
      ("variants", po::bool_switch(),
       "compare the variants within one results file: each --new-role cell against the --base-role cell of its grid point")
      ("base-role", po::value<std::string>()->value_name("ROLE"),
       "with --variants: the role of the cell compared against (default: baseline)")
      ("new-role", po::value<std::vector<std::string>>()->value_name("ROLE"),
       "with --variants: a role compared with the base (repeatable; default: core and peer)")
      ("role", po::value<std::vector<std::string>>()->value_name("ROLE=REGEX"),
       "with --variants on Google Benchmark input: cells whose name matches REGEX take ROLE (baseline, core, peer); "
       "the rest of the name is their grid point (repeatable), e.g. --role baseline=_naive --role core=_fast")
      ("metric", po::value<std::string>()->value_name("METRIC"),
       "what is compared: real_time (wall, default; 'time' is its deprecated spelling), cpu_time, "
       "instructions (from run --measure instructions, the default when the runs counted them; identical counts "
       "on both sides are judged by --noise-threshold alone, p n/a), or any counter the cells carry by name: "
       "a Google Benchmark user counter or rate (items_per_second), a case's figure, the cache-simulated "
       "l1_hits, ll_hits, ram_accesses, estimated_cycles (run --measure instructions --cache-sim). Times, "
       "instructions, allocations and the cache-simulated counts are better lower, rates (*_per_second) higher; "
       "any other needs --direction")
      ("direction", po::value<std::vector<std::string>>()->value_name("METRIC=higher|lower"),
       "which way METRIC is better (repeatable), e.g. --direction hits=higher: a drop of hits is then a "
       "regression")
      ("test", po::value<std::string>()->value_name("TEST"),
       "the test whose p-value decides: welch (criterion's mixed bootstrap, default) or mann_whitney (compare.py's)")
      ("alpha", po::value<std::string>()->value_name("P"),
       "significance level, in (0, 1) (default: 0.05)")
      ("noise-threshold", po::value<std::string>()->value_name("PCT"),
       "changes whose interval stays within +-PCT percent are noise: 1 and 1% both mean 1 % (default: 1)")
      ("confidence", po::value<std::string>()->value_name("CL"),
       "confidence level of the intervals, in (0, 1) (default: 0.95)")
      ("resamples", po::value<std::string>()->value_name("N"),
       "bootstrap resamples per cell, 100 to 10000000 (default: 100000): those of the Welch p-value, "
       "which stops early when p is clearly above alpha; the intervals use at most 10000")
      ("correction", po::value<std::string>()->value_name("METHOD"),
       "p-value adjustment across the compared cells: holm (default), bh (Benjamini-Hochberg) or none")
      ("seed", po::value<std::string>()->value_name("N"),
       "seed of the bootstrap, an integer >= 0 (default: fixed, so reruns print the same numbers)")
      ("baseline-dir", po::value<std::string>()->value_name("DIR"),
       "where saved baselines are looked up (default: reports/baselines)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write the comparison as JSON (benchgate.diff/1) to FILE, atomically")
      ("text-out", po::value<std::string>()->value_name("FILE"),
       "also write the text report to FILE, atomically")
      ("fail-on", po::value<std::string>()->value_name("VERDICT"),
       "exit 1 when a cell has this verdict: regressed (for a gate with thresholds and rules, see benchgate gate)");
  return d;
}

// The positional arguments, parsed like options but not listed in --help.
po::options_description hidden_description() {
  auto d = make_description();
  d.add_options()("input", po::value<std::vector<std::string>>(), "OLD NEW, or RESULTS with --variants");
  return d;
}

double fraction_in_open_unit(const po::variables_map& vm, const char* name, double fallback) {
  const auto text = get_string(vm, name);
  if (!text) return fallback;
  const auto value = text::parse_double(*text);
  if (!value || *value <= 0 || *value >= 1) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a number in (0, 1), e.g. " +
                      (std::string(name) == "alpha" ? "0.05" : "0.95"));
  }
  return *value;
}

benchgate::variant_role role_of(const std::string& option, const std::string& text) {
  const auto role = benchgate::parse_variant_role(text);
  if (!role) throw input_error("--" + option + " " + text + ": expected baseline, core or peer");
  return *role;
}

template <class Enum, class Parse>
Enum named(const po::variables_map& vm, const char* name, Enum fallback, Parse parse, const char* expected) {
  const auto text = get_string(vm, name);
  if (!text) return fallback;
  const auto value = parse(*text);
  if (!value) throw input_error("--" + std::string(name) + " " + *text + ": expected " + expected);
  return *value;
}

results::comparison_settings checked_settings(const po::variables_map& vm) {
  results::comparison_settings s;
  s.metric = named(vm, "metric", s.metric, results::parse_time_metric,
                   "real_time, cpu_time, instructions or a counter's name (letters, digits, _ - . :)");
  std::vector<results::declared_direction> declared;
  for (const auto& text : get_strings(vm, "direction")) {
    declared.push_back(results::parse_declared_direction(text, "--direction"));
  }
  const auto name = results::to_string(s.metric);
  // compare shows a time comparison's throughput beside it (thrpt:); a cell
  // carries no counter of that name.
  if (name == "throughput") {
    throw input_error("--metric throughput: compare prints the throughput change beside the time's (thrpt:); "
                      "expected real_time, cpu_time, instructions or a counter's name, e.g. --metric "
                      "items_per_second for a Google Benchmark rate");
  }
  const auto direction = results::direction_of(name, declared);
  if (!direction) {
    throw input_error("--metric " + name + ": which way " + name +
                      " is better is not known (not a time, a count or a rate named *_per_second); expected "
                      "--direction " + name + "=higher or --direction " + name + "=lower");
  }
  s.direction = *direction;
  s.test = named(vm, "test", s.test, results::parse_significance_test, "welch or mann_whitney");
  s.correction = named(vm, "correction", s.correction, stats::parse_correction, "holm, bh or none");
  s.alpha = fraction_in_open_unit(vm, "alpha", s.alpha);
  s.confidence = fraction_in_open_unit(vm, "confidence", s.confidence);
  s.noise_threshold = get_percent_as_fraction(vm, "noise-threshold", "1").value_or(s.noise_threshold);
  if (const auto text = get_string(vm, "resamples")) {
    const auto value = text::parse_int(*text);
    if (!value || *value < k_min_resamples || *value > k_max_resamples) {
      throw input_error("--resamples " + *text + ": expected an integer from " + std::to_string(k_min_resamples) +
                        " to " + std::to_string(k_max_resamples));
    }
    s.resamples = static_cast<std::size_t>(*value);
  }
  if (const auto text = get_string(vm, "seed")) {
    const auto value = text::parse_int(*text);
    if (!value || *value < 0) throw input_error("--seed " + *text + ": expected an integer >= 0");
    s.seed = static_cast<std::uint64_t>(*value);
  }
  return s;
}

}  // namespace

command parse_compare(const std::vector<std::string>& args, const suite::registry&) {
  const auto described = compare_description();
  auto accepted = compare_description();
  accepted.add(hidden_description());
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("compare", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate compare OLD NEW [OPTIONS]\n"
        "       benchgate compare --variants RESULTS [--base-role ROLE] [--new-role ROLE]... [OPTIONS]",
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
        described,
        "  0  the comparison was made (whatever the verdicts, unless --fail-on)\n"
        "  1  with --fail-on regressed: a cell regressed\n"
        "  2  bad input or usage: a missing file or baseline, a file of another kind,\n"
        "     an instruction run against a time run without --metric, a --metric\n"
        "     whose direction is neither built in nor given by --direction\n")};
  }
  compare_options out;
  out.variants = vm["variants"].as<bool>();
  out.inputs = get_strings(vm, "input");
  const std::size_t wanted = out.variants ? 1 : 2;
  if (out.inputs.size() != wanted) {
    throw input_error(std::string("benchgate compare: expected ") +
                      (out.variants ? "one RESULTS file with --variants" : "two inputs, OLD and NEW") + ", got " +
                      std::to_string(out.inputs.size()) + "; see 'benchgate compare --help'");
  }
  const auto new_roles = get_strings(vm, "new-role");
  const auto role_texts = get_strings(vm, "role");
  if (!out.variants && (vm.count("base-role") || !new_roles.empty() || !role_texts.empty())) {
    throw input_error(std::string("--") +
                      (vm.count("base-role") ? "base-role" : (new_roles.empty() ? "role" : "new-role")) +
                      ": only means something with --variants");
  }
  for (const auto& text : role_texts) out.roles.push_back(results::parse_role_pattern(text, "--role"));
  if (const auto base = get_string(vm, "base-role")) out.base_role = role_of("base-role", *base);
  if (!new_roles.empty()) {
    out.new_roles.clear();
    for (const auto& text : new_roles) out.new_roles.push_back(role_of("new-role", text));
  }
  out.settings = checked_settings(vm);
  out.metric_given = vm.count("metric") > 0;
  if (get_string(vm, "metric") == std::optional<std::string>(results::k_deprecated_real_time_spelling)) {
    out.notes.push_back(std::string("--metric: ") + results::k_deprecated_time_note);
  }
  if (const auto dir = get_folder(vm, "baseline-dir")) out.baseline_dir = *dir;
  out.json_out = get_output_path(vm, "json");
  out.text_out = get_output_path(vm, "text-out");
  if (const auto verdict = get_string(vm, "fail-on")) {
    if (*verdict != "regressed") throw input_error("--fail-on " + *verdict + ": expected regressed");
    out.fail_on_regressed = true;
  }
  return out;
}

}  // namespace benchgate::options::detail
