// The http_parse case glue: variants (only what this CPU runs), axes and
// their checks, the non-product grid, input files, and that every point
// prepares with all variants agreeing. (CMakeLists.txt adds one end-to-end
// run of the driver.)

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "cores/http_parse/implementations.hpp"
#include "harness/cases/http_parse/http_parse_case.hpp"
#include "benchgate/case.hpp"
#include "harness/cases/http_parse/workload.hpp"
#include "harness/support/errors/input_error.hpp"
#include "tests/cores/http_parse/random_heads.hpp"
#include "tests/harness/cases/http_parse/case_parsers.hpp"

namespace http_parse_test {
namespace {


std::unique_ptr<benchgate::benchmark_case> make_case() { return benchgate::cases::make_http_parse_case(); }

const benchgate::axis_info& axis(const std::vector<benchgate::axis_info>& axes, std::string_view name) {
  for (const auto& a : axes) {
    if (a.name == name) return a;
  }
  throw std::runtime_error("no axis " + std::string(name));
}

std::vector<benchgate::axis_values> defaults_of(const benchgate::benchmark_case& c) {
  std::vector<benchgate::axis_values> chosen;
  for (const auto& a : c.axes()) chosen.push_back({a.name, a.defaults});
  return chosen;
}

// A temporary file that is removed at the end of the test.
struct temp_file {
  std::filesystem::path path;
  temp_file(std::string_view name, std::string_view content)
      : path(std::filesystem::temp_directory_path() / ("benchgate_http_parse_" + std::string(name))) {
    std::ofstream(path, std::ios::binary) << content;
  }
  ~temp_file() { std::filesystem::remove(path); }
};

TEST(HttpParseCase, VariantsAreTheBaselinesTheCoreAndEachRunnableImplementation) {
  const auto c = make_case();
  std::vector<std::string> expected = {"baseline", "baseline_word_version", "core"};
  for (const auto& impl : core::all_implementations()) {
    if (core::supports(core::detect_cpu(), impl.id)) expected.push_back("core_" + std::string(impl.name));
  }
  std::vector<std::string> names;
  for (const auto& v : c->variants()) names.push_back(v.name);
  EXPECT_EQ(names, expected);
  EXPECT_EQ(c->variants().front().role, benchgate::variant_role::baseline);
  EXPECT_TRUE(c->takes_input_files());
}

TEST(HttpParseCase, ListNamesTheVariantsThisCpuCannotRun) {
  const auto c = make_case();
  const std::string description(c->description());
  for (const auto& impl : core::all_implementations()) {
    const bool omitted = description.find("core_" + std::string(impl.name)) != std::string::npos;
    EXPECT_EQ(omitted, !core::supports(core::detect_cpu(), impl.id)) << impl.name;
  }
}

TEST(HttpParseCase, AxesCheckTheirValues) {
  const auto c = make_case();
  const auto axes = c->axes();
  EXPECT_EQ(axis(axes, "workload").check("req"), std::nullopt);
  EXPECT_EQ(axis(axes, "workload").check("request"), "one of req, req_short, resp, resp_short");
  EXPECT_EQ(axis(axes, "uri_bytes").check("4096"), std::nullopt);
  EXPECT_EQ(axis(axes, "uri_bytes").check("4097"), "an integer from 1 to 4096");
  EXPECT_EQ(axis(axes, "value_bytes").check("0"), "an integer from 1 to 4096");
  EXPECT_EQ(axis(axes, "headers").check("129"), "an integer from 1 to 128");
  EXPECT_EQ(axis(axes, "impl").check("auto"), std::nullopt);
  EXPECT_EQ(axis(axes, "impl").check("swar"), std::nullopt);
  EXPECT_NE(axis(axes, "impl").check("avx512"), std::nullopt);
  if (!core::supports(core::detect_cpu(), core::impl_id::avx2)) {
    EXPECT_NE(axis(axes, "impl").check("avx2"), std::nullopt);
  }
}

TEST(HttpParseCase, GridIsEachWorkloadThenEachSweepValueOnItsOwn) {
  const auto c = make_case();
  const auto points = c->points(defaults_of(*c), {});
  ASSERT_EQ(points.size(), 4U + 6U + 6U + 5U);
  EXPECT_EQ(points.front().label(), "workload:req");
  EXPECT_EQ(points[4].label(), "uri_bytes:1");
  EXPECT_EQ(points.back().label(), "headers:128");
  for (const auto& p : points) EXPECT_EQ(p.values().size(), 1U) << p.label();
}

TEST(HttpParseCase, ForcedImplIsNamedInThePoint) {
  const auto c = make_case();
  auto chosen = defaults_of(*c);
  for (auto& a : chosen) {
    if (a.axis == "impl") a.values = {"auto", "swar"};
  }
  const auto points = c->points(chosen, {});
  ASSERT_EQ(points.size(), 2U * 21U);
  EXPECT_EQ(points[21].label(), "workload:req/impl:swar");
}

TEST(HttpParseCase, EveryDefaultPointPreparesWithAllVariantsAgreeing) {
  const auto c = make_case();
  const auto variants = c->variants();
  for (const auto& point : c->points(defaults_of(*c), {})) {
    const auto prepared = c->prepare(point);
    EXPECT_EQ(prepared.error, "") << point.label();
    ASSERT_EQ(prepared.benches.size(), variants.size()) << point.label();
    for (std::size_t i = 0; i < variants.size(); ++i) EXPECT_EQ(prepared.benches[i].variant, variants[i].name);
    EXPECT_EQ(prepared.work.unit, benchgate::work_unit::bytes);
    EXPECT_GT(prepared.work.amount, 0);
  }
}

TEST(HttpParseCase, ForcedImplPreparesToo) {
  const auto c = make_case();
  const benchgate::param_point point({{"workload", "resp"}, {"impl", "swar"}});
  const auto prepared = c->prepare(point);
  EXPECT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.work.amount, static_cast<double>(benchgate::cases::http_parse::named_workload("resp").bytes.size()));
}

TEST(HttpParseCase, InputFileIsAPointNamedByItsFileAndTimesOnlyTheHead) {
  const std::string head = "GET /file HTTP/1.1\r\nHost: a\r\n\r\n";
  const temp_file file("head.http", head + "body");
  const auto c = make_case();
  const auto points = c->points({}, {file.path});  // no impl axis chosen: auto
  ASSERT_EQ(points.size(), 1U);
  EXPECT_EQ(points[0].label(), "input:benchgate_http_parse_head.http");
  const auto prepared = c->prepare(points[0]);
  EXPECT_EQ(prepared.error, "");
  EXPECT_EQ(prepared.work.amount, static_cast<double>(head.size()));
}

// A file that is no complete head is bad input (exit 2 before any run), as
// clvm_backrefs refuses a file that is no CLVM program; not a failed cell.
TEST(HttpParseCase, InputFileThatIsNoHeadIsRefusedBeforeAnyRun) {
  const temp_file file("garbage.http", "not http at all\r\n\r\n");
  const auto c = make_case();
  try {
    c->points({{"impl", {"auto"}}}, {file.path});
    ADD_FAILURE() << "expected an input_error";
  } catch (const benchgate::input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--input " + file.path.string() + ": the baseline finds error version; expected a "
                                     "complete HTTP/1.x request head with at most 128 headers");
  }
}

