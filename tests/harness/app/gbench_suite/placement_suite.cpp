// A Google Benchmark suite with a placement effect made on purpose
// (placement_cli_test.cpp, docs/ab.md "Placement"): BM_Placed does 25 %
// more work when the inode number of its own executable's file is odd, a
// stand-in for an effect that is fixed per file (where the kernel put the
// file's pages), so that two copies of one build differ as two files can.
// It reports the inode as the counter exe_inode, so a test can see which
// file each process ran from. BM_Steady does the same work from any file;
// --slowdown=PCT (read and removed before Google Benchmark sees the
// arguments) makes it do PCT percent more, a real change. Built twice
// (placement_suite_a, _b) with a different BENCHGATE_BUILD_TAG, a string
// kept in the binary and never read: two builds of the same code whose
// bytes differ.

#include <benchmark/benchmark.h>
#include <sys/stat.h>

#include "chain_knob.hpp"

#include <cstdint>

namespace {

// Kept in the binary (used), never read.
[[gnu::used]] const char k_build_tag[] = BENCHGATE_BUILD_TAG;

constexpr std::int64_t k_steps = 3000;
constexpr std::int64_t k_odd_inode_extra_pct = 25;

using benchgate::test_suites::chain;

// The inode number of this process's executable file; 0 when unknown.
std::uint64_t own_inode() {
  struct stat info {};
  if (::stat("/proc/self/exe", &info) != 0) return 0;
  return static_cast<std::uint64_t>(info.st_ino);
}

void run_chain(benchmark::State& state, std::int64_t steps) {
  constexpr std::uint64_t k_seed = 0x9e3779b97f4a7c15ULL;
  const std::uint64_t expected = chain(k_seed, steps);
  std::uint64_t seed = k_seed;
  std::uint64_t result = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(seed);
    result = chain(seed, steps);
    benchmark::DoNotOptimize(result);
  }
  if (result != expected) state.SkipWithError("wrong chain value");
}

}  // namespace

int main(int argc, char** argv) {
  std::int64_t steady_steps = k_steps;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const auto read = benchgate::test_suites::read_slowdown(argv[i], "placement_suite", k_steps, steady_steps);
    if (read == benchgate::test_suites::knob::bad) return 2;
    if (read == benchgate::test_suites::knob::absent) argv[kept++] = argv[i];
  }
  argc = kept;
  const std::uint64_t inode = own_inode();
  const std::int64_t placed_steps = inode % 2 == 1 ? k_steps * (100 + k_odd_inode_extra_pct) / 100 : k_steps;
  benchmark::RegisterBenchmark("BM_Placed", [placed_steps, inode](benchmark::State& s) {
    run_chain(s, placed_steps);
    s.counters["exe_inode"] = static_cast<double>(inode);
  });
  benchmark::RegisterBenchmark("BM_Steady", [steady_steps](benchmark::State& s) { run_chain(s, steady_steps); });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
