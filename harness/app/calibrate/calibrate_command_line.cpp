#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

// --slowdown above this is no longer a "small known regression" (as run's
// --inject-slowdown).
constexpr double k_max_slowdown_pct = k_max_injected_slowdown_pct;

std::optional<calibrate::calibration_target> parse_target(std::string_view text) {
  if (text == "compare") return calibrate::calibration_target::compare;
  if (text == "gate") return calibrate::calibration_target::gate;
  if (text == "ab") return calibrate::calibration_target::ab;
  return std::nullopt;
}

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<calibrate_options>> calibrate_rows() {
  return {
    {{"for", "COMMAND", takes::value,
      "what to calibrate: compare (runs in this process compared), gate (tries of two runs gated with "
      "--confirm N) or ab (tries of ab of this binary against itself)", "compare"},
     [](calibrate_options& o, const given& g) {
       o.target = named<calibrate::calibration_target>(g, parse_target, "compare, gate or ab");
     }},
    {{"repeats", "N", takes::value,
      "A/A and B/C comparisons per cell, >= 1; each repeat runs the cells three times. "
      "gate, ab: the A/A tries and the injected tries, N of each",
      std::to_string(k_default_calibration_repeats)},
     [](calibrate_options& o, const given& g) { o.repeats = count(g, {k_min_calibration_repeats}); }},
    {{"slowdown", "PCT", takes::value,
      "the slowdown injected in the C runs (gate, ab: the new side of the injected tries), in % of each "
      "cell's time", text::number_text(k_default_calibration_slowdown_pct)},
     [](calibrate_options& o, const given& g) {
       o.slowdown_pct = percent(g, {.low_included = false, .high = k_max_slowdown_pct, .example = ", e.g. 10"});
     }},
    {{"slowdown-filter", "REGEX", takes::value,
      "gate, ab: inject the slowdown only into the cells whose name matches REGEX; failing "
      "cells outside it are false failures", "all"},
     [](calibrate_options& o, const given& g) { o.slowdown_filter = regex(g); }},
    {{"confirm", "N", takes::value, "gate: each gate's --confirm N, >= 0",
      std::to_string(k_default_calibration_confirm)},
     [](calibrate_options& o, const given& g) {
       o.confirm = count(g, {0, k_max_confirm_rounds, "rounds"});
     }},
    {{"command-arg", "ARG", takes::values,
      "gate, ab: one more argument of each gate or ab command, written --command-arg=ARG "
      "(e.g. --command-arg=--pairs=2); repeatable"},
     [](calibrate_options& o, const given& g) { o.command_args = g.texts; }},
    {{"keep-dir", "DIR", takes::value,
      "gate, ab: keep every try's runs, verdict and log in DIR", "a temporary folder, removed"},
     [](calibrate_options& o, const given& g) { o.keep_dir = folder(g); }},
    {{"json", "FILE", takes::value,
      "write the calibration JSON (benchgate.calibration/1; gate, ab: /2) to FILE, atomically"},
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

// The options of the tries (--for gate, ab) have no meaning for compare,
// and --confirm none for ab.
void reject_misplaced(const parse_outcome& parsed, calibrate::calibration_target target) {
  const auto reject = [&](const char* option, const char* expected) {
    if (parsed.was_given(option)) {
      throw input_error(std::string("--") + option + ": not an option of calibrate --for " +
                        std::string(calibrate::to_string(target)) + "; expected " + expected);
    }
  };
  if (target == calibrate::calibration_target::compare) {
    for (const char* option : {"slowdown-filter", "confirm", "command-arg", "keep-dir"}) {
      reject(option, "--for gate or --for ab with it");
    }
  }
  if (target == calibrate::calibration_target::ab) {
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

constexpr help_page k_calibrate_page{
    "calibrate",
    "[--for] [RUN_OPTIONS]",
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
    "  benchgate calibrate --for ab --case page_iter --quick --repeats 3 --slowdown-filter 'page_iter/core/'",
    "  0  the calibration ran (whatever it found)\n"
    "  1  a benchmark failed its correctness check (gate, ab: a try's run or\n"
    "     command ended otherwise than with exit 0, 1 or 3)\n"
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
    out.run_args = parsed.unrecognized;
    reject_run_only(out.run);
  };
  const auto parsed = parse_table(out, k_calibrate_page, calibrate_rows(), args, true, run_part);
  if (parsed.help) return help_request{*parsed.help};
  reject_misplaced(parsed, out.target);
  check_outputs_apart({}, {{"--json", out.json_out}, {"--text-out", out.text_out}});
  return out;
}

}  // namespace benchgate::app::detail
