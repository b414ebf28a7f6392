// history add --measured-here: the machine read where the results do not
// name it (with_host_machine), the fingerprint that says so, and its round
// trip through export's CSV (parse_fingerprint).

#include <gtest/gtest.h>

#include "harness/history/csv_import.hpp"
#include "harness/history/run_record.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::testing {
namespace {

using history::fingerprint;
using history::host_machine;

// What Debian's Google Benchmark JSON gives: the CPU count, nothing else.
fingerprint google_benchmark_run() {
  fingerprint f;
  f.logical_cpus = 2;
  return f;
}

host_machine runner() {
  return {"Intel(R) Xeon(R) Processor", 2, "Linux 6.1.0-28-amd64 x86_64", "c++ (Debian 12.2.0-14) 12.2.0"};
}

TEST(HostMachine, FillsWhatTheResultsDoNotNameAndSaysSo) {
  const auto f = history::with_host_machine(google_benchmark_run(), runner(), "bench.json");
  EXPECT_EQ(f.text(),
            "cpu=Intel(R) Xeon(R) Processor; cpus=2; compiler=c++ (Debian 12.2.0-14) 12.2.0; flags=?; build=?; "
            "benchmark=?; kernel=Linux 6.1.0-28-amd64 x86_64; read_by_history_add=cpu,kernel,compiler");
  // The results' CPU count is kept, so it is not listed.
  EXPECT_EQ(f.read_by_history_add, (std::vector<std::string>{"cpu", "kernel", "compiler"}));
}

TEST(HostMachine, ACpuCountTheResultsLackIsReadToo) {
  fingerprint none;
  const auto f = history::with_host_machine(none, runner(), "bench.json");
  EXPECT_EQ(f.logical_cpus, 2);
  EXPECT_EQ(f.read_by_history_add, (std::vector<std::string>{"cpu", "cpus", "kernel", "compiler"}));
}

TEST(HostMachine, WhatCannotBeReadStaysUnknownAndUnlisted) {
  host_machine partial;
  partial.kernel = "Linux 6.1.0 x86_64";
  const auto f = history::with_host_machine(google_benchmark_run(), partial, "bench.json");
  EXPECT_EQ(f.text(), "cpu=?; cpus=2; compiler=?; flags=?; build=?; benchmark=?; kernel=Linux 6.1.0 x86_64; "
                      "read_by_history_add=kernel");
}

TEST(HostMachine, ResultsThatNameTheirCpuAreKeptAsTheyAre) {
  fingerprint named = google_benchmark_run();
  named.cpu_model = "AMD EPYC 7763";
  named.compiler = "GNU 12.2.0";
  const auto f = history::with_host_machine(named, runner(), "results.json");
  EXPECT_EQ(f.text(), named.text());
  EXPECT_TRUE(f.read_by_history_add.empty());
  EXPECT_FALSE(f.kernel);
}

TEST(HostMachine, AnotherCpuCountIsRefused) {
  auto other = runner();
  other.logical_cpus = 4;
  try {
    history::with_host_machine(google_benchmark_run(), other, "bench.json");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_STREQ(e.what(),
                 "RESULTS bench.json: ran on 2 logical CPUs, this machine has 4; --measured-here expects results "
                 "measured on the machine history add runs on");
  }
}

TEST(HostMachine, KernelOrCompilerChangesTheFingerprint) {
  auto newer_kernel = runner();
  newer_kernel.kernel = "Linux 6.12.0-1-amd64 x86_64";
  auto newer_compiler = runner();
  newer_compiler.compiler = "c++ (Debian 14.2.0-19) 14.2.0";
  const auto base = history::with_host_machine(google_benchmark_run(), runner(), "a").text();
  EXPECT_NE(base, history::with_host_machine(google_benchmark_run(), newer_kernel, "b").text());
  EXPECT_NE(base, history::with_host_machine(google_benchmark_run(), newer_compiler, "c").text());
}

TEST(HostMachine, TheFingerprintReadsBackFromExportsCsv) {
  const auto f = history::with_host_machine(google_benchmark_run(), runner(), "bench.json");
  const auto back = history::parse_fingerprint(f.text());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->text(), f.text());
  EXPECT_EQ(back->kernel, f.kernel);
  EXPECT_EQ(back->read_by_history_add, f.read_by_history_add);
  // Without the new fields, as before.
  const auto plain = history::parse_fingerprint(google_benchmark_run().text());
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->kernel);
  EXPECT_TRUE(plain->read_by_history_add.empty());
}

}  // namespace
}  // namespace benchgate::testing
