#include "harness/run/callgrind_dump.hpp"

#include <gtest/gtest.h>

namespace benchgate::run {
namespace {

// The shape callgrind 3.19 writes for CALLGRIND_DUMP_STATS_AT("cell/a b").
constexpr const char* k_dump =
    "# callgrind format\n"
    "version: 1\n"
    "creator: callgrind-3.19.0\n"
    "pid: 9936\n"
    "cmd:  ./t\n"
    "part: 1\n\n\n"
    "desc: I1 cache: \n"
    "desc: Timerange: Basic block 0 - 1004\n"
    "desc: Trigger: Client Request: cell/a b\n\n"
    "positions: line\n"
    "events: Ir\n"
    "summary: 6015\n\n\n"
    "ob=(1) /tmp/cgt/t\n"
    "fn=(0) main\n"
    "0 6015\n\n"
    "totals: 6015\n";

TEST(CallgrindDump, ReadsTheTotalOfTheDumpWithTheLabel) {
  EXPECT_EQ(dump_instructions(k_dump, "cell/a b"), 6015);
}

TEST(CallgrindDump, AnotherLabelIsNotThisCellsDump) {
  EXPECT_EQ(dump_instructions(k_dump, "cell/a"), std::nullopt);
}

TEST(CallgrindDump, SummaryServesWhenTotalsIsMissingAndTheFirstEventCounts) {
  EXPECT_EQ(dump_instructions("desc: Trigger: Client Request: x\nevents: Ir Dr\nsummary: 42 7\n", "x"), 42);
}

TEST(CallgrindDump, NoTotalOrAGarbledOneGivesNothing) {
  EXPECT_EQ(dump_instructions("desc: Trigger: Client Request: x\n", "x"), std::nullopt);
  EXPECT_EQ(dump_instructions("desc: Trigger: Client Request: x\ntotals: lots\n", "x"), std::nullopt);
  EXPECT_EQ(dump_instructions("", "x"), std::nullopt);
}

}  // namespace
}  // namespace benchgate::run
