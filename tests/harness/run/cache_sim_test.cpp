// The cache-simulated counts (run/cache_sim.hpp) and reading them from a
// callgrind dump (run/callgrind_dump.hpp), with numbers checkable by hand.

#include "harness/run/cache_sim.hpp"

#include <gtest/gtest.h>

#include "harness/run/callgrind_dump.hpp"

namespace benchgate::run {
namespace {

cache_events events(std::int64_t ir, std::int64_t dr, std::int64_t dw, std::int64_t i1mr, std::int64_t d1mr,
                    std::int64_t d1mw, std::int64_t ilmr, std::int64_t dlmr, std::int64_t dlmw) {
  return {{ir, dr, dw, i1mr, d1mr, d1mw, ilmr, dlmr, dlmw}};
}

TEST(CacheSim, FiguresFollowTheCascadeOfMisses) {
  // 1000 + 300 + 100 = 1400 accesses; L1 misses 10 + 50 + 20 = 80; RAM
  // (last-level misses) 2 + 30 + 8 = 40: L1 hits 1320, LL hits 40,
  // estimated cycles 1320 + 5 * 40 + 35 * 40 = 2920.
  const auto f = figures_of(events(1000, 300, 100, 10, 50, 20, 2, 30, 8));
  EXPECT_EQ(f.l1_hits, 1320);
  EXPECT_EQ(f.ll_hits, 40);
  EXPECT_EQ(f.ram_accesses, 40);
  EXPECT_EQ(f.l1_misses, 80);
  EXPECT_EQ(f.estimated_cycles, 2920);
}

TEST(CacheSim, FiguresArePerIteration) {
  const auto f = figures_of(events(1000, 300, 100, 10, 50, 20, 2, 30, 8), 10);
  EXPECT_DOUBLE_EQ(f.l1_hits, 132);
  EXPECT_DOUBLE_EQ(f.estimated_cycles, 292);
}

TEST(CacheSim, WithoutMissesEveryAccessIsAnL1Hit) {
  const auto f = figures_of(events(100, 20, 5, 0, 0, 0, 0, 0, 0));
  EXPECT_EQ(f.l1_hits, 125);
  EXPECT_EQ(f.estimated_cycles, 125);
  EXPECT_EQ(f.ram_accesses, 0);
}

TEST(CacheSim, CountersAreTheFourMetricsInOrder) {
  const auto counters = as_counters(figures_of(events(1000, 300, 100, 10, 50, 20, 2, 30, 8)));
  ASSERT_EQ(counters.size(), 4U);
  EXPECT_EQ(counters[0], (std::pair<std::string, double>{"l1_hits", 1320}));
  EXPECT_EQ(counters[1], (std::pair<std::string, double>{"ll_hits", 40}));
  EXPECT_EQ(counters[2], (std::pair<std::string, double>{"ram_accesses", 40}));
  EXPECT_EQ(counters[3], (std::pair<std::string, double>{"estimated_cycles", 2920}));
}

TEST(CacheSim, ColumnsAreFoundByNameInAnyOrder) {
  const auto columns = find_cache_columns("Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw");
  ASSERT_TRUE(columns);
  EXPECT_EQ((*columns)[0], 0U);
  EXPECT_EQ((*columns)[8], 8U);
  const auto shuffled = find_cache_columns("Bc Ir  DLmw Dr Dw I1mr D1mr D1mw ILmr DLmr");
  ASSERT_TRUE(shuffled);
  EXPECT_EQ((*shuffled)[0], 1U);  // Ir
  EXPECT_EQ((*shuffled)[8], 2U);  // DLmw
  EXPECT_FALSE(find_cache_columns("Ir"));
  EXPECT_FALSE(find_cache_columns(""));
}

TEST(CacheSim, EventsOfANameOutsideTheListAreZero) {
  EXPECT_EQ(events(1, 2, 3, 4, 5, 6, 7, 8, 9).of("DLmw"), 9);
  EXPECT_EQ(events(1, 2, 3, 4, 5, 6, 7, 8, 9).of("Bc"), 0);
}

TEST(CacheSim, ValgrindIsAskedForThePinnedCaches) {
  EXPECT_EQ(cache_sim_arguments(),
            (std::vector<std::string>{"--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"}));
}

// The shape callgrind 3.19 writes with --cache-sim=yes and the pinned caches.
constexpr const char* k_cache_dump =
    "# callgrind format\n"
    "version: 1\n"
    "creator: callgrind-3.19.0\n"
    "desc: I1 cache: 32768 B, 64 B, 8-way associative\n"
    "desc: D1 cache: 32768 B, 64 B, 8-way associative\n"
    "desc: LL cache: 8388608 B, 64 B, 16-way associative\n"
    "desc: Timerange: Basic block 0 - 262148\n"
    "desc: Trigger: Client Request: cell/a\n\n"
    "positions: line\n"
    "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
    "summary: 1310736 262144 7 2 262144 2 2 262144 1\n\n"
    "ob=(1) /tmp/t\n"
    "fn=(0) main\n"
    "0 1310726 262144 1 0 262144\n\n"
    "totals: 1310726 262144 1 0 262144\n";

TEST(CallgrindDump, ReadsTheCacheTotalsAndTheSimulatedCaches) {
  const auto dump = dump_cache_events(k_cache_dump, "cell/a");
  ASSERT_TRUE(dump);
  // totals: wins over summary:, and the counts it leaves out are 0.
  EXPECT_EQ(dump->totals, events(1310726, 262144, 1, 0, 262144, 0, 0, 0, 0));
  EXPECT_EQ(dump->model, k_cache_model);
  EXPECT_EQ(dump_instructions(k_cache_dump, "cell/a"), 1310726);
}

TEST(CallgrindDump, ADumpWithoutCacheEventsOrAnotherLabelHasNoCacheTotals) {
  EXPECT_FALSE(dump_cache_events(k_cache_dump, "cell/b"));
  EXPECT_FALSE(dump_cache_events("desc: Trigger: Client Request: x\nevents: Ir\ntotals: 42\n", "x"));
  EXPECT_FALSE(dump_cache_events("desc: Trigger: Client Request: x\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
                                 "totals: 4 x\n",
                                 "x"));
}

}  // namespace
}  // namespace benchgate::run
