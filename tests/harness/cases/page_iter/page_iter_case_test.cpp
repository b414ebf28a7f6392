#include "harness/cases/page_iter/page_iter_case.hpp"
#include "benchgate/case.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "baselines/page_iter/page_iteration.hpp"
#include "cores/page_iter/page_iteration.hpp"
#include "harness/cases/page_iter/dynamic_bitset_peer.hpp"
#include "harness/cases/page_iter/workload.hpp"

namespace {

namespace core = cores::page_iter;
namespace baseline = baselines::page_iter;
namespace peer = benchgate::cases::page_iter;
using core::page_offset;

// One page of each variant's type, driven by the same operations.
struct all_pages {
  explicit all_pages(std::size_t row_bytes)
      : base(baseline::page::create(row_bytes)),
        core64(core::page<std::uint64_t>::create(row_bytes)),
        core32(core::page<std::uint32_t>::create(row_bytes)),
        boost(peer::peer_page::create(row_bytes)) {}

  std::optional<page_offset> insert(const std::vector<std::byte>& row) {
    const auto a = base->insert(row);
    EXPECT_EQ(core64->insert(row), a);
    EXPECT_EQ(core32->insert(row), a);
    EXPECT_EQ(boost->insert(row), a);
    return a;
  }
  bool remove(page_offset off) {
    const bool a = base->remove(off);
    EXPECT_EQ(core64->remove(off), a);
    EXPECT_EQ(core32->remove(off), a);
    EXPECT_EQ(boost->remove(off), a);
    return a;
  }

  std::unique_ptr<baseline::page> base;
  std::unique_ptr<core::page<std::uint64_t>> core64;
  std::unique_ptr<core::page<std::uint32_t>> core32;
  std::unique_ptr<peer::peer_page> boost;
};

template <class Page, class Iterate>
std::vector<page_offset> offsets(const Page& p, Iterate iterate) {
  std::vector<page_offset> out;
  iterate(p, [&](page_offset off) { out.push_back(off); });
  return out;
}

template <class Block>
void expect_bitset_invariants(const core::page<Block>& p) {
  const auto& bits = p.present_rows();
  EXPECT_EQ(bits.count(), p.num_rows());
  for (const auto index : bits.iter_set()) EXPECT_LT(index * p.row_bytes(), p.last());
  // Padding bits (indices past the bitset's logical length) stay zero.
  for (std::size_t i = p.bitset_bits(); i < bits.len(); ++i) EXPECT_EQ(bits.get(i), std::optional<bool>(false));
}

TEST(PageIterDifferential, EveryVariantMatchesASetModelOverRandomInsertDeleteRuns) {
  std::mt19937_64 rng(0xbe4c4);
  for (const std::size_t row_bytes : {2u, 8u, 24u, 32u, 256u, 1000u, 65472u}) {
    all_pages pages(row_bytes);
    std::set<page_offset> model;
    const std::vector<std::byte> row(row_bytes, std::byte{0x5a});
    const std::size_t steps = 3 * pages.base->capacity_rows() + 50;
    for (std::size_t step = 0; step < steps; ++step) {
      const bool insert = model.empty() || rng() % 3 != 0;
      if (insert) {
        if (const auto off = pages.insert(row)) {
          EXPECT_TRUE(model.insert(*off).second);
        } else {
          EXPECT_EQ(model.size(), pages.base->capacity_rows());
        }
      } else {
        auto it = model.begin();
        std::advance(it, static_cast<long>(rng() % model.size()));
        EXPECT_TRUE(pages.remove(*it));
        model.erase(it);
      }
    }
    const std::vector<page_offset> expected(model.begin(), model.end());
    const auto core_iterate = [](const auto& p, auto&& visit) { core::for_each_row(p, visit); };
    const auto seed_iterate = [](const auto& p, auto&& visit) { core::for_each_row_seed(p, visit); };
    EXPECT_EQ(offsets(*pages.base, [](const auto& p, auto&& v) { baseline::for_each_row(p, v); }), expected)
        << "baseline, row " << row_bytes;
    EXPECT_EQ(offsets(*pages.core64, core_iterate), expected) << "core, row " << row_bytes;
    EXPECT_EQ(offsets(*pages.core32, core_iterate), expected) << "core_u32, row " << row_bytes;
    EXPECT_EQ(offsets(*pages.core64, seed_iterate), expected) << "core_seed, row " << row_bytes;
    EXPECT_EQ(offsets(*pages.boost, [](const auto& p, auto&& v) { peer::for_each_row(p, v); }), expected)
        << "peer, row " << row_bytes;
    EXPECT_EQ(pages.base->num_rows(), model.size());
    expect_bitset_invariants(*pages.core64);
    expect_bitset_invariants(*pages.core32);
  }
}

TEST(PageIterWorkload, DensityOneKeepsTheFullPageAndLowDensityARandomPattern) {
  const auto full = peer::make_page<core::page<std::uint64_t>>(8, 1.0);
  EXPECT_EQ(full->num_rows(), 8184u);
  const auto sparse = peer::make_page<core::page<std::uint64_t>>(8, 0.1);
  EXPECT_EQ(sparse->last(), core::k_row_data_bytes) << "last stays at the full mark";
  EXPECT_GT(sparse->num_rows(), 700u);
  EXPECT_LT(sparse->num_rows(), 950u);
  const auto rows = offsets(*sparse, [](const auto& p, auto&& v) { core::for_each_row(p, v); });
  std::set<std::size_t> gaps;
  for (std::size_t i = 1; i < rows.size(); ++i) gaps.insert(rows[i] - rows[i - 1]);
  EXPECT_GT(gaps.size(), 5u) << "the pattern is random, not strided";
}

TEST(PageIterWorkload, TheSameParametersGiveTheSamePatternForEveryBitset) {
  const auto a = peer::make_page<baseline::page>(32, 0.37);
  const auto b = peer::make_page<peer::peer_page>(32, 0.37);
  EXPECT_EQ(offsets(*a, [](const auto& p, auto&& v) { baseline::for_each_row(p, v); }),
            offsets(*b, [](const auto& p, auto&& v) { peer::for_each_row(p, v); }));
}

class PageIterCase : public ::testing::Test {
 protected:
  std::unique_ptr<benchgate::benchmark_case> bench_case = benchgate::cases::make_page_iter_case();
};

TEST_F(PageIterCase, ListsBaselineCoresAndPeerWithTheDefaultGrid) {
  EXPECT_EQ(bench_case->name(), "page_iter");
  const auto variants = bench_case->variants();
  ASSERT_EQ(variants.size(), 5u);
  EXPECT_EQ(variants[0].role, benchgate::variant_role::baseline);
  EXPECT_EQ(variants[4].role, benchgate::variant_role::peer);
  const auto axes = bench_case->axes();
  ASSERT_EQ(axes.size(), 3u);
  EXPECT_EQ(axes[0].defaults, (std::vector<std::string>{"8", "32", "256"}));
  EXPECT_EQ(axes[1].defaults, (std::vector<std::string>{"0.1", "0.25", "0.5", "0.75", "0.9", "1.0"}));
  EXPECT_EQ(axes[2].defaults, (std::vector<std::string>{"16"}));
}

// The default page count is not named, so the default grid's cells keep the
// spec's names; another count is.
TEST_F(PageIterCase, PagesAreNamedInTheCellOnlyWhenNotTheDefault) {
  using benchgate::axis_values;
  const auto points = bench_case->points(
      {axis_values{"row_bytes", {"8"}}, axis_values{"density", {"0.5"}}, axis_values{"pages", {"16", "1"}}}, {});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].label(), "row_bytes:8/density:0.5");
  EXPECT_EQ(points[1].label(), "row_bytes:8/density:0.5/pages:1");
  EXPECT_EQ(bench_case->axes()[2].check("0").has_value(), true);
  EXPECT_EQ(bench_case->axes()[2].check("1025").has_value(), true);
  EXPECT_EQ(bench_case->axes()[2].check("1"), std::nullopt);
}

