#pragma once
// For runner tests: a tiny benchmark case, two variants (baseline, core)
// summing `size` integers over one axis; short timings; an observer that
// reports nothing.

#include <benchmark/benchmark.h>

#include <memory>
#include <numeric>
#include <vector>

#include "benchgate/case.hpp"
#include "harness/run/runner.hpp"
#include "harness/suite/registry.hpp"

namespace benchgate::run::testing {

class sum_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "sum"; }
  std::string_view description() const override { return "sums integers (test case)"; }
  std::vector<benchgate::variant_info> variants() const override {
    return {{"baseline", benchgate::variant_role::baseline, "loop"}, {"core", benchgate::variant_role::core, "loop"}};
  }
  std::vector<benchgate::axis_info> axes() const override { return {{"size", "integers", {"16", "64"}, {}, {}}}; }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    auto values = std::make_shared<std::vector<int>>(std::stoul(*point.find("size")), 1);
    const auto body = [values](benchgate::state& state) {
      state.loop([&] { benchgate::do_not_optimize(std::accumulate(values->begin(), values->end(), 0)); });
    };
    benchgate::prepared_point prepared;
    prepared.work = {benchgate::work_unit::items, static_cast<double>(values->size())};
    prepared.benches = {{"baseline", body, {}}, {"core", body, {}}};
    return prepared;
  }
};

inline suite::registry sum_registry() {
  std::vector<std::unique_ptr<benchgate::benchmark_case>> cases;
  cases.push_back(std::make_unique<sum_case>());
  return suite::registry(std::move(cases));
}

// Short timings: the tests check what is run, not how fast.
inline options::run_options quick_options() {
  options::run_options o;
  o.settings.samples = 6;
  o.settings.measurement_time_s = 0.012;
  o.settings.warmup_s = 0;
  return o;
}

// Runs without progress lines.
class silent_observer : public run_observer {
 public:
  void point_started(std::size_t, std::size_t, const planned_point&) override {}
  void point_finished(std::size_t, std::size_t, const planned_point&, std::span<const results::cell>) override {}
};

}  // namespace benchgate::run::testing
