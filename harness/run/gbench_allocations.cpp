#include "harness/run/gbench_allocations.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "harness/formats/metric.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::run {

namespace {

// Each line of the record file (harness/alloc_preload/alloc_preload.cpp).
constexpr const char* k_loop_tag = "loop";

}  // namespace

std::filesystem::path find_alloc_preload(const std::filesystem::path& executable) {
  if (const char* set = std::getenv(k_alloc_preload_variable); set != nullptr && *set != '\0') {
    const std::filesystem::path library(set);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(library, ec)) {
      throw input_error(std::string(k_alloc_preload_variable) + "=" + library.string() +
                        ": no such file; expected the path of " + k_alloc_preload_file +
                        " (built beside build/benchgate, installed in lib/benchgate/)");
    }
    return library;
  }
  const auto dir = executable.parent_path();
  // BENCHGATE_ALLOC_PRELOAD_INSTALL_DIR: lib/benchgate relative to the
  // installed bin/ (harness/run/CMakeLists.txt).
  const std::filesystem::path places[] = {dir / k_alloc_preload_file,
                                          dir / BENCHGATE_ALLOC_PRELOAD_INSTALL_DIR / k_alloc_preload_file};
  for (const auto& place : places) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(place, ec)) return place.lexically_normal();
  }
  throw input_error("--measure allocations: " + std::string(k_alloc_preload_file) + " is neither at " +
                    places[0].string() + " nor at " + places[1].lexically_normal().string() +
                    "; expected benchgate's build tree or install (cmake --install), or " +
                    k_alloc_preload_variable + " naming the file");
}

std::vector<std::string> alloc_preload_environment(const std::filesystem::path& library,
                                                   const std::filesystem::path& record) {
  return {"LD_PRELOAD=" + library.string(), "BENCHGATE_ALLOC_OUT=" + record.string()};
}

std::vector<std::pair<std::string, double>> read_loop_allocations(const std::filesystem::path& record,
                                                                   std::int64_t iterations, const std::string& what) {
  std::ifstream in(record);
  std::string line;
  std::string last;
  int line_number = 0;
  int last_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.empty()) continue;
    last = line;
    last_number = line_number;
  }
  if (last.empty()) {
    throw input_error(what + ": the allocation counter saw no timed loop (" + record.string() +
                      " is missing or empty); expected a Google Benchmark executable linked with the shared "
                      "libbenchmark (the counter wraps its loop functions, which a static link hides) whose "
                      "benchmark runs its loop");
  }
  std::istringstream fields(last);
  std::string tag;
  std::int64_t allocations = -1;
  std::int64_t frees = -1;
  std::int64_t bytes = -1;
  std::int64_t peak = -1;
  std::string extra;
  fields >> tag >> allocations >> frees >> bytes >> peak;
  if (!fields || tag != k_loop_tag || (fields >> extra) || allocations < 0 || frees < 0 || bytes < 0 || peak < 0) {
    throw input_error(what + ": " + record.string() + " line " + std::to_string(last_number) + " '" + last +
                      "': expected 'loop ALLOCATIONS FREES BYTES PEAK', whole numbers");
  }
  if (iterations < 1) {
    throw input_error(what + ": reported " + std::to_string(iterations) +
                      " iterations; expected at least 1 to divide the counts by");
  }
  const auto per_iteration = [&](std::int64_t count) {
    return static_cast<double>(count) / static_cast<double>(iterations);
  };
  return {{std::string(results::k_allocations_counter), per_iteration(allocations)},
          {std::string(results::k_frees_counter), per_iteration(frees)},
          {std::string(results::k_bytes_allocated_counter), per_iteration(bytes)},
          {std::string(results::k_peak_bytes_counter), static_cast<double>(peak)}};
}

}  // namespace benchgate::run
