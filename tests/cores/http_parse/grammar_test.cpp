// The grammar of harness/cases/http_parse/SPEC.md, including every case of its edge-case
// list, checked on every parser (baseline, each runnable core
// implementation, the dispatched entry points).

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "tests/cores/http_parse/parsers.hpp"

namespace http_parse_test {
namespace {

using core::complete;
using core::failed;
using core::incomplete;
using core::parse_error;
using core::parse_result;

using namespace std::string_literals;

struct request_parse {
  parse_result result;
  core::request_head head;
  std::array<core::header, 16> headers{};
};

struct response_parse {
  parse_result result;
  core::response_head head;
  std::array<core::header, 16> headers{};
};

request_parse parse_request(const named_parser& parser, std::string_view input, std::size_t capacity = 16) {
  request_parse out;
  out.result = parser.request(input, out.head, std::span(out.headers).first(capacity));
  return out;
}

response_parse parse_response(const named_parser& parser, std::string_view input, std::size_t capacity = 16) {
  response_parse out;
  out.result = parser.response(input, out.head, std::span(out.headers).first(capacity));
  return out;
}

void expect_request(std::string_view input, parse_result expected, std::size_t capacity = 16) {
  for (const auto& parser : every_parser()) {
    EXPECT_EQ(parse_request(parser, input, capacity).result, expected)
        << parser.name << " on request " << testing::PrintToString(std::string(input));
  }
}

void expect_response(std::string_view input, parse_result expected, std::size_t capacity = 16) {
  for (const auto& parser : every_parser()) {
    EXPECT_EQ(parse_response(parser, input, capacity).result, expected)
        << parser.name << " on response " << testing::PrintToString(std::string(input));
  }
}

TEST(HttpParseGrammar, TruncatedRequestLinesAreIncomplete) {
  for (const std::string_view input : {"", "G", "GET", "GET ", "GET /", "GET / ", "GET / H", "GET / HTTP/1.",
                                       "GET / HTTP/1.1", "GET / HTTP/1.1\r", "\r", "\r\n", "\n\n"}) {
    expect_request(input, incomplete());
  }
}

TEST(HttpParseGrammar, BadVersionByteIsVersionError) {
  expect_request("GET / HTTP/1!", failed(parse_error::version));
  expect_request("GET / HTTP/1.2\r\n\r\n", failed(parse_error::version));
  expect_request("GET / HTTP/2.0\r\n\r\n", failed(parse_error::version));
  expect_request("GET / http/1.1\r\n\r\n", failed(parse_error::version));
  expect_request("GET / X", failed(parse_error::version));
}

TEST(HttpParseGrammar, LeadingSpaceOrEmptyUriIsTokenError) {
  expect_request(" / HTTP/1.1\r\n\r\n", failed(parse_error::token));
  expect_request("GET  HTTP/1.1\r\n\r\n", failed(parse_error::token));
}

TEST(HttpParseGrammar, BadMethodByteOrSeparatorIsTokenError) {
  expect_request("G(T / HTTP/1.1\r\n\r\n", failed(parse_error::token));
  expect_request("GET\t/ HTTP/1.1\r\n\r\n", failed(parse_error::token));
  expect_request("GET\r\n", failed(parse_error::token));
  expect_request("GET /\r\n", failed(parse_error::token));
  expect_request("GET /\tHTTP/1.1\r\n", failed(parse_error::token));
}

TEST(HttpParseGrammar, DelInPathIsTokenError) {
  expect_request("GET /a\x7F" "b HTTP/1.1\r\n\r\n", failed(parse_error::token));
}

TEST(HttpParseGrammar, UriMustBeValidUtf8) {
  for (const std::string_view input : {"GET /caf\xC3\xA9 HTTP/1.1\r\n\r\n", "GET /\xF0\x9F\x98\x80 HTTP/1.1\r\n\r\n",
                                       "GET /\xE0\xA0\x80\xED\x9F\xBF\xF4\x8F\xBF\xBF HTTP/1.1\r\n\r\n"}) {
    expect_request(input, complete(input.size()));
  }
  for (const std::string_view bad : {"\xC3\x28", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                                     "\xF5\x80\x80\x80", "\xFF", "\x80", "\xE2\x82", "\xF0\x9F\x98"}) {
    expect_request("GET /" + std::string(bad) + " HTTP/1.1\r\n\r\n", failed(parse_error::token));
  }
}

TEST(HttpParseGrammar, BadUtf8IsIncompleteUntilTheUriEnds) {
  expect_request("GET /\xFF", incomplete());
  expect_request("GET /\xC3", incomplete());
}

TEST(HttpParseGrammar, LeadingEmptyLinesAreSkipped) {
  const std::string_view input = "\n\nGET / HTTP/1.1\n\n";
  expect_request(input, complete(input.size()));
  expect_request("\r\n\r\nGET / HTTP/1.1\r\n\r\n", complete(22));
  expect_response("\r\nHTTP/1.1 200 OK\r\n\r\n", complete(21));
}

TEST(HttpParseGrammar, BareCarriageReturnIsNewLineError) {
  expect_request("\rX", failed(parse_error::new_line));
  expect_request("GET / HTTP/1.1\rX", failed(parse_error::new_line));
  expect_request("GET / HTTP/1.1X", failed(parse_error::new_line));
  expect_request("GET / HTTP/1.1\r\nA: b\r\n\rX", failed(parse_error::new_line));
  expect_request("GET / HTTP/1.1\r\n\rX", failed(parse_error::new_line));
}

TEST(HttpParseGrammar, MinimalRequestFillsEveryField) {
  for (const auto& parser : every_parser()) {
    const std::string_view input = "POST /a?b=c HTTP/1.0\r\n\r\n";
    const auto got = parse_request(parser, input);
    EXPECT_EQ(got.result, complete(input.size())) << parser.name;
    EXPECT_EQ(got.head.method, "POST") << parser.name;
    EXPECT_EQ(got.head.path, "/a?b=c") << parser.name;
    EXPECT_EQ(got.head.minor_version, 0) << parser.name;
    EXPECT_EQ(got.head.header_count, 0U) << parser.name;
  }
}

TEST(HttpParseGrammar, BodyAfterTheHeadIsNotConsumed) {
  expect_request("GET / HTTP/1.1\r\nHost: x\r\n\r\nBODY BYTES", complete(27));
  expect_response("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody", complete(38));
}

TEST(HttpParseGrammar, SpaceBeforeColonIsHeaderNameError) {
  expect_request("GET / HTTP/1.1\r\nHost : x\r\n\r\n", failed(parse_error::header_name));
}

TEST(HttpParseGrammar, BadHeaderNamesAreHeaderNameErrors) {
  expect_request("GET / HTTP/1.1\r\nHost\r\n\r\n", failed(parse_error::header_name));
  expect_request("GET / HTTP/1.1\r\n: x\r\n\r\n", failed(parse_error::header_name));
  expect_request("GET / HTTP/1.1\r\nA(b: x\r\n\r\n", failed(parse_error::header_name));
  expect_request("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", failed(parse_error::header_name));
  expect_request("GET / HTTP/1.1\r\n\xC3\xA9: x\r\n\r\n", failed(parse_error::header_name));
}

TEST(HttpParseGrammar, ControlByteOrDelInValueIsHeaderValueError) {
  expect_request("GET / HTTP/1.1\r\nA: b\x01" "c\r\n\r\n", failed(parse_error::header_value));
  expect_request("GET / HTTP/1.1\r\nA: b\x7F\r\n\r\n", failed(parse_error::header_value));
  expect_request("GET / HTTP/1.1\r\nA: b\rc\r\n\r\n", failed(parse_error::header_value));
  expect_request("GET / HTTP/1.1\r\nA: \rc\r\n\r\n", failed(parse_error::header_value));
  expect_request("GET / HTTP/1.1\r\nA: b\0\r\n\r\n"s, failed(parse_error::header_value));
}

TEST(HttpParseGrammar, TruncatedHeaderLinesAreIncomplete) {
  for (const std::string_view input : {"GET / HTTP/1.1\r\nHo", "GET / HTTP/1.1\r\nHost", "GET / HTTP/1.1\r\nHost:",
                                       "GET / HTTP/1.1\r\nHost: \t", "GET / HTTP/1.1\r\nHost: x",
                                       "GET / HTTP/1.1\r\nHost: x\r", "GET / HTTP/1.1\r\nHost: x\r\n",
                                       "GET / HTTP/1.1\r\nHost: x\r\n\r"}) {
    expect_request(input, incomplete());
  }
}

TEST(HttpParseGrammar, HtabInsideAValueIsKept) {
  for (const auto& parser : every_parser()) {
    const auto got = parse_request(parser, "GET / HTTP/1.1\r\nX-Tab: a\tb \t\r\n\r\n");
    ASSERT_EQ(got.result.status, core::parse_status::complete) << parser.name;
    ASSERT_EQ(got.head.header_count, 1U) << parser.name;
    EXPECT_EQ(got.headers[0].name(), "X-Tab") << parser.name;
    EXPECT_EQ(got.headers[0].value(), "a\tb") << parser.name;
  }
}

TEST(HttpParseGrammar, BlankValueIsEmptyAtTheLineEnd) {
  for (const auto& parser : every_parser()) {
    const std::string_view input = "GET / HTTP/1.1\r\nCookie: \t \r\nA:\nB: x \r\n\r\n";
    const auto got = parse_request(parser, input);
    ASSERT_EQ(got.result, complete(input.size())) << parser.name;
    ASSERT_EQ(got.head.header_count, 3U) << parser.name;
    EXPECT_EQ(got.headers[0].name(), "Cookie") << parser.name;
    EXPECT_EQ(got.headers[0].value(), "") << parser.name;
    EXPECT_EQ(got.headers[0].value().data(), input.data() + input.find(" \r\n") + 1) << parser.name;
    EXPECT_EQ(got.headers[1].value(), "") << parser.name;
    EXPECT_EQ(got.headers[2].value(), "x") << parser.name;
  }
}

TEST(HttpParseGrammar, HighBytesAreValueBytes) {
  for (const auto& parser : every_parser()) {
    const auto got = parse_request(parser, "GET / HTTP/1.1\r\nX: \x80\xFF\xC3\xA9\r\n\r\n");
    ASSERT_EQ(got.result.status, core::parse_status::complete) << parser.name;
    EXPECT_EQ(got.headers[0].value(), "\x80\xFF\xC3\xA9") << parser.name;
  }
}

TEST(HttpParseGrammar, FullHeaderArrayIsTooManyHeadersOnlyForACompleteLine) {
  const std::string_view two = "GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\n\r\n";
  expect_request(two, complete(two.size()), 2);
  expect_request(two, failed(parse_error::too_many_headers), 1);
  expect_request(two, failed(parse_error::too_many_headers), 0);
  expect_request("GET / HTTP/1.1\r\nA: 1\r\nB: 2", incomplete(), 1);
  expect_request("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r", incomplete(), 1);
  expect_request("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\n", failed(parse_error::too_many_headers), 1);
  expect_request("GET / HTTP/1.1\r\nA: 1\r\nB : 2\r\n", failed(parse_error::header_name), 1);
}

TEST(HttpParseGrammar, ResponseWithoutReasonHasEmptyReason) {
  for (const auto& parser : every_parser()) {
    const std::string_view input = "HTTP/1.1 200\r\n\r\n";
    const auto got = parse_response(parser, input);
    ASSERT_EQ(got.result, complete(input.size())) << parser.name;
    EXPECT_EQ(got.head.code, 200) << parser.name;
    EXPECT_EQ(got.head.minor_version, 1) << parser.name;
    EXPECT_EQ(got.head.reason, "") << parser.name;
    EXPECT_EQ(got.head.reason.data(), input.data() + 12) << parser.name;
  }
}

TEST(HttpParseGrammar, ResponseFillsEveryField) {
  for (const auto& parser : every_parser()) {
    const std::string_view input = "HTTP/1.0 404 Not\tFound \xE2\x9C\x97 \r\nServer: x\n\n";
    const auto got = parse_response(parser, input);
    ASSERT_EQ(got.result, complete(input.size())) << parser.name;
    EXPECT_EQ(got.head.minor_version, 0) << parser.name;
    EXPECT_EQ(got.head.code, 404) << parser.name;
    EXPECT_EQ(got.head.reason, "Not\tFound \xE2\x9C\x97 ") << parser.name;
    ASSERT_EQ(got.head.header_count, 1U) << parser.name;
    EXPECT_EQ(got.headers[0].name(), "Server") << parser.name;
    EXPECT_EQ(got.headers[0].value(), "x") << parser.name;
  }
}

TEST(HttpParseGrammar, ControlByteInReasonIsStatusError) {
  expect_response("HTTP/1.1 200 \x00\r\n\r\n"s, failed(parse_error::status));
  expect_response("HTTP/1.1 200 O\x7FK\r\n\r\n", failed(parse_error::status));
  expect_response("HTTP/1.1 200 OK\rX", failed(parse_error::status));
  expect_response("HTTP/1.1 200\rX", failed(parse_error::status));
}

TEST(HttpParseGrammar, StatusCodeIsExactlyThreeDigits) {
  expect_response("HTTP/1.1 20", incomplete());
  expect_response("HTTP/1.1 2x", failed(parse_error::status));
  expect_response("HTTP/1.1 2x0 OK\r\n\r\n", failed(parse_error::status));
  expect_response("HTTP/1.1 2000 OK\r\n\r\n", failed(parse_error::status));
  expect_response("HTTP/1.1  200 OK\r\n\r\n", failed(parse_error::status));
  expect_response("HTTP/1.1 200", incomplete());
}

TEST(HttpParseGrammar, ResponseVersionNeedsOneSpace) {
  expect_response("HTTP/1.1X200 OK\r\n\r\n", failed(parse_error::version));
  expect_response("HTTP/1.1", incomplete());
  expect_response("HTTP/1.2 200 OK\r\n\r\n", failed(parse_error::version));
  expect_response("HTTP/1", incomplete());
  expect_response("HTTX", failed(parse_error::version));
}

TEST(HttpParseGrammar, ErrorKindsHaveNames) {
  EXPECT_EQ(core::to_string(parse_error::header_name), "header_name");
  EXPECT_EQ(core::to_string(parse_error::too_many_headers), "too_many_headers");
  EXPECT_EQ(core::to_string(parse_error::none), "none");
  EXPECT_EQ(core::to_string(core::parse_status::incomplete), "incomplete");
}

}  // namespace
}  // namespace http_parse_test
