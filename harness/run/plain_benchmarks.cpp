#include "harness/run/plain_benchmarks.hpp"

#include <benchmark/benchmark.h>

#include <cassert>
#include <cstdio>
#include <random>
#include <regex>
#include <sstream>
#include <string_view>

namespace benchgate::run {

namespace {

// Enough digits that Google Benchmark reads back the same double.
std::string flag_number(double value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}

std::string flag_bool(bool value) { return value ? "true" : "false"; }

// The characters with a meaning in a POSIX extended regex outside a
// bracket expression; Google Benchmark compiles its filter as one
// (std::regex::extended or regcomp REG_EXTENDED, src/re.h).
constexpr std::string_view k_extended_regex_specials = ".[\\()*+?{|^$";

}  // namespace

void set_google_benchmark_flags(const google_benchmark_flags& flags) {
  std::vector<std::string> args = {
      "benchgate",
      "--benchmark_list_tests=" + flag_bool(flags.list_only),
      "--benchmark_enable_random_interleaving=" + flag_bool(flags.interleave),
      "--benchmark_repetitions=" + std::to_string(flags.repetitions),
      "--benchmark_min_time=" + flag_number(flags.min_time_s),
      "--benchmark_min_warmup_time=" + flag_number(flags.min_warmup_time_s),
      // Every repetition is a sample; aggregates are not wanted (the
      // capturing reporter drops them anyway).
      "--benchmark_report_aggregates_only=false",
      "--benchmark_display_aggregates_only=false",
  };
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  benchmark::Initialize(&argc, argv.data());
}

std::vector<std::string> registered_benchmark_names() {
  set_google_benchmark_flags({.list_only = true});
  // The listing goes to the reporter's output stream (RunSpecifiedBenchmarks
  // in benchmark.cc), "Failed to match any benchmarks" to its error stream.
  capture_reporter listing(capture_reporter::name_key::full_name);
  benchmark::RunSpecifiedBenchmarks(&listing, ".");
  set_google_benchmark_flags({});
  // benchgate's own registrations (fresh_registration_prefix) are not the program's.
  const std::regex own("^benchgate-[0-9a-f]{16}:");
  std::vector<std::string> names;
  std::istringstream lines(listing.output());
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && !std::regex_search(line, own)) names.push_back(line);
  }
  return names;
}

std::string fresh_registration_prefix() {
  std::mt19937_64 random{std::random_device{}()};
  char digits[17];
  std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(random()));
  return std::string("benchgate-") + digits + ":";
}

std::string exact_names_filter(const std::vector<std::string>& names) {
  assert(!names.empty());
  std::string out = "^(";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += '|';
    for (const char ch : names[i]) {
      if (k_extended_regex_specials.find(ch) != std::string_view::npos) out += '\\';
      out += ch;
    }
  }
  return out + ")$";
}

std::map<std::string, captured_benchmark> run_benchmarks_named(const std::vector<std::string>& names,
                                                               const google_benchmark_flags& flags) {
  assert(!flags.list_only);
  set_google_benchmark_flags(flags);
  capture_reporter reporter(capture_reporter::name_key::full_name);
  benchmark::RunSpecifiedBenchmarks(&reporter, exact_names_filter(names));
  set_google_benchmark_flags({});
  return reporter.captured();
}

}  // namespace benchgate::run
