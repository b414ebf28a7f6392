// Fuzz target for the diff JSON reader (benchgate.diff/1, read back by the
// gate and by tests). Any bytes must give a diff or an input_error; any other
// exception escapes and is a finding, as is a sanitizer report. A diff that
// loads must survive a write-read round trip unchanged.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "harness/support/errors/input_error.hpp"
#include "harness/compare/diff_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace benchgate::compare;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  diff d;
  try {
    d = parse_diff(text, "fuzz");
  } catch (const benchgate::input_error&) {
    return 0;  // bad input, reported as such: the expected outcome
  }
  const auto written = diff_to_json_text(d);
  if (diff_to_json_text(parse_diff(written, "round trip")) != written) std::abort();
  return 0;
}
