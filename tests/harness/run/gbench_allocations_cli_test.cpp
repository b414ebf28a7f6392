// ab --measure allocations on two plain Google Benchmark executables
// (issue 37): gbench_allocs_old and gbench_allocs_new differ by one block
// allocated per iteration of BM_parse. The counts are exact, so the
// expectations are exact numbers, never timings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/harness/run/allocations_cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

constexpr const char* k_old = BENCHGATE_GBENCH_ALLOCS_OLD;
constexpr const char* k_new = BENCHGATE_GBENCH_ALLOCS_NEW;
constexpr std::size_t k_rounds = 2;
// Short processes: the counts do not depend on the iterations.
const std::string k_ab = std::string("ab '") + k_old + "' '" + k_new + "' --measure allocations --rounds 2 --min-time 0.01";

using GbenchAllocationsCli = testing::allocations_cli_test;

TEST_F(GbenchAllocationsCli, TheRegressedBenchmarkAllocatesExactlyOneMorePerIteration) {
  const auto r = run(k_ab + " --metric allocations --out-dir out --verdict-json verdict.json");
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("allocations counted ("));
  EXPECT_EQ(json_of("out/old.json").at("settings").at("measure"), "allocations");
  EXPECT_EQ(json_of("out/new.json").at("settings").at("measure"), "allocations");
  // BM_parse: a vector and a malloc'd block per iteration (the set-up's 16
  // blocks and the lazy table's first-call block are outside the counted
  // loop or in an earlier one); the knob adds a std::string's block.
  EXPECT_EQ(counts("out/old.json", "BM_parse", "allocations"), std::vector<double>(k_rounds, 2.0));
  EXPECT_EQ(counts("out/old.json", "BM_parse", "frees"), std::vector<double>(k_rounds, 2.0));
  EXPECT_EQ(counts("out/new.json", "BM_parse", "allocations"), std::vector<double>(k_rounds, 3.0));
  EXPECT_EQ(counts("out/new.json", "BM_parse", "frees"), std::vector<double>(k_rounds, 3.0));
  // Sizes are glibc's usable sizes: at least the 4 ints and 100 bytes
  // asked for, and the string's 49 more; the same in every sample.
  const auto old_bytes = counts("out/old.json", "BM_parse", "bytes_allocated");
  const auto new_bytes = counts("out/new.json", "BM_parse", "bytes_allocated");
  ASSERT_EQ(old_bytes.size(), k_rounds);
  ASSERT_EQ(new_bytes.size(), k_rounds);
  EXPECT_EQ(old_bytes, std::vector<double>(k_rounds, old_bytes.front()));
  EXPECT_GE(old_bytes.front(), 4 * sizeof(int) + 100);
  EXPECT_GE(new_bytes.front() - old_bytes.front(), 49);
  for (const auto peak : counts("out/old.json", "BM_parse", "peak_bytes")) EXPECT_GE(peak, 4 * sizeof(int) + 100);
  for (const char* file : {"out/old.json", "out/new.json"}) {
    for (const char* name : {"allocations", "frees", "bytes_allocated", "peak_bytes"}) {
      EXPECT_EQ(counts(file, "BM_steady", name), std::vector<double>(k_rounds, 0.0)) << file << " " << name;
    }
  }
  expect_only_failing("verdict.json", "BM_parse", 2);

  // "No new allocation in these cells" gates the saved sides too.
  write_no_new_allocations_rule("BM_*");
  const auto gated = run("gate out/old.json out/new.json --rules rules.json --json gated.json");
  EXPECT_EQ(gated.exit_code, 1) << gated.out << gated.err;
  expect_only_failing("gated.json", "BM_parse", 2);

  // gate --confirm counts the suspect again (20 rounds of short processes).
  const auto confirmed = run("gate out/old.json out/new.json --metric allocations --no-rules --confirm 1 --confirm-dir c" +
                             std::string(" --old-binary '") + k_old + "' --new-binary '" + k_new + "'");
  EXPECT_EQ(confirmed.exit_code, 1) << confirmed.out << confirmed.err;
  EXPECT_THAT(confirmed.out, HasSubstr("confirmed in 1 round"));
  EXPECT_EQ(json_of("c/new-1.1.json").at("settings").at("measure"), "allocations");
  EXPECT_EQ(counts("c/new-1.1.json", "BM_parse", "allocations"), std::vector<double>(20, 3.0));
}

TEST_F(GbenchAllocationsCli, BadInputIsExit2WithAMessage) {
  const auto instructions = run(std::string("ab '") + k_old + "' '" + k_new + "' --measure instructions");
  EXPECT_EQ(instructions.exit_code, 2);
  EXPECT_THAT(instructions.err, HasSubstr("error: --measure instructions: OLD_BIN and NEW_BIN are Google Benchmark "
                                          "executables; expected time or allocations"));
  const auto missing = run(k_ab, "BENCHGATE_ALLOC_PRELOAD=/nonexistent/lib.so ");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("error: BENCHGATE_ALLOC_PRELOAD=/nonexistent/lib.so: no such file; expected "));
}

}  // namespace
}  // namespace benchgate
