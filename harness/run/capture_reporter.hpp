#pragma once
// A Google Benchmark reporter that prints nothing and keeps every repetition
// (aggregates such as mean and stddev are dropped: they are not samples).

#include <benchmark/benchmark.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::run {

struct captured_benchmark {
  std::vector<results::sample> samples;
  std::string error;  // the first SkipWithError message, if any
};

class capture_reporter : public benchmark::BenchmarkReporter {
 public:
  // What the captured runs are keyed by: the registered name
  // (function_name: benchgate's cells, whose registration adds settings
  // such as "/repeats:10" to the full name), or the full name Google
  // Benchmark prints and lists ("BM_copy/64/real_time": plain registrations).
  enum class name_key { function_name, full_name };

  explicit capture_reporter(name_key key = name_key::function_name);
  bool ReportContext(const Context& context) override;
  void ReportRuns(const std::vector<Run>& runs) override;

  const std::map<std::string, captured_benchmark>& captured() const { return captured_; }

  // What Google Benchmark wrote to the reporter's output stream (its
  // listing with --benchmark_list_tests) and error stream ("Failed to
  // match any benchmarks ..."), kept off the terminal.
  std::string output() const { return output_.str(); }
  std::string errors() const { return errors_.str(); }

 private:
  name_key key_;
  std::ostringstream output_;
  std::ostringstream errors_;
  std::map<std::string, captured_benchmark> captured_;
};

}  // namespace benchgate::run
