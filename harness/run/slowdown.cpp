#include "harness/run/slowdown.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "harness/run/capture_reporter.hpp"
#include "harness/run/plain_benchmarks.hpp"
#include "harness/stats/summary.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::run {

namespace {

// Pilots are short: a few repetitions whose median shrugs off one
// preempted repetition on a shared machine.
constexpr int k_pilot_repetitions = 5;
constexpr double k_pilot_min_time_s = 0.02;
// Steps per iteration of the calibration loop: enough that the loop's own
// overhead is negligible next to the steps.
constexpr std::uint64_t k_calibration_steps = 10'000;

// Runs `body` alone under Google Benchmark and returns the median CPU time
// per iteration; nullopt when it reports an error. CPU time, because on a
// shared machine a pilot's wall time also counts the time other jobs held
// the core, which would inflate one pilot and not the other.
template <class Body>
std::optional<double> median_time_ns(const std::string& what, Body body) {
  // Under a fresh prefix, run by it alone: the registry is never cleared
  // (plain_benchmarks.hpp, fresh_registration_prefix).
  const auto prefix = fresh_registration_prefix();
  const auto name = prefix + what;
  benchmark::RegisterBenchmark(name.c_str(), body)
      ->Repetitions(k_pilot_repetitions)
      ->MinTime(k_pilot_min_time_s)
      ->Unit(benchmark::kNanosecond);
  capture_reporter reporter;
  set_google_benchmark_flags({});
  benchmark::RunSpecifiedBenchmarks(&reporter, "^" + prefix);
  const auto found = reporter.captured().find(name);
  if (found == reporter.captured().end() || !found->second.error.empty() || found->second.samples.empty()) {
    return std::nullopt;
  }
  std::vector<double> times;
  for (const auto& s : found->second.samples) times.push_back(s.cpu_ns);
  return stats::median(times);
}

}  // namespace

double measure_spin_step_ns() {
  const auto ns = median_time_ns("benchgate/spin_calibration", [](benchmark::State& state) {
    for (auto _ : state) benchgate::detail::spin(k_calibration_steps);
  });
  return ns.value_or(0) / static_cast<double>(k_calibration_steps);
}

std::optional<double> pilot_time_ns(const benchgate::bench_body& body, std::uint64_t extra_spin_steps) {
  return median_time_ns("benchgate/slowdown_pilot",
                        [&body, extra_spin_steps](benchmark::State& gbench) {
                          benchgate::state state(gbench, benchgate::detail::loop_knobs{extra_spin_steps});
                          body(state);
                        });
}

std::uint64_t spin_steps_for(double pct, double cell_ns, double step_ns, double overhead_ns) {
  if (!(pct > 0) || !(cell_ns > 0) || !(step_ns > 0)) return 0;
  // The overhead is the fences' and the call's, and the overlap of one
  // iteration with the next that they end, which cannot exceed an
  // iteration: a larger figure is a pilot that met a slow spell (seen under
  // ASan: 822 us on a 282 us cell, which left a +300 % slowdown at +40 %).
  const double overhead = std::clamp(overhead_ns, 0.0, cell_ns);
  const double wanted_ns = pct / units::k_percent * cell_ns - overhead;
  // A cell so short that the overhead alone exceeds the slowdown gets the
  // least that can be added, one step (the comparison measures what it is).
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(std::max(0.0, wanted_ns) / step_ns)));
}

injected_work calibrate_slowdown(const benchgate::bench_body& body, double pct, double step_ns) {
  injected_work out;
  const auto bare = pilot_time_ns(body, 0);
  if (!bare) return out;
  out.pilot_ns = *bare;
  const auto first = spin_steps_for(pct, *bare, step_ns);
  out.steps = first;
  if (first == 0) return out;
  const auto with_steps = pilot_time_ns(body, first);
  if (!with_steps) return out;
  // What the steps cost beyond their own time in this body: the fences'
  // and the call's, and the overlap of iterations they end.
  out.overhead_ns = *with_steps - *bare - static_cast<double>(first) * step_ns;
  out.steps = spin_steps_for(pct, *bare, step_ns, out.overhead_ns);
  return out;
}

}  // namespace benchgate::run
