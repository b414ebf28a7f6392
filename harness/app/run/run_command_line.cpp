#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "harness/options/option_kinds.hpp"
#include "harness/run/run_options.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/formats/role_patterns.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_run_page{
    "run",
    "",
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
    "  0  every cell ran and checked its output\n"
    "  1  a benchmark failed its correctness check (variants disagree)\n"
    "  2  bad input or usage, or a --baseline that is not saved, or --measure instructions\n"
    "     without valgrind\n"};

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
  const auto shortest = text::number_text(*number);
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
void check_precision(const parse_outcome& parsed, const run_options& options, results::settings& out) {
  const auto* cap_given = parsed.find("precision-cap");
  std::optional<double> cap;
  if (cap_given) cap = seconds(*cap_given, false);
  const auto* pct_given = parsed.find("precision");
  std::optional<std::string> pct;
  if (pct_given) pct = pct_given->text();
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

std::optional<measure_kind> parse_measure(std::string_view text) {
  for (const auto kind : {measure_kind::time, measure_kind::instructions, measure_kind::allocations}) {
    if (text == results::measure_name(kind)) return kind;
  }
  return std::nullopt;
}

// --save-baseline, --baseline: a name the baseline store takes.
std::string baseline_name(const given& g) {
  if (const auto problem = results::baseline_name_problem(g.text())) {
    throw input_error("--" + g.option + " " + g.text() + ": expected " + *problem);
  }
  return g.text();
}

}  // namespace

