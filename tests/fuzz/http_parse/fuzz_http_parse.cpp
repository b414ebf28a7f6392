// Differential fuzz target: every input is parsed as a request and as a
// response, with a small and a large header array, by the baseline and by
// every core implementation this CPU runs; any difference in status, error
// kind, field or view aborts. The input is copied into an allocation of
// exactly its size, so with ASan any read past the end is caught too.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "tests/cores/http_parse/parsers.hpp"

namespace {

constexpr std::size_t k_capacities[] = {2, 64};

// Views of a complete parse lie inside the head.
bool views_inside_head(const cores::http_parse::parse_outcome& outcome) {
  for (const auto& view : outcome.views) {
    if (view.offset + view.length > outcome.result.head_bytes) return false;
  }
  return true;
}

[[noreturn]] void fail(const std::string& what, std::string_view input) {
  std::fprintf(stderr, "http_parse fuzz: %s on %zu input bytes\n", what.c_str(), input.size());
  std::abort();
}

// every_parser() leaves out the implementations this CPU cannot run: say
// which, once, so a fuzz log shows what was not fuzzed.
std::vector<http_parse_test::named_parser> parsers_announcing_skips() {
  for (const auto& impl : cores::http_parse::all_implementations()) {
    if (!cores::http_parse::supports(cores::http_parse::detect_cpu(), impl.id)) {
      std::fprintf(stderr, "http_parse fuzz: SKIPPED core_%s (this CPU cannot run it)\n", std::string(impl.name).c_str());
    }
  }
  return http_parse_test::every_parser();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto parsers = parsers_announcing_skips();
  const std::unique_ptr<char[]> exact(new char[size == 0 ? 1 : size]);
  if (size != 0) std::memcpy(exact.get(), data, size);
  const std::string_view input(exact.get(), size);
  for (const auto kind : {cores::http_parse::head_kind::request, cores::http_parse::head_kind::response}) {
    for (const auto capacity : k_capacities) {
      if (const auto problem = http_parse_test::disagreement(parsers, kind, input, capacity); !problem.empty()) {
        fail(problem, input);
      }
      const auto outcome = http_parse_test::outcome_of(parsers.front(), kind, input, capacity);
      const bool complete = outcome.result.status == cores::http_parse::parse_status::complete;
      if (complete && (outcome.result.head_bytes > size || !views_inside_head(outcome))) {
        fail("a complete parse reaches past its head", input);
      }
    }
  }
  return 0;
}
