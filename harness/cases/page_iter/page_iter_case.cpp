#include "harness/cases/page_iter/page_iter_case.hpp"

#include <benchmark/benchmark.h>

#include "baselines/page_iter/page_iteration.hpp"
#include "cores/page_iter/page_iteration.hpp"
#include "harness/cases/page_iter/dynamic_bitset_peer.hpp"
#include "harness/cases/page_iter/workload.hpp"
#include "harness/suite/value_checks.hpp"
#include "harness/text/parse_number.hpp"

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

// The timed body: iterate the present rows; for each, check that the row
// lies inside the row area, form its pointer and keep it alive. No row byte
// is loaded (cases/page_iter.md, "Timed body").
template <class Page, class Iterate>
[[gnu::always_inline]] inline void iterate_rows_timed(benchmark::State& state, const suite::loop_knobs& knobs,
                                                      const Page& page, Iterate iterate) {
  const std::byte* data = page.row_data();
  const std::size_t row_bytes = page.row_bytes();
  suite::timed_loop(state, knobs, [&] {
    iterate(page, [&](page_offset offset) {
      if (offset + row_bytes <= core::k_row_data_bytes) benchmark::DoNotOptimize(data + offset);
    });
  });
}

// The same body compiled twice: for any x86-64, and with BMI1/BMI2 (blsr
// clears the lowest set bit in one instruction instead of lea + and, which
// halves the bit loop's dependency chain). Every variant gets the same
// treatment, so the comparison stays fair; the choice is made once per body.
template <class Page, class Iterate>
void iterate_rows_portable(benchmark::State& state, const suite::loop_knobs& knobs, const Page& page,
                           Iterate iterate) {
  iterate_rows_timed(state, knobs, page, iterate);
}

template <class Page, class Iterate>
[[gnu::target("bmi,bmi2")]] void iterate_rows_bmi(benchmark::State& state, const suite::loop_knobs& knobs,
                                                   const Page& page, Iterate iterate) {
  iterate_rows_timed(state, knobs, page, iterate);
}

template <class Page, class Iterate>
suite::bench_body make_body(std::shared_ptr<const Page> page, Iterate iterate) {
  const bool bmi = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  return [page = std::move(page), iterate, bmi](benchmark::State& state, const suite::loop_knobs& knobs) {
    if (bmi) {
      iterate_rows_bmi(state, knobs, *page, iterate);
    } else {
      iterate_rows_portable(state, knobs, *page, iterate);
    }
  };
}

// Adds `variant`'s benchmark, after checking its offsets equal the
// baseline's. Returns false (and sets prepared.error) when they differ.
template <class Page, class Iterate>
bool add_variant(suite::prepared_point& prepared, const std::string& variant,
                 std::shared_ptr<const Page> page, Iterate iterate,
                 const std::vector<page_offset>& expected) {
  const auto offsets = page_iter::collect_offsets(*page, iterate);
  if (offsets != expected || page->present_rows().count() != page->num_rows()) {
    prepared.error = "variants disagree: " + variant + " yields " + std::to_string(offsets.size()) +
                     " rows, baseline " + std::to_string(expected.size()) + " (num_rows " +
                     std::to_string(page->num_rows()) + ")";
    return false;
  }
  std::vector<suite::figure> figures = {
      {"header_bytes", static_cast<double>(sizeof(core::fixed_header<std::decay_t<decltype(page->present_rows())>>)), "B"},
      {"bitset_handle_bytes", static_cast<double>(sizeof(page->present_rows())), "B"},
      {"bitset_heap_bytes", static_cast<double>(page->present_rows().heap_bytes()), "B"},
  };
  prepared.benches.push_back({variant, make_body(std::move(page), iterate), std::move(figures)});
  return true;
}

class page_iter_case final : public suite::benchmark_case {
 public:
  std::string_view name() const override { return "page_iter"; }

  std::string_view description() const override {
    return "iterate the present rows of a 64 KiB page of fixed-size rows (SpacetimeDB PR "
           "\"Use a custom FixedBitSet + optimize Page::iter_fixed_len\"); every variant's body is "
           "compiled for BMI1/BMI2 when the CPU has them";
  }

  std::vector<suite::variant_info> variants() const override {
    return {
        {"baseline", suite::variant_role::baseline,
         "bit-vec (u32 words, 32-byte handle): every slot up to the high-water mark, a division and a bounds-checked get each"},
        {"core", suite::variant_role::core,
         "FixedBitSet<u64> (10-byte handle): trailing zeros, stops at the high-water block, full blocks as a stride loop"},
        {"core_u32", suite::variant_role::core, "the core with u32 blocks"},
        {"core_seed", suite::variant_role::core,
         "FixedBitSet<u64> with the seed's loop: iter_set over every block, index times row size"},
        {"peer", suite::variant_role::peer, "boost::dynamic_bitset<u64> with find_first/find_next"},
    };
  }

  std::vector<suite::axis_info> axes() const override {
    return {
        {"row_bytes", "row size in bytes (2 bytes hold the free-list link; the row area is 65472 bytes)",
         {"8", "32", "256"}, {}, suite::integer_in(core::k_min_row_bytes, core::k_max_row_bytes,
                                                    " (a row holds a 2-byte free-list link and must fit in the 65472-byte row area)")},
        {"density", "fraction of the full page's rows kept (random pattern, fixed seed)",
         {"0.1", "0.25", "0.5", "0.75", "0.9", "1.0"}, {"0.1", "0.5", "1.0"},
         suite::number_in(0, true, 1, false)},
    };
  }

  suite::prepared_point prepare(const suite::param_point& point) const override {
    const auto row_bytes = static_cast<std::size_t>(*text::parse_int(*point.find("row_bytes")));
    const double density = *text::parse_double(*point.find("density"));

    auto baseline_page = std::shared_ptr<const baseline::page>(page_iter::make_page<baseline::page>(row_bytes, density));
    auto core_page = std::shared_ptr<const core::page<std::uint64_t>>(
        page_iter::make_page<core::page<std::uint64_t>>(row_bytes, density));
    auto core_u32_page = std::shared_ptr<const core::page<std::uint32_t>>(
        page_iter::make_page<core::page<std::uint32_t>>(row_bytes, density));
    auto peer_page = std::shared_ptr<const page_iter::peer_page>(
        page_iter::make_page<page_iter::peer_page>(row_bytes, density));

    suite::prepared_point prepared;
    const auto expected = page_iter::collect_offsets(*baseline_page, iterate_baseline);
    prepared.work = {suite::work_unit::bytes, static_cast<double>(expected.size() * row_bytes)};
    prepared.figures = {{"rows_kept", static_cast<double>(expected.size()), "rows"},
                        {"rows_capacity", static_cast<double>(baseline_page->capacity_rows()), "rows"}};
    add_variant(prepared, "baseline", baseline_page, iterate_baseline, expected) &&
        add_variant(prepared, "core", core_page, iterate_core, expected) &&
        add_variant(prepared, "core_u32", core_u32_page, iterate_core, expected) &&
        add_variant(prepared, "core_seed", core_page, iterate_core_seed, expected) &&
        add_variant(prepared, "peer", peer_page, iterate_peer, expected);
    return prepared;
  }
};

}  // namespace

std::unique_ptr<suite::benchmark_case> make_page_iter_case() { return std::make_unique<page_iter_case>(); }

}  // namespace benchgate::cases
