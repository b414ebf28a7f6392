#include "harness/formats/baseline_store.hpp"

#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::results {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class BaselineStore : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("benchgate-baselines-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static run_results one_cell_run(const std::string& name) {
    run_results run;
    run.cells.push_back({});
    run.cells[0].name = name;
    run.cells[0].case_name = "c";
    run.cells[0].variant = "v";
    return run;
  }

  std::filesystem::path dir_;
};

TEST_F(BaselineStore, SavedBaselinesAreListedAndLoadedByName) {
  save_baseline(one_cell_run("c/one"), dir_, "main", "--save-baseline");
  save_baseline(one_cell_run("c/two"), dir_, "feature-2", "--save-baseline");
  EXPECT_TRUE(std::filesystem::exists(dir_ / "main.json"));
  EXPECT_THAT(list_baselines(dir_), ElementsAre("feature-2", "main"));
  EXPECT_EQ(load_baseline(dir_, "main", "--baseline").cells[0].name, "c/one");
}

TEST_F(BaselineStore, SavingAgainReplacesTheBaseline) {
  save_baseline(one_cell_run("c/old"), dir_, "main", "--save-baseline");
  save_baseline(one_cell_run("c/new"), dir_, "main", "--save-baseline");
  EXPECT_EQ(load_baseline(dir_, "main", "--baseline").cells[0].name, "c/new");
  EXPECT_THAT(list_baselines(dir_), ElementsAre("main"));
}

TEST_F(BaselineStore, AMissingBaselineListsTheSavedNames) {
  save_baseline(one_cell_run("c/one"), dir_, "main", "--save-baseline");
  try {
    load_baseline(dir_, "mian", "--baseline");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--baseline mian: no saved baseline of that name in " + dir_.string() + " (saved baselines: main)");
  }
}

TEST_F(BaselineStore, AMissingFolderSaysHowToSaveOne) {
  try {
    load_baseline(dir_, "main", "--baseline");
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("none is saved there; save one with 'benchgate run --save-baseline NAME'"));
  }
  EXPECT_TRUE(list_baselines(dir_).empty());
}

TEST_F(BaselineStore, CompareInputsAreFilesFirstThenBaselineNames) {
  save_baseline(one_cell_run("c/base"), dir_, "main", "--save-baseline");
  std::optional<std::string> baseline;
  const auto by_name = load_results_or_baseline("main", dir_, "OLD", baseline);
  EXPECT_EQ(baseline, "main");
  EXPECT_EQ(by_name.results.cells[0].name, "c/base");

  const auto by_path = load_results_or_baseline((dir_ / "main.json").string(), dir_, "OLD", baseline);
  EXPECT_FALSE(baseline.has_value());
  EXPECT_EQ(by_path.results.cells[0].name, "c/base");

  try {
    load_results_or_baseline("nothing", dir_, "NEW", baseline);
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()), "NEW nothing: no such file, and no saved baseline of that name in " +
                                         dir_.string() + " (saved baselines: main)");
  }
}

TEST(BaselineName, AcceptsPlainNamesOnly) {
  EXPECT_FALSE(baseline_name_problem("main").has_value());
  EXPECT_FALSE(baseline_name_problem("v1.2_rc-3").has_value());
  EXPECT_TRUE(baseline_name_problem("").has_value());
  EXPECT_TRUE(baseline_name_problem(".hidden").has_value());
  EXPECT_TRUE(baseline_name_problem("a/b").has_value());
  EXPECT_TRUE(baseline_name_problem("../up").has_value());
  EXPECT_TRUE(baseline_name_problem(std::string(101, 'a')).has_value());
}

}  // namespace
}  // namespace benchgate::results
