// Plain Google Benchmark registrations run by benchgate: the grouping into
// points (plain_plan.hpp), the exact-name filter, and real registrations of
// this test binary found, run and captured through Google Benchmark
// (plain_benchmarks.hpp, plain_session.hpp). The benchmarks below run a few
// iterations each; nothing here depends on their times.

#include <benchmark/benchmark.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "harness/run/plain_benchmarks.hpp"
#include "harness/run/plain_plan.hpp"
#include "harness/run/plain_session.hpp"
#include "harness/run/plan.hpp"
#include "harness/run/runner.hpp"
#include "harness/support/errors/input_error.hpp"
#include "tests/harness/run/fake_case.hpp"

namespace {

using namespace benchgate;

void BM_plain_test_sum(benchmark::State& state) {
  std::int64_t sum = 0;
  for (auto _ : state) {
    for (std::int64_t i = 0; i < state.range(0); ++i) benchmark::DoNotOptimize(sum += i);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["per_call"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_plain_test_sum)->Arg(4)->Arg(16);

void BM_plain_test_fails(benchmark::State& state) {
  for (auto _ : state) {
  }
  state.SkipWithError("no input (on purpose)");
}
BENCHMARK(BM_plain_test_fails);

std::vector<std::string> names_of(const run::plain_point& p) {
  std::vector<std::string> out;
  for (const auto& c : p.cells) out.push_back(c.name);
  return out;
}

TEST(PlainPlan, WithoutRolesEachFamilyIsAPointAndTheRestOfTheNameItsArgs) {
  const auto points = run::plain_points({"BM_copy/8", "BM_copy/64", "Buffer/Copy/256", "BM_fill<int>/16"}, {}, {});
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].label, "BM_copy");
  EXPECT_EQ(names_of(points[0]), (std::vector<std::string>{"BM_copy/8", "BM_copy/64"}));
  EXPECT_EQ(points[1].label, "Buffer");
  EXPECT_EQ(points[2].label, "BM_fill<int>");
  const auto& copy = points[1].cells[0];
  EXPECT_EQ(copy.case_name, "Buffer");
  EXPECT_FALSE(copy.role);
  EXPECT_EQ(copy.params, (std::vector<std::pair<std::string, std::string>>{{"args", "Copy/256"}}));
}

TEST(PlainPlan, RolePatternsMakeOneGridPointOfTheVariants) {
  const auto points = run::plain_points({"BM_sum_naive/8", "BM_sum_naive/64", "BM_sum_fast/8", "BM_sum_fast/64",
                                         "BM_other/8"},
                                        {}, {"baseline=_naive", "core=_fast"});
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].label, "BM_sum/8");
  EXPECT_EQ(names_of(points[0]), (std::vector<std::string>{"BM_sum_naive/8", "BM_sum_fast/8"}));
  EXPECT_EQ(points[0].cells[0].role, benchgate::variant_role::baseline);
  EXPECT_EQ(points[0].cells[0].variant, "_naive");
  EXPECT_EQ(points[0].cells[1].role, benchgate::variant_role::core);
  EXPECT_EQ(points[1].label, "BM_sum/64");
  // No pattern matches it: its family, no role.
  EXPECT_EQ(points[2].label, "BM_other");
  EXPECT_FALSE(points[2].cells[0].role);
}

TEST(PlainPlan, RolesAreGivenBeforeTheFilterSoAReRunOfAFewCellsKeepsThem) {
  // A gate --confirm re-run of BM_sum_fast/8 alone passes the run's patterns on.
  const auto points =
      run::plain_points({"BM_sum_naive/8", "BM_sum_fast/8"}, std::string("^BM_sum_fast/8$"), {"baseline=_naive", "core=_fast"});
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(names_of(points[0]), (std::vector<std::string>{"BM_sum_fast/8"}));
  EXPECT_EQ(points[0].cells[0].role, benchgate::variant_role::core);
}

