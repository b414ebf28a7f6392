// The dispatch rule (AVX2 -> SSE4.2 -> SWAR, an override honoured only when
// runnable), checked for every CPU shape whatever CPU runs the test.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "cores/http_parse/http_parse.hpp"

namespace http_parse_test {
namespace {

namespace core = cores::http_parse;
using core::impl_id;

constexpr core::cpu_features k_no_simd{false, false};
constexpr core::cpu_features k_sse42_only{true, false};
constexpr core::cpu_features k_avx2{true, true};

TEST(HttpParseDispatch, PicksTheBestTheCpuCanRun) {
  EXPECT_EQ(core::choose_impl(k_avx2, ""), impl_id::avx2);
  EXPECT_EQ(core::choose_impl(k_sse42_only, ""), impl_id::sse42);
  EXPECT_EQ(core::choose_impl(k_no_simd, ""), impl_id::swar);
}

TEST(HttpParseDispatch, HonoursARunnableOverride) {
  EXPECT_EQ(core::choose_impl(k_avx2, "swar"), impl_id::swar);
  EXPECT_EQ(core::choose_impl(k_avx2, "scalar"), impl_id::scalar);
  EXPECT_EQ(core::choose_impl(k_avx2, "sse42"), impl_id::sse42);
  EXPECT_EQ(core::choose_impl(k_no_simd, "scalar"), impl_id::scalar);
}

TEST(HttpParseDispatch, IgnoresAnOverrideTheCpuCannotRun) {
  EXPECT_EQ(core::choose_impl(k_no_simd, "avx2"), impl_id::swar);
  EXPECT_EQ(core::choose_impl(k_sse42_only, "avx2"), impl_id::sse42);
  EXPECT_EQ(core::choose_impl(k_no_simd, "sse42"), impl_id::swar);
}

TEST(HttpParseDispatch, IgnoresAnUnknownOverride) {
  EXPECT_EQ(core::choose_impl(k_avx2, "AVX2"), impl_id::avx2);
  EXPECT_EQ(core::choose_impl(k_sse42_only, "neon"), impl_id::sse42);
}

TEST(HttpParseDispatch, SupportsScalarAndSwarEverywhere) {
  EXPECT_TRUE(core::supports(k_no_simd, impl_id::scalar));
  EXPECT_TRUE(core::supports(k_no_simd, impl_id::swar));
  EXPECT_FALSE(core::supports(k_no_simd, impl_id::sse42));
  EXPECT_FALSE(core::supports(k_sse42_only, impl_id::avx2));
  EXPECT_TRUE(core::supports(k_avx2, impl_id::avx2));
}

TEST(HttpParseDispatch, ListsEveryImplementationInIdOrderWithItsName) {
  const auto all = core::all_implementations();
  ASSERT_EQ(all.size(), 4U);
  const char* names[] = {"scalar", "swar", "sse42", "avx2"};
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(all[i].id), i);
    EXPECT_EQ(all[i].name, names[i]);
    EXPECT_EQ(core::parse_impl_name(names[i]), all[i].id);
    EXPECT_EQ(&core::get_implementation(all[i].id), &all[i]);
  }
  EXPECT_EQ(core::parse_impl_name("auto"), std::nullopt);
}

TEST(HttpParseDispatch, RunnableImplementationsHaveEveryFunction) {
  for (const auto& impl : core::all_implementations()) {
    if (!core::supports(core::detect_cpu(), impl.id)) continue;
    EXPECT_NE(impl.parse_request, nullptr) << impl.name;
    EXPECT_NE(impl.parse_response, nullptr) << impl.name;
    EXPECT_NE(impl.scan_name, nullptr) << impl.name;
    EXPECT_NE(impl.scan_uri, nullptr) << impl.name;
    EXPECT_NE(impl.scan_value, nullptr) << impl.name;
  }
}

TEST(HttpParseDispatch, DispatchedIsRunnableAndStable) {
  const auto& chosen = core::dispatched();
  EXPECT_TRUE(core::supports(core::detect_cpu(), chosen.id));
  EXPECT_EQ(&core::dispatched(), &chosen);
  core::request_head head;
  EXPECT_EQ(core::parse_request("GET / HTTP/1.1\r\n\r\n", head, {}), core::complete(18));
}

// The CPU's features as the kernel reports them (the "flags" line of
// /proc/cpuinfo): an oracle independent of detect_cpu's compiler builtins.
// nullopt where there is no such file or line (not Linux on x86).
std::optional<core::cpu_features> kernel_cpu_features() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    core::cpu_features cpu;
    for (std::string flag; words >> flag;) {
      cpu.sse42 = cpu.sse42 || flag == "sse4_2";
      cpu.avx2 = cpu.avx2 || flag == "avx2";
    }
    return cpu;
  }
  return std::nullopt;
}

// What the dispatch rule picks, written out from its description: a
// runnable override, else AVX2, then SSE4.2, then SWAR.
impl_id expected_choice(const core::cpu_features& cpu, std::string_view forced) {
  if (forced == "scalar") return impl_id::scalar;
  if (forced == "swar") return impl_id::swar;
  if (forced == "sse42" && cpu.sse42) return impl_id::sse42;
  if (forced == "avx2" && cpu.avx2) return impl_id::avx2;
  return cpu.avx2 ? impl_id::avx2 : cpu.sse42 ? impl_id::sse42 : impl_id::swar;
}

TEST(HttpParseDispatch, DetectsWhatTheKernelReports) {
  const auto kernel = kernel_cpu_features();
  if (!kernel) GTEST_SKIP() << "no flags line in /proc/cpuinfo to compare with";
  EXPECT_EQ(core::detect_cpu().sse42, kernel->sse42);
  EXPECT_EQ(core::detect_cpu().avx2, kernel->avx2);
}

// Run twice by CTest: as is, and with the override variable set to
// "scalar" (CMakeLists.txt), so that reading the variable is tested too.
TEST(HttpParseDispatch, DispatchedFollowsTheEnvironmentOrPicksTheBest) {
  const char* forced = std::getenv(core::k_force_impl_variable);
  const auto cpu = kernel_cpu_features().value_or(core::detect_cpu());
  EXPECT_EQ(core::dispatched().id, expected_choice(cpu, forced != nullptr ? forced : ""));
  if (forced != nullptr && std::string_view(forced) == "scalar") {
    EXPECT_EQ(core::dispatched().id, impl_id::scalar);
  }
}

}  // namespace
}  // namespace http_parse_test
