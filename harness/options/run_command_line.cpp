#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <system_error>

#include "harness/run/run_options.hpp"
#include "harness/formats/role_patterns.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

namespace {

std::string precision_help() {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%g", k_default_precision_pct);
  return std::string("sample each variant until its 95 % interval of the mean is within PCT % of the mean (at "
                     "least 10 samples, at most its share of --precision-cap); off: a fixed number of samples "
                     "(default: ") +
         pct +
         ", unless --samples, --rounds, --quick or --measure instructions fix the samples)";
}

po::options_description run_description() {
  auto d = make_description();
  d.add_options()
      ("case", po::value<std::vector<std::string>>()->value_name("NAME"),
       "run only this case (repeatable; default: every case, and every plain Google Benchmark registration)")
      ("filter", po::value<std::string>()->value_name("REGEX"),
       "run only cells whose name matches REGEX (ECMAScript, searched anywhere in 'case/variant/axis:value/...', or "
       "in a plain Google Benchmark registration's name, e.g. 'BM_copy/64')")
      ("param", po::value<std::vector<std::string>>()->value_name("AXIS=V1,V2"),
       "use these values for a parameter axis instead of its defaults (repeatable; see 'benchgate list' for axes)")
      ("samples", po::value<std::string>()->value_name("N"),
       "samples (Google Benchmark repetitions) per cell, >= 10 (default: the case's, else 100; 10 with --quick)")
      ("measurement-time", po::value<std::string>()->value_name("SECONDS"),
       "time to measure each grid point, shared by its variants (default: 5; 0.5 with --quick)")
      ("warmup", po::value<std::string>()->value_name("SECONDS"),
       "warm-up time of each grid point, shared by its variants (default: 0.5; 0.1 with --quick)")
      ("min-time", po::value<std::string>()->value_name("SECONDS"),
       "minimum time of each sample; overrides the share of --measurement-time")
      ("quick", po::bool_switch(), "quick preset: the cases' --quick grids, 10 samples, short times")
      ("no-interleave", po::bool_switch(),
       "run each variant's samples back to back instead of interleaving the variants of a grid point in random order")
      ("rounds", po::value<std::string>()->value_name("N"),
       "time the whole grid N times, each with about 1/N of every cell's samples, so that a cell's samples span the "
       "run and a shared machine's slow drift widens its interval instead of biasing it (default: 1)")
      ("role", po::value<std::vector<std::string>>()->value_name("ROLE=REGEX"),
       "plain Google Benchmark registrations (BENCHMARK()) whose name REGEX matches get ROLE (baseline, core "
       "or peer), the matched part being the variant, the rest the grid point, as 'ab --role' (repeatable)")
      ("input", po::value<std::vector<std::string>>()->value_name("FILE"),
       "add a real input to the one selected case that takes input files (clvm_backrefs: a serialized CLVM program; http_parse: a raw HTTP head)")
      ("out", po::value<std::string>()->value_name("FILE"),
       "write results JSON (benchgate.results/1) to FILE, atomically")
      ("text-out", po::value<std::string>()->value_name("FILE"),
       "also write the text report to FILE, atomically")
      ("save-baseline", po::value<std::string>()->value_name("NAME"),
       "save the run as baseline NAME (DIR/NAME.json) when every cell ran; a failed or interrupted run saves nothing")
      ("baseline", po::value<std::string>()->value_name("NAME"),
       "compare the run against saved baseline NAME and print the change report")
      ("baseline-dir", po::value<std::string>()->value_name("DIR"),
       "where baselines are saved and looked up (default: reports/baselines)")
      ("inject-slowdown", po::value<std::string>()->value_name("PCT"),
       "test knob: add PCT % extra work to each timed cell (calibrated by a pilot run), to check that a known "
       "regression is detected")
      ("inject-filter", po::value<std::string>()->value_name("REGEX"),
       "with --inject-slowdown: slow only the cells whose name matches REGEX (default: all)")
      ("precision", po::value<std::string>()->value_name("PCT|off"),
       precision_help().c_str())
      ("precision-cap", po::value<std::string>()->value_name("SECONDS"),
       "the most CPU time of one grid point's samples, shared equally by its variants (default: 60 % of the "
       "measurement time, so a variant that cannot reach the target takes 60 % of the fixed samples)")
      ("shard", po::value<std::string>()->value_name("K/N"),
       "time only part K of N of the selected grid points (round robin, every variant of a point in the same "
       "part), e.g. on N CI machines; 'benchgate merge' pools the N results files")
      ("measure", po::value<std::string>()->value_name("WHAT"),
       "time (default): wall and CPU time per iteration; instructions: instructions per iteration counted "
       "by valgrind's callgrind (deterministic, ~50x slower; 3 samples of 10 iterations by default); "
       "allocations: the times plus allocations, frees, bytes allocated and peak bytes live per iteration, "
       "counted by benchgate's operator new (exact, sampled as a time run)")
      ("cache-sim", po::bool_switch(),
       "with --measure instructions: callgrind also simulates a 2-level cache (I1 and D1 32 KiB 8-way, LL 8 MiB "
       "16-way, 64 B lines: fixed, not this machine's) and each sample gets l1_hits, ll_hits, ram_accesses and "
       "estimated_cycles per iteration (L1 hits + 5 x LL hits + 35 x RAM accesses, iai-callgrind's weights); "
       "deterministic like the instructions, slower still");
  return d;
}

// Not in the help: set by `run --measure instructions` on the child it
// starts under callgrind, and by gate --confirm on the runs it pairs.
po::options_description internal_run_description() {
  auto d = make_description();
  d.add_options()("callgrind-out", po::value<std::string>()->value_name("FILE"),
                  "internal: this process runs under callgrind, whose dumps go to FILE.N")
      ("callgrind-keep-dumps", po::bool_switch(),
       "internal (benchgate explain): leave each sample's dump FILE.N on disk")
      ("lockstep-fd", po::value<std::string>()->value_name("FD"),
       "internal (gate --confirm): take turns, sample by sample, with a partner run over socket FD");
  return d;
}

measure_kind checked_measure(const po::variables_map& vm) {
  const auto text = get_string(vm, "measure");
  if (!text || *text == "time") return measure_kind::time;
  if (*text == "instructions") return measure_kind::instructions;
  if (*text == "allocations") return measure_kind::allocations;
  throw input_error("--measure " + *text + ": expected time, instructions or allocations");
}

// "AXIS=V1,V2" -> {AXIS, [V1, V2]}.
benchgate::axis_values split_param(const std::string& text) {
  const auto equals = text.find('=');
  const std::string expected = ": expected AXIS=V1,V2,... (e.g. density=0.1,0.5)";
  if (equals == std::string::npos || equals == 0 || equals + 1 == text.size()) {
    throw input_error("--param " + text + expected);
  }
  benchgate::axis_values out{text.substr(0, equals), {}};
  std::string rest = text.substr(equals + 1);
  std::size_t start = 0;
  while (true) {
    const auto comma = rest.find(',', start);
    const auto value = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (value.empty()) throw input_error("--param " + text + ": empty value" + expected);
    if (std::find(out.values.begin(), out.values.end(), value) == out.values.end()) {
      out.values.push_back(value);
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// One spelling per number, so cells pair across runs: a value equal to a
// default of the axis is spelled as that default (density=.5 -> 0.5);
// another number in its shortest form when that has no exponent (08 -> 8,
// 0.50 -> 0.5); any other text as given.
std::string canonical_value(const std::string& value, const benchgate::axis_info& axis) {
  const auto number = text::parse_double(value);
  if (!number) return value;
  for (const auto& known : axis.defaults) {
    if (text::parse_double(known) == number) return known;
  }
  for (const auto& known : axis.quick) {
    if (text::parse_double(known) == number) return known;
  }
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, *number);
  if (ec != std::errc()) return value;
  const std::string shortest(buffer, end);
  return shortest.find('e') == std::string::npos ? shortest : value;
}

std::vector<const benchgate::benchmark_case*> selected(const std::vector<std::string>& names,
                                                   const suite::registry& cases) {
  std::vector<const benchgate::benchmark_case*> out;
  if (names.empty()) {
    for (const auto& c : cases.cases()) out.push_back(c.get());
  } else {
    for (const auto& name : names) out.push_back(cases.find(name));
  }
  return out;
}

// Every --param names an axis of a selected case, and every value passes the
// check of each selected case that has the axis.
std::vector<std::pair<std::string, std::vector<std::string>>> checked_params(
    const std::vector<std::string>& texts, const std::vector<const benchgate::benchmark_case*>& run) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const auto& text : texts) {
    auto param = split_param(text);
    for (const auto& earlier : out) {
      if (earlier.first == param.axis) {
        throw input_error("--param " + text + ": axis '" + param.axis +
                          "' is given twice; give all its values once, e.g. " + param.axis +
                          "=V1,V2");
      }
    }
    bool known = false;
    std::string axes_known;
    for (const auto* c : run) {
      for (const auto& axis : c->axes()) {
        axes_known += (axes_known.empty() ? "" : "; ") + std::string(c->name()) + ": " + axis.name;
        if (axis.name != param.axis) continue;
        known = true;
        std::vector<std::string> canonical;
        for (const auto& value : param.values) {
          auto spelled = canonical_value(value, axis);
          if (std::find(canonical.begin(), canonical.end(), spelled) == canonical.end()) canonical.push_back(spelled);
        }
        param.values = std::move(canonical);
        if (!axis.check) continue;
        for (const auto& value : param.values) {
          if (const auto expected = axis.check(value)) {
            throw input_error("--param " + param.axis + "=" + value + ": expected " + *expected +
                              " (axis " + axis.name + " of " + std::string(c->name()) + ")");
          }
        }
      }
    }
    if (!known) {
      throw input_error("--param " + text + ": no selected case has an axis '" + param.axis +
                        "' (axes: " + (axes_known.empty() ? "none" : axes_known) + ")");
    }
    out.emplace_back(std::move(param.axis), std::move(param.values));
  }
  return out;
}

std::vector<std::string> checked_inputs(const std::vector<std::string>& texts,
                                                  const std::vector<const benchgate::benchmark_case*>& run,
                                                  const suite::registry& cases) {
  if (texts.empty()) return {};
  std::vector<std::string> takers;
  for (const auto* c : run) {
    if (c->takes_input_files()) takers.emplace_back(c->name());
  }
  if (takers.size() != 1) {
    std::string all;
    for (const auto& c : cases.cases()) {
      if (c->takes_input_files()) all += (all.empty() ? "" : ", ") + std::string(c->name());
    }
    throw input_error("--input " + texts.front() + ": " +
                      (takers.empty() ? std::string("none of the selected cases takes input files")
                                      : std::string("several selected cases take input files")) +
                      "; select exactly one of " + (all.empty() ? "(none)" : all) + " with --case");
  }
  std::vector<std::string> out;
  for (const auto& text : texts) {
    std::error_code ec;
    const auto status = std::filesystem::status(text, ec);
    if (ec || !std::filesystem::exists(status)) {
      throw input_error("--input " + text + ": no such file");
    }
    if (!std::filesystem::is_regular_file(status)) {
      throw input_error("--input " + text + ": not a regular file; expected a file");
    }
    out.push_back(text);
  }
  return out;
}

// --precision PCT|off and --precision-cap SECONDS, and what they exclude:
// a fixed --samples, the rounds (each a fixed share of the samples), counting
// (whose samples are identical) and lockstep (whose partner must take as
// many turns: a lockstep run samples a fixed number). Without --precision a
// run that can takes the default target (takes_default_precision).
void check_precision(const po::variables_map& vm, const run_options& options, results::settings& out) {
  const auto cap = get_seconds(vm, "precision-cap", false);
  const auto pct = get_string(vm, "precision");
  if (pct == k_precision_off) {
    if (cap) throw input_error("--precision-cap: not with --precision off; the cap bounds the stopping rule");
    return;
  }
  double target = k_default_precision_pct;
  if (pct) {
    const auto value = text::parse_percent(*pct);
    if (!value || *value < k_min_precision_pct || *value > k_max_precision_pct) {
      throw input_error("--precision " + *pct + ": expected off or a percentage from 0.01 to 100, e.g. 1");
    }
    const auto refuse = [&](const std::string& other, const std::string& why) {
      throw input_error("--precision " + *pct + ": not with " + other + "; " + why);
    };
    if (out.samples > 0) refuse("--samples", "it decides the number of samples itself (at least 10)");
    if (out.rounds > 1) refuse("--rounds", "each round takes a fixed share of the samples");
    if (out.measure == measure_kind::instructions) refuse("--measure instructions", "counted samples are all alike");
    if (options.lockstep_fd) refuse("--lockstep-fd", "a lockstep run takes a fixed number of samples, in turns");
    target = *value;
  } else if (!takes_default_precision(out) || options.lockstep_fd) {
    if (cap) {
      throw input_error("--precision-cap: only means something with a stopping rule, and this run takes fixed "
                        "samples (--samples, --rounds, --quick or --measure instructions); add --precision PCT");
    }
    return;
  }
  out.precision_pct = target;
  out.precision_cap_s = cap.value_or(out.measurement_time_s * k_default_precision_cap_share);
}

std::optional<std::string> checked_baseline_name(const po::variables_map& vm, const char* name) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  if (const auto problem = results::baseline_name_problem(*text)) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected " + *problem);
  }
  return text;
}

}  // namespace

