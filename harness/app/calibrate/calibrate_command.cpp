#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/calibrate/calibrate.hpp"
#include "harness/calibrate/tries.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/calibrate/calibration_report.hpp"
#include "harness/report/progress.hpp"
#include "harness/run/plan.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/calibrate/calibration_json.hpp"

namespace benchgate::app {

namespace {

// A progress line naming the repeat, the run and the grid point.
class calibration_progress : public run::run_observer {
 public:
  explicit calibration_progress(int repeats) : repeats_(repeats), line_(report::stderr_is_terminal()) {}

  void run_started(int repeat, const std::string& run) {
    label_ = "repeat " + std::to_string(repeat + 1) + "/" + std::to_string(repeats_) + " run " + run;
  }
  void point_started(std::size_t index, std::size_t count, const run::planned_point& planned) override {
    line_.update(index, count, label_ + ": " + run::point_label(planned));
  }
  void point_finished(std::size_t, std::size_t, const run::planned_point&, std::span<const results::cell>) override {}
  void clear() { line_.clear(); }

 private:
  int repeats_;
  std::string label_;
  report::progress_line line_;
};

// --for gate, ab: the tries, their report and JSON.
exit_code calibrate_commands(const options::calibrate_options& options, std::ostream& out, std::ostream& err) {
  const auto result =
      calibrate::calibrate_tries(options,
                                 [&](const std::string& experiment, const calibrate::calibration_try& t, int of) {
                                   err << calibrate::calibration_try_line(experiment, t, of) << "\n" << std::flush;
                                 });
  const auto text = calibrate::calibration_tries_report(result);
  out << text;
  if (options.json_out) {
    calibrate::save_calibration_tries(result, *options.json_out, "--json");
    out << "calibration: " << options.json_out->string() << "\n";
  }
  files::write_output(options.text_out, text, "--text-out");
  for (const auto& e : result.experiments) {
    if (e.other > 0) return exit_code::regression;
  }
  return exit_code::ok;
}

}  // namespace

exit_code calibrate_noise(const options::calibrate_options& options, const suite::registry& cases,
                          const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err) {
  files::check_outputs({{options.json_out, "--json"}, {options.text_out, "--text-out"}});
  if (options.target != calibrate::calibration_target::compare) {
    // The injected tries come after every A/A try, minutes later: a filter
    // that would slow nothing is refused before the first.
    if (options.slowdown_filter &&
        !run::matches_a_cell(run::make_plan(options.run, cases, plain_benchmarks).points, *options.slowdown_filter)) {
      throw input_error("--slowdown-filter " + *options.slowdown_filter +
                        ": matches no cell of the selected runs, so nothing would be slowed; see 'benchgate list' "
                        "for names");
    }
    return calibrate_commands(options, out, err);
  }
  calibration_progress progress(options.repeats);
  const auto result = calibrate::calibrate(options, cases, progress, [&](int repeat, const std::string& run) {
    progress.run_started(repeat, run);
  });
  progress.clear();
  const auto text = calibrate::calibration_report(result);
  out << text;
  if (options.json_out) {
    calibrate::save_calibration(result, *options.json_out, "--json");
    out << "calibration: " << options.json_out->string() << "\n";
  }
  files::write_output(options.text_out, text, "--text-out");
  return result.not_compared.empty() ? exit_code::ok : exit_code::regression;
}

}  // namespace benchgate::app
