#include "harness/explain/callgrind_profile.hpp"

#include <gtest/gtest.h>

#include <string>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

namespace benchgate::explain {
namespace {

// A dump as callgrind 3.19 writes it with --demangle=no, cut down: name
// compression, relative positions, a call, an inlined file (fi/fe).
constexpr std::string_view k_dump = R"(# callgrind format
version: 1
creator: callgrind-3.19.0
desc: Trigger: Client Request: page_iter/core/row_bytes:8

positions: line
events: Ir
summary: 720

ob=(1) /tmp/gb
fl=(1) /tmp/gb.cpp
fn=(1) _Z4worki
3 100
+1 500
* 20
fn=(2) _ZL9BM_targetRN9benchmark5StateE
4 10
cfl=(1)
cfn=(1)
calls=10 3
+1 620
fi=(2) /usr/include/benchmark/benchmark.h
-2 90
fe=(1)

totals: 720
)";

std::string message_of(std::string_view text) {
  return test_support::input_error_message([&] { parse_callgrind_profile(text, "dump.1"); });
}

TEST(CallgrindProfile, SumsSelfCostsPerFunctionAndLine) {
  const auto p = parse_callgrind_profile(k_dump, "dump.1");
  EXPECT_EQ(p.trigger, "Client Request: page_iter/core/row_bytes:8");
  EXPECT_EQ(p.total, 720);
  ASSERT_EQ(p.functions.size(), 2u);
  const auto& work = p.functions.at("_Z4worki");
  EXPECT_EQ(work.self, 620);
  EXPECT_EQ(work.inclusive, 620);
  EXPECT_EQ(work.lines.at({"/tmp/gb.cpp", 3}), 100);
  EXPECT_EQ(work.lines.at({"/tmp/gb.cpp", 4}), 520);  // "+1" then "*": both line 4
}

TEST(CallgrindProfile, CallCostsCountOnlyInTheCallersInclusiveCost) {
  const auto p = parse_callgrind_profile(k_dump, "dump.1");
  const auto& bench = p.functions.at("_ZL9BM_targetRN9benchmark5StateE");
  EXPECT_EQ(bench.self, 100);        // 10 at line 4 + 90 in benchmark.h
  EXPECT_EQ(bench.inclusive, 720);   // + the call's 620
  EXPECT_EQ(bench.lines.at({"/usr/include/benchmark/benchmark.h", 3}), 90);  // "-2" from line 5
}

TEST(CallgrindProfile, KeepsEachCallersCostPerCallee) {
  const auto p = parse_callgrind_profile(k_dump, "dump.1");
  const auto& calls = p.functions.at("_ZL9BM_targetRN9benchmark5StateE").calls;
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls.at("_Z4worki"), 620);  // cfn=(1) names the callee by its id
  EXPECT_TRUE(p.functions.at("_Z4worki").calls.empty());
}

TEST(CallgrindProfile, ReadsTwoPositionColumnsAndSkipsJumpLines) {
  const auto p = parse_callgrind_profile(
      "positions: instr line\nevents: Ir Dr\nfn=(1) f\n0x401000 12 3 4\n+4 -1 5\njump=3 +8 2\n+2 *\n* * 7\n", "dump");
  const auto& f = p.functions.at("f");
  EXPECT_EQ(f.self, 15);
  EXPECT_EQ(f.lines.at({"", 12}), 3);
  EXPECT_EQ(f.lines.at({"", 11}), 12);  // "-1" from 12; the jump's line "+2 *" moved only the address
  EXPECT_EQ(p.total, 15);               // no totals line: the sum of self costs
}

TEST(CallgrindProfile, TakesIrWhereverTheEventsLineNamesIt) {
  const auto p = parse_callgrind_profile("events: Dr Ir\nfn=f\n1 50 7\n2 9\n", "dump");
  EXPECT_EQ(p.functions.at("f").self, 7);  // a missing cost is 0
}

TEST(CallgrindProfile, RejectsWhatTheFormatDoesNotAllowNamingTheLine) {
  EXPECT_EQ(message_of("fn=f\n1 2\n"), "dump.1: line 2: a cost line: expected an 'events:' line before it");
  EXPECT_EQ(message_of("events: Dr\n"), "dump.1: line 1: events: Dr: expected an event list that includes Ir");
  EXPECT_EQ(message_of("events: Ir\nfn=(7)\n"), "dump.1: line 2: '(7)': expected a name id defined earlier in the file");
  EXPECT_EQ(message_of("events: Ir\n3 4\n"), "dump.1: line 2: a cost line: expected a 'fn=' line before it");
  EXPECT_EQ(message_of("events: Ir\nfn=f\n3 x\n"), "dump.1: line 3: 'x': expected a count >= 0");
  EXPECT_EQ(message_of("events: Ir\nfn=f\n1 9223372036854775807\n2 1\n"),
            "dump.1: line 4: 9223372036854775807 + 1: expected a sum that fits 64 bits");
  EXPECT_EQ(message_of(""), "dump.1: line 0: the end of the file: expected an 'events:' line naming Ir");
}

}  // namespace
}  // namespace benchgate::explain
