#include "harness/run/plain_session.hpp"

#include <algorithm>
#include <cassert>
#include <map>
#include <random>

#include "harness/formats/gbench_json.hpp"
#include "harness/support/process/lockstep.hpp"
#include "harness/run/plain_benchmarks.hpp"

namespace benchgate::run {

plain_session::plain_session(const planned_point& planned, bool interleave, process::lockstep* turns)
    : planned_(planned), interleave_(interleave), turns_(turns) {
  assert(planned.plain);
  cells_ = planned.plain->cells;
  warmed_.assign(cells_.size(), false);
}

void plain_session::run_batch(const std::vector<std::size_t>& which, int repetitions, bool interleave) {
  google_benchmark_flags flags;
  flags.interleave = interleave;
  flags.repetitions = repetitions;
  flags.min_time_s = planned_.min_time_s;
  // Google Benchmark warms up every benchmark of a call alike: the
  // warm-up is given when the first of them has not had one yet.
  const bool cold = std::any_of(which.begin(), which.end(), [&](std::size_t i) { return !warmed_[i]; });
  flags.min_warmup_time_s = cold ? planned_.warmup_s : 0;
  std::vector<std::string> names;
  for (const auto i : which) names.push_back(cells_[i].name);
  const auto captured = run_benchmarks_named(names, flags);
  for (const auto i : which) {
    auto& c = cells_[i];
    warmed_[i] = true;
    const auto found = captured.find(c.name);
    if (found == captured.end()) {
      c.error = "Google Benchmark reported no run for this benchmark";
      continue;
    }
    c.samples.insert(c.samples.end(), found->second.samples.begin(), found->second.samples.end());
    if (!found->second.error.empty()) {
      c.error = "the benchmark failed: " + found->second.error;
      continue;
    }
    if (c.work.unit == benchgate::work_unit::none && !c.samples.empty()) {
      c.work = results::gbench_work_per_iteration(c.name, c.samples.front());
    }
  }
}

void plain_session::time(std::span<const int> samples) {
  assert(samples.size() == cells_.size());
  if (turns_ == nullptr) {
    std::map<int, std::vector<std::size_t>> by_count;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i].error.empty() && samples[i] > 0) by_count[samples[i]].push_back(i);
    }
    for (const auto& [count, which] : by_count) run_batch(which, count, interleave_);
    return;
  }
  // The partner takes its turn after each sample, so the two runs' samples
  // of a cell alternate and pair up (lockstep.hpp).
  std::mt19937_64 shuffle{std::random_device{}()};
  const int most = samples.empty() ? 0 : *std::max_element(samples.begin(), samples.end());
  for (int k = 0; k < most; ++k) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      if (cells_[i].error.empty() && samples[i] > k) order.push_back(i);
    }
    if (interleave_) std::shuffle(order.begin(), order.end(), shuffle);
    for (const auto i : order) {
      run_batch({i}, 1, false);
      turns_->yield();
    }
  }
}

}  // namespace benchgate::run
