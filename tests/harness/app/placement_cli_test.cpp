// benchgate ab against an effect fixed per file (docs/ab.md, "Placement"):
// gbench_suite/placement_suite.cpp's BM_Placed does 25 % more work when its
// executable's inode number is odd. Two builds of it that differ only in an
// unused string are copied so that OLD's file has an even inode and NEW's an
// odd one: run from those files, the unchanged benchmark is 25 % slower in
// NEW; run from a fresh copy per process, as ab does, the inode is a coin
// toss for each process of either side, noise the comparison sees. And
// byte-identical builds pass at once, without running.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <set>
#include <string>

#include "tests/harness/app/cli.hpp"

namespace benchgate {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* k_suite_a = BENCHGATE_PLACEMENT_SUITE_A;
constexpr const char* k_suite_b = BENCHGATE_PLACEMENT_SUITE_B;
// Enough rounds for the paired test across two cells; short processes.
constexpr const char* k_rounds = "--rounds 20 --min-time 0.01 --no-rules --metric cpu_time";
// Copies made at most to find a file of the inode parity wanted.
constexpr int k_max_copies = 200;

std::uint64_t inode_of(const std::filesystem::path& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) return 0;
  return static_cast<std::uint64_t>(info.st_ino);
}

std::string status_of(const nlohmann::json& verdict, const std::string& name) {
  for (const auto& c : verdict["cells"]) {
    if (c["name"] == name) return c["status"].get<std::string>();
  }
  return "absent";
}

class PlacementCli : public testing::cli_test {
 protected:
  // A copy of `from` in the scratch folder, named `name`, whose inode
  // number is odd or even as asked (copies of other inodes are kept aside,
  // so that the kernel does not hand the same one back).
  std::filesystem::path copy_with_parity(const char* from, const std::string& name, bool odd) const {
    for (int i = 0; i < k_max_copies; ++i) {
      const auto candidate = path(name + "-" + std::to_string(i));
      std::filesystem::copy_file(from, candidate);
      if ((inode_of(candidate) % 2 == 1) == odd) {
        const auto file = path(name);
        std::filesystem::rename(candidate, file);  // a rename keeps the inode
        return file;
      }
    }
    ADD_FAILURE() << "no copy of " << from << " with an " << (odd ? "odd" : "even") << " inode in " << k_max_copies;
    return {};
  }

  // OLD (build a, an even inode) and NEW (build b, an odd one).
  void make_sides() {
    old_ = copy_with_parity(k_suite_a, "old_suite", false);
    new_ = copy_with_parity(k_suite_b, "new_suite", true);
    ASSERT_EQ(inode_of(old_) % 2, 0U);
    ASSERT_EQ(inode_of(new_) % 2, 1U);
  }

  testing::cli_result ab(const std::string& args) const {
    return run("ab '" + old_.string() + "' '" + new_.string() + "' " + k_rounds + " " + args);
  }

  std::filesystem::path old_;
  std::filesystem::path new_;
};

// The effect is real: with every process from the sides' own files (as ab
// ran before placement), the unchanged benchmark fails.
TEST_F(PlacementCli, RunFromTheirOwnFilesTheUnchangedBenchmarkFails) {
  make_sides();
  const auto r = ab("--fixed-placement --verdict-json v.json --out-dir out");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto v = json_of("v.json");
  EXPECT_EQ(status_of(v, "BM_Placed"), "fail") << r.out;
  EXPECT_NE(status_of(v, "BM_Steady"), "fail") << r.out;
  const auto results = json_of("out/new.json");
  EXPECT_EQ(results["settings"]["placement"]["executable"], "original");
  // Every process of NEW ran from NEW_BIN's own file.
  for (const auto& c : results["cells"]) {
    if (c["name"] != "BM_Placed") continue;
    for (const auto& s : c["samples"]) EXPECT_EQ(s["counters"]["exe_inode"], inode_of(new_));
  }
}

// From a fresh copy per process the inode is noise: the unchanged benchmark
// does not fail, while a real +10 % on the other one fails alone.
TEST_F(PlacementCli, FromFreshCopiesOnlyTheRealChangeFails) {
  make_sides();
  const auto same = ab("--verdict-json same.json");
  EXPECT_THAT(same.exit_code, AnyOf(0, 3)) << same.out << same.err;
  EXPECT_NE(status_of(json_of("same.json"), "BM_Placed"), "fail") << same.out;

  const auto slowed = ab("--new-arg --slowdown=10 --verdict-json slowed.json");
  EXPECT_EQ(slowed.exit_code, 1) << slowed.out << slowed.err;
  const auto v = json_of("slowed.json");
  EXPECT_EQ(status_of(v, "BM_Steady"), "fail") << slowed.out;
  EXPECT_NE(status_of(v, "BM_Placed"), "fail") << slowed.out;
}

