#pragma once
// The core HTTP/1.x head parser: zero-copy, strict grammar, word-compare
// version check, SWAR/SSE4.2/AVX2 scanning of URIs and header values behind
// one runtime dispatch (implementations.hpp). The contract is in head.hpp.

#include <span>
#include <string_view>

#include "cores/http_parse/head.hpp"
#include "cores/http_parse/implementations.hpp"

namespace cores::http_parse {

// Parses a request head (method SP uri SP version EOL, headers, empty line)
// from input[0, input.size()). Fills `out` and headers[0, out.header_count) on
// complete; too_many_headers when a complete header line finds no free slot.
parse_result parse_request(std::string_view input, request_head& out, std::span<header> headers);

// Parses a response head (version SP 3 digits [SP reason] EOL, headers, empty
// line); otherwise as parse_request.
parse_result parse_response(std::string_view input, response_head& out, std::span<header> headers);

}  // namespace cores::http_parse
