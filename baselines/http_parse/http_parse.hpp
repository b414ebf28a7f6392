#pragma once
// The baseline HTTP/1.x head parser: byte at a time through a bounds-checked
// cursor (httparse before the seed PR). Same interface and contract as the
// core (cores/http_parse/head.hpp), in the sibling namespace.

#include <span>
#include <string_view>

#include "cores/http_parse/head.hpp"

namespace baselines::http_parse {

// Parses a request head from input[0, input.size()); see
// cores::http_parse::parse_request.
cores::http_parse::parse_result parse_request(std::string_view input, cores::http_parse::request_head& out,
                                              std::span<cores::http_parse::header> headers);

// Parses a response head; see cores::http_parse::parse_response.
cores::http_parse::parse_result parse_response(std::string_view input, cores::http_parse::response_head& out,
                                               std::span<cores::http_parse::header> headers);

}  // namespace baselines::http_parse