// Each process of one side ran from a file of its own (the benchmark
// reports its executable's inode), and the results say how they were run.
TEST_F(PlacementCli, TheProcessesOfOneSideRunFromFilesOfTheirOwn) {
  make_sides();
  const auto r = ab("--max-regression 100 --extra-time 0 --out-dir out --json d.json");
  EXPECT_THAT(r.exit_code, AnyOf(0, 3)) << r.out << r.err;
  for (const auto& [side, original] : {std::pair{"old", old_}, std::pair{"new", new_}}) {
    const auto results = json_of(std::string("out/") + side + ".json");
    const auto& placement = results["settings"]["placement"];
    EXPECT_EQ(placement["executable"], "copy per process") << side;
    EXPECT_EQ(placement["environment_pad_max_bytes"], 4095) << side;
    EXPECT_EQ(placement["path_pad_max_chars"], 63) << side;
    std::set<std::uint64_t> inodes;
    for (const auto& c : results["cells"]) {
      if (c["name"] != "BM_Placed") continue;
      ASSERT_EQ(c["samples"].size(), 20U) << side;
      for (const auto& s : c["samples"]) inodes.insert(s["counters"]["exe_inode"].get<std::uint64_t>());
    }
    EXPECT_GE(inodes.size(), 2U) << side << ": every process from one file";
    EXPECT_EQ(inodes.count(inode_of(original)), 0U) << side << ": a process ran from the original";
  }
  // The diff's sides carry it too.
  const auto d = json_of("d.json");
  EXPECT_EQ(d["old"]["run_settings"]["placement"]["executable"], "copy per process") << d["old"].dump();
  // No copy is left behind.
  EXPECT_FALSE(std::filesystem::exists(path("out/exe-1-p"))) << r.err;
  for (const auto& entry : std::filesystem::directory_iterator(path("out"))) {
    EXPECT_EQ(entry.path().filename().string().rfind("exe-", 0), std::string::npos) << entry.path();
  }
}

// Byte-identical builds given the same arguments pass at once, every
// benchmark listed, nothing run; --run-identical runs them; other
// arguments on one side, or builds whose bytes differ, run as ever.
TEST_F(PlacementCli, ByteIdenticalBuildsPassWithoutRunning) {
  std::filesystem::copy_file(k_suite_a, path("one"));
  std::filesystem::copy_file(k_suite_a, path("two"));
  const auto r = run("ab one two --verdict-json v.json --markdown m.md --json d.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ab: OLD_BIN and NEW_BIN are identical builds (the same "));
  EXPECT_THAT(r.err, HasSubstr(" bytes, loading the same "));
  EXPECT_THAT(r.err, HasSubstr("2 cells pass without running (--run-identical runs them anyway)"));
  EXPECT_THAT(r.err, Not(HasSubstr("round 1/")));
  EXPECT_THAT(r.out, HasSubstr("are identical builds: the same "));
  EXPECT_THAT(r.out, HasSubstr("  identical  BM_Placed\n  identical  BM_Steady\n"));
  EXPECT_THAT(r.out, HasSubstr("0 warn, 2 pass"));
  const auto v = json_of("v.json");
  ASSERT_EQ(v["cells"].size(), 2U);
  for (const auto& c : v["cells"]) {
    EXPECT_EQ(c["status"], "pass");
    EXPECT_EQ(c["reason"], "identical builds: not run");
  }
  EXPECT_EQ(v["exit_code"], 0);
  EXPECT_THAT(files::read_file(path("m.md"), "test"), HasSubstr("**Identical builds**"));
  EXPECT_FALSE(std::filesystem::exists(path("d.json")));
  EXPECT_THAT(r.err, HasSubstr("note: --json d.json not written: identical builds are not compared"));

  const auto forced = run("ab one two --run-identical --rounds 3 --min-time 0.001 --no-rules");
  EXPECT_THAT(forced.err, HasSubstr("round 3/3 done"));
  EXPECT_THAT(forced.err, Not(HasSubstr("identical builds")));

  const auto other_args = run("ab one two --new-arg --slowdown=1 --rounds 3 --min-time 0.001 --max-regression 100");
  EXPECT_THAT(other_args.err, HasSubstr("round 3/3 done")) << other_args.err;

  std::filesystem::copy_file(k_suite_b, path("three"));
  const auto other_bytes = run("ab one three --rounds 3 --min-time 0.001 --max-regression 100");
  EXPECT_THAT(other_bytes.err, HasSubstr("round 3/3 done")) << other_bytes.err;
  EXPECT_THAT(other_bytes.err, Not(HasSubstr("identical builds")));
}

// Identical benchgate drivers pass at once as well, each cell of the
// selection listed.
TEST_F(PlacementCli, IdenticalDriversPassWithoutRunning) {
  std::filesystem::copy_file(binary_, path("driver_copy"));
  const auto r = run("ab '" + binary_ + "' driver_copy --case page_iter --quick --verdict-json v.json");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("are identical builds"));
  const auto v = json_of("v.json");
  EXPECT_GT(v["cells"].size(), 1U);
  for (const auto& c : v["cells"]) {
    EXPECT_EQ(c["status"], "pass");
    EXPECT_THAT(c["name"].get<std::string>(), HasSubstr("page_iter/"));
  }
}

}  // namespace
}  // namespace benchgate