// Every page is checked against the baseline, and the work is all pages'
// rows: page k is the spec's page drawn with seed + k.
TEST_F(PageIterCase, SeveralPagesAreDrawnWithSuccessiveSeedsAndAllCount) {
  namespace workload = benchgate::cases::page_iter;
  const auto pages = workload::make_pages<core::page<std::uint64_t>>(8, 0.5, 3);
  ASSERT_EQ(pages.size(), 3u);
  const auto first = workload::make_page<core::page<std::uint64_t>>(8, 0.5);
  const auto iterate = [](const auto& p, auto&& v) { core::for_each_row(p, v); };
  EXPECT_EQ(offsets(*pages[0], iterate), offsets(*first, iterate)) << "page 0 is the spec's page";
  EXPECT_NE(offsets(*pages[1], iterate), offsets(*pages[0], iterate));
  EXPECT_NE(offsets(*pages[2], iterate), offsets(*pages[1], iterate));
  std::size_t rows = 0;
  for (const auto& p : pages) rows += p->num_rows();
  const auto prepared = bench_case->prepare(
      benchgate::param_point({{"row_bytes", "8"}, {"density", "0.5"}, {"pages", "3"}}));
  ASSERT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.work.amount, static_cast<double>(rows * 8));
}

TEST_F(PageIterCase, AxisChecksRejectValuesOutsideTheirRange) {
  const auto axes = bench_case->axes();
  EXPECT_EQ(axes[0].check("1"),
            "an integer from 2 to 65472 (a row holds a 2-byte free-list link and must fit in the "
            "65472-byte row area)");
  EXPECT_EQ(axes[0].check("65473").has_value(), true);
  EXPECT_EQ(axes[0].check("8x").has_value(), true);
  EXPECT_EQ(axes[0].check("8"), std::nullopt);
  EXPECT_EQ(axes[1].check("0"), "a number in (0, 1]");
  EXPECT_EQ(axes[1].check("1.5"), "a number in (0, 1]");
  EXPECT_EQ(axes[1].check("abc"), "a number in (0, 1]");
  EXPECT_EQ(axes[1].check("1"), std::nullopt);
}

TEST_F(PageIterCase, PrepareChecksTheVariantsAndReportsHeaderBytes) {
  const auto prepared = bench_case->prepare(benchgate::param_point({{"row_bytes", "8"}, {"density", "1.0"}}));
  ASSERT_EQ(prepared.error, "");
  ASSERT_EQ(prepared.benches.size(), 5u);
  EXPECT_EQ(prepared.work.unit, benchgate::work_unit::bytes);
  EXPECT_EQ(prepared.work.amount, 16 * 8184.0 * 8) << "16 full pages of 8184 8-byte rows";
  const auto header_bytes = [&](std::size_t i) {
    for (const auto& f : prepared.benches[i].figures) {
      if (f.name == "header_bytes") return f.value;
    }
    return -1.0;
  };
  EXPECT_EQ(header_bytes(0), 40.0) << "baseline: bit-vec";
  EXPECT_EQ(header_bytes(1), 16.0) << "core: FixedBitSet";
  EXPECT_EQ(header_bytes(4), 40.0) << "peer: dynamic_bitset";
}

}  // namespace
