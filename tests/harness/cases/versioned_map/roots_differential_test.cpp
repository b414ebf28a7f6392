// The four roots containers (std::map baseline, deque, ring and the
// boost::circular_buffer peer) give identical results on the same operation
// stream, alone and inside the versioned map; getRoot equals a linear scan,
// including across the ring's wrap-around.

#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "cores/versioned_map/versioned_map.hpp"
#include "harness/cases/versioned_map/variants.hpp"
#include "benchgate/case.hpp"

namespace {

namespace vm = cores::versioned_map;
namespace vmap = benchgate::cases::versioned_map;
using vm::version;

// A plain model of a roots container: version -> root.
using roots_model = std::map<version, int>;

int model_root_at(const roots_model& m, version v) { return std::prev(m.upper_bound(v))->second; }

template <class Roots>
roots_model entries_of(const Roots& roots) {
  roots_model out;
  roots.for_each([&](version v, int root) { out.emplace(v, root); });
  return out;
}

// Runs one random stream of push_back (with gaps), pop_front, forget_before
// and root_at on a container of every variant and on the model.
template <class Variant>
void run_roots_stream(std::uint32_t seed) {
  typename Variant::template roots<int> roots;
  roots_model model;
  std::mt19937 rng(seed);
  version next = 1;
  for (int step = 0; step < 3000; ++step) {
    const auto op = rng() % 8;
    if (roots.size() < 2 || op < 4) {
      next += 1 + static_cast<version>(rng() % 4);
      roots.push_back(next, static_cast<int>(next));
      model.emplace(next, static_cast<int>(next));
    } else if (op < 6) {
      roots.pop_front();
      model.erase(model.begin());
    } else if (op == 6) {
      const version front = model.begin()->first;
      const version cut = front + static_cast<version>(rng() % (next - front + 1));
      const int root = model_root_at(model, cut);
      model.erase(model.begin(), model.upper_bound(cut));
      model.emplace(cut, root);
      roots.forget_before(cut);
    }
    ASSERT_EQ(roots.size(), model.size()) << Variant::name << " step " << step;
    ASSERT_EQ(roots.front_version(), model.begin()->first);
    ASSERT_EQ(roots.back_version(), model.rbegin()->first);
    ASSERT_EQ(roots.back_root(), model.rbegin()->second);
    for (int probe = 0; probe < 4; ++probe) {
      const version v = model.begin()->first + static_cast<version>(rng() % (next - model.begin()->first + 3));
      ASSERT_EQ(roots.root_at(v), model_root_at(model, v)) << Variant::name << " step " << step << " v " << v;
    }
  }
  EXPECT_EQ(entries_of(roots), model) << Variant::name;
}

TEST(RootsContainers, AllFourMatchTheModelOnTheSameRandomStream) {
  for (const std::uint32_t seed : {1U, 2U, 3U}) {
    vmap::for_each_variant([&](auto variant) { run_roots_stream<decltype(variant)>(seed); });
  }
}

template <class Variant>
using int_map = vm::versioned_map<int, int, typename Variant::template roots<vm::node_ref<int, int>>>;

// Every retained version's contents and tree shape (node count and root
// priority), one map per variant after the same operation stream.
template <class Variant>
std::vector<std::pair<std::map<int, int>, std::uint32_t>> run_map_stream(std::uint32_t seed) {
  int_map<Variant> m;
  std::mt19937 rng(seed);
  version v = 0;
  for (int step = 0; step < 500; ++step) {
    v += 1 + static_cast<version>(rng() % 2);
    m.create_new_version(v);
    const int key = static_cast<int>(rng() % 100);
    switch (rng() % 4) {
      case 0: m.erase(key); break;
      case 1: m.erase(key, key + 10); break;
      default: m.insert(key, step);
    }
    if (step % 60 == 59) m.forget_versions_before(v - static_cast<version>(rng() % 40));
  }
  std::vector<std::pair<std::map<int, int>, std::uint32_t>> out;
  for (version r = m.oldest_version(); r <= m.latest_version(); ++r) {
    const auto view = *m.at(r);
    std::map<int, int> contents;
    view.for_each([&](int k, int value) { contents.emplace(k, value); });
    out.emplace_back(std::move(contents), view.root() ? view.root()->priority : 0);
  }
  return out;
}

TEST(RootsContainers, TheFourVersionedMapsAgreeAtEveryRetainedVersion) {
  for (const std::uint32_t seed : {4U, 5U}) {
    const auto expected = run_map_stream<vmap::map_variant>(seed);
    ASSERT_GT(expected.size(), 10U);
    EXPECT_EQ(run_map_stream<vmap::deque_variant>(seed), expected);
    EXPECT_EQ(run_map_stream<vmap::ring_variant>(seed), expected);
    EXPECT_EQ(run_map_stream<vmap::circular_buffer_variant>(seed), expected);
  }
}

TEST(CircularBufferRoots, GrowsBeforeItFillsInsteadOfOverwriting) {
  vmap::circular_buffer_roots<int> roots;
  for (int v = 1; v <= 100; ++v) roots.push_back(v, v);
  EXPECT_EQ(roots.size(), 100U);
  EXPECT_EQ(roots.front_version(), 1);
  EXPECT_EQ(roots.root_at(50), 50);
}

}  // namespace
