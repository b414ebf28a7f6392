#pragma once
// The types of the http_parse interface, shared by the core (cores::http_parse)
// and the baseline (baselines::http_parse), so that one benchmark template and
// one differential test serve both (harness/cases/http_parse/SPEC.md, "API").
//
// Contract, the whole of it: a parse reads input[0, len) only, never past it.
// It returns complete (head_bytes = bytes through the final empty line; any
// body after it is not read), incomplete (the input ends before the head
// does: give more bytes and parse again from the start), or an error kind.
// On complete, the head struct and headers[0, header_count) hold views into
// the input; on incomplete or error their contents are unspecified.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

namespace cores::http_parse {

enum class parse_status : std::uint8_t { complete, incomplete, error };

// The error kinds of httparse's Error enum (harness/cases/http_parse/SPEC.md, "API").
enum class parse_error : std::uint8_t {
  none,              // status is not error
  header_name,       // a header name byte is not a tchar, or no ':' right after the name
  header_value,      // a header value byte is a control byte or DEL, or a bare '\r'
  new_line,          // '\r' not followed by '\n' (empty lines, request line, final line)
  status,            // response: not 3 digits, or a bad reason byte or line end
  token,             // request: bad or empty method or URI, bad separator, bad UTF-8 URI
  too_many_headers,  // a complete header line found no free header slot
  version,           // not "HTTP/1.0" or "HTTP/1.1" (or no SP after it in a response)
};

// "complete", "incomplete" or "error".
std::string_view to_string(parse_status status);
// The kind's name as in the enum ("header_name", ...); "none" for none.
std::string_view to_string(parse_error error);

struct parse_result {
  parse_status status = parse_status::incomplete;
  parse_error error = parse_error::none;  // set when status is error
  std::size_t head_bytes = 0;             // set when status is complete

  friend bool operator==(const parse_result&, const parse_result&) = default;
};

// The three kinds of result.
constexpr parse_result complete(std::size_t head_bytes) {
  return {parse_status::complete, parse_error::none, head_bytes};
}
constexpr parse_result incomplete() { return {parse_status::incomplete, parse_error::none, 0}; }
constexpr parse_result failed(parse_error error) { return {parse_status::error, error, 0}; }

// One header line: where its name and value lie in the input. The value has
// its leading and trailing SP/HTAB removed; an empty value is an empty view
// placed where the value would start (the line end).
//
// Trivially default-constructible on purpose: an array of headers declared
// without an initializer (`std::array<header, 16> headers;`) is left as it
// is, like a C struct array, so a caller does not pay to clear storage that
// a parse overwrites (16 slots are 512 bytes; with std::string_view members
// every such array was zeroed, about as long as parsing a short head). A
// slot is meaningful once a parse has written it: headers[0, header_count)
// after complete. Value-initialize (`headers{}`) to get empty views instead.
class header {
 public:
  header() = default;
  constexpr header(std::string_view name, std::string_view value) noexcept
      : name_(name.data()), name_size_(name.size()), value_(value.data()), value_size_(value.size()) {}

  constexpr std::string_view name() const noexcept { return {name_, name_size_}; }
  constexpr std::string_view value() const noexcept { return {value_, value_size_}; }

 private:
  const char* name_;
  std::size_t name_size_;
  const char* value_;
  std::size_t value_size_;
};
static_assert(std::is_trivially_default_constructible_v<header> && std::is_trivially_copyable_v<header>);

struct request_head {
  std::string_view method;
  std::string_view path;          // the request target, as sent
  std::uint8_t minor_version = 0; // 0 or 1
  std::size_t header_count = 0;   // headers written to the caller's array
};

struct response_head {
  std::uint8_t minor_version = 0;  // 0 or 1
  std::uint16_t code = 0;          // 000 to 999
  // The bytes between the SP after the code and the line end, untrimmed. A
  // status line without a reason gives an empty view right after the code.
  std::string_view reason;
  std::size_t header_count = 0;
};

// The signatures every implementation (baseline and each core) provides.
using parse_request_fn = parse_result(std::string_view input, request_head& out,
                                      std::span<header> headers);
using parse_response_fn = parse_result(std::string_view input, response_head& out,
                                       std::span<header> headers);

}  // namespace cores::http_parse
