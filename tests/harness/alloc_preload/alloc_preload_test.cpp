// The preloaded allocation counter (harness/alloc_preload/) in a real
// process: gbench_realloc.cpp's loops under LD_PRELOAD, the record file read
// back line by line. The counts are exact, so the expectations are exact
// numbers, never timings.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "harness/run/gbench_allocations.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/support/process/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace benchgate {
namespace {

constexpr const char* k_program = BENCHGATE_GBENCH_REALLOC;
constexpr const char* k_library = BENCHGATE_ALLOC_PRELOAD_LIBRARY;
// Each loop's fixed iterations (CMakeLists.txt gives gbench_realloc the same).
constexpr std::int64_t k_iterations = BENCHGATE_REALLOC_ITERATIONS;

// One record line: loop ALLOCATIONS FREES BYTES_ALLOCATED PEAK_BYTES.
struct loop_record {
  std::int64_t allocations = 0;
  std::int64_t frees = 0;
  std::int64_t bytes_allocated = 0;
  std::int64_t peak_bytes = 0;
  bool operator==(const loop_record&) const = default;
};

std::ostream& operator<<(std::ostream& out, const loop_record& r) {
  return out << "loop " << r.allocations << " " << r.frees << " " << r.bytes_allocated << " " << r.peak_bytes;
}

// Runs gbench_realloc under the counter; its record, one line per
// benchmark in registration order (fixed iterations: no sizing runs).
std::vector<loop_record> counted_loops() {
  const test_support::temp_dir dir;
  const auto record = dir.path() / "allocations.txt";
  const auto outcome = process::run_child(k_program, {"--benchmark_min_time=0"}, dir.path() / "log.txt",
                                          run::alloc_preload_environment(k_library, record));
  EXPECT_EQ(outcome.exit_code, 0) << files::read_file(dir.path() / "log.txt", "log");
  std::istringstream lines(files::read_file(record, "record"));
  std::vector<loop_record> loops;
  std::string word;
  loop_record r;
  while (lines >> word >> r.allocations >> r.frees >> r.bytes_allocated >> r.peak_bytes) {
    EXPECT_EQ(word, "loop");
    loops.push_back(r);
  }
  return loops;
}

TEST(AllocPreload, ReallocIsCountedAsTheFreesAndAllocationsItDid) {
  const auto loops = counted_loops();
  // BM_held<false>, BM_held<true>, BM_freed<false>, BM_freed<true>,
  // BM_grown_realloc.
  ASSERT_EQ(loops.size(), 5U);
  const auto& held_plain = loops[0];
  // Two blocks of one size per iteration, both live at once.
  EXPECT_EQ(held_plain.allocations, 2 * k_iterations);
  EXPECT_EQ(held_plain.frees, 2 * k_iterations);
  EXPECT_EQ(held_plain.peak_bytes * k_iterations, held_plain.bytes_allocated);
  // A failed realloc leaves its block live: no free, no allocation, and the
  // held block still counts towards the peak.
  EXPECT_EQ(loops[1], held_plain);
  // realloc to size 0 frees the block.
  EXPECT_EQ(loops[2].allocations, k_iterations);
  EXPECT_EQ(loops[2].frees, k_iterations);
  EXPECT_EQ(loops[3], loops[2]);
  // A growing realloc: the old block's free and the new one's allocation.
  EXPECT_EQ(loops[4].allocations, 2 * k_iterations);
  EXPECT_EQ(loops[4].frees, 2 * k_iterations);
  EXPECT_GE(loops[4].bytes_allocated, loops[2].bytes_allocated + 200 * k_iterations);
}

}  // namespace
}  // namespace benchgate
