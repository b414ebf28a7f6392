// Fuzz target for the loader `compare OLD NEW` uses (parse_any_results):
// benchgate results JSON and Google Benchmark JSON, told apart by content.
// Any bytes must give results or an input_error (exit 2 in the CLI); any
// other exception escapes and is a finding, as is a sanitizer report. A
// benchgate results document that loads must also survive a write-read
// round trip unchanged, so the writer never produces what the reader refuses.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/support/errors/input_error.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/formats/results_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace benchgate::results;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  loaded_results loaded;
  try {
    loaded = parse_any_results(text, "fuzz");
  } catch (const benchgate::input_error&) {
    return 0;  // bad input, reported as such: the expected outcome
  }
  if (loaded.format != results_schema) return 0;
  const auto written = to_json_text(loaded.results);
  if (to_json_text(parse_results(written, "round trip")) != written) std::abort();
  return 0;
}
