#include "harness/run/capture_reporter.hpp"

#include "harness/support/units/units.hpp"

namespace benchgate::run {

capture_reporter::capture_reporter(name_key key) : key_(key) {
  SetOutputStream(&output_);
  SetErrorStream(&errors_);
}

bool capture_reporter::ReportContext(const Context&) { return true; }

void capture_reporter::ReportRuns(const std::vector<Run>& runs) {
  for (const auto& run : runs) {
    if (run.run_type != Run::RT_Iteration) continue;
    auto& entry =
        captured_[key_ == name_key::function_name ? run.run_name.function_name : run.run_name.str()];
    if (run.error_occurred) {
      if (entry.error.empty()) entry.error = run.error_message;
      continue;
    }
    results::sample s;
    s.iterations = run.iterations;
    const auto iterations = static_cast<double>(run.iterations);
    s.real_ns = run.real_accumulated_time * units::k_ns_per_s / iterations;
    s.cpu_ns = run.cpu_accumulated_time * units::k_ns_per_s / iterations;
    for (const auto& [name, counter] : run.counters) s.counters.emplace_back(name, counter.value);
    entry.samples.push_back(std::move(s));
  }
}

}  // namespace benchgate::run
