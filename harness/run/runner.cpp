#include "harness/run/runner.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cassert>
#include <map>
#include <optional>
#include <regex>
#include <string>

#include "harness/results/merge.hpp"
#include "harness/run/callgrind_counter.hpp"
#include "harness/run/capture_reporter.hpp"
#include "harness/run/lockstep.hpp"
#include "harness/run/slowdown.hpp"

namespace benchgate::run {

namespace {

// Google Benchmark reads its settings from flags; these are the only ones
// benchgate passes (the rest are per benchmark: repetitions, min time).
void initialize_google_benchmark(bool interleave) {
  std::vector<std::string> args = {
      "benchgate",
      std::string("--benchmark_enable_random_interleaving=") + (interleave ? "true" : "false"),
  };
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  benchmark::Initialize(&argc, argv.data());
}

results::cell make_cell(const planned_point& planned, const suite::variant_info& variant,
                        const suite::prepared_point& prepared) {
  results::cell c;
  c.case_name = std::string(planned.bench_case->name());
  c.variant = variant.name;
  c.name = suite::cell_name(c.case_name, variant.name, planned.point);
  c.role = variant.role;
  c.params = planned.point.values();
  c.work = prepared.work;
  c.figures = prepared.figures;
  for (const auto& bench : prepared.benches) {
    if (bench.variant == variant.name) {
      c.figures.insert(c.figures.end(), bench.figures.begin(), bench.figures.end());
    }
  }
  c.error = prepared.error;
  return c;
}

const suite::variant_bench* find_bench(const suite::prepared_point& prepared,
                                       const std::string& variant) {
  for (const auto& bench : prepared.benches) {
    if (bench.variant == variant) return &bench;
  }
  return nullptr;
}

// The extra work of the injected slowdown for one cell (slowdown.hpp),
// recorded in its figures; no knob when the slowdown does not apply.
class slowdown_injector {
 public:
  explicit slowdown_injector(const run_plan& plan) : pct_(plan.inject_slowdown_pct) {
    if (plan.inject_filter) filter_.emplace(*plan.inject_filter, std::regex::ECMAScript);
  }

  // Calibrated once per cell; later rounds reuse the same knobs.
  suite::loop_knobs knobs_for(results::cell& c, const suite::bench_body& body) {
    if (pct_ <= 0 || (filter_ && !std::regex_search(c.name, *filter_))) return {};
    if (const auto known = decided_.find(c.name); known != decided_.end()) return known->second;
    if (step_ns_ == 0) step_ns_ = measure_spin_step_ns();
    const auto pilot_ns = pilot_time_ns(body);
    if (!pilot_ns) return {};  // the timed run will report the body's failure
    const auto steps = spin_steps_for(pct_, *pilot_ns, step_ns_);
    c.figures.push_back({"injected_spin_steps", static_cast<double>(steps), "steps"});
    c.figures.push_back({"injected_pilot_ns", *pilot_ns, "ns"});
    return decided_[c.name] = {steps};
  }

