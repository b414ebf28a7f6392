// The case's workloads: their shapes, the prefix property on each (every
// strict prefix incomplete, the head complete, a body after it not
// consumed) for every parser, and no over-read at a guard page. Also the
// exact httparse inputs when BENCHGATE_DATA_DIR is given.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "harness/cases/http_parse/workload.hpp"
#include "tests/cores/http_parse/guarded_buffer.hpp"
#include "tests/harness/cases/http_parse/case_parsers.hpp"

namespace http_parse_test {
namespace {

namespace hp = benchgate::cases::http_parse;

constexpr std::size_t k_capacity = 128;
constexpr std::string_view k_body = "{\"body\": \"not part of the head\"}\r\n\r\n";

// Checks the prefix property of `w` for every parser, looking at every
// `stride`-th prefix and at every one of the last 64 (where the head ends).
void check_prefix_property(const hp::workload& w, std::size_t stride = 1) {
  const auto parsers = every_case_parser();
  for (const auto& parser : parsers) {
    const auto whole = outcome_of(parser, w.kind, w.bytes, k_capacity);
    ASSERT_EQ(whole.result, core::complete(w.bytes.size())) << parser.name;
    ASSERT_EQ(whole.header_count, w.header_count) << parser.name;
    ASSERT_EQ(outcome_of(parser, w.kind, w.bytes + std::string(k_body), k_capacity), whole) << parser.name;
    for (std::size_t cut = 0; cut < w.bytes.size(); ++cut) {
      if (cut % stride != 0 && cut + 64 < w.bytes.size()) continue;
      ASSERT_EQ(outcome_of(parser, w.kind, std::string_view(w.bytes).substr(0, cut), k_capacity).result,
                core::incomplete())
          << parser.name << " on a " << cut << "-byte prefix";
    }
  }
  ASSERT_EQ(disagreement(parsers, w.kind, w.bytes, k_capacity), "");
}

// Every prefix of `w`, placed against a guard page, with every parser.
void check_guard_page(const hp::workload& w) {
  guarded_buffer memory(w.bytes.size());
  const auto parsers = every_case_parser();
  for (std::size_t cut = 0; cut <= w.bytes.size(); ++cut) {
    const auto placed = memory.place(std::string_view(w.bytes).substr(0, cut));
    ASSERT_EQ(disagreement(parsers, w.kind, placed, k_capacity), "") << "prefix " << cut;
  }
}

TEST(HttpParseWorkload, NamedHeadsHaveTheSpecsShapes) {
  const auto req = hp::named_workload("req");
  EXPECT_NEAR(static_cast<double>(req.bytes.size()), 700, 50);
  EXPECT_EQ(req.header_count, 9U);
  EXPECT_EQ(req.kind, core::head_kind::request);
  const auto req_short = hp::named_workload("req_short");
  EXPECT_NEAR(static_cast<double>(req_short.bytes.size()), 70, 10);
  EXPECT_EQ(req_short.header_count, 2U);
  const auto resp = hp::named_workload("resp");
  EXPECT_NEAR(static_cast<double>(resp.bytes.size()), 700, 50);
  EXPECT_EQ(resp.header_count, 10U);
  EXPECT_EQ(resp.kind, core::head_kind::response);
  const auto resp_short = hp::named_workload("resp_short");
  EXPECT_NEAR(static_cast<double>(resp_short.bytes.size()), 90, 10);
  EXPECT_EQ(resp_short.header_count, 2U);
}

TEST(HttpParseWorkload, NamedHeadsHaveThePrefixProperty) {
  for (const auto& name : hp::named_workloads()) {
    SCOPED_TRACE(name);
    check_prefix_property(hp::named_workload(name));
  }
}

TEST(HttpParseWorkload, NamedHeadsAreNeverOverRead) {
  for (const auto& name : hp::named_workloads()) {
    SCOPED_TRACE(name);
    check_guard_page(hp::named_workload(name));
  }
}

TEST(HttpParseWorkload, SweepsHaveTheAskedSizeAndThePrefixProperty) {
  for (const std::size_t n : {1, 7, 8, 9, 16, 33, 300}) {
    SCOPED_TRACE(n);
    const auto uri = hp::uri_sweep(n);
    EXPECT_EQ(uri.bytes.find(' ', 4), 4 + n);
    check_prefix_property(uri);
    const auto value = hp::value_sweep(n);
    check_prefix_property(value);
    check_guard_page(value);
  }
  for (const std::size_t n : {1, 2, 17, 128}) {
    SCOPED_TRACE(n);
    check_prefix_property(hp::header_sweep(n), 5);
  }
}

TEST(HttpParseWorkload, LargestSweepsParseAndAreNeverOverRead) {
  for (const auto& w : {hp::uri_sweep(hp::k_max_sweep_bytes), hp::value_sweep(hp::k_max_sweep_bytes),
                        hp::header_sweep(hp::k_max_sweep_headers)}) {
    check_prefix_property(w, 61);
    guarded_buffer memory(w.bytes.size());
    const auto placed = memory.place(w.bytes);
    EXPECT_EQ(disagreement(every_case_parser(), w.kind, placed, k_capacity), "");
  }
}

TEST(HttpParseWorkload, ValueSweepValueHasTheAskedLength) {
  const auto parser = every_parser().front();
  for (const std::size_t n : {1, 2, 64, 4096}) {
    const auto w = hp::value_sweep(n);
    std::vector<core::header> headers(4);
    core::request_head head;
    ASSERT_EQ(parser.request(w.bytes, head, headers), core::complete(w.bytes.size()));
    EXPECT_EQ(headers[1].value().size(), n);
  }
}

// The sweeps are fixed bytes (fixed seeds), so results of different runs
// and revisions measure the same input. The expected bytes come from a
// second implementation of the generators (splitmix64, Lemire's bounded
// draw and the three sweeps, in Python), not from these functions.
TEST(HttpParseWorkload, SweepsAreFixedKnownBytes) {
  EXPECT_EQ(hp::uri_sweep(16).bytes, "GET /a9GnwQN.sV4jX1t HTTP/1.1\r\nHost: example.org\r\n\r\n");
  EXPECT_EQ(hp::value_sweep(16).bytes,
            "GET / HTTP/1.1\r\nHost: example.org\r\nX-Payload: TKk %Z~U 6cN5b0S\r\n\r\n");
  EXPECT_EQ(hp::header_sweep(2).bytes,
            "GET / HTTP/1.1\r\nX-Field-0: `L;*JdiH^GBYKRqj\r\nX-Field-1: hY[Hu\\1xqjx*I]]9\r\n\r\n");
}

// The exact httparse bench inputs (BENCHGATE_DATA_DIR/http, the real inputs).
TEST(HttpParseWorkload, HttparseInputsParseCompletelyEverywhere) {
  const char* data = std::getenv("BENCHGATE_DATA_DIR");
  if (data == nullptr || *data == '\0') GTEST_SKIP() << "BENCHGATE_DATA_DIR is not set";
  const std::pair<const char*, std::size_t> files[] = {
      {"req.http", 9}, {"req_short.http", 2}, {"resp.http", 10}, {"resp_short.http", 2}};
  for (const auto& [file, headers] : files) {
    SCOPED_TRACE(file);
    std::ifstream in(std::filesystem::path(data) / "http" / file, std::ios::binary);
    ASSERT_TRUE(in) << "cannot read " << file;
    hp::workload w;
    w.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    w.kind = core::guess_kind(w.bytes);
    w.header_count = headers;
    check_prefix_property(w);
    check_guard_page(w);
  }
}

}  // namespace
}  // namespace http_parse_test
