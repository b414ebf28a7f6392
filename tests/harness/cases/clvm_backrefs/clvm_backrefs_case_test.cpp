#include "harness/cases/clvm_backrefs/clvm_backrefs_case.hpp"
#include "benchgate/case.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "harness/support/errors/input_error.hpp"
#include "tests/cores/clvm_backrefs/clvm_test_support.hpp"

namespace {

using namespace benchgate;

benchgate::param_point input_point(const std::string& value) {
  return benchgate::param_point(std::vector<std::pair<std::string, std::string>>{{"input", value}});
}

const benchgate::figure* find_figure(const std::vector<benchgate::figure>& figures, const std::string& name) {
  for (const auto& f : figures) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const benchgate::variant_bench* find_bench(const benchgate::prepared_point& prepared, const std::string& variant) {
  for (const auto& b : prepared.benches) {
    if (b.variant == variant) return &b;
  }
  return nullptr;
}

// A file in the test's temporary folder holding `bytes`.
std::filesystem::path temp_file(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const auto dir = std::filesystem::temp_directory_path() / ("clvm_case_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
  return path;
}

TEST(ClvmBackrefsCase, HasTheBaselineAndThreeCoreVariants) {
  const auto c = cases::make_clvm_backrefs_case();
  EXPECT_EQ(c->name(), "clvm_backrefs");
  const auto variants = c->variants();
  ASSERT_EQ(variants.size(), 4U);
  EXPECT_EQ(variants[0].name, "baseline");
  EXPECT_EQ(variants[0].role, benchgate::variant_role::baseline);
  EXPECT_EQ(variants[1].name, "core");
  EXPECT_EQ(variants[2].name, "core_t3");
  EXPECT_EQ(variants[3].name, "core_fresh");
  EXPECT_TRUE(c->takes_input_files());
  EXPECT_EQ(c->default_samples(), 10);
}

TEST(ClvmBackrefsCase, ChecksInputAxisValues) {
  const auto axes = cases::make_clvm_backrefs_case()->axes();
  ASSERT_EQ(axes.size(), 1U);
  EXPECT_EQ(axes[0].name, "input");
  // block_1m is accepted but opt-in: not in the default grid (19 s per
  // baseline iteration).
  EXPECT_FALSE(axes[0].check("block_1m").has_value());
  EXPECT_EQ(axes[0].defaults, (std::vector<std::string>{"block_10k", "block_250k", "deep_chain"}));
  // --quick: the small block only (block_250k's baseline takes a second per
  // iteration, a quarter of the quick run of all four cases).
  EXPECT_EQ(axes[0].quick, (std::vector<std::string>{"block_10k"}));
  EXPECT_EQ(axes[0].check("block_2m").value_or(""), "one of block_10k, block_250k, block_1m, deep_chain");
}

TEST(ClvmBackrefsCase, PreparesAGeneratedBlockWithSizesPerVariant) {
  const auto c = cases::make_clvm_backrefs_case();
  const auto prepared = c->prepare(input_point("block_10k"));
  ASSERT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.work.unit, benchgate::work_unit::bytes);
  const auto* plain = find_figure(prepared.figures, "plain_bytes");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(prepared.work.amount, plain->value);
  ASSERT_EQ(prepared.benches.size(), 4U);
  const auto* baseline = find_bench(prepared, "baseline");
  const auto* core_t3 = find_bench(prepared, "core_t3");
  ASSERT_NE(baseline, nullptr);
  ASSERT_NE(core_t3, nullptr);
  const auto* baseline_bytes = find_figure(baseline->figures, "output_bytes");
  const auto* core_t3_bytes = find_figure(core_t3->figures, "output_bytes");
  ASSERT_NE(baseline_bytes, nullptr);
  ASSERT_NE(core_t3_bytes, nullptr);
  EXPECT_EQ(baseline_bytes->value, core_t3_bytes->value);
  EXPECT_LT(baseline_bytes->value, plain->value);
  const auto* ratio = find_figure(baseline->figures, "compression_ratio");
  ASSERT_NE(ratio, nullptr);
  EXPECT_DOUBLE_EQ(ratio->value, baseline_bytes->value / plain->value);
}

TEST(ClvmBackrefsCase, AddsAPointPerInputFileAndPreparesIt) {
  const auto c = cases::make_clvm_backrefs_case();
  const auto file = temp_file("foo_twice.clvm", clvm_test::from_hex("ff83666f6ffe02"));
  const auto points = c->points({{"input", {"block_10k"}}}, {file});
  ASSERT_EQ(points.size(), 2U);
  EXPECT_EQ(points[1].label(), "input:foo_twice.clvm");
  const auto prepared = c->prepare(points[1]);
  ASSERT_EQ(prepared.error, "");
  EXPECT_EQ(find_figure(prepared.figures, "input_bytes")->value, 7);
  EXPECT_EQ(find_figure(prepared.figures, "plain_bytes")->value, 9);
  EXPECT_EQ(find_figure(find_bench(prepared, "baseline")->figures, "output_bytes")->value, 7);
}

TEST(ClvmBackrefsCase, RefusesAnInputFileThatIsNotCLVM) {
  const auto c = cases::make_clvm_backrefs_case();
  const auto file = temp_file("bad.clvm", clvm_test::from_hex("ff83666f"));
  try {
    c->points({{"input", {}}}, {file});
    FAIL() << "expected an input_error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--input " + file.string() +
                                         ": not a CLVM serialization: truncated: the input ends inside a node at "
                                         "byte 1; expected a serialized CLVM program");
  }
}

TEST(ClvmBackrefsCase, RefusesTwoInputFilesWithTheSameName) {
  const auto c = cases::make_clvm_backrefs_case();
  const auto first = temp_file("same.clvm", clvm_test::from_hex("80"));
  const auto dir = first.parent_path() / "other";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(first, dir / "same.clvm", std::filesystem::copy_options::overwrite_existing);
  EXPECT_THROW(c->points({{"input", {}}}, {first, dir / "same.clvm"}), input_error);
}

TEST(ClvmBackrefsCase, ReportsAnUnknownInputAsAnError) {
  const auto prepared = cases::make_clvm_backrefs_case()->prepare(input_point("nothing"));
  EXPECT_EQ(prepared.error, "input nothing: no generated workload or --input file has this name");
  EXPECT_TRUE(prepared.benches.empty());
}

}  // namespace
