#include "cores/http_parse/head.hpp"

namespace cores::http_parse {

std::string_view to_string(parse_status status) {
  switch (status) {
    case parse_status::complete: return "complete";
    case parse_status::incomplete: return "incomplete";
    case parse_status::error: return "error";
  }
  return "error";
}

std::string_view to_string(parse_error error) {
  switch (error) {
    case parse_error::none: return "none";
    case parse_error::header_name: return "header_name";
    case parse_error::header_value: return "header_value";
    case parse_error::new_line: return "new_line";
    case parse_error::status: return "status";
    case parse_error::token: return "token";
    case parse_error::too_many_headers: return "too_many_headers";
    case parse_error::version: return "version";
  }
  return "none";
}

}  // namespace cores::http_parse
