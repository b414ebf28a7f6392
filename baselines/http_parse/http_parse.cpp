#include "baselines/http_parse/http_parse.hpp"

#include "baselines/http_parse/cursor_parser.hpp"

namespace baselines::http_parse {

parse_result parse_request(std::string_view input, request_head& out, std::span<header> headers) {
  return parse_request_with<byte_version>(input, out, headers);
}

parse_result parse_response(std::string_view input, response_head& out, std::span<header> headers) {
  return parse_response_with<byte_version>(input, out, headers);
}

}  // namespace baselines::http_parse
