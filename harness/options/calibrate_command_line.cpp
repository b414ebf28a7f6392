#include <string>
#include <variant>

#include "harness/options/option_kinds.hpp"
#include "harness/options/subcommands.hpp"

namespace benchgate::options::detail {

namespace {

// --slowdown above this is no longer a "small known regression" (as run's
// --inject-slowdown).
constexpr double k_max_slowdown_pct = k_max_injected_slowdown_pct;

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<calibrate_options>> table() {
  return {
    {{"repeats", "N", takes::value,
      "A/A and B/C comparisons per cell, >= 1 (default: 5); each repeat runs the cells three times"},
     [](calibrate_options& o, const given& g) { o.repeats = count(g, {k_min_calibration_repeats}); }},
    {{"slowdown", "PCT", takes::value, "the slowdown injected in the C runs, in % of each cell's time (default: 10)"},
     [](calibrate_options& o, const given& g) {
       o.slowdown_pct = percent(g, {.low_included = false, .high = k_max_slowdown_pct, .example = ", e.g. 10"});
     }},
    {{"json", "FILE", takes::value, "write the calibration JSON (benchgate.calibration/1) to FILE, atomically"},
     [](calibrate_options& o, const given& g) { o.json_out = output_file(g); }},
    {{"text-out", "FILE", takes::value, "also write the text report to FILE, atomically"},
     [](calibrate_options& o, const given& g) { o.text_out = output_file(g); }},
  };
}

// Run's options that have no meaning here: each run of calibrate is internal.
void reject_run_only(const run_options& run) {
  const auto reject = [](bool given, const char* option, const char* note) {
    if (given) {
      throw input_error(std::string("--") + option + ": not an option of calibrate" + note +
                        "; expected run's selection and timing options only (see 'benchgate calibrate --help')");
    }
  };
  reject(run.out.has_value(), "out", " (use --json)");
  reject(run.save_baseline.has_value(), "save-baseline", "");
  reject(run.baseline.has_value(), "baseline", "");
  reject(run.settings.injected_slowdown_pct != 0, "inject-slowdown", " (use --slowdown)");
  reject(run.settings.measure != measure_kind::time, "measure", " (it compares CPU times)");
}

// Run's parser checks the rest; its usage errors name run, so they are
// renamed to calibrate, whose help lists what it takes.
command parse_run_part(const std::vector<std::string>& run_args, const suite::registry& cases) {
  const std::string run_prefix = "benchgate run: ";
  const std::string run_help = "see 'benchgate run --help'";
  try {
    return parse_run(run_args, cases);
  } catch (const input_error& e) {
    std::string message = e.what();
    if (!message.starts_with(run_prefix)) throw;
    message = "benchgate calibrate: " + message.substr(run_prefix.size());
    if (const auto at = message.rfind(run_help); at != std::string::npos) {
      message.replace(at, run_help.size(), "see 'benchgate calibrate --help'");
    }
    throw input_error(message);
  }
}

constexpr help_page k_page{
    "calibrate",
    "benchgate calibrate [--case NAME]... [--filter REGEX] [--param AXIS=V1,V2]...\n"
    "                           [--repeats N] [--slowdown PCT] [--json FILE] [RUN OPTIONS]",
    "Measures the noise floor of the selected cells on this machine at the given\n"
    "settings. Each repeat runs the cells three times in this process: A and B\n"
    "alike, C with an injected slowdown of --slowdown % (run's --inject-slowdown\n"
    "knob). A against B counts false alarms (cells judged improved or regressed),\n"
    "B against C counts detections (judged regressed); both compare CPU time\n"
    "with compare's default statistics. Per cell it reports the A/A |change|\n"
    "(P95 over repeats), the change intervals' half-width, the smallest slowdown\n"
    "these settings detect (noise threshold + half-width) and a suggested\n"
    "threshold (max(1 %, 1.5 x A/A P95), rounded up to 1 %).\n\n"
    "It also takes run's selection and timing options: --case, --filter, --param,\n"
    "--samples, --measurement-time, --warmup, --min-time, --quick, --no-interleave,\n"
    "--rounds, --input (see 'benchgate run --help').\n\n"
    "Examples:\n"
    "  benchgate calibrate --case page_iter --quick\n"
    "  benchgate calibrate --case page_iter --param row_bytes=8 --param density=0.1,1.0 \\\n"
    "                      --repeats 5 --slowdown 10 --json reports/latest/calibration.json",
    "  0  the calibration ran (whatever it found)\n"
    "  1  a benchmark failed its correctness check\n"
    "  2  bad input or usage\n"};

}  // namespace

// The options calibrate does not know are run's, checked by run's parser
// first (as run would), then calibrate's own.
command parse_calibrate(const std::vector<std::string>& args, const suite::registry& cases) {
  calibrate_options out;
  const auto run_part = [&](const parse_outcome& parsed) {
    auto run = parse_run_part(parsed.unrecognized, cases);
    if (!std::holds_alternative<run_options>(run)) {
      throw input_error("benchgate calibrate: unexpected run option in " +
                        (parsed.unrecognized.empty() ? "" : parsed.unrecognized.front()) +
                        "; see 'benchgate calibrate --help'");
    }
    out.run = std::get<run_options>(std::move(run));
    reject_run_only(out.run);
  };
  if (auto help = parse_table(out, k_page, table(), args, true, run_part).help) return help_request{*help};
  return out;
}

}  // namespace benchgate::options::detail
