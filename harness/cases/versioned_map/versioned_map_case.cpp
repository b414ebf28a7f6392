#include "harness/cases/versioned_map/versioned_map_case.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "benchgate/input_error.hpp"
#include "benchgate/registration.hpp"
#include "benchgate/value_checks.hpp"
#include "harness/cases/versioned_map/benches.hpp"
#include "harness/cases/versioned_map/variants.hpp"

namespace benchgate::cases {

namespace {

namespace vmap = versioned_map;

// Axis bounds: below 1000 versions the phases are too short to time; 1e7
// (the spec's largest) keeps the extreme history under ~4 GB.
constexpr std::int64_t k_min_versions = 1000;
constexpr std::int64_t k_max_versions = 10'000'000;
// The window workload reads `window / 2` versions back, so it needs 2.
constexpr std::int64_t k_min_window = 2;
constexpr std::int64_t k_max_window = 1'000'000;

std::vector<std::string> all_workloads() {
  std::vector<std::string> out;
  for (const auto& w : vmap::k_workloads) out.emplace_back(w.workload);
  return out;
}

std::vector<std::string> all_phases() {
  std::vector<std::string> out;
  for (const auto& w : vmap::k_workloads) {
    for (const auto phase : w.phases) {
      if (!phase.empty()) out.emplace_back(phase);
    }
  }
  return out;
}

const std::vector<std::string>& values_of(const std::vector<benchgate::axis_values>& chosen, std::string_view axis) {
  return std::find_if(chosen.begin(), chosen.end(), [&](const auto& a) { return a.axis == axis; })->values;
}

class versioned_map_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "versioned_map"; }

  std::string_view description() const override {
    return "a multi-version map's roots container: std::map vs std::deque vs ring buffer (FoundationDB PR "
           "\"Replace std::map with std::deque for versionedMap\")";
  }

  std::vector<benchgate::variant_info> variants() const override {
    std::vector<benchgate::variant_info> out;
    vmap::for_each_variant([&](auto v) {
      out.push_back({std::string(v.name), v.role, std::string(v.description)});
    });
    return out;
  }

  std::vector<benchgate::axis_info> axes() const override {
    return {
        {"workload", "extreme (one version per mutation), window (FDB's multiversion benchmark), roots (container alone)",
         all_workloads(), {}, benchgate::one_of(all_workloads())},
        {"phase",
         "what is timed: extreme: mutate, read_latest, read_retained; window: update, find, lower_bound, scan; "
         "roots: push_pop, get_root",
         all_phases(), {}, benchgate::one_of(all_phases())},
        {"versions", "versions in the history (extreme; roots get_root): one per mutation, all retained",
         {"1000000"}, {"10000"}, benchgate::integer_in(k_min_versions, k_max_versions)},
        {"window", "retained versions (window; roots push_pop); FDB's benchmark retains 5000",
         {"5000"}, {}, benchgate::integer_in(k_min_window, k_max_window)},
    };
  }

  // Iterations take 0.1 s to a few seconds (a whole mutation stream).
  int default_samples() const override { return k_samples; }

  // Each workload names the axes it uses: extreme the versions, window the
  // window, roots/push_pop the window and roots/get_root the versions.
  std::vector<benchgate::param_point> points(const std::vector<benchgate::axis_values>& chosen,
                                         const std::vector<std::filesystem::path>&) const override {
    const auto& workloads = values_of(chosen, "workload");
    const auto& phases = values_of(chosen, "phase");
    std::vector<benchgate::param_point> out;
    for (const auto& w : vmap::k_workloads) {
      if (std::find(workloads.begin(), workloads.end(), w.workload) == workloads.end()) continue;
      for (const auto phase : w.phases) {
        if (phase.empty() || std::find(phases.begin(), phases.end(), phase) == phases.end()) continue;
        const bool uses_window = w.workload == "window" || phase == "push_pop";
        const std::string axis = uses_window ? "window" : "versions";
        for (const auto& value : values_of(chosen, axis)) {
          out.emplace_back(std::vector<std::pair<std::string, std::string>>{
              {"workload", std::string(w.workload)}, {"phase", std::string(phase)}, {axis, value}});
        }
      }
    }
    if (out.empty()) {
      throw input_error("--param phase: none of the chosen phases belongs to a chosen workload (extreme: mutate, "
                        "read_latest, read_retained; window: update, find, lower_bound, scan; roots: push_pop, "
                        "get_root)");
    }
    return out;
  }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    const std::string workload = *point.find("workload");
    const std::string phase = *point.find("phase");
    if (workload == "extreme") {
      return vmap::prepare_extreme(phase, static_cast<std::size_t>(point.integer("versions")));
    }
    if (workload == "window") return vmap::prepare_window(phase, point.integer("window"));
    return vmap::prepare_roots(phase, point.find("versions") ? static_cast<std::size_t>(point.integer("versions")) : 0,
                               point.find("window") ? point.integer("window") : 0);
  }

 private:
  static constexpr int k_samples = 10;  // the minimum sample size (docs/statistics.md, "Defaults")
};

}  // namespace

std::unique_ptr<benchgate::benchmark_case> make_versioned_map_case() { return std::make_unique<versioned_map_case>(); }

BENCHGATE_CASE(make_versioned_map_case);

}  // namespace benchgate::cases
