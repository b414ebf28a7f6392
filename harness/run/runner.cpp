#include "harness/run/runner.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <map>
#include <optional>
#include <regex>
#include <string>

#include "harness/environment/environment.hpp"
#include "harness/results/merge.hpp"
#include "harness/results/pairing.hpp"
#include "harness/run/callgrind_counter.hpp"
#include "harness/run/capture_reporter.hpp"
#include "harness/run/lockstep.hpp"
#include "harness/run/precision.hpp"
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
  explicit slowdown_injector(const run_plan& plan) : pct_(plan.config.injected_slowdown_pct) {
    if (plan.config.injected_slowdown_filter) filter_.emplace(*plan.config.injected_slowdown_filter, std::regex::ECMAScript);
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
              " samples; the case's body must run its loop through state.loop";
    return;
  }
  for (std::size_t i = 0; i < counts.size(); ++i) c.samples[i].instructions = counts[i];
  // With the cache simulation, one set of figures per sample (the session
  // refuses a dump without them), stored as the sample's counters.
  const auto& cache = counter.cache_per_iteration();
  for (std::size_t i = 0; i < cache.size() && i < c.samples.size(); ++i) {
    const auto counters = as_counters(cache[i]);
    c.samples[i].counters.insert(c.samples[i].counters.end(), counters.begin(), counters.end());
  }
}

// One grid point, prepared once and timed in one or more batches of
// samples (one batch with fixed samples; several with --precision).
class point_session {
 public:
  point_session(const planned_point& planned, slowdown_injector& slowdown, callgrind_session* callgrind,
                lockstep* turns)
      : planned_(planned), prepared_(planned.bench_case->prepare(planned.point)), turns_(turns), callgrind_(callgrind) {
    for (const auto& variant : planned.variants) {
      cells_.push_back(make_cell(planned, variant, prepared_));
      if (prepared_.error.empty() && find_bench(prepared_, variant.name) == nullptr) {
        cells_.back().error = "the case prepared no benchmark for variant " + variant.name;
      }
    }
    if (!timable()) return;
    knobs_.resize(cells_.size());
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i].error.empty()) knobs_[i] = slowdown.knobs_for(cells_[i], find_bench(prepared_, cells_[i].variant)->body);
    }
    if (callgrind != nullptr) {
      counters_.reserve(cells_.size());
      for (std::size_t i = 0; i < cells_.size(); ++i) counters_.emplace_back(*callgrind, cells_[i].name);
      for (std::size_t i = 0; i < cells_.size(); ++i) knobs_[i].counter = &counters_[i];
    }
  }

  // Whether any variant is left to time (none when preparation failed).
  bool timable() const {
    return std::any_of(cells_.begin(), cells_.end(), [](const auto& c) { return c.error.empty(); });
  }

  // Uncounted samples each cell runs first (callgrind_counter.hpp).
  int warmup_samples() const { return callgrind_ != nullptr && callgrind_->cache_sim() ? k_cache_warmup_samples : 0; }

  // The point's cells with every sample so far, in the point's variant order.
  std::vector<results::cell>& cells() { return cells_; }

  // Times `samples[i]` more samples of cell i (none: 0, or an error), the
  // cells timed together interleaved. A cell's first samples warm up and
  // let Google Benchmark size them; its later ones reuse that iteration
  // count, so all the samples of a cell are alike.
  void time(std::span<const int> samples) {
    benchmark::ClearRegisteredBenchmarks();
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const auto& c = cells_[i];
      if (!c.error.empty() || samples[i] <= 0) continue;
      const auto* bench = find_bench(prepared_, c.variant);
      auto* registered = benchmark::RegisterBenchmark(
          c.name.c_str(), [body = bench->body, knobs = knobs_[i], turns = turns_](benchmark::State& gbench) {
            benchgate::state state(gbench, knobs);
            body(state);
            // The partner's turn: it times a sample of its own.
            if (turns != nullptr) turns->yield();
          });
      registered->Repetitions(samples[i] + warmup_samples())->Unit(benchmark::kNanosecond);
      if (!counters_.empty()) {
        // Fixed: the counted iterations plus the warm-up one (timed_loop.hpp).
        registered->Iterations(options::k_instruction_iterations + 1);
        continue;
      }
      if (!c.samples.empty()) {
        registered->Iterations(c.samples.front().iterations);
        continue;
      }
      registered->MinTime(planned_.min_time_s);
      if (planned_.warmup_s > 0) registered->MinWarmUpTime(planned_.warmup_s);
    }
    capture_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::ClearRegisteredBenchmarks();

    for (std::size_t i = 0; i < cells_.size(); ++i) {
      auto& c = cells_[i];
      if (!c.error.empty() || samples[i] <= 0) continue;
      const auto found = reporter.captured().find(c.name);
      if (found == reporter.captured().end()) {
        c.error = "Google Benchmark reported no run for this cell";
        continue;
      }
      // The warm-up samples of the cache simulation are not the cell's.
      const auto warm = std::min<std::ptrdiff_t>(warmup_samples(), std::ssize(found->second.samples));
      c.samples.insert(c.samples.end(), found->second.samples.begin() + warm, found->second.samples.end());
      if (!found->second.error.empty()) {
        c.error = "the benchmark failed: " + found->second.error;
      } else if (!counters_.empty()) {
        add_instructions(c, counters_[i]);
      }
    }
  }

 private:
  const planned_point& planned_;
  suite::prepared_point prepared_;
  lockstep* turns_;
  callgrind_session* callgrind_;
  std::vector<results::cell> cells_;
  std::vector<suite::loop_knobs> knobs_;
  std::vector<callgrind_counter> counters_;
};

