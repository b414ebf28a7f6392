#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <new>
#include <thread>
#include <vector>

#include "harness/run/allocation_counter.hpp"
#include "harness/run/runner.hpp"
#include "tests/harness/run/fake_case.hpp"

namespace benchgate::run {
namespace {

using allocations::allocation_totals;

// Keeps a block alive as far as the optimizer knows, so that a new/delete
// pair is not elided.
void escape(void* block) { asm volatile("" : : "r"(block) : "memory"); }

std::int64_t usable(void* block) { return static_cast<std::int64_t>(malloc_usable_size(block)); }

TEST(AllocationTally, CountsNothingWhileOff) {
  allocation_tally::reset();
  auto* block = new int(1);
  escape(block);
  delete block;
  EXPECT_EQ(allocation_tally::read(), allocation_totals{});
}

TEST(AllocationTally, CountsOneBlockWithItsUsableSize) {
  allocation_tally::reset();
  allocation_tally::resume();
  auto* block = new char[100];
  escape(block);
  const auto size = usable(block);
  delete[] block;
  allocation_tally::pause();
  EXPECT_GE(size, 100);
  EXPECT_EQ(allocation_tally::read(), (allocation_totals{1, 1, size, size}));
}

TEST(AllocationTally, CountsEveryFormOfNewAndDelete) {
  struct alignas(64) wide {
    char bytes[64];
  };
  allocation_tally::reset();
  allocation_tally::resume();
  auto* plain = new int(1);
  auto* array = new int[4];
  auto* nothrow = new (std::nothrow) int(2);
  auto* nothrow_array = new (std::nothrow) int[4];
  auto* aligned = new wide;
  auto* aligned_array = new wide[2];
  auto* aligned_nothrow = new (std::nothrow) wide;
  void* raw = ::operator new(8);
  void* raw_aligned = ::operator new(8, std::align_val_t{32});
  for (void* p : {static_cast<void*>(plain), static_cast<void*>(array), static_cast<void*>(nothrow),
                  static_cast<void*>(nothrow_array), static_cast<void*>(aligned), static_cast<void*>(aligned_array),
                  static_cast<void*>(aligned_nothrow), raw, raw_aligned}) {
    escape(p);
  }
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(aligned) % 64, 0U);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(aligned_array) % 64, 0U);
  delete plain;
  delete[] array;
  delete nothrow;
  delete[] nothrow_array;
  delete aligned;
  delete[] aligned_array;
  delete aligned_nothrow;
  ::operator delete(raw, 8);
  ::operator delete(raw_aligned, std::align_val_t{32});
  allocation_tally::pause();
  const auto totals = allocation_tally::read();
  EXPECT_EQ(totals.allocations, 9);
  EXPECT_EQ(totals.frees, 9);
}

TEST(AllocationTally, DeletingNullIsNoFree) {
  allocation_tally::reset();
  allocation_tally::resume();
  int* none = nullptr;
  escape(&none);
  delete none;
  allocation_tally::pause();
  EXPECT_EQ(allocation_tally::read().frees, 0);
}

TEST(AllocationTally, PeakIsTheMostLiveAtOnceOfAnySpan) {
  allocation_tally::reset();
  allocation_tally::resume();
  auto a = std::make_unique<char[]>(1000);
  auto b = std::make_unique<char[]>(3000);
  escape(a.get());
  escape(b.get());
  const auto both = usable(a.get()) + usable(b.get());
  a.reset();
  b.reset();
  auto c = std::make_unique<char[]>(200);  // after both were freed: below the peak
  escape(c.get());
  const auto small = usable(c.get());
  c.reset();
  allocation_tally::pause();
  // A second span, smaller: the peak stays the first span's.
  allocation_tally::resume();
  auto d = std::make_unique<char[]>(10);
  escape(d.get());
  d.reset();
  allocation_tally::pause();
  const auto totals = allocation_tally::read();
  EXPECT_EQ(totals.allocations, 4);
  EXPECT_EQ(totals.peak_bytes, both);
  EXPECT_GT(totals.bytes_allocated, both + small);
}

