#pragma once
// A Google Benchmark reporter that prints nothing and keeps every repetition
// (aggregates such as mean and stddev are dropped: they are not samples).

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

#include "harness/results/model.hpp"

namespace benchgate::run {

struct captured_benchmark {
  std::vector<results::sample> samples;
  std::string error;  // the first SkipWithError message, if any
};

class capture_reporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;

  // By registered benchmark name (Google Benchmark's function_name).
  const std::map<std::string, captured_benchmark>& captured() const { return captured_; }

 private:
  std::map<std::string, captured_benchmark> captured_;
};

}  // namespace benchgate::run