TEST(PlainPlan, TheFilterSelectsByGoogleBenchmarksName) {
  const auto points = run::plain_points({"BM_copy/8", "BM_copy/64", "BM_fill/8"}, std::string("/64$|fill"), {});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(names_of(points[0]), (std::vector<std::string>{"BM_copy/64"}));
  EXPECT_TRUE(run::plain_points({"BM_copy/8"}, std::string("nothing"), {}).empty());
}

TEST(PlainPlan, ARolePatternThatMatchesNothingIsAnInputError) {
  try {
    run::plain_points({"BM_copy/8"}, {}, {"baseline=_naive"});
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "the Google Benchmark registrations: --role baseline=_naive matches no cell name; expected a pattern "
              "found in the names of the cells of that role");
  }
}

TEST(PlainPlan, MakePlanAddsPlainPointsAfterTheCasesAndRefusesWhatCannotApply) {
  options::run_options o;
  o.settings.quick = true;
  const suite::registry none({});
  const auto plan = run::make_plan(o, none, {"BM_copy/8", "BM_copy/64"});
  ASSERT_EQ(plan.points.size(), 1u);
  ASSERT_TRUE(plan.points[0].plain);
  EXPECT_EQ(plan.points[0].samples, options::k_quick_samples);
  // 5 s (the settings as given here) shared by the family's 2 cells x 10 samples, less the 1.4x overshoot.
  EXPECT_DOUBLE_EQ(plan.points[0].min_time_s, 5.0 / 20.0 / 1.4);
  EXPECT_EQ(run::point_label(plan.points[0]), "BM_copy");

  o.settings.filter = "nothing";
  EXPECT_THROW(run::make_plan(o, none, {"BM_copy/8"}), input_error);
  o.settings.filter.reset();
  o.settings.roles = {"core=_fast"};
  try {
    run::make_plan(o, none, {});
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("--role core=_fast: roles are for plain Google Benchmark registrations, "
                                         "and this program has none"),
              std::string::npos)
        << e.what();
  }
  o.settings.roles.clear();
  o.settings.measure = results::measure_kind::instructions;
  try {
    run::make_plan(o, none, {"BM_copy/8"});
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("--measure instructions: cannot count plain Google Benchmark registrations "
                                         "(BM_copy/8, ...)"),
              std::string::npos)
        << e.what();
  }
}

TEST(PlainBenchmarks, TheExactFilterEscapesMetacharactersAndAnchorsEachName) {
  EXPECT_EQ(run::exact_names_filter({"BM_a/8", "T<int>.x(1)*+?{2}|^$"}), "^(BM_a/8|T<int>\\.x\\(1\\)\\*\\+\\?\\{2}\\|\\^\\$)$");
  // As Google Benchmark compiles it (POSIX extended): each name and no other.
  const std::regex filter(run::exact_names_filter({"BM_a/8", "BM_f<int>/1.5"}), std::regex::extended);
  EXPECT_TRUE(std::regex_search("BM_a/8", filter));
  EXPECT_TRUE(std::regex_search("BM_f<int>/1.5", filter));
  EXPECT_FALSE(std::regex_search("BM_a/80", filter));
  EXPECT_FALSE(std::regex_search("BM_f<int>/105", filter));
}

TEST(PlainBenchmarks, FindsThisBinarysRegistrationsByGoogleBenchmarksNames) {
  EXPECT_EQ(run::registered_benchmark_names(),
            (std::vector<std::string>{"BM_plain_test_sum/4", "BM_plain_test_sum/16", "BM_plain_test_fails"}));
}

