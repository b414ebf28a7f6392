#include "harness/cases/http_parse/word_version_baseline.hpp"

#include "baselines/http_parse/cursor_parser.hpp"
#include "cores/http_parse/version.hpp"

namespace benchgate::cases::http_parse {

namespace {

namespace baseline = baselines::http_parse;
using cores::http_parse::version_match;

constexpr std::size_t k_version_bytes = 8;

// The baseline's version step, as the core does it.
struct word_version {
  static baseline::step check(baseline::cursor& c, std::uint8_t& minor) {
    switch (cores::http_parse::match_version(c.here(), c.remaining())) {
      case version_match::http11: minor = 1; break;
      case version_match::http10: minor = 0; break;
      case version_match::mismatch: return cores::http_parse::failed(cores::http_parse::parse_error::version);
      case version_match::partial: return cores::http_parse::incomplete();
    }
    c.advance(k_version_bytes);
    return std::nullopt;
  }
};

}  // namespace

cores::http_parse::parse_result parse_request_word_version(std::string_view input,
                                                           cores::http_parse::request_head& out,
                                                           std::span<cores::http_parse::header> headers) {
  return baseline::parse_request_with<word_version>(input, out, headers);
}

cores::http_parse::parse_result parse_response_word_version(std::string_view input,
                                                            cores::http_parse::response_head& out,
                                                            std::span<cores::http_parse::header> headers) {
  return baseline::parse_response_with<word_version>(input, out, headers);
}

}  // namespace benchgate::cases::http_parse