std::vector<results::cell> run_point(const planned_point& planned, int samples, slowdown_injector& slowdown,
                                     callgrind_session* callgrind, lockstep* turns) {
  point_session session(planned, slowdown, callgrind, turns);
  if (session.timable()) session.time(std::vector<int>(session.cells().size(), samples));
  return std::move(session.cells());
}

// A cell's relative interval half-width, of the wall time per iteration
// (the report's and compare's default metric).
double cell_half_width(const results::cell& c) {
  std::vector<double> times;
  times.reserve(c.samples.size());
  for (const auto& s : c.samples) times.push_back(s.real_ns);
  return relative_half_width(times);
}

// The CPU time of a cell's samples: the clock Google Benchmark sizes
// samples with, and so what its share of the measurement time buys with
// fixed samples, at any load (warm-up and setup are not counted).
double timed_cpu_seconds(const results::cell& c) {
  constexpr double k_ns_per_s = 1e9;
  double ns = 0;
  for (const auto& s : c.samples) ns += s.cpu_ns * static_cast<double>(s.iterations);
  return ns / k_ns_per_s;
}

// --precision: each cell is timed in batches until its own interval is
// within the target or its share of the point's time cap is spent
// (precision.hpp); the cells still going are timed together, interleaved.
// Each cell gets two figures: the half-width reached and whether its cap
// stopped it (results::k_ci_half_width_figure, k_stopped_by_cap_figure).
std::vector<results::cell> run_point_to_precision(const planned_point& planned, slowdown_injector& slowdown) {
  const auto& target = *planned.precision;
  point_session session(planned, slowdown, nullptr, nullptr);
  auto& cells = session.cells();
  if (!session.timable()) return std::move(cells);
  // Each variant's share of the cap, as fixed samples share the
  // measurement time.
  const double cell_cap_s = target.cap_s / static_cast<double>(cells.size());
  std::vector<int> batch(cells.size(), target.min_samples);
  std::vector<bool> capped(cells.size(), false);
  while (std::any_of(batch.begin(), batch.end(), [](int b) { return b > 0; })) {
    session.time(batch);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto& c = cells[i];
      batch[i] = 0;
      if (!c.error.empty()) continue;
      const auto next = next_step(static_cast<int>(c.samples.size()), cell_half_width(c),
                                  target.relative_half_width, timed_cpu_seconds(c), cell_cap_s);
      batch[i] = next.samples;
      capped[i] = next.capped;
    }
  }
  constexpr double k_percent = 100;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    auto& c = cells[i];
    if (!c.error.empty()) continue;
    c.figures.push_back({std::string(results::k_ci_half_width_figure), cell_half_width(c) * k_percent, "%"});
    c.figures.push_back({std::string(results::k_stopped_by_cap_figure), capped[i] ? 1.0 : 0.0, "flag"});
  }
  return std::move(cells);
}

}  // namespace

std::vector<results::cell> execute(const run_plan& plan, run_observer& observer, lockstep* turns) {
  initialize_google_benchmark(plan.interleave);
  slowdown_injector slowdown(plan);
  std::optional<callgrind_session> callgrind;
  if (plan.callgrind_out) callgrind.emplace(*plan.callgrind_out, plan.keep_callgrind_dumps, plan.config.cache_sim);
  const auto count = plan.points.size();
  const int rounds = std::max(1, plan.config.rounds);
  std::vector<std::vector<results::cell>> by_point(count);
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t i = 0; i < count; ++i) {
      const auto& planned = plan.points[i];
      const int samples = samples_in_round(planned.samples, round, rounds);
      if (samples == 0) continue;
      observer.point_started(static_cast<std::size_t>(round) * count + i, count * static_cast<std::size_t>(rounds),
                             planned);
      auto cells = planned.precision ? run_point_to_precision(planned, slowdown)
                                     : run_point(planned, samples, slowdown, callgrind ? &*callgrind : nullptr, turns);
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

timed_run run_results_of(const run_plan& plan, run_observer& observer, lockstep* turns, bool builtin_only) {
  const auto started = std::chrono::steady_clock::now();
  timed_run out;
  out.results.run_id = results::make_run_id();
  out.results.env = environment::capture();
  if (!builtin_only) {
    out.results.env.git_commit.reset();
    out.results.env.git_dirty.reset();
  }
  out.results.config = plan.config;
  out.results.cells = execute(plan, observer, turns);
  out.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace benchgate::run
