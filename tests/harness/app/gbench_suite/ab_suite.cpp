// A small Google Benchmark suite of our own for `benchgate ab` on plain
// Google Benchmark executables (ab_gbench_cli_test.cpp and
// docs/measurements/2026-12-04-ab-gbench.md). Its one knob, --slowdown=PCT (read and
// removed before Google Benchmark sees the arguments), makes BM_Chain_fast
// do PCT percent more work per iteration, so a known regression can be
// injected into one side. Each benchmark checks its result; --break-other
// makes BM_Other's check fail (SkipWithError), as a broken build's would;
// --crash-other makes BM_Other abort, as a crashing build's would.
// --banner prints a line on stdout before Google Benchmark starts, as many
// suites' main does; --bracketed names BM_Other "BM_Other[copy]{2}", a name
// a regex must quote.

#include <benchmark/benchmark.h>

#include "chain_knob.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace {

// Steps of the dependent chain per iteration: the naive variant's, and the
// fast one's before any slowdown.
constexpr std::int64_t k_naive_steps = 4000;
constexpr std::int64_t k_fast_steps = 2000;
constexpr std::int64_t k_other_steps = 1000;

using benchgate::test_suites::chain;

// Reports `work` items an iteration whatever the steps (a slowed build does
// the same work, slower); `broken`: the result is checked against a wrong
// value.
void run_chain(benchmark::State& state, std::int64_t steps, std::int64_t work, bool broken = false) {
  constexpr std::uint64_t k_seed = 0x9e3779b97f4a7c15ULL;
  const std::uint64_t expected = chain(k_seed, steps) + (broken ? 1 : 0);
  std::uint64_t seed = k_seed;
  std::uint64_t result = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(seed);
    result = chain(seed, steps);
    benchmark::DoNotOptimize(result);
  }
  if (result != expected) state.SkipWithError("wrong chain value");
  state.SetItemsProcessed(state.iterations() * work);
}

// Registered in main, after the knob is read: BM_Chain_naive,
// BM_Chain_fast (slowed by --slowdown) and BM_Other.
void register_benchmarks(std::int64_t fast_steps, bool break_other, bool crash_other, bool bracketed) {
  benchmark::RegisterBenchmark("BM_Chain_naive",
                               [](benchmark::State& s) { run_chain(s, k_naive_steps, k_naive_steps); });
  benchmark::RegisterBenchmark("BM_Chain_fast",
                               [fast_steps](benchmark::State& s) { run_chain(s, fast_steps, k_fast_steps); });
  benchmark::RegisterBenchmark(bracketed ? "BM_Other[copy]{2}" : "BM_Other",
                               [break_other, crash_other](benchmark::State& s) {
                                 if (crash_other) std::abort();
                                 run_chain(s, k_other_steps, k_other_steps, break_other);
                               });
}

}  // namespace

int main(int argc, char** argv) {
  std::int64_t fast_steps = k_fast_steps;
  bool break_other = false;
  bool crash_other = false;
  bool bracketed = false;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--break-other" || arg == "--crash-other" || arg == "--bracketed") {
      (arg == "--bracketed" ? bracketed : arg == "--crash-other" ? crash_other : break_other) = true;
      continue;
    }
    if (arg == "--banner") {
      std::printf("ab_suite 1.0, a banner on stdout\n");
      continue;
    }
    const auto read = benchgate::test_suites::read_slowdown(argv[i], "ab_suite", k_fast_steps, fast_steps);
    if (read == benchgate::test_suites::knob::bad) return 2;
    if (read == benchgate::test_suites::knob::absent) argv[kept++] = argv[i];
  }
  argc = kept;
  register_benchmarks(fast_steps, break_other, crash_other, bracketed);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