TEST(HttpParseCase, UnreadableInputFileThrowsInputError) {
  const auto c = make_case();
  try {
    c->points({{"impl", {"auto"}}}, {"/nonexistent/benchgate/head.http"});
    ADD_FAILURE() << "expected an input_error";
  } catch (const benchgate::input_error& e) {
    EXPECT_EQ(std::string(e.what()), "--input /nonexistent/benchgate/head.http: no such file");
  }
}

TEST(HttpParseCase, HttparseInputsPrepare) {
  const char* data = std::getenv("BENCHGATE_DATA_DIR");
  if (data == nullptr || *data == '\0') GTEST_SKIP() << "BENCHGATE_DATA_DIR is not set";
  const auto c = make_case();
  std::vector<std::filesystem::path> files;
  for (const char* name : {"req.http", "req_short.http", "resp.http", "resp_short.http"}) {
    files.push_back(std::filesystem::path(data) / "http" / name);
  }
  const auto points = c->points({{"impl", {"auto"}}}, files);
  ASSERT_EQ(points.size(), 4U);
  const double sizes[] = {720, 68, 699, 91};
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto prepared = c->prepare(points[i]);
    EXPECT_EQ(prepared.error, "") << points[i].label();
    EXPECT_EQ(prepared.work.amount, sizes[i]) << points[i].label();
  }
}

TEST(HttpParseCase, WordVersionBaselineAgreesWithTheBaseline) {
  random_heads gen(0x3a9e0001);
  const auto parsers = every_case_parser();
  const std::vector<named_parser> pair = {parsers.front(), parsers.back()};
  ASSERT_EQ(pair.back().name, "baseline_word_version");
  for (int i = 0; i < 2000; ++i) {
    const bool request = i % 2 == 0;
    const auto head = request ? gen.request() : gen.response();
    const auto input = i % 4 < 2 ? head : gen.mutate(head);
    const auto kind = request ? core::head_kind::request : core::head_kind::response;
    const auto cut = gen.below(input.size() + 1);
    ASSERT_EQ(disagreement(pair, kind, std::string_view(input).substr(0, cut), 16), "")
        << testing::PrintToString(input.substr(0, cut));
  }
}

}  // namespace
}  // namespace http_parse_test
