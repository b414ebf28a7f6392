// benchgate run: the plan timed here (or under callgrind), each point's report
// printed as it finishes; the results saved and compared as asked.

#include <algorithm>
#include <iostream>
#include <sstream>

#include "harness/app/commands.hpp"
#include "harness/compare/compare.hpp"
#include "harness/formats/baseline_store.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/report/format.hpp"
#include "harness/report/progress.hpp"
#include "harness/report/run_report.hpp"
#include "harness/formats/results_json.hpp"
#include "harness/run/cache_sim.hpp"
#include "harness/support/process/lockstep.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/run/runner.hpp"

namespace benchgate::app {

namespace {

// Prints each point's report as it finishes, and a progress line between.
class printing_observer : public run::run_observer {
 public:
  printing_observer(std::ostream& out, std::ostringstream& text)
      : out_(out), text_(text), progress_(report::stderr_is_terminal()) {}

  void point_started(std::size_t index, std::size_t count, const run::planned_point& planned) override {
    progress_.update(index, count, run::point_label(planned));
  }

  void point_finished(std::size_t, std::size_t, const run::planned_point&,
                      std::span<const results::cell> cells) override {
    progress_.clear();
    // One block a grid point: a case's point is one; a point of plain
    // Google Benchmark registrations may hold several (run/plain_plan.hpp).
    for (std::size_t first = 0; first < cells.size();) {
      std::size_t end = first + 1;
      while (end < cells.size() && cells[end].case_name == cells[first].case_name &&
             cells[end].params == cells[first].params) {
        ++end;
      }
      const auto block = report::point_report(cells.subspan(first, end - first));
      out_ << block << std::flush;
      text_ << block;
      first = end;
    }
  }

 private:
  std::ostream& out_;
  std::ostringstream& text_;
  report::progress_line progress_;
};

}  // namespace

exit_code run_benchmarks(const options::run_options& options, const suite::registry& cases,
                         const std::vector<std::string>& plain_benchmarks, std::ostream& out, std::ostream& err) {
  const auto plan = run::make_plan(options, cases, plain_benchmarks);
  if (options.settings.measure == options::measure_kind::instructions && !options.callgrind_out) {
    // The child under callgrind does the run, prints and writes everything;
    // its exit code (any of the documented ones) is this run's.
    out.flush();
    return static_cast<exit_code>(run::run_under_callgrind(options.args, options.settings.cache_sim));
  }
  // Fail on an unwritable destination or a missing baseline before spending
  // minutes measuring.
  std::optional<std::filesystem::path> saved_baseline;
  if (options.save_baseline) saved_baseline = results::baseline_path(options.baseline_dir, *options.save_baseline);
  files::check_outputs(
      {{options.out, "--out"}, {options.text_out, "--text-out"}, {saved_baseline, "--save-baseline"}});
  std::optional<results::run_results> baseline;
  if (options.baseline) baseline = results::load_baseline(options.baseline_dir, *options.baseline, "--baseline");
  const auto turns = process::lockstep::join(options.lockstep_fd);  // held until the outputs are written
  std::ostringstream text;
  printing_observer observer(out, text);
  const auto [results, elapsed_s] = run::run_results_of(plan, observer, turns.get(), cases.builtin_only() && plain_benchmarks.empty());

  const auto print = [&](const std::string& s) { out << s; text << s; };
  std::size_t unchecked = 0;
  for (const auto& point : plan.points) unchecked += point.plain ? point.plain->cells.size() : 0;
  print(report::run_summary(results.cells, elapsed_s, unchecked));
  if (options.settings.cache_sim) {
    // Every dump was checked to have simulated exactly these caches.
    print("cache simulation: callgrind's model of " + std::string(run::k_cache_model) +
          " (not this machine's caches); per iteration l1_hits, ll_hits, ram_accesses and estimated_cycles "
          "(L1 hits + 5 x LL hits + 35 x RAM accesses) are in each sample's counters\n");
  }
  if (options.out) {
    results::save_results(results, *options.out, "--out");
    out << "results: " << options.out->string() << "\n";
  }
  if (baseline) {
    print("\nChange against baseline '" + *options.baseline + "':\n\n");
    // compare's default statistics; an instruction run is compared on its
    // counts (its times are valgrind's).
    compare::comparison_settings settings;
    if (options.settings.measure == options::measure_kind::instructions) {
      settings.metric = compare::time_metric::instructions;
    }
    const auto d = compare::compare_results(*baseline, results::baseline_path(options.baseline_dir, *options.baseline),
                                            options.baseline, results, options.out.value_or("(this run)"), settings);
    text << print_comparison(d, out, err);
  }
  files::write_output(options.text_out, text.str(), "--text-out");
  const auto failed = std::count_if(results.cells.begin(), results.cells.end(),
                                    [](const results::cell& c) { return !c.error.empty(); });
  if (options.save_baseline && failed == 0) {
    results::save_baseline(results, options.baseline_dir, *options.save_baseline, "--save-baseline");
    out << "baseline saved: " << *options.save_baseline << " (" << saved_baseline->string() << ")\n";
  } else if (options.save_baseline) {
    err << "warning: baseline '" << *options.save_baseline << "' not saved: " << report::counted(failed, "cell")
        << " failed; the saved one (if any) is unchanged\n";
  }
  return failed == 0 ? exit_code::ok : exit_code::regression;
}

}  // namespace benchgate::app
