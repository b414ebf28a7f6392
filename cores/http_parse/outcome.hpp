#pragma once
// A comparable record of one parse: the result and, when complete, every
// output field with each view as (offset into the input, length). Two
// implementations agree on an input when their outcomes are equal; the
// benchmark checks this before timing and the tests on random inputs.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cores/http_parse/head.hpp"

namespace cores::http_parse {

enum class head_kind : std::uint8_t { request, response };

struct view_place {
  std::size_t offset = 0;
  std::size_t length = 0;
  friend bool operator==(const view_place&, const view_place&) = default;
};

struct parse_outcome {
  parse_result result;
  // Complete only: the request's method and path, or the response's reason;
  // then name and value of each header. Empty otherwise.
  std::vector<view_place> views;
  std::uint8_t minor_version = 0;  // complete only
  std::uint16_t code = 0;          // complete responses only
  std::size_t header_count = 0;    // complete only
  friend bool operator==(const parse_outcome&, const parse_outcome&) = default;
};

// Parses `input` with `parse` and a fresh array of `capacity` headers, and
// records the outcome. A view outside the input is recorded with offset
// input.size() + 1 so that it can never equal a correct one.
parse_outcome record_request(parse_request_fn* parse, std::string_view input, std::size_t capacity);
parse_outcome record_response(parse_response_fn* parse, std::string_view input, std::size_t capacity);
parse_outcome record(head_kind kind, parse_request_fn* request, parse_response_fn* response,
                     std::string_view input, std::size_t capacity);

// One line: "complete(704 B, 9 headers)", "incomplete" or "error token".
std::string describe(const parse_outcome& outcome);

// The kind of head `input` starts with after any leading empty lines:
// response when it starts with "HTTP/", else request.
head_kind guess_kind(std::string_view input);

}  // namespace cores::http_parse
