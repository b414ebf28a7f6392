#include <string>
#include <variant>

#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

namespace {

// --slowdown above this is no longer a "small known regression" (as run's
// --inject-slowdown).
constexpr double k_max_slowdown_pct = k_max_injected_slowdown_pct;

po::options_description calibrate_description() {
  auto d = make_description();
  d.add_options()
      ("repeats", po::value<std::string>()->value_name("N"),
       "A/A and B/C comparisons per cell, >= 1 (default: 5); each repeat runs the cells three times")
      ("slowdown", po::value<std::string>()->value_name("PCT"),
       "the slowdown injected in the C runs, in % of each cell's time (default: 10)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write the calibration JSON (benchgate.calibration/1) to FILE, atomically")
      ("text-out", po::value<std::string>()->value_name("FILE"), "also write the text report to FILE, atomically");
  return d;
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

const char* k_help_summary =
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
    "                      --repeats 5 --slowdown 10 --json reports/latest/calibration.json";

}  // namespace

command parse_calibrate(const std::vector<std::string>& args, const suite::registry& cases) {
  const auto described = calibrate_description();
  po::options_description own;
  own.add(described);
  own.add_options()("help,h", "show this help");
  po::variables_map vm;
  std::vector<std::string> run_args;
  try {
    const auto parsed = po::command_line_parser(args)
                            .options(own)
                            .style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing)
                            .allow_unregistered()
                            .run();
    po::store(parsed, vm);
    po::notify(vm);
    run_args = po::collect_unrecognized(parsed.options, po::include_positional);
  } catch (const po::error& e) {
    throw input_error("benchgate calibrate: " + std::string(e.what()) + "; see 'benchgate calibrate --help'");
  }
  if (vm.count("help")) {
    return help_request{help_text("benchgate calibrate [--case NAME]... [--filter REGEX] [--param AXIS=V1,V2]...\n"
                                  "                           [--repeats N] [--slowdown PCT] [--json FILE] "
                                  "[RUN OPTIONS]",
                                  k_help_summary, described,
                                  "  0  the calibration ran (whatever it found)\n"
                                  "  1  a benchmark failed its correctness check\n"
                                  "  2  bad input or usage\n")};
  }
  calibrate_options out;
  // The rest are run's options, checked by run's own parser.
  auto run = parse_run_part(run_args, cases);
  if (!std::holds_alternative<run_options>(run)) {
    throw input_error("benchgate calibrate: unexpected run option in " + (run_args.empty() ? "" : run_args.front()) +
                      "; see 'benchgate calibrate --help'");
  }
  out.run = std::get<run_options>(std::move(run));
  reject_run_only(out.run);
  out.repeats = get_int_at_least(vm, "repeats", k_min_calibration_repeats).value_or(k_default_calibration_repeats);
  if (const auto pct = get_percent_up_to(vm, "slowdown", k_max_slowdown_pct)) out.slowdown_pct = *pct;
  out.json_out = get_output_path(vm, "json");
  out.text_out = get_output_path(vm, "text-out");
  return out;
}

}  // namespace benchgate::options::detail
