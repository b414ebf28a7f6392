#include "harness/cases/page_iter/page_iter_case.hpp"


#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "baselines/page_iter/page_iteration.hpp"
#include "benchgate/registration.hpp"
#include "benchgate/value_checks.hpp"
#include "cores/page_iter/page_iteration.hpp"
#include "harness/cases/page_iter/dynamic_bitset_peer.hpp"
#include "harness/cases/page_iter/workload.hpp"

namespace benchgate::cases {

namespace {

namespace core = cores::page_iter;
namespace baseline = baselines::page_iter;
using core::page_offset;

// Each variant: how to iterate its page type. Generic lambdas so that the
// visitor inlines into the iteration.
constexpr auto iterate_baseline = [](const baseline::page& p, auto&& visit) {
  baseline::for_each_row(p, visit);
};
constexpr auto iterate_core = [](const auto& p, auto&& visit) { core::for_each_row(p, visit); };
constexpr auto iterate_core_seed = [](const auto& p, auto&& visit) { core::for_each_row_seed(p, visit); };
constexpr auto iterate_peer = [](const page_iter::peer_page& p, auto&& visit) {
  page_iter::for_each_row(p, visit);
};

// Pages iterated by one timed iteration (`pages` axis): 16 independently
// drawn patterns are more than this kind of CPU's branch predictor learns
// from repetition, so the timings are of the code, not of how much of one
// page's pattern the predictor has memorized (README, "The page_iter case").
constexpr std::string_view k_default_pages = "16";
constexpr std::size_t k_default_page_count = 16;
constexpr std::int64_t k_max_pages = 1024;

template <class Page>
using page_set = std::vector<std::unique_ptr<Page>>;

// The timed body: iterate the present rows; for each, check that the row
// lies inside the row area, form its pointer and keep it alive. No row byte
// is loaded (harness/cases/page_iter/SPEC.md, "Workload").
// Each timed iteration does so for every page of the set in turn.
template <class Page, class Iterate>
[[gnu::always_inline]] inline void iterate_rows_timed(benchgate::state& state,
                                                      const page_set<Page>& pages, Iterate iterate) {
  state.loop([&] {
    for (const auto& page : pages) {
      const std::byte* data = page->row_data();
      const std::size_t row_bytes = page->row_bytes();
      iterate(*page, [&](page_offset offset) {
        if (offset + row_bytes <= core::k_row_data_bytes) benchgate::do_not_optimize(data + offset);
      });
    }
  });
}

// The same body compiled twice: for any x86-64, and with BMI1/BMI2 (blsr
// clears the lowest set bit in one instruction instead of lea + and, which
// halves the bit loop's dependency chain). Every variant gets the same
// treatment, so the comparison stays fair; the choice is made once per body.
template <class Page, class Iterate>
void iterate_rows_portable(benchgate::state& state, const page_set<Page>& pages,
                           Iterate iterate) {
  iterate_rows_timed(state, pages, iterate);
}

template <class Page, class Iterate>
[[gnu::target("bmi,bmi2")]] void iterate_rows_bmi(benchgate::state& state,
                                                   const page_set<Page>& pages, Iterate iterate) {
  iterate_rows_timed(state, pages, iterate);
}

template <class Page, class Iterate>
benchgate::bench_body make_body(std::shared_ptr<const page_set<Page>> pages, Iterate iterate) {
  const bool bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  return [pages = std::move(pages), iterate, bmi](benchgate::state& state) {
    if (bmi) {
      iterate_rows_bmi(state, *pages, iterate);
    } else {
      iterate_rows_portable(state, *pages, iterate);
    }
  };
}

// Adds `variant`'s benchmark, after checking that on every page its offsets
// equal the baseline's. Returns false (and sets prepared.error) when they
// differ.
template <class Page, class Iterate>
bool add_variant(benchgate::prepared_point& prepared, const std::string& variant,
                 std::shared_ptr<const page_set<Page>> pages, Iterate iterate,
                 const std::vector<std::vector<page_offset>>& expected) {
  for (std::size_t k = 0; k < pages->size(); ++k) {
    const auto& page = *(*pages)[k];
    const auto offsets = page_iter::collect_offsets(page, iterate);
    if (offsets != expected[k] || page.present_rows().count() != page.num_rows()) {
      prepared.error = "variants disagree: on page " + std::to_string(k) + " " + variant + " yields " +
                       std::to_string(offsets.size()) + " rows, baseline " + std::to_string(expected[k].size()) +
                       " (num_rows " + std::to_string(page.num_rows()) + ")";
      return false;
    }
  }
  const auto& first = *pages->front();
  std::vector<benchgate::figure> figures = {
      {"header_bytes", static_cast<double>(sizeof(core::fixed_header<std::decay_t<decltype(first.present_rows())>>)), "B"},
      {"bitset_handle_bytes", static_cast<double>(sizeof(first.present_rows())), "B"},
      {"bitset_heap_bytes", static_cast<double>(first.present_rows().heap_bytes()), "B"},
  };
  prepared.benches.push_back({variant, make_body(std::move(pages), iterate), std::move(figures)});
  return true;
}

template <class Page>
std::shared_ptr<const page_set<Page>> shared_pages(std::size_t row_bytes, double density, std::size_t count) {
  return std::make_shared<const page_set<Page>>(page_iter::make_pages<Page>(row_bytes, density, count));
}

class page_iter_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "page_iter"; }

