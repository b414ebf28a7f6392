// The cache side of explain (explain/cache_diff.hpp) and the cache events
// of a callgrind profile, with numbers checkable by hand.

#include "harness/explain/cache_diff.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "harness/explain/cache_text.hpp"
#include "harness/explain/callgrind_profile.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::explain {
namespace {

// A side with functions of `instructions` each (self = inclusive) and the
// cache events Ir = instructions, Dr = reads, D1mr = l1_misses and DLmr =
// ram (every L1 miss that is not a RAM access is a last-level hit).
struct fake_function {
  std::string name;
  std::int64_t instructions;
  std::int64_t reads;
  std::int64_t l1_misses;
  std::int64_t ram;
};
profile_side side(std::int64_t iterations, std::initializer_list<fake_function> functions, bool cache = true) {
  profile_side s;
  s.binary = "bin";
  s.iterations = iterations;
  s.profile.has_cache = cache;
  for (const auto& f : functions) {
    auto& cost = s.profile.functions[f.name];
    cost.self = f.instructions;
    cost.inclusive = f.instructions;
    if (cache) cost.cache = {{f.instructions, f.reads, 0, 0, f.l1_misses, 0, 0, f.ram, 0}};
    s.profile.total += f.instructions;
  }
  return s;
}

TEST(CacheDiff, SameInstructionsMoreRamAccessesIsAMemoryEffect) {
  // Per iteration (10): walk 1000 instructions, 200 reads. OLD: 20 L1
  // misses, none from RAM: L1 hits 1180, LL hits 20, cycles 1180 + 100 =
  // 1280. NEW: 200 L1 misses, all from RAM: L1 hits 1000, cycles
  // 1000 + 35 * 200 = 8000.
  const auto e = diff_profiles("c", "gbench", side(10, {{"_Z4walkv", 10000, 2000, 200, 0}, {"same", 500, 0, 0, 0}}),
                               side(10, {{"_Z4walkv", 10000, 2000, 2000, 2000}, {"same", 500, 0, 0, 0}}), std::nullopt);
  EXPECT_TRUE(e.functions.empty());
  ASSERT_TRUE(e.cache);
  EXPECT_EQ(e.assessment, explain_assessment::memory_effect);
  EXPECT_DOUBLE_EQ(e.cache->old_totals.l1_hits, 1180 + 50);
  EXPECT_DOUBLE_EQ(e.cache->old_totals.estimated_cycles, 1280 + 50);
  EXPECT_DOUBLE_EQ(e.cache->new_totals.ram_accesses, 200);
  EXPECT_DOUBLE_EQ(e.cache->new_totals.estimated_cycles, 8000 + 50);
  ASSERT_EQ(e.cache->functions.size(), 1u);  // "same" did not move
  EXPECT_EQ(e.cache->functions[0].name, "walk()");
  EXPECT_DOUBLE_EQ(e.cache->functions[0].old_costs.l1_misses, 20);
  EXPECT_DOUBLE_EQ(e.cache->functions[0].new_costs.estimated_cycles, 8000);
  EXPECT_NE(assessment_text(e).find("likely a memory effect"), std::string::npos);
  const auto text = explanation_text(e);
  EXPECT_NE(text.find("estimated cycles: 1330.0 -> 8050.0, +6720.0 (+505.3 %)"), std::string::npos) << text;
  EXPECT_NE(text.find("walk()"), std::string::npos);
  explain_document d;
  d.explanations.push_back(e);
  const auto json = explain_document_to_json_text(d);
  EXPECT_NE(json.find("\"assessment\": \"memory_effect\""), std::string::npos);
  EXPECT_NE(json.find("\"estimated_cycles\": {\n"), std::string::npos) << json;
}

TEST(CacheDiff, NothingMovedButTheTimeIsALayoutEffect) {
  const auto e = diff_profiles("c", "gbench", side(10, {{"f", 1000, 100, 10, 1}}), side(10, {{"f", 1000, 100, 10, 1}}),
                               12.0);
  ASSERT_TRUE(e.cache);
  EXPECT_TRUE(e.cache->functions.empty());
  EXPECT_EQ(e.assessment, explain_assessment::layout_effect);
  EXPECT_NE(assessment_text(e).find("-falign-functions=64"), std::string::npos);
  EXPECT_NE(cache_text(e).find("none changed"), std::string::npos);
}

TEST(CacheDiff, NothingMovedAndNoTimeChangeIsNoChange) {
  const auto e = diff_profiles("c", "gbench", side(10, {{"f", 1000, 100, 10, 1}}), side(10, {{"f", 1000, 100, 10, 1}}),
                               std::nullopt);
  EXPECT_EQ(e.assessment, explain_assessment::no_change);
  EXPECT_NE(assessment_text(e).find("same simulated cache costs"), std::string::npos);
}

TEST(CacheDiff, ACodeChangeStaysACodeChangeWithItsCacheSide) {
  const auto e = diff_profiles("c", "gbench", side(1, {{"f", 1000, 100, 10, 1}}), side(1, {{"f", 2000, 100, 10, 1}}),
                               std::nullopt);
  EXPECT_EQ(e.assessment, explain_assessment::code_change);
  ASSERT_TRUE(e.cache);
  EXPECT_EQ(e.cache->functions.size(), 1u);  // 1000 more L1 hits: 1000 more cycles
}

TEST(CacheDiff, AFewCyclesIsNotAMemoryEffect) {
  // One more last-level hit per iteration: 4 cycles, under one RAM access's 35.
  const auto e = diff_profiles("c", "gbench", side(1, {{"f", 1000, 100, 10, 1}}), side(1, {{"f", 1000, 100, 11, 1}}),
                               std::nullopt);
  ASSERT_TRUE(e.cache);
  EXPECT_TRUE(e.cache->functions.empty());
  EXPECT_EQ(e.assessment, explain_assessment::no_change);
}

TEST(CacheDiff, WithoutCacheEventsOnEitherSideThereIsNoCacheSide) {
  const auto e = diff_profiles("c", "gbench", side(1, {{"f", 1000, 0, 0, 0}}, false), side(1, {{"f", 1000, 0, 0, 0}}),
                               5.0);
  EXPECT_FALSE(e.cache);
  EXPECT_EQ(e.assessment, explain_assessment::layout_or_memory);
  EXPECT_EQ(cache_text(e), "");
  explain_document d;
  d.explanations.push_back(e);
  EXPECT_NE(explain_document_to_json_text(d).find("\"cache\": null"), std::string::npos);
}

TEST(CallgrindProfileCache, ReadsEachFunctionsOwnCacheEvents) {
  const auto p = parse_callgrind_profile("events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
                                         "fn=(1) f\n"
                                         "3 10 4 1 0 2\n"
                                         "4 5 1 0 0 0 0 0 1\n"
                                         "calls=1 0\n"
                                         "5 100 50 0 0 9 0 0 9\n"
                                         "fn=(2) g\n"
                                         "6 7\n"
                                         "totals: 22 5 1 0 2 0 0 1 0\n",
                                         "test");
  EXPECT_TRUE(p.has_cache);
  const auto& f = p.functions.at("f");
  EXPECT_EQ(f.self, 15);
  EXPECT_EQ(f.inclusive, 115);
  EXPECT_EQ(f.cache, (run::cache_events{{15, 5, 1, 0, 2, 0, 0, 1, 0}}));  // the call's cost is not f's own
  EXPECT_EQ(p.functions.at("g").cache, (run::cache_events{{7, 0, 0, 0, 0, 0, 0, 0, 0}}));
}

TEST(CallgrindProfileCache, AProfileWithoutCacheEventsHasNone) {
  const auto p = parse_callgrind_profile("events: Ir\nfn=f\n3 10\n", "test");
  EXPECT_FALSE(p.has_cache);
  EXPECT_EQ(p.functions.at("f").cache, run::cache_events{});
}

TEST(CallgrindProfileCache, AMalformedCacheCountIsAnInputErrorNamingTheLine) {
  try {
    parse_callgrind_profile("events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\nfn=f\n3 10 x\n", "dump.1");
    FAIL() << "a malformed count was accepted";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(), "dump.1: line 3: 'x': expected a count >= 0");
  }
}

