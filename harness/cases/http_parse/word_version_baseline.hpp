#pragma once
// The seed PR alone: the baseline's byte-at-a-time parser with only its
// version check replaced by the core's 8-byte word compare
// (cores/http_parse/version.hpp). Timed beside the baseline it shows what
// the version compare gains by itself (the seed's -9.6 % on req_short).

#include <span>
#include <string_view>

#include "cores/http_parse/head.hpp"

namespace benchgate::cases::http_parse {

// As baselines::http_parse::parse_request, the version by word compare.
cores::http_parse::parse_result parse_request_word_version(std::string_view input,
                                                           cores::http_parse::request_head& out,
                                                           std::span<cores::http_parse::header> headers);

// As baselines::http_parse::parse_response, the version by word compare.
cores::http_parse::parse_result parse_response_word_version(std::string_view input,
                                                            cores::http_parse::response_head& out,
                                                            std::span<cores::http_parse::header> headers);

}  // namespace benchgate::cases::http_parse
