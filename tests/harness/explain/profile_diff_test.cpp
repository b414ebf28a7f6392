#include "harness/explain/profile_diff.hpp"

#include <gtest/gtest.h>

#include "harness/explain/explain_markdown.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/formats/json_reader.hpp"

namespace benchgate::explain {
namespace {

// A side whose functions cost `costs` (self = inclusive, one line each) over
// `iterations`; total = their sum.
profile_side side(std::int64_t iterations, std::initializer_list<std::pair<std::string, std::int64_t>> costs) {
  profile_side s;
  s.binary = "bin";
  s.iterations = iterations;
  std::int64_t line = 10;
  for (const auto& [name, cost] : costs) {
    auto& f = s.profile.functions[name];
    f.self = cost;
    f.inclusive = cost;
    f.lines[{"a.cpp", line++}] = cost;
    s.profile.total += cost;
  }
  return s;
}

TEST(ProfileDiff, RanksByChangeOfSelfCountPerIteration) {
  // Per iteration: work(int) 100 -> 300 (+200), main 50 -> 10 (-40), same 40 -> 40.
  const auto e = diff_profiles("c", "gbench", side(10, {{"_Z4worki", 1000}, {"main", 500}, {"same", 400}}),
                               side(20, {{"_Z4worki", 6000}, {"main", 200}, {"same", 800}}), std::nullopt);
  ASSERT_EQ(e.functions.size(), 2u);  // "same" is unchanged: left out
  EXPECT_EQ(e.functions[0].name, "work(int)");
  EXPECT_DOUBLE_EQ(e.functions[0].old_self, 100);
  EXPECT_DOUBLE_EQ(e.functions[0].new_self, 300);
  EXPECT_EQ(e.functions[1].name, "main");
  EXPECT_DOUBLE_EQ(e.old_side.total, 190);
  EXPECT_DOUBLE_EQ(e.new_side.total, 350);
  EXPECT_EQ(e.assessment, explain_assessment::code_change);
  ASSERT_FALSE(e.lines.empty());
  EXPECT_EQ(e.lines[0].function, "work(int)");
  EXPECT_EQ(e.lines[0].line, 10);
}

TEST(ProfileDiff, LeavesOutFramesWithNoSelfCost) {
  auto old_side = side(1, {{"f", 100}, {"main", 0}});
  auto new_side = side(1, {{"f", 200}, {"main", 0}});
  old_side.profile.functions["main"].inclusive = 60;  // a partial view: the call was still running
  new_side.profile.functions["main"].inclusive = 90;
  const auto e = diff_profiles("c", "benchgate", old_side, new_side, std::nullopt);
  ASSERT_EQ(e.functions.size(), 1u);
  EXPECT_EQ(e.functions[0].name, "f");
}

TEST(ProfileDiff, CallsUnchangedCountsWithATimeChangeALayoutOrMemoryEffect) {
  const auto e = diff_profiles("c", "benchgate", side(10, {{"f", 1000}}), side(10, {{"f", 1000}}), 75.0);
  EXPECT_TRUE(e.functions.empty());
  EXPECT_EQ(e.assessment, explain_assessment::layout_or_memory);
  EXPECT_NE(assessment_text(e).find("layout or memory effect"), std::string::npos);
  EXPECT_NE(assessment_text(e).find("-falign-functions"), std::string::npos);
  EXPECT_NE(assessment_text(e).find("--cache-sim=yes"), std::string::npos);
}

TEST(ProfileDiff, CallsUnchangedCountsWithoutATimeChangeNoChange) {
  const auto e = diff_profiles("c", "benchgate", side(10, {{"f", 1000}}), side(10, {{"f", 1000}}), std::nullopt);
  EXPECT_EQ(e.assessment, explain_assessment::no_change);
}

TEST(ProfileDiff, SaysWhenASideHasNoSymbols) {
  const auto e = diff_profiles("c", "benchgate", side(1, {{"0x0000000000401000", 900}, {"main", 100}}),
                               side(1, {{"f", 1000}}), std::nullopt);
  EXPECT_FALSE(e.old_side.has_symbols);
  EXPECT_TRUE(e.new_side.has_symbols);
  ASSERT_FALSE(e.notes.empty());
  EXPECT_NE(e.notes[0].find("OLD bin: most of its instructions are in code without a symbol"), std::string::npos);
}

TEST(ProfileDiff, NotesASumThatDoesNotReconcileWithTheTotal) {
  auto old_side = side(1, {{"f", 1000}});
  old_side.profile.total = 2000;
  const auto e = diff_profiles("c", "benchgate", old_side, side(1, {{"f", 1000}}), std::nullopt);
  ASSERT_FALSE(e.notes.empty());
  EXPECT_NE(e.notes[0].find("OLD: the functions add up to 1000.0"), std::string::npos);
}

TEST(ProfileDiff, MergesSymbolsThatDemangleAlikeAndKeepsTheTopN) {
  diff_limits limits;
  limits.functions = 1;
  const auto e = diff_profiles("c", "benchgate", side(1, {{"a", 10}, {"b", 10}}), side(1, {{"a", 50}, {"b", 20}}),
                               std::nullopt, limits);
  ASSERT_EQ(e.functions.size(), 1u);
  EXPECT_EQ(e.functions[0].name, "a");
}

TEST(ExplainMarkdown, ShowsEachCellsChangeAndItsTopFunctionsInATable) {
  explain_document d;
  d.explanations.push_back(diff_profiles("page_iter/core", "benchgate", side(10, {{"_Z4worki", 1000}, {"a|b", 10}}),
                                         side(10, {{"_Z4worki", 3000}, {"a|b", 40}}), std::nullopt));
  d.not_explained.push_back("http_parse/core: beyond --max-cells 1");
  const auto md = explain_markdown(d);
  EXPECT_NE(md.find("**`page_iter/core`**: 101.0 → 304.0 (+203.0, +201.0 %).\n\n| function |"), std::string::npos) << md;
  // The assessment follows the table it speaks of ("the functions above").
  EXPECT_NE(md.find("+3.0 |\n\ncode change: the functions above"), std::string::npos) << md;
  EXPECT_NE(md.find("| `work(int)` | 100.0 | 300.0 | +200.0 | +200.0 |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| `a/b` | 1.0 | 4.0 | +3.0 | +3.0 |\n"), std::string::npos) << md;  // '|' would split the row
  EXPECT_NE(md.find("Not explained:\n- http_parse/core: beyond --max-cells 1\n"), std::string::npos) << md;
}

TEST(ExplainJson, CarriesTheSchemaAndEachCostWithItsChange) {
  const auto e = diff_profiles("page_iter/core", "benchgate", side(10, {{"_Z4worki", 1000}}),
                               side(10, {{"_Z4worki", 3000}}), std::nullopt);
  explain_document d;
  d.explanations.push_back(e);
  d.not_explained.push_back("x: beyond --max-cells 1");
  const auto all = results::parse_json(explain_document_to_json_text(d), "explain");
  EXPECT_EQ(all.at("schema"), "benchgate.explain/1");
  EXPECT_EQ(all.at("not_explained").at(0), "x: beyond --max-cells 1");
  const auto& doc = all.at("explanations").at(0);
  EXPECT_EQ(doc.at("cell"), "page_iter/core");
  EXPECT_EQ(doc.at("assessment"), "code_change");
  EXPECT_DOUBLE_EQ(doc.at("change").get<double>(), 200);
  EXPECT_EQ(doc.at("functions").at(0).at("name"), "work(int)");
  EXPECT_DOUBLE_EQ(doc.at("functions").at(0).at("self").at("change").get<double>(), 200);
  EXPECT_TRUE(doc.at("time_change_pct").is_null());
}

}  // namespace
}  // namespace benchgate::explain