command parse_run(const std::vector<std::string>& args, const suite::registry& cases) {
  const auto described = run_description();
  auto parsed = run_description();
  parsed.add(internal_run_description());
  bool wants_help = false;
  const auto vm = parse("run", args, parsed, wants_help);
  if (wants_help) {
    return help_request{help_text(
        "benchgate run [--case NAME]... [--filter REGEX] [--param AXIS=V1,V2]...\n"
        "                     [--samples N] [--min-time SECONDS] [--quick] [--out FILE]\n"
        "                     [--save-baseline NAME] [--baseline NAME] [--baseline-dir DIR]\n"
        "                     [--precision PCT|off] [--precision-cap SECONDS] [--shard K/N]\n"
        "                     [--measure time|instructions|allocations] [--cache-sim] [--role ROLE=REGEX]...",
        "Registers every case x variant x parameter point as a Google Benchmark\n"
        "benchmark named case/variant/axis:value/..., checks that the variants of\n"
        "each point agree on its input, runs the samples of a point's variants\n"
        "interleaved in random order (each variant until its 95 % interval is\n"
        "within --precision, by default), prints a report per point (time,\n"
        "throughput, samples and precision, and each variant against the\n"
        "baseline) and writes results JSON.\n\n"
        "Plain Google Benchmark registrations linked into the driver (BENCHMARK(),\n"
        "BENCHMARK_F, ...) run too, each a cell named by Google Benchmark's own name\n"
        "(BM_copy/64), each sample one repetition; --role gives them roles\n"
        "(docs/google-benchmark-suites.md).\n\n"
        "Examples:\n"
        "  benchgate run --case page_iter --quick\n"
        "  benchgate run --case page_iter --param row_bytes=8 --param density=0.1,0.5 \\\n"
        "                --out reports/latest/results.json\n"
        "  benchgate run --case page_iter --save-baseline main\n"
        "  benchgate run --case page_iter --baseline main\n"
        "  benchgate run --case page_iter --quick --measure instructions --out instr.json\n"
        "  benchgate run --case page_iter --quick --measure instructions --cache-sim --out cache.json\n"
        "  benchgate run --case http_parse --quick --measure allocations --out alloc.json\n"
        "  ./my_gbench_suite run --quick --filter BM_copy --role baseline=_naive --role core=_fast",
        described,
        "  0  every cell ran and checked its output\n"
        "  1  a benchmark failed its correctness check (variants disagree)\n"
        "  2  bad input or usage, or a --baseline that is not saved, or --measure instructions\n"
        "     without valgrind\n")};
  }
  run_options out;
  auto& settings = out.settings;
  out.args = args;
  settings.measure = checked_measure(vm);
  settings.cache_sim = vm["cache-sim"].as<bool>();
  if (settings.cache_sim && settings.measure != measure_kind::instructions) {
    throw input_error("--cache-sim: only with --measure instructions (the cache simulation is callgrind's); "
                      "expected --measure instructions --cache-sim");
  }
  if (const auto file = get_string(vm, "callgrind-out")) {
    if (settings.measure != measure_kind::instructions) {
      throw input_error("--callgrind-out " + *file + ": internal option of --measure instructions");
    }
    out.callgrind_out = std::filesystem::path(*file);
  }
  if (vm["callgrind-keep-dumps"].as<bool>()) {
    if (!out.callgrind_out) throw input_error("--callgrind-keep-dumps: only with --callgrind-out (benchgate explain)");
    out.keep_callgrind_dumps = true;
  }
  if (const auto fd = get_int_at_least(vm, "lockstep-fd", 0)) {
    if (settings.measure != measure_kind::time) {
      throw input_error("--lockstep-fd " + std::to_string(*fd) + ": only with --measure time (counts need no partner)");
    }
    out.lockstep_fd = fd;
  }
  settings.shard = checked_shard(vm);
  if (settings.shard && out.lockstep_fd) {
    throw input_error("--shard: not with --lockstep-fd; a lockstep confirmation re-runs the suspect cells whole");
  }
  settings.cases = checked_case_names(get_strings(vm, "case"), cases);
  const auto run = selected(settings.cases, cases);
  if (const auto filter = get_string(vm, "filter")) {
    check_regex("filter", *filter);
    settings.filter = filter;
  }
  settings.params = checked_params(get_strings(vm, "param"), run);
  settings.quick = vm["quick"].as<bool>();
  settings.random_interleaving = !vm["no-interleave"].as<bool>();
  settings.samples = get_int_at_least(vm, "samples", k_min_samples).value_or(0);
  settings.rounds = get_int_at_least(vm, "rounds", 1).value_or(1);
  settings.measurement_time_s = get_seconds(vm, "measurement-time", false)
                                    .value_or(settings.quick ? k_quick_measurement_time_s
                                                             : k_default_measurement_time_s);
  settings.warmup_s =
      get_seconds(vm, "warmup", true).value_or(settings.quick ? k_quick_warmup_s : k_default_warmup_s);
  settings.min_time_s = get_seconds(vm, "min-time", false);
  check_precision(vm, out, settings);
  settings.inputs = checked_inputs(get_strings(vm, "input"), run, cases);
  for (const auto& role : get_strings(vm, "role")) {
    results::parse_role_pattern(role, "--role");  // checked here; applied by the plan
    settings.roles.push_back(role);
  }
  out.out = get_output_path(vm, "out");
  out.text_out = get_output_path(vm, "text-out");
  out.save_baseline = checked_baseline_name(vm, "save-baseline");
  out.baseline = checked_baseline_name(vm, "baseline");
  if (const auto dir = get_folder(vm, "baseline-dir")) out.baseline_dir = *dir;
  if (const auto pct = get_percent_up_to(vm, "inject-slowdown", k_max_injected_slowdown_pct)) {
    settings.injected_slowdown_pct = *pct;
  }
  if (const auto filter = get_string(vm, "inject-filter")) {
    if (settings.injected_slowdown_pct == 0) {
      throw input_error("--inject-filter: only means something with --inject-slowdown");
    }
    check_regex("inject-filter", *filter);
    settings.injected_slowdown_filter = filter;
  }
  if (settings.measure == measure_kind::instructions) {
    // Fixed iterations, one after another: no timing budget, no
    // interleaving; what a counted run records.
    if (settings.samples == 0) settings.samples = k_instruction_samples;
    settings.measurement_time_s = 0;
    settings.warmup_s = 0;
    settings.min_time_s = std::nullopt;
    settings.random_interleaving = false;
  }
  return out;
}

}  // namespace benchgate::options::detail

namespace benchgate::options {

std::vector<std::string> run_option_names() {
  std::vector<std::string> names;
  const auto described = detail::run_description();
  for (const auto& option : described.options()) names.push_back(option->long_name());
  return names;
}

}  // namespace benchgate::options
