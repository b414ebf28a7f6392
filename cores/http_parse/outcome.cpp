#include "cores/http_parse/outcome.hpp"

namespace cores::http_parse {

namespace {

view_place place_of(std::string_view input, std::string_view view) {
  const auto begin = reinterpret_cast<std::uintptr_t>(input.data());
  const auto at = reinterpret_cast<std::uintptr_t>(view.data());
  // Compared as integers: a view from a buggy parser may point anywhere.
  if (at < begin || at - begin > input.size() || view.size() > input.size() - (at - begin)) {
    return {input.size() + 1, view.size()};
  }
  return {static_cast<std::size_t>(at - begin), view.size()};
}

void add_headers(parse_outcome& out, std::string_view input, const std::vector<header>& headers,
                 std::size_t count) {
  out.header_count = count;
  if (count > headers.size()) {
    // A count beyond the array is itself the disagreement to report.
    out.views.push_back({input.size() + 1, count});
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    out.views.push_back(place_of(input, headers[i].name()));
    out.views.push_back(place_of(input, headers[i].value()));
  }
}

}  // namespace

parse_outcome record_request(parse_request_fn* parse, std::string_view input, std::size_t capacity) {
  std::vector<header> headers(capacity);
  request_head head;
  parse_outcome out;
  out.result = parse(input, head, headers);
  if (out.result.status != parse_status::complete) return out;
  out.minor_version = head.minor_version;
  out.views.push_back(place_of(input, head.method));
  out.views.push_back(place_of(input, head.path));
  add_headers(out, input, headers, head.header_count);
  return out;
}

parse_outcome record_response(parse_response_fn* parse, std::string_view input, std::size_t capacity) {
  std::vector<header> headers(capacity);
  response_head head;
  parse_outcome out;
  out.result = parse(input, head, headers);
  if (out.result.status != parse_status::complete) return out;
  out.minor_version = head.minor_version;
  out.code = head.code;
  out.views.push_back(place_of(input, head.reason));
  add_headers(out, input, headers, head.header_count);
  return out;
}

parse_outcome record(head_kind kind, parse_request_fn* request, parse_response_fn* response,
                     std::string_view input, std::size_t capacity) {
  return kind == head_kind::request ? record_request(request, input, capacity)
                                    : record_response(response, input, capacity);
}

std::string describe(const parse_outcome& outcome) {
  switch (outcome.result.status) {
    case parse_status::complete:
      return "complete(" + std::to_string(outcome.result.head_bytes) + " B, " +
             std::to_string(outcome.header_count) + " headers)";
    case parse_status::incomplete: return "incomplete";
    case parse_status::error: return "error " + std::string(to_string(outcome.result.error));
  }
  return "error";
}

head_kind guess_kind(std::string_view input) {
  const auto start = input.find_first_not_of("\r\n");
  if (start == std::string_view::npos) return head_kind::request;
  return input.substr(start).starts_with("HTTP/") ? head_kind::response : head_kind::request;
}

}  // namespace cores::http_parse