TEST(AllocationTally, FreeingAnOlderBlockDoesNotRaiseThePeak) {
  auto older = std::make_unique<char[]>(5000);
  escape(older.get());
  allocation_tally::reset();
  allocation_tally::resume();
  older.reset();  // live bytes go below the span's start
  auto small = std::make_unique<char[]>(16);
  escape(small.get());
  const auto size = usable(small.get());
  small.reset();
  allocation_tally::pause();
  EXPECT_EQ(allocation_tally::read(), (allocation_totals{1, 2, size, 0}));
}

TEST(AllocationTally, CountsOtherThreadsWhileOn) {
  constexpr int k_threads = 2;
  constexpr int k_blocks_each = 1000;
  std::atomic<bool> go{false};
  std::atomic<int> done{0};
  std::atomic<bool> may_exit{false};  // a thread's exit frees its state: not while counting
  std::vector<std::thread> threads;
  for (int t = 0; t < k_threads; ++t) {
    threads.emplace_back([&] {
      while (!go.load()) std::this_thread::yield();
      for (int i = 0; i < k_blocks_each; ++i) {
        auto* block = new int(i);
        escape(block);
        delete block;
      }
      done.fetch_add(1);
      while (!may_exit.load()) std::this_thread::yield();
    });
  }
  allocation_tally::reset();
  allocation_tally::resume();
  go.store(true);
  while (done.load() < k_threads) std::this_thread::yield();
  allocation_tally::pause();
  may_exit.store(true);
  for (auto& t : threads) t.join();
  const auto totals = allocation_tally::read();
  EXPECT_EQ(totals.allocations, k_threads * k_blocks_each);
  EXPECT_EQ(totals.frees, k_threads * k_blocks_each);
}

TEST(AllocationCounter, DividesBySampleIterationsAndSkipsWhatIsNotCounted) {
  allocation_counter counter;
  counter.begin_sample();
  auto* uncounted = new int(0);  // the warm-up: counting is off
  escape(uncounted);
  delete uncounted;
  constexpr int k_iterations = 4;
  for (int i = 0; i < k_iterations; ++i) {
    counter.resume();
    {
      auto a = std::make_unique<int>(i);
      auto b = std::make_unique<int>(i);
      escape(a.get());
      escape(b.get());
    }
    counter.pause();
  }
  counter.end_sample(k_iterations);
  ASSERT_EQ(counter.records().size(), 1U);
  const auto& r = counter.records().front();
  EXPECT_EQ(r.counted_iterations, k_iterations);
  EXPECT_EQ(r.allocations, 2.0);
  EXPECT_EQ(r.frees, 2.0);
  const auto one = std::make_unique<int>(0);
  EXPECT_EQ(r.bytes_allocated, 2.0 * static_cast<double>(usable(one.get())));
  EXPECT_EQ(r.peak_bytes, 2.0 * static_cast<double>(usable(one.get())));
}

// A case whose core allocates `blocks` vectors per iteration and whose
// baseline allocates none.
class allocating_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "alloc"; }
  std::string_view description() const override { return "allocates (test case)"; }
  std::vector<benchgate::variant_info> variants() const override {
    return {{"baseline", benchgate::variant_role::baseline, "none"}, {"core", benchgate::variant_role::core, "vectors"}};
  }
  std::vector<benchgate::axis_info> axes() const override { return {{"blocks", "vectors per iteration", {"3"}, {}, {}}}; }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    const auto blocks = std::stoul(*point.find("blocks"));
    benchgate::prepared_point prepared;
    prepared.work = {benchgate::work_unit::items, 1};
    const auto none = [](benchgate::state& state) { state.loop([] { benchgate::do_not_optimize(1); }); };
    const auto some = [blocks](benchgate::state& state) {
      state.loop([&] {
        for (std::size_t i = 0; i < blocks; ++i) {
          std::vector<int> v(100);
          benchgate::do_not_optimize(v.data());
        }
      });
    };
    prepared.benches = {{"baseline", none, {}}, {"core", some, {}}};
    return prepared;
  }
};