 private:
  double pct_;
  std::optional<std::regex> filter_;
  double step_ns_ = 0;
  std::map<std::string, suite::loop_knobs> decided_;
};

// Samples of round `round` (from 0) when `samples` are split over `rounds`:
// as even as possible, the first rounds taking the remainder.
int samples_in_round(int samples, int round, int rounds) {
  return samples / rounds + (round < samples % rounds ? 1 : 0);
}

// Adds the samples (and any error) of a later round to the cells of the
// first; both list the point's variants in the same order.
void merge_round(std::vector<results::cell>& into, const std::vector<results::cell>& round) {
  for (std::size_t i = 0; i < into.size() && i < round.size(); ++i) results::append_samples(into[i], round[i]);
}

// Instruction mode: each sample's count per iteration, from the cell's
// counter (one count per sample, in the order they ran).
void add_instructions(results::cell& c, const callgrind_counter& counter) {
  const auto& counts = counter.per_iteration();
  if (counts.size() != c.samples.size()) {
    c.error = "callgrind counted " + std::to_string(counts.size()) + " of the " + std::to_string(c.samples.size()) +
              " samples; the case's body must run its loop through suite::timed_loop";
    return;
  }
  for (std::size_t i = 0; i < counts.size(); ++i) c.samples[i].instructions = counts[i];
}

std::vector<results::cell> run_point(const planned_point& planned, int samples, slowdown_injector& slowdown,
                                     callgrind_session* callgrind, lockstep* turns) {
  auto prepared = planned.bench_case->prepare(planned.point);
  std::vector<results::cell> cells;
  for (const auto& variant : planned.variants) {
    cells.push_back(make_cell(planned, variant, prepared));
    if (prepared.error.empty() && find_bench(prepared, variant.name) == nullptr) {
      cells.back().error = "the case prepared no benchmark for variant " + variant.name;
    }
  }
  const bool any_to_time = std::any_of(cells.begin(), cells.end(),
                                       [](const auto& c) { return c.error.empty(); });
  if (!any_to_time) return cells;

  std::vector<suite::loop_knobs> knobs(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].error.empty()) knobs[i] = slowdown.knobs_for(cells[i], find_bench(prepared, cells[i].variant)->body);
  }
  std::vector<callgrind_counter> counters;
  if (callgrind != nullptr) {
    for (std::size_t i = 0; i < cells.size(); ++i) counters.emplace_back(*callgrind, cells[i].name);
    for (std::size_t i = 0; i < cells.size(); ++i) knobs[i].counter = &counters[i];
  }
  benchmark::ClearRegisteredBenchmarks();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto& c = cells[i];
    if (!c.error.empty()) continue;
    const auto* bench = find_bench(prepared, c.variant);
    auto* registered = benchmark::RegisterBenchmark(
        c.name.c_str(), [body = bench->body, knobs = knobs[i], turns](benchmark::State& state) {
          body(state, knobs);
          // The partner's turn: it times a sample of its own.
          if (turns != nullptr) turns->yield();
        });
    registered->Repetitions(samples)->Unit(benchmark::kNanosecond);
    if (callgrind != nullptr) {
      // Fixed: the counted iterations plus the warm-up one (timed_loop.hpp).
      registered->Iterations(options::k_instruction_iterations + 1);
      continue;
    }
    registered->MinTime(planned.min_time_s);
    if (planned.warmup_s > 0) registered->MinWarmUpTime(planned.warmup_s);
  }
  capture_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::ClearRegisteredBenchmarks();

  for (auto& c : cells) {
    if (!c.error.empty()) continue;
    const auto found = reporter.captured().find(c.name);
    if (found == reporter.captured().end()) {
      c.error = "Google Benchmark reported no run for this cell";
      continue;
    }
    c.samples = found->second.samples;
    if (!found->second.error.empty()) {
      c.error = "the benchmark failed: " + found->second.error;
    } else if (callgrind != nullptr) {
      add_instructions(c, counters[static_cast<std::size_t>(&c - cells.data())]);
    }
  }
  return cells;
}

}  // namespace

std::vector<results::cell> execute(const run_plan& plan, run_observer& observer, lockstep* turns) {
  initialize_google_benchmark(plan.interleave);
  slowdown_injector slowdown(plan);
  std::optional<callgrind_session> callgrind;
  if (plan.callgrind_out) callgrind.emplace(*plan.callgrind_out);
  const auto count = plan.points.size();
  const int rounds = std::max(1, plan.rounds);
  std::vector<std::vector<results::cell>> by_point(count);
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t i = 0; i < count; ++i) {
      const auto& planned = plan.points[i];
      const int samples = samples_in_round(planned.samples, round, rounds);
      if (samples == 0) continue;
      observer.point_started(static_cast<std::size_t>(round) * count + i, count * static_cast<std::size_t>(rounds),
                             planned);
      auto cells = run_point(planned, samples, slowdown, callgrind ? &*callgrind : nullptr, turns);
      if (by_point[i].empty()) {
        by_point[i] = std::move(cells);
      } else {
        merge_round(by_point[i], cells);
      }
      if (round + 1 == rounds || samples_in_round(planned.samples, round + 1, rounds) == 0) {
        observer.point_finished(i, count, planned, by_point[i]);
      }
    }
  }
  std::vector<results::cell> all;
  for (auto& cells : by_point) std::move(cells.begin(), cells.end(), std::back_inserter(all));
  return all;
}

}  // namespace benchgate::run
