#pragma once
// Results files with known timings for the history tests, written with the
// results module's own writer.

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "harness/formats/results_json.hpp"

namespace benchgate::testing {

inline std::string commit_id(int i) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%08x%032x", 0xc0de0000u + static_cast<unsigned>(i), static_cast<unsigned>(i));
  return buffer;
}

// Commit i is dated i hours after 2026-01-01T00:00:00Z.
inline std::string commit_date(int i) {
  constexpr std::time_t k_start = 1767225600;  // 2026-01-01T00:00:00Z
  constexpr std::time_t k_hour_s = 3600;
  const std::time_t t = k_start + i * k_hour_s;
  std::tm u{};
  ::gmtime_r(&t, &u);
  char buffer[40];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &u);
  return buffer;
}

// A run of commit i: `cells` cells named page_iter/core/k:J, each with 5
// samples of `ns[J]` ns times (1 + normal(0, cv)).
inline results::run_results synthetic_run(int i, const std::vector<double>& ns, double cv, unsigned seed,
                                          const std::string& cpu = "Test CPU") {
  results::run_results r;
  r.env.tool_version = "0.test";
  r.env.cpu_model = cpu;
  r.env.logical_cpus = 2;
  r.env.compiler = "GNU 12.2.0";
  r.env.compiler_flags = "-O3 -DNDEBUG";
  r.env.build_type = "Release";
  r.env.benchmark_version = "1.7.1";
  r.env.git_commit = commit_id(i);
  r.env.git_dirty = false;
  r.env.date = commit_date(i);
  std::mt19937_64 rng(seed * 7919u + static_cast<unsigned>(i));
  std::normal_distribution<double> normal(0, cv);
  for (std::size_t j = 0; j < ns.size(); ++j) {
    results::cell c;
    c.case_name = "page_iter";
    c.variant = "core";
    c.name = "page_iter/core/k:" + std::to_string(j);
    for (int s = 0; s < 5; ++s) {
      const double t = ns[j] * (1 + normal(rng));
      c.samples.push_back({1000, t, t, std::nullopt, {}});
    }
    r.cells.push_back(c);
  }
  return r;
}

inline std::string write_run(const std::filesystem::path& dir, int i, const results::run_results& r) {
  const auto path = dir / ("run-" + std::to_string(i) + ".json");
  results::save_results(r, path, "test");
  return path.string();
}

}  // namespace benchgate::testing