std::vector<option<run_options>> run_rows() {
  return std::vector<option<run_options>>{
      {{"case", "NAME", takes::values,
        "run only this case (repeatable)", "every case, and every plain Google Benchmark registration"},
       stored_later<run_options>},
      {{"filter", "REGEX", takes::value,
        "run only cells whose name matches REGEX (ECMAScript, searched anywhere in 'case/variant/axis:value/...', or "
        "in a plain Google Benchmark registration's name, e.g. 'BM_copy/64')"},
       [](run_options& o, const given& g) { o.settings.filter = regex(g); }},
      {{"param", "AXIS=V1,V2", takes::values,
        "use these values for a parameter axis instead of its defaults (repeatable; see 'benchgate list' for axes)"},
       stored_later<run_options>},
      {{"samples", "N", takes::value,
        "samples (Google Benchmark repetitions) per cell, from " + std::to_string(k_min_samples) + " to " +
            std::to_string(k_max_samples),
        "the case's, else " + std::to_string(k_default_samples) + "; " + std::to_string(k_quick_samples) +
            " with --quick"},
       [](run_options& o, const given& g) { o.settings.samples = count(g, {k_min_samples, k_max_samples}); }},
      {{"measurement-time", "SECONDS", takes::value,
        "time to measure each grid point, shared by its variants",
        text::number_text(k_default_measurement_time_s) + "; " + text::number_text(k_quick_measurement_time_s) +
            " with --quick"},
       [](run_options& o, const given& g) { o.settings.measurement_time_s = seconds(g, false); }},
      {{"warmup", "SECONDS", takes::value,
        "warm-up time of each grid point, shared by its variants",
        text::number_text(k_default_warmup_s) + "; " + text::number_text(k_quick_warmup_s) + " with --quick"},
       [](run_options& o, const given& g) { o.settings.warmup_s = seconds(g, true); }},
      {{"min-time", "SECONDS", takes::value, "minimum time of each sample; overrides the share of --measurement-time"},
       [](run_options& o, const given& g) { o.settings.min_time_s = seconds(g, false); }},
      {{"quick", "", takes::flag, "quick preset: the cases' --quick grids, 10 samples, short times"},
       [](run_options& o, const given&) { o.settings.quick = true; }},
      {{"no-interleave", "", takes::flag,
        "run each variant's samples back to back instead of interleaving the variants of a grid point in random order"},
       [](run_options& o, const given&) { o.settings.random_interleaving = false; }},
      {{"rounds", "N", takes::value,
        "time the whole grid N times, each with about 1/N of every cell's samples, so that a cell's samples span the "
        "run and a shared machine's slow drift widens its interval instead of biasing it",
        std::to_string(results::settings{}.rounds)},
       [](run_options& o, const given& g) { o.settings.rounds = count(g, {1, k_max_samples}); }},
      {{"role", "ROLE=REGEX", takes::values,
        "plain Google Benchmark registrations (BENCHMARK()) whose name REGEX matches get ROLE (baseline, core "
        "or peer), the matched part being the variant, the rest the grid point, as 'ab --role' (repeatable)"},
       [](run_options& o, const given& g) {
         for (const auto& role : g.texts) {
           results::parse_role_pattern(role, "--role");  // checked here; applied by the plan
           o.settings.roles.push_back(role);
         }
       }},
      {{"input", "FILE", takes::values,
        "add a real input to the one selected case that takes input files (clvm_backrefs: a serialized CLVM program; http_parse: a raw HTTP head)"},
       stored_later<run_options>},
      {{"out", "FILE", takes::value, "write results JSON (benchgate.results/1) to FILE, atomically"},
       [](run_options& o, const given& g) { o.out = output_file(g); }},
      {{"text-out", "FILE", takes::value, "also write the text report to FILE, atomically"},
       [](run_options& o, const given& g) { o.text_out = output_file(g); }},
      {{"save-baseline", "NAME", takes::value,
        "save the run as baseline NAME (DIR/NAME.json) when every cell ran; a failed or interrupted run saves nothing"},
       [](run_options& o, const given& g) { o.save_baseline = baseline_name(g); }},
      {{"baseline", "NAME", takes::value, "compare the run against saved baseline NAME and print the change report"},
       [](run_options& o, const given& g) { o.baseline = baseline_name(g); }},
      {{"baseline-dir", "DIR", takes::value, "where baselines are saved and looked up", results::k_default_baseline_dir},
       [](run_options& o, const given& g) { o.baseline_dir = folder(g); }},
      {{"inject-slowdown", "PCT", takes::value,
        "test knob: add PCT % extra work to each timed cell (calibrated by a pilot run), to check that a known "
        "regression is detected"},
       [](run_options& o, const given& g) {
         o.settings.injected_slowdown_pct =
             percent(g, {.low_included = false, .high = k_max_injected_slowdown_pct, .example = ", e.g. 10"});
       }},
  } + needing("inject-slowdown", std::vector<option<run_options>>{
      {{"inject-filter", "REGEX", takes::value, "slow only the cells whose name matches REGEX", "all"},
       [](run_options& o, const given& g) { o.settings.injected_slowdown_filter = regex(g); }},
  }) + std::vector<option<run_options>>{
      {{"precision", "PCT|off", takes::value,
        "sample each variant until its 95 % interval of the mean is within PCT % of the mean (at least 10 samples, "
        "at most its share of --precision-cap); off: a fixed number of samples",
        text::number_text(k_default_precision_pct) +
            ", unless --samples, --rounds, --quick or --measure instructions fix the samples"},
       stored_later<run_options>},
      {{"precision-cap", "SECONDS", takes::value,
        "the most CPU time of one grid point's samples, shared equally by its variants (default: 60 % of the "
        "measurement time, so a variant that cannot reach the target takes 60 % of the fixed samples)"},
       stored_later<run_options>},
      {{"shard", "K/N", takes::value,
        "time only part K of N of the selected grid points (round robin, every variant of a point in the same "
        "part), e.g. on N CI machines; 'benchgate merge' pools the N results files"},
       [](run_options& o, const given& g) { o.settings.shard = shard(g); }},
      {{"measure", "WHAT", takes::value,
        "time: wall and CPU time per iteration; instructions: instructions per iteration counted "
        "by valgrind's callgrind (deterministic, ~50x slower; 3 samples of 10 iterations by default); "
        "allocations: the times plus allocations, frees, bytes allocated and peak bytes live per iteration, "
        "counted by benchgate's operator new (exact, sampled as a time run)",
        "time"},
       [](run_options& o, const given& g) {
         o.settings.measure = named<measure_kind>(g, parse_measure, "time, instructions or allocations");
       }},
      {{"cache-sim", "", takes::flag,
        "with --measure instructions: callgrind also simulates a 2-level cache (I1 and D1 32 KiB 8-way, LL 8 MiB "
        "16-way, 64 B lines: fixed, not this machine's) and each sample gets l1_hits, ll_hits, ram_accesses and "
        "estimated_cycles per iteration (L1 hits + 5 x LL hits + 35 x RAM accesses, iai-callgrind's weights); "
        "deterministic like the instructions, slower still"},
       [](run_options& o, const given&) {
         if (o.settings.measure != measure_kind::instructions) {
           throw input_error("--cache-sim: only with --measure instructions (the cache simulation is callgrind's); "
                             "expected --measure instructions --cache-sim");
         }
         o.settings.cache_sim = true;
       }},
      // Not in the help: set by `run --measure instructions` on the child it
      // starts under callgrind, and by gate --confirm on the runs it pairs.
      {{"callgrind-out", "FILE", takes::value,
        "internal: this process runs under callgrind, whose dumps go to FILE.N", "", shown::hidden},
       [](run_options& o, const given& g) {
         if (o.settings.measure != measure_kind::instructions) {
           throw input_error("--callgrind-out " + g.text() + ": internal option of --measure instructions");
         }
         o.callgrind_out = std::filesystem::path(g.text());
       }},
  } + needing("callgrind-out", std::vector<option<run_options>>{
      {{"callgrind-keep-dumps", "", takes::flag,
        "internal (benchgate explain): leave each sample's dump FILE.N on disk", "", shown::hidden},
       [](run_options& o, const given&) { o.keep_callgrind_dumps = true; }},
  }) + std::vector<option<run_options>>{
      {{"lockstep-fd", "FD", takes::value,
        "internal (gate --confirm): take turns, sample by sample, with a partner run over socket FD", "", shown::hidden},
       [](run_options& o, const given& g) {
         o.lockstep_fd = count(g, {0});
         if (o.settings.measure != measure_kind::time) {
           throw input_error("--lockstep-fd " + std::to_string(*o.lockstep_fd) +
                             ": only with --measure time (counts need no partner)");
         }
       }},
  };
}

