#include <string>
#include <variant>

#include "harness/support/errors/input_error.hpp"
#include "harness/gate/gate_options.hpp"
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
      ("for", po::value<std::string>()->value_name("COMMAND"),
       "what to calibrate: compare (runs in this process compared), gate (tries of two runs gated with "
       "--confirm N) or ab (tries of ab of this binary against itself) (default: compare)")
      ("repeats", po::value<std::string>()->value_name("N"),
       "A/A and B/C comparisons per cell, >= 1 (default: 5); each repeat runs the cells three times. "
       "gate, ab: the A/A tries and the injected tries, N of each")
      ("slowdown", po::value<std::string>()->value_name("PCT"),
       "the slowdown injected in the C runs (gate, ab: the new side of the injected tries), in % of each "
       "cell's time (default: 10)")
      ("slowdown-filter", po::value<std::string>()->value_name("REGEX"),
       "gate, ab: inject the slowdown only into the cells whose name matches REGEX (default: all); failing "
       "cells outside it are false failures")
      ("confirm", po::value<std::string>()->value_name("N"), "gate: each gate's --confirm N, >= 0 (default: 2)")
      ("command-arg", po::value<std::vector<std::string>>()->value_name("ARG"),
       "gate, ab: one more argument of each gate or ab command, written --command-arg=ARG "
       "(e.g. --command-arg=--pairs=2); repeatable")
      ("keep-dir", po::value<std::string>()->value_name("DIR"),
       "gate, ab: keep every try's runs, verdict and log in DIR (default: a temporary folder, removed)")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write the calibration JSON (benchgate.calibration/1; gate, ab: /2) to FILE, atomically")
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

results::calibration_target parse_target(const po::variables_map& vm) {
  const auto text = get_string(vm, "for");
  if (!text || *text == "compare") return results::calibration_target::compare;
  if (*text == "gate") return results::calibration_target::gate;
  if (*text == "ab") return results::calibration_target::ab;
  throw input_error("--for " + *text + ": expected compare, gate or ab");
}

// The options of the tries (--for gate, ab) have no meaning for compare,
// and --confirm none for ab.
void reject_misplaced(const po::variables_map& vm, results::calibration_target target) {
  const auto reject = [&](const char* option, const char* expected) {
    if (vm.count(option)) {
      throw input_error(std::string("--") + option + ": not an option of calibrate --for " +
                        std::string(results::to_string(target)) + "; expected " + expected);
    }
  };
  if (target == results::calibration_target::compare) {
    for (const char* option : {"slowdown-filter", "confirm", "command-arg", "keep-dir"}) {
      reject(option, "--for gate or --for ab with it");
    }
  }
  if (target == results::calibration_target::ab) {
    reject("confirm", "--for gate with it (ab takes --command-arg=--confirm=N)");
  }
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
    "--for gate and --for ab measure whole commands instead, each try through\n"
    "this binary's own commands in new processes: gate makes two runs and gates\n"
    "them with --confirm N; ab runs 'ab' of this binary against itself. N A/A\n"
    "tries (the same code on both sides) and N injected tries (the new side\n"
    "slowed by --slowdown % in the cells --slowdown-filter matches); each try's\n"
    "verdict JSON gives its failing cells. Per experiment it reports the tries,\n"
    "their exit codes (0 pass, 1 fail, 3 unstable), the false failures (A/A: every\n"
    "failing cell; injected: the failing cells outside the filter), the injected\n"
    "cells detected and the wall time. The tries run in the current folder, so\n"
    "its .benchgate-rules.json applies (or --command-arg=--rules=FILE).\n\n"
    "It also takes run's selection and timing options: --case, --filter, --param,\n"
    "--samples, --measurement-time, --warmup, --min-time, --quick, --no-interleave,\n"
    "--rounds, --input (see 'benchgate run --help').\n\n"
    "Examples:\n"
    "  benchgate calibrate --case page_iter --quick\n"
    "  benchgate calibrate --case page_iter --param row_bytes=8 --param density=0.1,1.0 \\\n"
    "                      --repeats 5 --slowdown 10 --json reports/latest/calibration.json\n"
    "  benchgate calibrate --for gate --case page_iter --quick --repeats 3 --slowdown 15 \\\n"
    "                      --slowdown-filter 'page_iter/core/' --confirm 2\n"
    "  benchgate calibrate --for ab --case page_iter --quick --repeats 3 --slowdown-filter 'page_iter/core/'";

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
    return help_request{help_text("benchgate calibrate [--for compare|gate|ab] [--case NAME]... [--filter REGEX]\n"
                                  "                           [--param AXIS=V1,V2]... [--repeats N] [--slowdown PCT]\n"
                                  "                           [--slowdown-filter REGEX] [--confirm N] "
                                  "[--command-arg=ARG]...\n"
                                  "                           [--keep-dir DIR] [--json FILE] [RUN OPTIONS]",
                                  k_help_summary, described,
                                  "  0  the calibration ran (whatever it found)\n"
                                  "  1  a benchmark failed its correctness check (gate, ab: a try's run or\n"
                                  "     command ended otherwise than with exit 0, 1 or 3)\n"
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
  out.run_args = std::move(run_args);
  reject_run_only(out.run);
  out.target = parse_target(vm);
  reject_misplaced(vm, out.target);
  if (const auto filter = get_string(vm, "slowdown-filter")) {
    check_regex("slowdown-filter", *filter);
    out.slowdown_filter = filter;
  }
  out.confirm = get_int_at_least(vm, "confirm", 0).value_or(k_default_calibration_confirm);
  if (out.confirm > k_max_confirm_rounds) {
    throw input_error("--confirm " + std::to_string(out.confirm) + ": expected rounds in [0, " +
                      std::to_string(k_max_confirm_rounds) + "] (gate's --confirm)");
  }
  out.command_args = get_strings(vm, "command-arg");
  out.keep_dir = get_folder(vm, "keep-dir");
  out.repeats = get_int_at_least(vm, "repeats", k_min_calibration_repeats).value_or(k_default_calibration_repeats);
  if (const auto pct = get_percent_up_to(vm, "slowdown", k_max_slowdown_pct)) out.slowdown_pct = *pct;
  out.json_out = get_output_path(vm, "json");
  out.text_out = get_output_path(vm, "text-out");
  return out;
}

}  // namespace benchgate::options::detail
