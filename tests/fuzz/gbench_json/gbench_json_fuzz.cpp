// Fuzz target for the Google Benchmark JSON reader, entered below the
// loader's routing (parse_json, then gbench_from_json, as parse_any_results
// does for a document with a "benchmarks" array) so that every input
// exercises it. Any bytes must give cells or an input_error; loaded cells
// hold only finite times >= 0 and positive iteration counts.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/support/errors/input_error.hpp"
#include "harness/formats/gbench_json.hpp"
#include "harness/formats/json_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace benchgate::results;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  run_results results;
  try {
    results = gbench_from_json(parse_json(text, "fuzz"), "fuzz");
  } catch (const benchgate::input_error&) {
    return 0;  // bad input, reported as such: the expected outcome
  }
  for (const auto& c : results.cells) {
    for (const auto& s : c.samples) {
      const bool sane = s.iterations > 0 && std::isfinite(s.real_ns) && s.real_ns >= 0 &&
                        std::isfinite(s.cpu_ns) && s.cpu_ns >= 0;
      if (!sane) std::abort();
    }
  }
  return 0;
}