command parse_run(const std::vector<std::string>& args, const suite::registry& cases) {
  run_options out;
  out.args = args;
  const auto parsed = parse_table(out, k_run_page, run_rows(), args);
  if (parsed.help) return help_request{*parsed.help};
  auto& settings = out.settings;
  const auto texts = [&](const char* name) {
    const auto* g = parsed.find(name);
    return g ? g->texts : std::vector<std::string>{};
  };
  if (settings.shard && out.lockstep_fd) {
    throw input_error("--shard: not with --lockstep-fd; a lockstep confirmation re-runs the suspect cells whole");
  }
  settings.cases = checked_case_names(texts("case"), cases);
  const auto run = selected(settings.cases, cases);
  settings.params = checked_params(texts("param"), run);
  if (!parsed.was_given("measurement-time")) {
    settings.measurement_time_s = settings.quick ? k_quick_measurement_time_s : k_default_measurement_time_s;
  }
  if (!parsed.was_given("warmup")) settings.warmup_s = settings.quick ? k_quick_warmup_s : k_default_warmup_s;
  check_precision(parsed, out, settings);
  settings.inputs = checked_inputs(texts("input"), run, cases);
  std::vector<named_file> inputs;
  for (const auto& file : settings.inputs) inputs.push_back({"--input", file});
  check_outputs_apart(inputs, {{"--out", out.out}, {"--text-out", out.text_out}});
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

}  // namespace benchgate::app::detail

namespace benchgate::app {

std::vector<std::string> run_option_names() {
  std::vector<std::string> names;
  for (const auto& row : detail::run_rows()) {
    if (row.where == detail::shown::listed) names.push_back(row.name);
  }
  return names;
}

}  // namespace benchgate::app
