#include <chrono>
#include <iostream>
#include <sstream>

#include "harness/app/commands.hpp"
#include "harness/environment/environment.hpp"
#include "harness/files/file_io.hpp"
#include "harness/report/progress.hpp"
#include "harness/report/run_report.hpp"
#include "harness/results/results_json.hpp"
#include "harness/run/runner.hpp"

namespace benchgate::app {

namespace {

// Prints each point's report as it finishes, and a progress line between.
class printing_observer : public run::run_observer {
 public:
  printing_observer(std::ostream& out, std::ostringstream& text)
      : out_(out), text_(text), progress_(report::stderr_is_terminal()) {}

  void point_started(std::size_t index, std::size_t count, const run::planned_point& planned) override {
    progress_.update(index, count, std::string(planned.bench_case->name()) + "/" + planned.point.label());
  }

  void point_finished(std::size_t, std::size_t, const run::planned_point&,
                      std::span<const results::cell> cells) override {
    progress_.clear();
    const auto block = report::point_report(cells);
    out_ << block << std::flush;
    text_ << block;
  }

 private:
  std::ostream& out_;
  std::ostringstream& text_;
  report::progress_line progress_;
};

}  // namespace

exit_code run_benchmarks(const options::run_options& options, const suite::registry& cases,
                         std::ostream& out) {
  const auto plan = run::make_plan(options, cases);
  // Fail on an unwritable destination before spending minutes measuring.
  if (options.out) files::check_writable(*options.out, "--out");
  if (options.text_out) files::check_writable(*options.text_out, "--text-out");
  const auto started = std::chrono::steady_clock::now();

  results::run_results results;
  results.env = environment::capture();
  results.config = plan.config;
  std::ostringstream text;
  printing_observer observer(out, text);
  results.cells = run::execute(plan, observer);

  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto summary = report::run_summary(results.cells, elapsed);
  out << summary;
  text << summary;
  if (options.out) {
    results::save_results(results, *options.out, "--out");
    out << "results: " << options.out->string() << "\n";
  }
  if (options.text_out) files::write_atomically(*options.text_out, text.str(), "--text-out");
  for (const auto& c : results.cells) {
    if (!c.error.empty()) return exit_code::regression;
  }
  return exit_code::ok;
}

}  // namespace benchgate::app
