#include "harness/calibrate/calibrate.hpp"

#include <vector>

#include "harness/calibrate/noise_floor.hpp"
#include "harness/compare/compare.hpp"
#include "harness/environment/environment.hpp"
#include "harness/run/plan.hpp"

namespace benchgate::calibrate {

calibration calibrate(const options::calibrate_options& options, const suite::registry& cases,
                      run::run_observer& observer, const run_started& started) {
  const auto plain = run::make_plan(options.run, cases);
  auto slowed_options = options.run;
  slowed_options.settings.injected_slowdown_pct = options.slowdown_pct;
  slowed_options.settings.injected_slowdown_filter.reset();
  const auto slowed = run::make_plan(slowed_options, cases);

  calibration out;
  out.env = environment::capture();
  out.run_settings = plain.config;
  out.repeats = static_cast<std::size_t>(options.repeats);
  out.slowdown_pct = options.slowdown_pct;
  // CPU time: on a shared machine wall time also counts other jobs' turns.
  out.compared.metric = compare::time_metric::cpu;
  out.compared.noise_threshold = options.noise_threshold;

  const auto timed = [&](const run::run_plan& plan, int repeat, const std::string& label) {
    started(repeat, label);
    results::run_results r;
    r.env = out.env;
    r.config = plan.config;
    r.cells = run::execute(plan, observer);
    return r;
  };
  std::vector<compare::diff> aa;
  std::vector<compare::diff> bc;
  for (int repeat = 0; repeat < options.repeats; ++repeat) {
    const auto a = timed(plain, repeat, "A");
    const auto b = timed(plain, repeat, "B");
    const auto c = timed(slowed, repeat, "C");
    const auto tag = " (repeat " + std::to_string(repeat + 1) + ")";
    aa.push_back(compare::compare_results(a, "A" + tag, std::nullopt, b, "B" + tag, out.compared));
    bc.push_back(compare::compare_results(b, "B" + tag, std::nullopt, c, "C" + tag, out.compared));
  }
  summarize(out, aa, bc);
  return out;
}

}  // namespace benchgate::calibrate