  std::string_view description() const override {
    return "iterate the present rows of 64 KiB pages of fixed-size rows (SpacetimeDB PR "
           "\"Use a custom FixedBitSet + optimize Page::iter_fixed_len\"), 16 pages per iteration by "
           "default; every variant's body is compiled for BMI1/BMI2 when the CPU has them";
  }

  std::vector<benchgate::variant_info> variants() const override {
    return {
        {"baseline", benchgate::variant_role::baseline,
         "bit-vec (u32 words, 32-byte handle): every slot up to the high-water mark, a division and a bounds-checked get each"},
        {"core", benchgate::variant_role::core,
         "FixedBitSet<u64> (10-byte handle): trailing zeros, stops at the high-water block, full blocks as a stride loop"},
        {"core_u32", benchgate::variant_role::core, "the core with u32 blocks"},
        {"core_seed", benchgate::variant_role::core,
         "FixedBitSet<u64> with the seed's loop: iter_set over every block, index times row size"},
        {"peer", benchgate::variant_role::peer, "boost::dynamic_bitset<u64> with find_first/find_next"},
    };
  }

  std::vector<benchgate::axis_info> axes() const override {
    return {
        {"row_bytes", "row size in bytes (2 bytes hold the free-list link; the row area is 65472 bytes)",
         {"8", "32", "256"}, {}, benchgate::integer_in(core::k_min_row_bytes, core::k_max_row_bytes,
                                                    " (a row holds a 2-byte free-list link and must fit in the 65472-byte row area)")},
        {"density", "fraction of the full page's rows kept (random pattern, fixed seed)",
         {"0.1", "0.25", "0.5", "0.75", "0.9", "1.0"}, {"0.1", "0.5", "1.0"},
         benchgate::number_in(0, true, 1, false)},
        {"pages", "pages iterated per timed iteration, page k drawn with seed + k (1: the spec's single page, "
                  "whose pattern a branch predictor can learn; named in the cell only when not 16)",
         {std::string(k_default_pages)}, {}, benchgate::integer_in(1, k_max_pages, "")},
    };
  }

  // The product of the axes, with pages named only when not the default:
  // the default grid's cell names are those of the spec's two axes.
  std::vector<benchgate::param_point> points(const std::vector<benchgate::axis_values>& chosen,
                                         const std::vector<std::filesystem::path>&) const override {
    std::vector<benchgate::param_point> out;
    for (const auto& point : benchgate::cartesian_points(chosen)) {
      std::vector<std::pair<std::string, std::string>> values;
      for (const auto& [axis, value] : point.values()) {
        if (!(axis == "pages" && value == k_default_pages)) values.emplace_back(axis, value);
      }
      out.emplace_back(std::move(values));
    }
    return out;
  }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    const auto row_bytes = static_cast<std::size_t>(point.integer("row_bytes"));
    const double density = point.number("density");
    const auto pages = point.find("pages") ? static_cast<std::size_t>(point.integer("pages")) : k_default_page_count;

    const auto baseline_pages = shared_pages<baseline::page>(row_bytes, density, pages);
    const auto core_pages = shared_pages<core::page<std::uint64_t>>(row_bytes, density, pages);
    const auto core_u32_pages = shared_pages<core::page<std::uint32_t>>(row_bytes, density, pages);
    const auto peer_pages = shared_pages<page_iter::peer_page>(row_bytes, density, pages);

    benchgate::prepared_point prepared;
    std::vector<std::vector<page_offset>> expected;
    std::size_t rows_kept = 0;
    for (const auto& page : *baseline_pages) {
      expected.push_back(page_iter::collect_offsets(*page, iterate_baseline));
      rows_kept += expected.back().size();
    }
    prepared.work = {benchgate::work_unit::bytes, static_cast<double>(rows_kept * row_bytes)};
    prepared.figures = {
        {"pages", static_cast<double>(pages), "pages"},
        {"rows_kept", static_cast<double>(rows_kept), "rows"},
        {"rows_capacity", static_cast<double>(baseline_pages->front()->capacity_rows() * pages), "rows"}};
    add_variant(prepared, "baseline", baseline_pages, iterate_baseline, expected) &&
        add_variant(prepared, "core", core_pages, iterate_core, expected) &&
        add_variant(prepared, "core_u32", core_u32_pages, iterate_core, expected) &&
        add_variant(prepared, "core_seed", core_pages, iterate_core_seed, expected) &&
        add_variant(prepared, "peer", peer_pages, iterate_peer, expected);
    return prepared;
  }
};

}  // namespace

std::unique_ptr<benchgate::benchmark_case> make_page_iter_case() { return std::make_unique<page_iter_case>(); }

BENCHGATE_CASE(make_page_iter_case);

}  // namespace benchgate::cases