TEST(PlainBenchmarks, ASessionTakesTheAskedSamplesWithCountersAndWork) {
  options::run_options o;
  o.settings.samples = 10;
  o.settings.min_time_s = 1e-4;  // a few iterations a sample: the test checks counts, not times
  o.settings.warmup_s = 0;
  o.settings.filter = "sum";
  const suite::registry none({});
  const auto plan = run::make_plan(o, none, run::registered_benchmark_names());
  ASSERT_EQ(plan.points.size(), 1u);
  run::plain_session session(plan.points[0], true, nullptr);
  const std::vector<int> batch = {3, 2};
  session.time(batch);
  session.time(batch);
  const auto& cells = session.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].name, "BM_plain_test_sum/4");
  EXPECT_EQ(cells[0].samples.size(), 6u);
  EXPECT_EQ(cells[1].samples.size(), 4u);
  for (const auto& c : cells) {
    EXPECT_TRUE(c.error.empty()) << c.error;
    EXPECT_EQ(c.work.unit, benchgate::work_unit::items);
    for (const auto& s : c.samples) {
      EXPECT_GT(s.iterations, 0);
      const auto per_call = std::find_if(s.counters.begin(), s.counters.end(),
                                         [](const auto& counter) { return counter.first == "per_call"; });
      ASSERT_NE(per_call, s.counters.end());
    }
  }
  // Items per iteration from the items_per_second rate: the range, up to rounding.
  EXPECT_NEAR(cells[0].work.amount, 4.0, 1e-6);
  EXPECT_NEAR(cells[1].work.amount, 16.0, 1e-6);
}

TEST(PlainBenchmarks, ABenchmarkThatSkipsWithAnErrorFailsItsCell) {
  options::run_options o;
  o.settings.samples = 10;
  o.settings.min_time_s = 1e-4;
  o.settings.warmup_s = 0;
  o.settings.filter = "fails";
  const suite::registry none({});
  const auto plan = run::make_plan(o, none, run::registered_benchmark_names());
  ASSERT_EQ(plan.points.size(), 1u);
  run::plain_session session(plan.points[0], false, nullptr);
  session.time(std::vector<int>{2});
  EXPECT_EQ(session.cells()[0].error, "the benchmark failed: no input (on purpose)");
}

TEST(PlainBenchmarks, RegistrationPrefixesAreFreshAndTheirOwnFilter) {
  const auto a = run::fresh_registration_prefix();
  const auto b = run::fresh_registration_prefix();
  EXPECT_NE(a, b);
  EXPECT_TRUE(std::regex_match(a, std::regex("benchgate-[0-9a-f]{16}:"))) << a;
}

// A program with benchgate cases and plain registrations: the cases' runs
// (with rounds, and an injected slowdown's pilots) leave the plain
// registrations in place, and a second run in the same process (as
// calibrate makes) runs neither the first's registrations nor twice.
TEST(PlainBenchmarks, CasesAndPlainRegistrationsRunTogetherTwiceInOneProcess) {
  auto o = run::testing::quick_options();
  o.settings.rounds = 2;
  o.settings.min_time_s = 1e-4;
  o.settings.filter = "^sum/|^BM_plain_test_sum/4$";
  o.settings.injected_slowdown_pct = 10;
  o.settings.injected_slowdown_filter = "^sum/core/size:16$";  // one pilot a run: they take 0.1 s each
  const auto cases = run::testing::sum_registry();
  for (int run_index = 0; run_index < 2; ++run_index) {
    const auto plan = run::make_plan(o, cases, run::registered_benchmark_names());
    run::testing::silent_observer observer;
    const auto cells = run::execute(plan, observer);
    ASSERT_EQ(cells.size(), 5u) << "run " << run_index;
    for (const auto& c : cells) {
      EXPECT_TRUE(c.error.empty()) << c.name << ": " << c.error;
      EXPECT_EQ(c.samples.size(), 6u) << c.name;
    }
    EXPECT_EQ(cells.back().name, "BM_plain_test_sum/4");
    // The slowdown's pilot ran (and cleared nothing): its figure is there.
    const auto slowed = std::find_if(cells.begin(), cells.end(), [](const auto& c) { return c.name == "sum/core/size:16"; });
    ASSERT_NE(slowed, cells.end());
    EXPECT_TRUE(std::any_of(slowed->figures.begin(), slowed->figures.end(),
                            [](const auto& f) { return f.name == "injected_spin_steps"; }));
  }
  EXPECT_EQ(run::registered_benchmark_names().size(), 3u);
}

}  // namespace
