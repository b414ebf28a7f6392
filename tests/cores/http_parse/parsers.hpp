#pragma once
// Every parser under test by name: the baseline, each core implementation
// this CPU can run, and the dispatched public entry points. Shared by the
// core tests, the case tests and the fuzz target.

#include <string>
#include <string_view>
#include <vector>

#include "baselines/http_parse/http_parse.hpp"
#include "cores/http_parse/http_parse.hpp"
#include "cores/http_parse/outcome.hpp"

namespace http_parse_test {

namespace core = cores::http_parse;

struct named_parser {
  std::string name;
  core::parse_request_fn* request;
  core::parse_response_fn* response;
};

// The baseline first (the reference), then core_<impl> for each runnable
// implementation, then "core" (the dispatched entry points).
inline std::vector<named_parser> every_parser() {
  std::vector<named_parser> out = {
      {"baseline", &baselines::http_parse::parse_request, &baselines::http_parse::parse_response}};
  for (const auto& impl : core::all_implementations()) {
    if (core::supports(core::detect_cpu(), impl.id)) {
      out.push_back({"core_" + std::string(impl.name), impl.parse_request, impl.parse_response});
    }
  }
  out.push_back({"core", &core::parse_request, &core::parse_response});
  return out;
}

// The outcome of `parser` on `input` with `capacity` header slots.
inline core::parse_outcome outcome_of(const named_parser& parser, core::head_kind kind, std::string_view input,
                                      std::size_t capacity) {
  return core::record(kind, parser.request, parser.response, input, capacity);
}

// "" when every parser's outcome on `input` equals the baseline's; else a
// line naming the first parser that differs and both outcomes.
inline std::string disagreement(const std::vector<named_parser>& parsers, core::head_kind kind,
                                std::string_view input, std::size_t capacity) {
  const auto expected = outcome_of(parsers.front(), kind, input, capacity);
  for (std::size_t i = 1; i < parsers.size(); ++i) {
    const auto got = outcome_of(parsers[i], kind, input, capacity);
    if (got != expected) {
      return parsers[i].name + " finds " + core::describe(got) + ", baseline " + core::describe(expected) +
             (got.result == expected.result ? " (fields or views differ)" : "");
    }
  }
  return "";
}

}  // namespace http_parse_test
