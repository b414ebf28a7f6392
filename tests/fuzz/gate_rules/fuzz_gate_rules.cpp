// Fuzz target: any bytes given to the rules loader either parse or throw
// input_error (any other exception or a crash is a bug); rules that parse
// are resolved for a few cell names, which exercises the globs.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "harness/support/errors/input_error.hpp"
#include "harness/gate/rules.hpp"
#include "harness/gate/gate_rules_json.hpp"

namespace {

constexpr std::string_view k_names[] = {
    "page_iter/core/row_bytes:8/density:0.1",
    "versioned_map/ring/workload:window/size:1000",
    "http_parse/peer/x",
    "",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto rules = benchgate::gate::parse_gate_rules(text, "fuzz");
    for (const auto name : k_names) {
      const auto r = benchgate::gate::resolve(rules, {}, name);
      if (r.warn_pct > r.fail_pct) __builtin_trap();
    }
  } catch (const benchgate::input_error&) {
    // The expected outcome for bad input.
  }
  return 0;
}
