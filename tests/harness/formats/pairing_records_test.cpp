#include "harness/formats/pairing_records.hpp"

#include <gtest/gtest.h>

#include "harness/formats/merge.hpp"
#include "harness/formats/results_json.hpp"

namespace benchgate::results {
namespace {

run_results run_with(const std::string& id, std::vector<std::pair<std::string, std::vector<double>>> cells) {
  run_results r;
  r.run_id = id;
  r.env.date = id;  // distinct runs for merge
  r.config.rounds = 1;
  for (const auto& [name, times] : cells) {
    cell c;
    c.name = name;
    for (const double ns : times) c.samples.push_back({10, ns, ns, std::nullopt, {}});
    r.cells.push_back(c);
  }
  return r;
}

TEST(Pairing, RecordsThePartnerOfEverySampleOnBothSides) {
  auto old_run = run_with("aaaa", {{"x", {1, 2, 3}}, {"y", {5, 6}}});
  auto new_run = run_with("bbbb", {{"y", {50, 60}}, {"x", {10, 20, 30}}});
  record_pairing(old_run, new_run);
  ASSERT_EQ(old_run.pairings.size(), 1u);
  EXPECT_EQ(old_run.pairings[0].id, "aaaa-bbbb");
  EXPECT_EQ(old_run.pairings[0].side, "old");
  EXPECT_EQ(old_run.pairings[0].run_id, "aaaa");
  EXPECT_EQ(old_run.pairings[0].partner_run_id, "bbbb");
  EXPECT_EQ(new_run.pairings[0].side, "new");
  EXPECT_EQ(new_run.pairings[0].partner_run_id, "aaaa");
  // Sample i of a cell pairs with sample i of the same cell on the other side.
  ASSERT_TRUE(old_run.cells[0].samples[2].pair.has_value());
  EXPECT_EQ(old_run.cells[0].samples[2].pair->id, "aaaa-bbbb");
  EXPECT_EQ(old_run.cells[0].samples[2].pair->index, 2);
  EXPECT_EQ(new_run.cells[1].samples[2].pair->index, 2);
}

TEST(Pairing, GivesARunWithoutAnIdOne) {
  auto old_run = run_with("", {{"x", {1, 2}}});
  auto new_run = run_with("", {{"x", {1, 2}}});
  record_pairing(old_run, new_run);
  EXPECT_EQ(old_run.run_id.size(), 16u);
  EXPECT_NE(old_run.run_id, new_run.run_id);
  EXPECT_EQ(old_run.pairings[0].id, old_run.run_id + "-" + new_run.run_id);
}

TEST(Pairing, SurvivesTheJsonRoundTrip) {
  auto old_run = run_with("aaaa", {{"x", {1, 2}}});
  auto new_run = run_with("bbbb", {{"x", {3, 4}}});
  record_pairing(old_run, new_run);
  const auto back = parse_results(to_json_text(new_run), "test");
  EXPECT_EQ(back.run_id, "bbbb");
  ASSERT_EQ(back.pairings.size(), 1u);
  EXPECT_EQ(back.pairings[0].partner_run_id, "aaaa");
  ASSERT_TRUE(back.cells[0].samples[1].pair.has_value());
  EXPECT_EQ(back.cells[0].samples[1].pair->id, "aaaa-bbbb");
  EXPECT_EQ(back.cells[0].samples[1].pair->index, 1);
}

TEST(Pairing, FilesWrittenBeforePairingLoadUnpaired) {
  auto plain = run_with("", {{"x", {1, 2}}});
  const auto back = parse_results(to_json_text(plain), "test");
  EXPECT_TRUE(back.run_id.empty());
  EXPECT_TRUE(back.pairings.empty());
  EXPECT_FALSE(back.cells[0].samples[0].pair.has_value());
  EXPECT_FALSE(align_pairs(back, back).new_run.has_value());
}

TEST(Pairing, AlignsTheNewSamplesToTheirOldPartners) {
  auto old_a = run_with("a1", {{"x", {1, 2}}});
  auto new_a = run_with("b1", {{"x", {10, 20}}});
  auto old_b = run_with("a2", {{"x", {3, 4}}});
  auto new_b = run_with("b2", {{"x", {30, 40}}});
  record_pairing(old_a, new_a);
  record_pairing(old_b, new_b);
  // Pooled in different orders: still each sample with its partner.
  const std::vector<named_run> olds = {{"a1", old_a}, {"a2", old_b}};
  const std::vector<named_run> news = {{"b2", new_b}, {"b1", new_a}};
  const auto old_pool = merge_runs(olds);
  const auto new_pool = merge_runs(news);
  EXPECT_TRUE(old_pool.run_id.empty());
  EXPECT_EQ(old_pool.pairings.size(), 2u);
  const auto aligned = align_pairs(old_pool, new_pool);
  ASSERT_TRUE(aligned.new_run.has_value()) << aligned.problem;
  const auto& samples = aligned.new_run->cells[0].samples;
  ASSERT_EQ(samples.size(), 4u);
  EXPECT_EQ(samples[0].real_ns, 10);
  EXPECT_EQ(samples[1].real_ns, 20);
  EXPECT_EQ(samples[2].real_ns, 30);
  EXPECT_EQ(samples[3].real_ns, 40);
}

TEST(Pairing, ACellWhoseSamplesDoNotPairIsAProblem) {
  auto old_run = run_with("aaaa", {{"x", {1, 2}}, {"y", {1, 2}}});
  auto new_run = run_with("bbbb", {{"x", {1, 2}}, {"y", {1, 2}}});
  record_pairing(old_run, new_run);
  new_run.cells[1].samples.push_back({10, 3, 3, std::nullopt, {}});
  const auto aligned = align_pairs(old_run, new_run);
  EXPECT_FALSE(aligned.new_run.has_value());
  EXPECT_EQ(aligned.problem, "cell y: 2 and 3 samples");
}

TEST(Pairing, RunsOfOtherPairingsDoNotPair) {
  auto old_run = run_with("aaaa", {{"x", {1, 2}}});
  auto new_run = run_with("bbbb", {{"x", {1, 2}}});
  auto other_old = run_with("cccc", {{"x", {1, 2}}});
  auto other_new = run_with("dddd", {{"x", {1, 2}}});
  record_pairing(old_run, new_run);
  record_pairing(other_old, other_new);
  const auto aligned = align_pairs(old_run, other_new);
  EXPECT_FALSE(aligned.new_run.has_value());
  EXPECT_TRUE(aligned.problem.empty());
}

TEST(Pairing, ProcessPairsAreRecordedAndMakeClusters) {
  auto old_a = run_with("a1", {{"x", {1, 2}}});
  auto new_a = run_with("b1", {{"x", {10, 20}}});
  auto old_b = run_with("a2", {{"x", {3, 4}}});
  auto new_b = run_with("b2", {{"x", {30, 40}}});
  record_pairing(old_a, new_a, 1);
  record_pairing(old_b, new_b, 2);
  EXPECT_EQ(old_b.pairings[0].process_pair, 2);
  // The index survives the file.
  const auto back = parse_results(to_json_text(new_b), "test");
  ASSERT_EQ(back.pairings.size(), 1u);
  EXPECT_EQ(back.pairings[0].process_pair, 2);
  const std::vector<named_run> olds = {{"a1", old_a}, {"a2", old_b}};
  const std::vector<named_run> news = {{"b1", new_a}, {"b2", new_b}};
  const auto old_pool = merge_runs(olds);
  const auto aligned = align_pairs(old_pool, merge_runs(news));
  ASSERT_TRUE(aligned.new_run.has_value()) << aligned.problem;
  EXPECT_TRUE(aligned.clustered);
  // Samples 0 and 1 ran in process pair 1, 2 and 3 in process pair 2.
  EXPECT_EQ(cluster_labels(old_pool.cells[0]), (std::vector<std::size_t>{0, 0, 1, 1}));
}

TEST(Pairing, OnePairingOrNoProcessPairIndexIsNotClustered) {
  // Files written before process pairs were recorded (and gate --confirm's
  // re-runs) pair as before, unclustered.
  auto old_a = run_with("a1", {{"x", {1, 2}}});
  auto new_a = run_with("b1", {{"x", {10, 20}}});
  auto old_b = run_with("a2", {{"x", {3, 4}}});
  auto new_b = run_with("b2", {{"x", {30, 40}}});
  record_pairing(old_a, new_a);
  record_pairing(old_b, new_b);
  const std::vector<named_run> olds = {{"a1", old_a}, {"a2", old_b}};
  const std::vector<named_run> news = {{"b1", new_a}, {"b2", new_b}};
  EXPECT_FALSE(align_pairs(merge_runs(olds), merge_runs(news)).clustered);
  auto old_c = run_with("a3", {{"x", {1, 2}}});
  auto new_c = run_with("b3", {{"x", {10, 20}}});
  record_pairing(old_c, new_c, 1);
  const auto one = align_pairs(old_c, new_c);
  ASSERT_TRUE(one.new_run.has_value());
  EXPECT_FALSE(one.clustered);
}

TEST(Pairing, AProcessPairBelowOneIsRefused) {
  auto old_run = run_with("aaaa", {{"x", {1, 2}}});
  auto new_run = run_with("bbbb", {{"x", {3, 4}}});
  record_pairing(old_run, new_run, 0);
  EXPECT_THROW(parse_results(to_json_text(new_run), "test"), std::exception);
}

}  // namespace
}  // namespace benchgate::results
