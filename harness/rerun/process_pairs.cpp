#include "harness/rerun/process_pairs.hpp"

#include <algorithm>

namespace benchgate::rerun {

int samples_per_process_pair(int total, int pairs) {
  const int share = (total + pairs - 1) / std::max(pairs, 1);
  return std::max(share, options::k_min_samples);
}

std::vector<std::string> process_pair_arguments(const options::run_options& run, int total_samples, int pairs) {
  auto settings = run.settings;
  settings.samples = samples_per_process_pair(total_samples, pairs);
  settings.measurement_time_s /= pairs;
  settings.random_interleaving = false;
  return options::to_arguments(settings);
}

}  // namespace benchgate::rerun
