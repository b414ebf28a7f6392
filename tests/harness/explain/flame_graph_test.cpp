// The differential flame graph: stacks rebuilt from caller->callee costs,
// the colour of a change, the SVG text; and the explain JSON read back.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "harness/explain/explain_cells.hpp"
#include "harness/explain/flame_graph_svg.hpp"
#include "harness/explain/flame_tree.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::explain {
namespace {

using ::testing::HasSubstr;

struct call {
  std::string caller;
  std::string callee;
  std::int64_t cost;
};

// A side over `iterations` with the functions' self costs and the calls.
profile_side side(std::int64_t iterations, std::initializer_list<std::pair<std::string, std::int64_t>> self,
                  std::initializer_list<call> calls) {
  profile_side s;
  s.binary = "bin";
  s.iterations = iterations;
  for (const auto& [name, cost] : self) {
    s.profile.functions[name].self = cost;
    s.profile.total += cost;
  }
  for (const auto& c : calls) s.profile.functions[c.caller].calls[c.callee] += c.cost;
  return s;
}

const flame_frame& child(const flame_frame& f, const std::string& name) {
  for (const auto& c : f.children) {
    if (c.name == name) return c;
  }
  throw std::runtime_error("no frame " + name + " under " + f.name);
}

TEST(FlameTree, SharesACalleesCostAmongItsCallersInProportion) {
  // main -> a (30), main -> b (70); a -> leaf (20), b -> leaf (60): leaf costs
  // 80 in all, a quarter of it under a. Per iteration over 10 iterations.
  const auto s = side(10, {{"main", 0}, {"a", 100}, {"b", 100}, {"leaf", 800}},
                      {{"main", "a", 300}, {"main", "b", 700}, {"a", "leaf", 200}, {"b", "leaf", 600}});
  const auto root = differential_flame_tree(s, s);
  EXPECT_EQ(root.name, "all");
  EXPECT_DOUBLE_EQ(root.new_cost, 100);
  const auto& main = child(root, "main");
  EXPECT_DOUBLE_EQ(main.new_cost, 100);
  EXPECT_DOUBLE_EQ(main.new_self, 0);
  const auto& a = child(main, "a");
  EXPECT_DOUBLE_EQ(a.new_cost, 30);
  EXPECT_DOUBLE_EQ(a.new_self, 10);
  EXPECT_DOUBLE_EQ(child(a, "leaf").new_cost, 20);
  EXPECT_DOUBLE_EQ(child(child(main, "b"), "leaf").new_cost, 60);
}

TEST(FlameTree, MatchesFramesAlongTheStackAcrossTheSides) {
  const auto old_side = side(1, {{"main", 10}, {"work", 100}}, {{"main", "work", 100}});
  const auto new_side = side(1, {{"main", 10}, {"work", 150}, {"added", 5}}, {{"main", "work", 150}, {"main", "added", 5}});
  const auto root = differential_flame_tree(old_side, new_side);
  const auto& work = child(child(root, "main"), "work");
  EXPECT_DOUBLE_EQ(work.old_self, 100);
  EXPECT_DOUBLE_EQ(work.new_self, 150);
  const auto& added = child(child(root, "main"), "added");
  EXPECT_DOUBLE_EQ(added.old_cost, 0);
  EXPECT_DOUBLE_EQ(added.new_cost, 5);
}

TEST(FlameTree, PassesARecursiveCallOnToWhatTheFunctionCallsFromThere) {
  // glibc's shape: "(below main)" and __libc_start_main call each other,
  // and "(below main)" calls main: main's whole cost stays on the graph.
  const auto s = side(1, {{"start", 0}, {"(below main)", 0}, {"__libc_start_main", 0}, {"main", 100}},
                      {{"start", "(below main)", 100},
                       {"(below main)", "__libc_start_main", 100},
                       {"__libc_start_main", "(below main)", 100},
                       {"(below main)", "main", 100}});
  const auto root = differential_flame_tree(s, s);
  EXPECT_DOUBLE_EQ(root.new_cost, 100);
  const auto& below = child(child(root, "start"), "(below main)");
  const double direct = child(below, "main").new_self;
  const double through = child(child(below, "__libc_start_main"), "main").new_self;
  EXPECT_DOUBLE_EQ(direct + through, 100);
}

TEST(FlameTree, StartsACostNoRecordedCallAccountsForAtTheBase) {
  // work's 90 instructions, of which calls recorded only 60 (a call already
  // running when counting started).
  const auto s = side(1, {{"main", 0}, {"work", 90}}, {{"main", "work", 60}});
  const auto root = differential_flame_tree(s, s);
  EXPECT_DOUBLE_EQ(child(child(root, "main"), "work").new_cost, 60);
  EXPECT_DOUBLE_EQ(child(root, "work").new_cost, 30);
  EXPECT_DOUBLE_EQ(root.new_cost, 90);
}

TEST(FlameGraphColour, GreyWithinToleranceRedForMoreBlueForFewer) {
  const rgb grey{225, 225, 225};
  const auto same = change_colour(100, 100.5, 1);
  EXPECT_EQ(same.r, grey.r);
  EXPECT_EQ(same.b, grey.b);
  // +50 % (k_full_colour_change): the deepest red; -50 %: the deepest blue.
  const auto red = change_colour(100, 150, 1);
  EXPECT_EQ(red.r, 255);
  EXPECT_EQ(red.g, 35);
  EXPECT_EQ(red.b, 35);
  const auto blue = change_colour(100, 50, 1);
  EXPECT_EQ(blue.b, 255);
  EXPECT_EQ(blue.r, 35);
  // +25 %: half the intensity, 215 - 180 * 0.5 = 125.
  EXPECT_EQ(change_colour(100, 125, 1).g, 125);
  // +2 %: the palest a change gets (intensity 0.25: 215 - 45 = 170).
  EXPECT_EQ(change_colour(100, 102, 1).g, 170);
  // New in NEW: the deepest red.
  EXPECT_EQ(change_colour(0, 10, 1).g, 35);
}

TEST(FlameGraphSvg, EscapesNamesAndGivesEveryFrameATooltip) {
  const auto old_side = side(1, {{"main", 0}, {"_ZlsRSoRKi", 100}}, {{"main", "_ZlsRSoRKi", 100}});
  const auto new_side = side(1, {{"main", 0}, {"_ZlsRSoRKi", 150}}, {{"main", "_ZlsRSoRKi", 150}});
  const auto svg = flame_graph_svg(differential_flame_tree(old_side, new_side), "case/v/a:1 & <b>", 1);
  EXPECT_THAT(svg, HasSubstr("<?xml version=\"1.0\""));
  EXPECT_THAT(svg, HasSubstr("case/v/a:1 &amp; &lt;b&gt;"));
  EXPECT_THAT(svg, HasSubstr("<title>operator&lt;&lt;(std::ostream&amp;, int const&amp;)\ninclusive: old 100.0, new "
                             "150.0 (+50.0, +50.0 %)\nself: old 100.0, new 150.0 (+50.0, +50.0 %)"));
  EXPECT_THAT(svg, HasSubstr("fill=\"rgb(255,35,35)\""));
  EXPECT_THAT(svg, HasSubstr("</svg>\n"));
}

TEST(FlameGraphFiles, NameEachCellsFileByItsPlaceAndName) {
  EXPECT_EQ(flamegraph_file_name(2, "page_iter/core/row_bytes:8/density:0.5"), "2-page_iter_core_row_bytes_8_density_0.5.svg");
}

TEST(ExplainJson, ReadsBackWhatItWrote) {
  explanation e;
  e.cell = "BM_x";
  e.kind = "gbench";
  e.old_side = {"old/bench", 100, 10, 10, std::nullopt, true, false};
  e.new_side = {"new/bench", 90, 12, 12, std::nullopt, true, true};
  e.functions.push_back({"f()", 1, 3, 2, 4});
  e.lines.push_back({"f()", "f.cpp", 7, 1, 3});
  e.time_change_pct = 12.5;
  e.assessment = explain_assessment::code_change;
  e.notes = {"a note"};
  e.flamegraph = "fl/1-BM_x.svg";
  explain_document d;
  d.explanations.push_back(e);
  d.not_explained = {"BM_y: beyond --max-cells 1"};
  const auto folder = std::filesystem::temp_directory_path() / ("explain_json_test_" + std::to_string(::getpid()));
  const auto path = folder / "e.json";
  save_explain_document(d, path, "test");
  const auto back = load_explain_document(path, "--explain");
  ASSERT_EQ(back.explanations.size(), 1u);
  const auto& b = back.explanations[0];
  EXPECT_EQ(b.cell, "BM_x");
  EXPECT_EQ(b.new_side.iterations, 90);
  EXPECT_DOUBLE_EQ(b.new_side.total, 12);
  EXPECT_TRUE(b.new_side.has_line_info);
  ASSERT_EQ(b.functions.size(), 1u);
  EXPECT_DOUBLE_EQ(b.functions[0].new_inclusive, 4);
  EXPECT_EQ(b.lines.at(0).line, 7);
  EXPECT_EQ(b.time_change_pct, 12.5);
  EXPECT_EQ(b.notes, e.notes);
  EXPECT_EQ(b.flamegraph, e.flamegraph);
  EXPECT_EQ(back.not_explained, d.not_explained);
  files::write_atomically(path, R"({"schema": "benchgate.gate/1", "cells": []})", "test");
  try {
    load_explain_document(path, "--explain");
    ADD_FAILURE() << "a verdict was read as an explanation";
  } catch (const input_error& error) {
    EXPECT_THAT(error.what(), HasSubstr("--explain " + path.string()));
    EXPECT_THAT(error.what(), HasSubstr("benchgate.explain/1"));
  }
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace benchgate::explain
