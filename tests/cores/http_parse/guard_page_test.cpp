// No parser reads past the input: each head, and every prefix of it, is
// placed so that its last byte is the last readable byte before a PROT_NONE
// page, then parsed by every parser as a request and as a response. An
// over-read crashes the test.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/cores/http_parse/guarded_buffer.hpp"
#include "tests/cores/http_parse/parsers.hpp"
#include "tests/cores/http_parse/random_heads.hpp"

namespace http_parse_test {
namespace {

// Every prefix of `head` at the guard page, every parser, both kinds. Also
// checks that parsers agree, so a wrong early stop does not pass silently.
void parse_every_prefix_at_the_guard_page(const std::string& head) {
  guarded_buffer memory(head.size());
  const auto parsers = every_parser();
  for (std::size_t cut = 0; cut <= head.size(); ++cut) {
    const auto placed = memory.place(std::string_view(head).substr(0, cut));
    for (const auto kind : {core::head_kind::request, core::head_kind::response}) {
      const auto problem = disagreement(parsers, kind, placed, 16);
      ASSERT_EQ(problem, "") << "on a " << cut << "-byte prefix of " << testing::PrintToString(head);
    }
  }
}

TEST(HttpParseGuardPage, HandWrittenHeadsAreNeverOverRead) {
  const std::vector<std::string> heads = {
      "GET /index.html HTTP/1.1\r\nHost: example.org\r\nAccept: */*\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
      "HTTP/1.0 204\n\n",
      "\r\n\nPOST /" + std::string(100, 'p') + " HTTP/1.0\nX-Long: " + std::string(200, 'v') + "\t \nA:\r\n\r\n",
      "GET / HTTP/1.1\r\nX: " + std::string(70, '\xE9') + "\r\n\r\n",
  };
  for (const auto& head : heads) parse_every_prefix_at_the_guard_page(head);
}

TEST(HttpParseGuardPage, RandomHeadsAreNeverOverRead) {
  random_heads gen(0x9a4d0001);
  for (int i = 0; i < 30; ++i) {
    parse_every_prefix_at_the_guard_page(i % 3 == 0 ? gen.response() : gen.request());
    parse_every_prefix_at_the_guard_page(gen.mutate(gen.request()));
  }
}

}  // namespace
}  // namespace http_parse_test
