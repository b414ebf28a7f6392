// ab --measure allocations on two plain Google Benchmark executables
// (issue 37): gbench_allocs_old and gbench_allocs_new differ by one block
// allocated per iteration of BM_parse. The counts are exact, so the
// expectations are exact numbers, never timings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::HasSubstr;

constexpr const char* k_old = BENCHGATE_GBENCH_ALLOCS_OLD;
constexpr const char* k_new = BENCHGATE_GBENCH_ALLOCS_NEW;
constexpr std::size_t k_rounds = 2;
// Short processes: the counts do not depend on the iterations.
const std::string k_ab = std::string("ab '") + k_old + "' '" + k_new + "' --measure allocations --rounds 2 --min-time 0.01";

class GbenchAllocationsCli : public testing::cli_test {
 protected:
  nlohmann::json json_of(const std::string& name) const {
    return nlohmann::json::parse(files::read_file(path(name), "test"));
  }
  // Every sample's value of counter `name` in cell `cell` of file `file`.
  std::vector<double> counts(const std::string& file, const std::string& cell, const std::string& name) const {
    std::vector<double> out;
    const auto doc = json_of(file);  // kept: a range-for over a temporary's member would dangle
    for (const auto& c : doc.at("cells")) {
      if (c.at("name") != cell) continue;
      for (const auto& s : c.at("samples")) out.push_back(s.at("counters").at(name).get<double>());
    }
    return out;
  }
};

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
  const auto verdict = json_of("verdict.json");
  ASSERT_EQ(verdict.at("cells").size(), 2U);
  for (const auto& c : verdict.at("cells")) {
    EXPECT_EQ(c.at("status"), c.at("name") == "BM_parse" ? "fail" : "pass") << c.at("name");
  }

  // "No new allocation in these cells" gates the saved sides too.
  files::write_atomically(path("rules.json"),
                          R"({"schema": "benchgate.rules/1",
                              "rules": [{"match": "BM_*", "metric": "allocations", "fail": 0}]})",
                          "rules");
  const auto gated = run("gate out/old.json out/new.json --rules rules.json --json gated.json");
  EXPECT_EQ(gated.exit_code, 1) << gated.out << gated.err;
  const auto gated_doc = json_of("gated.json");
  for (const auto& c : gated_doc.at("cells")) {
    EXPECT_EQ(c.at("status"), c.at("name") == "BM_parse" ? "fail" : "pass") << c.at("name");
  }

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
