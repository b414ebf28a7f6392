#pragma once
// The case's parsers under test: every core and baseline parser, plus the
// case's own baseline_word_version.

#include <vector>

#include "harness/cases/http_parse/word_version_baseline.hpp"
#include "tests/cores/http_parse/parsers.hpp"

namespace http_parse_test {

inline std::vector<named_parser> every_case_parser() {
  auto parsers = every_parser();
  parsers.push_back({"baseline_word_version", &benchgate::cases::http_parse::parse_request_word_version,
                     &benchgate::cases::http_parse::parse_response_word_version});
  return parsers;
}

}  // namespace http_parse_test