constexpr double k_allocation_sample_s = 0.05;

std::vector<results::cell> run_allocating_case(double min_time_s = k_allocation_sample_s) {
  std::vector<std::unique_ptr<benchgate::benchmark_case>> list;
  list.push_back(std::make_unique<allocating_case>());
  const suite::registry cases(std::move(list));
  auto options = testing::quick_options();
  options.settings.measure = results::measure_kind::allocations;
  // Samples of 50 ms: Google Benchmark sizes a sample from its first
  // iteration, and a first iteration that a busy machine kept off the CPU
  // longer than the sample's time gave a 1-iteration sample, which counts
  // nothing (its only iteration is the uncounted warm-up) and is an error.
  options.settings.min_time_s = min_time_s;
  testing::silent_observer observer;
  return execute(make_plan(options, cases), observer);
}

double counter_of(const results::sample& s, std::string_view name) {
  for (const auto& [counter, value] : s.counters) {
    if (counter == name) return value;
  }
  ADD_FAILURE() << "no counter " << name;
  return -1;
}

TEST(RunnerAllocations, EverySampleCarriesTheExactCountsPerIteration) {
  const auto cells = run_allocating_case();
  ASSERT_EQ(cells.size(), 2U);
  const auto& baseline = cells[0];
  const auto& core = cells[1];
  ASSERT_EQ(core.name, "alloc/core/blocks:3");
  EXPECT_TRUE(core.error.empty()) << core.error;
  ASSERT_EQ(core.samples.size(), 6U);
  const auto one = std::make_unique<std::vector<int>>(100);
  const auto block = static_cast<double>(malloc_usable_size(one->data()));
  for (const auto& s : core.samples) {
    EXPECT_GT(s.iterations, 1);
    EXPECT_EQ(counter_of(s, "allocations"), 3.0);
    EXPECT_EQ(counter_of(s, "frees"), 3.0);
    EXPECT_EQ(counter_of(s, "bytes_allocated"), 3 * block);
    EXPECT_EQ(counter_of(s, "peak_bytes"), block);  // one vector live at a time
  }
  for (const auto& s : baseline.samples) {
    EXPECT_EQ(counter_of(s, "allocations"), 0.0);
    EXPECT_EQ(counter_of(s, "peak_bytes"), 0.0);
  }
}

// Samples of one iteration (a minimum time shorter than any iteration)
// count nothing: each cell fails, rather than record 0 allocations.
TEST(RunnerAllocations, ASampleOfOneIterationFailsTheCellRatherThanCountZero) {
  constexpr double k_shorter_than_any_iteration_s = 1e-9;
  const auto cells = run_allocating_case(k_shorter_than_any_iteration_s);
  ASSERT_EQ(cells.size(), 2U);
  for (const auto& c : cells) {
    EXPECT_EQ(c.error,
              "allocations: a sample of 1 iteration counted nothing (its only iteration is the uncounted warm-up); "
              "expected samples of 2 or more iterations: a longer --min-time or --measurement-time")
        << c.name;
  }
}

TEST(RunnerAllocations, TwoRunsGiveTheSameCounts) {
  const auto first = run_allocating_case();
  const auto second = run_allocating_case();
  ASSERT_EQ(first.size(), second.size());
  for (std::size_t c = 0; c < first.size(); ++c) {
    ASSERT_FALSE(first[c].samples.empty());
    ASSERT_FALSE(second[c].samples.empty());
    EXPECT_EQ(first[c].samples.front().counters, second[c].samples.back().counters) << first[c].name;
  }
}

TEST(RunnerAllocations, ATimeRunCarriesNoCounts) {
  const auto cases = testing::sum_registry();
  testing::silent_observer observer;
  for (const auto& c : execute(make_plan(testing::quick_options(), cases), observer)) {
    for (const auto& s : c.samples) EXPECT_TRUE(s.counters.empty()) << c.name;
  }
}

}  // namespace
}  // namespace benchgate::run