// `d` saved as --explain-json writes it and loaded back.
explain_document round_trip(const explain_document& d) {
  const auto path =
      std::filesystem::temp_directory_path() / ("explain_cache_json_" + std::to_string(::getpid()) + ".json");
  save_explain_document(d, path, "test");
  auto back = load_explain_document(path, "--explain-json");
  std::filesystem::remove(path);
  return back;
}

TEST(ExplainJsonCache, TheCachePartReadsBackAsWritten) {
  explanation e;
  e.cell = "BM_walk";
  e.kind = "gbench";
  e.old_side = {"old/bench", 5, 100, 100, std::nullopt, true, false};
  e.new_side = {"new/bench", 4, 100, 100, std::nullopt, true, false};
  e.assessment = explain_assessment::memory_effect;
  explained_cache c;
  c.model = "I1/D1 32 KiB, LL 8 MiB";
  c.old_totals = {40, 2, 1, 3, 85};
  c.new_totals = {30, 4, 9, 13, 365};
  c.functions.push_back({"walk()", {40, 2, 1, 3, 85}, {30, 4, 9, 13, 365}});
  e.cache = c;
  explain_document d;
  d.explanations.push_back(e);
  const auto back = round_trip(d);
  ASSERT_EQ(back.explanations.size(), 1u);
  const auto& b = back.explanations[0];
  EXPECT_EQ(b.assessment, explain_assessment::memory_effect);
  ASSERT_TRUE(b.cache.has_value());
  EXPECT_EQ(b.cache->model, c.model);
  const auto same = [](const cache_totals& x, const cache_totals& y) {
    return x.l1_hits == y.l1_hits && x.ll_hits == y.ll_hits && x.ram_accesses == y.ram_accesses &&
           x.l1_misses == y.l1_misses && x.estimated_cycles == y.estimated_cycles;
  };
  EXPECT_TRUE(same(b.cache->old_totals, c.old_totals));
  EXPECT_TRUE(same(b.cache->new_totals, c.new_totals));
  ASSERT_EQ(b.cache->functions.size(), 1u);
  EXPECT_EQ(b.cache->functions[0].name, "walk()");
  EXPECT_TRUE(same(b.cache->functions[0].old_costs, c.functions[0].old_costs));
  EXPECT_TRUE(same(b.cache->functions[0].new_costs, c.functions[0].new_costs));
  // The text made from what was read is the text made from what was written.
  EXPECT_EQ(explanation_text(b), explanation_text(e));
}

TEST(ExplainJsonCache, AnExplanationWithoutTheCacheSimulationHasNoCachePart) {
  explanation e;
  e.cell = "BM_x";
  e.kind = "gbench";
  explain_document d;
  d.explanations.push_back(e);
  const auto back = round_trip(d);
  ASSERT_EQ(back.explanations.size(), 1u);
  EXPECT_FALSE(back.explanations[0].cache.has_value());
}

}  // namespace
}  // namespace benchgate::explain
