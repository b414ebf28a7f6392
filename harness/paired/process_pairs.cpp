#include "harness/paired/process_pairs.hpp"

#include <algorithm>

#include "harness/paired/paired_runs.hpp"

namespace benchgate::paired {

int samples_per_process_pair(int total, int pairs) {
  const int share = (total + pairs - 1) / std::max(pairs, 1);
  return std::max(share, options::k_min_samples);
}

std::vector<std::string> process_pair_arguments(const options::run_options& run, int total_samples, int pairs) {
  auto settings = run.settings;
  settings.measurement_time_s /= pairs;
  settings.warmup_s /= pairs;
  return pair_arguments(settings, samples_per_process_pair(total_samples, pairs));
}

}  // namespace benchgate::paired
