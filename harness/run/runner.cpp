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
#include "harness/formats/metric.hpp"
#include "harness/formats/merge.hpp"
#include "harness/formats/pairing_records.hpp"
#include "harness/run/allocation_counter.hpp"
#include "harness/run/callgrind_counter.hpp"
#include "harness/run/capture_reporter.hpp"
#include "harness/support/process/lockstep.hpp"
#include "harness/run/plain_benchmarks.hpp"
#include "harness/run/plain_session.hpp"
#include "harness/run/precision.hpp"
#include "harness/run/slowdown.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::run {

namespace {

results::cell make_cell(const planned_point& planned, const benchgate::variant_info& variant,
                        const benchgate::prepared_point& prepared) {
  results::cell c;
  c.case_name = std::string(planned.bench_case->name());
  c.variant = variant.name;
  c.name = benchgate::cell_name(c.case_name, variant.name, planned.point);
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

const benchgate::variant_bench* find_bench(const benchgate::prepared_point& prepared,
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
  benchgate::detail::loop_knobs knobs_for(results::cell& c, const benchgate::bench_body& body) {
    if (pct_ <= 0 || (filter_ && !std::regex_search(c.name, *filter_))) return {};
    if (const auto known = decided_.find(c.name); known != decided_.end()) return known->second;
    if (step_ns_ == 0) step_ns_ = measure_spin_step_ns();
    const auto work = calibrate_slowdown(body, pct_, step_ns_);
    if (work.pilot_ns == 0) return {};  // the timed run will report the body's failure
    c.figures.push_back({"injected_spin_steps", static_cast<double>(work.steps), "steps"});
    c.figures.push_back({"injected_pilot_ns", work.pilot_ns, "ns"});
    c.figures.push_back({"injected_overhead_ns", work.overhead_ns, "ns"});
    return decided_[c.name] = {work.steps};
  }

 private:
  double pct_;
  std::optional<std::regex> filter_;
  double step_ns_ = 0;
  std::map<std::string, benchgate::detail::loop_knobs> decided_;
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

// Allocation mode: the counts of the `added` samples just appended to the
// cell. Google Benchmark calls the body to warm up and to size the
// iterations before the samples it reports, so the samples are the
// counter's last records; their iteration counts must agree (the first
// iteration of each is the uncounted warm-up).
void add_allocations(results::cell& c, const allocation_counter& counter, std::size_t added) {
  const auto& records = counter.records();
  if (records.size() < added || c.samples.size() < added) {
    c.error = "allocations: counted " + std::to_string(records.size()) + " body calls for " + std::to_string(added) +
              " samples; the case's body must run its loop through state.loop";
    return;
  }
  const auto first_record = records.size() - added;
  const auto first_sample = c.samples.size() - added;
  for (std::size_t i = 0; i < added; ++i) {
    const auto& r = records[first_record + i];
    auto& s = c.samples[first_sample + i];
    // Not a count of 0: nothing was counted.
    if (s.iterations < 2) {
      c.error = "allocations: a sample of 1 iteration counted nothing (its only iteration is the uncounted "
                "warm-up); expected samples of 2 or more iterations: a longer --min-time or --measurement-time";
      return;
    }
    if (r.counted_iterations + 1 != s.iterations) {
      c.error = "allocations: a sample of " + std::to_string(s.iterations) + " iterations counted " +
                std::to_string(r.counted_iterations) + "; expected one less (the warm-up)";
      return;
    }
    s.counters.emplace_back(results::k_allocations_counter, r.allocations);
    s.counters.emplace_back(results::k_frees_counter, r.frees);
    s.counters.emplace_back(results::k_bytes_allocated_counter, r.bytes_allocated);
    s.counters.emplace_back(results::k_peak_bytes_counter, r.peak_bytes);
  }
}

// One grid point, prepared once and timed in one or more batches of
// samples (one batch with fixed samples; several with --precision).
class point_session final : public timing_session {
 public:
  point_session(const planned_point& planned, bool interleave, slowdown_injector& slowdown,
                callgrind_session* callgrind, bool count_allocations, process::lockstep* turns)
      : planned_(planned),
        interleave_(interleave),
        prepared_(planned.bench_case->prepare(planned.point)),
        turns_(turns),
        callgrind_(callgrind) {
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
    } else if (count_allocations) {
      allocation_counters_.resize(cells_.size());
      for (std::size_t i = 0; i < cells_.size(); ++i) knobs_[i].counter = &allocation_counters_[i];
    }
  }

  // Whether any variant is left to time (none when preparation failed).
  bool timable() const override {
    return std::any_of(cells_.begin(), cells_.end(), [](const auto& c) { return c.error.empty(); });
  }

  // Uncounted samples each cell runs first (callgrind_counter.hpp).
  int warmup_samples() const { return callgrind_ != nullptr && callgrind_->cache_sim() ? k_cache_warmup_samples : 0; }

  // The point's cells with every sample so far, in the point's variant order.
  std::vector<results::cell>& cells() override { return cells_; }

  // Times `samples[i]` more samples of cell i (none: 0, or an error), the
  // cells timed together interleaved. A cell's first samples warm up and
  // let Google Benchmark size them; its later ones reuse that iteration
  // count, so all the samples of a cell are alike.
  void time(std::span<const int> samples) override {
    // Each batch under a prefix of its own (fresh_registration_prefix).
    const auto prefix = fresh_registration_prefix();
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      const auto& c = cells_[i];
      if (!c.error.empty() || samples[i] <= 0) continue;
      const auto* bench = find_bench(prepared_, c.variant);
      // The body by pointer: the registration outlives this session, but is
      // run only by the call below (its prefix is this batch's alone), and
      // a copy would keep the point's prepared data for the whole process.
      const auto registered_name = prefix + c.name;
      auto* registered = benchmark::RegisterBenchmark(
          registered_name.c_str(), [body = &bench->body, knobs = knobs_[i], turns = turns_](benchmark::State& gbench) {
            benchgate::state state(gbench, knobs);
            (*body)(state);
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
    set_google_benchmark_flags({.interleave = interleave_});
    benchmark::RunSpecifiedBenchmarks(&reporter, "^" + prefix);

    for (std::size_t i = 0; i < cells_.size(); ++i) {
      auto& c = cells_[i];
      if (!c.error.empty() || samples[i] <= 0) continue;
      const auto found = reporter.captured().find(prefix + c.name);
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
      } else if (!allocation_counters_.empty()) {
        add_allocations(c, allocation_counters_[i], found->second.samples.size());
      }
    }
  }

 private:
  const planned_point& planned_;
  bool interleave_;
  benchgate::prepared_point prepared_;
  process::lockstep* turns_;
  callgrind_session* callgrind_;
  std::vector<results::cell> cells_;
  std::vector<benchgate::detail::loop_knobs> knobs_;
  std::vector<callgrind_counter> counters_;
  std::vector<allocation_counter> allocation_counters_;  // sized once: the knobs point into it
};

std::vector<results::cell> run_fixed(timing_session& session, int samples) {
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
  double ns = 0;
  for (const auto& s : c.samples) ns += s.cpu_ns * static_cast<double>(s.iterations);
  return ns / units::k_ns_per_s;
}

// --precision: each cell is timed in batches until its own interval is
// within the target or its share of the point's time cap is spent
// (precision.hpp); the cells still going are timed together, interleaved.
// Each cell gets two figures: the half-width reached and whether its cap
// stopped it (results::k_ci_half_width_figure, k_stopped_by_cap_figure).
std::vector<results::cell> run_to_precision(timing_session& session, const precision_target& target) {
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
  for (std::size_t i = 0; i < cells.size(); ++i) {
    auto& c = cells[i];
    if (!c.error.empty()) continue;
    c.figures.push_back({std::string(results::k_ci_half_width_figure), cell_half_width(c) * units::k_percent, "%"});
    c.figures.push_back({std::string(results::k_stopped_by_cap_figure), capped[i] ? 1.0 : 0.0, "flag"});
  }
  return std::move(cells);
}

// One point's samples of one round: fixed, or to its precision target.
std::vector<results::cell> run_point(const planned_point& planned, int samples, const run_plan& plan,
                                     slowdown_injector& slowdown, callgrind_session* callgrind, process::lockstep* turns) {
  if (planned.plain) {
    plain_session session(planned, plan.interleave, turns);
    return planned.precision ? run_to_precision(session, *planned.precision) : run_fixed(session, samples);
  }
  if (planned.precision) {
    point_session session(planned, plan.interleave, slowdown, nullptr, plan.count_allocations, nullptr);
    return run_to_precision(session, *planned.precision);
  }
  point_session session(planned, plan.interleave, slowdown, callgrind, plan.count_allocations, turns);
  return run_fixed(session, samples);
}

}  // namespace

std::vector<results::cell> execute(const run_plan& plan, run_observer& observer, process::lockstep* turns) {
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
      auto cells = run_point(planned, samples, plan, slowdown, callgrind ? &*callgrind : nullptr, turns);
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

timed_run run_results_of(const run_plan& plan, run_observer& observer, process::lockstep* turns, bool builtin_only) {
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
