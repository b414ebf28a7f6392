// Reading the allocation counter's records of a Google Benchmark process
// (run/gbench_allocations.hpp): the last loop, per iteration.

#include "harness/run/gbench_allocations.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::run {
namespace {

using ::testing::HasSubstr;
using counters = std::vector<std::pair<std::string, double>>;

class GbenchAllocations : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = std::filesystem::temp_directory_path() / ("benchgate-gbench-allocs-" + std::to_string(::getpid()) + ".txt");
  }
  void TearDown() override { std::filesystem::remove(file_); }
  void write(const std::string& text) { files::write_atomically(file_, text, "test"); }
  std::string error_of(std::int64_t iterations) {
    return test_support::input_error_message([&] { read_loop_allocations(file_, iterations, "the run of BM_x"); });
  }
  std::filesystem::path file_;
};

TEST_F(GbenchAllocations, TheLastLoopDividedByItsIterationsThePeakNot) {
  // The sizing runs before (1 and 10 iterations, the first with a lazy
  // allocation) do not count; 3000 blocks over 1000 iterations are 3.
  write("loop 3 2 392 392\nloop 30 30 1840 128\nloop 3000 3000 184000 184\n");
  EXPECT_EQ(read_loop_allocations(file_, 1000, "the run of BM_x"),
            (counters{{"allocations", 3.0}, {"frees", 3.0}, {"bytes_allocated", 184.0}, {"peak_bytes", 184.0}}));
}

TEST_F(GbenchAllocations, NoLoopOrAMalformedLineIsAnInputError) {
  EXPECT_THAT(error_of(10), HasSubstr("the run of BM_x: the allocation counter saw no timed loop ("));
  EXPECT_THAT(error_of(10), HasSubstr("expected a Google Benchmark executable linked with the shared libbenchmark"));
  write("");
  EXPECT_THAT(error_of(10), HasSubstr("saw no timed loop"));
  write("loop 1 2 3\n");
  EXPECT_THAT(error_of(10), HasSubstr("line 1 'loop 1 2 3': expected 'loop ALLOCATIONS FREES BYTES PEAK', whole numbers"));
  write("loop 1 2 3 4\nloop 1 2 3 4 5\n");
  EXPECT_THAT(error_of(10), HasSubstr("line 2 'loop 1 2 3 4 5': expected"));
  write("loop 1 2 3 4\n");
  EXPECT_THAT(error_of(0), HasSubstr("the run of BM_x: reported 0 iterations; expected at least 1"));
}

TEST_F(GbenchAllocations, TheEnvironmentPreloadsTheLibraryAndNamesTheRecord) {
  EXPECT_EQ(alloc_preload_environment("/opt/lib.so", "/tmp/r.txt"),
            (std::vector<std::string>{"LD_PRELOAD=/opt/lib.so", "BENCHGATE_ALLOC_OUT=/tmp/r.txt"}));
}

}  // namespace
}  // namespace benchgate::run
