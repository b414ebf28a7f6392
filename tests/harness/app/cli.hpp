#pragma once
// Runs the benchgate binary of this build through a shell, in a scratch
// folder, and captures its exit code, stdout and stderr (for tests that need
// shell quoting, a working folder or a command prefix such as `timeout`;
// tests/support/cli.hpp runs it without a shell).

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "harness/support/files/file_io.hpp"
#include "tests/support/cli.hpp"

namespace benchgate::testing {

struct cli_result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

class cli_test : public ::testing::Test {
 protected:
  void SetUp() override {
    binary_ = test_support::binary_path();
    dir_ = std::filesystem::temp_directory_path() /
           ("benchgate-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  // `args` is pasted into a shell command run in the scratch folder.
  cli_result run(const std::string& args, const std::string& prefix = "") const {
    const auto out = dir_ / "stdout.txt";
    const auto err = dir_ / "stderr.txt";
    const std::string command = "cd '" + dir_.string() + "' && " + prefix + "'" + binary_ + "' " + args + " >'" +
                                out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(command.c_str());
    cli_result r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = files::read_file(out, "stdout");
    r.err = files::read_file(err, "stderr");
    return r;
  }

  std::filesystem::path path(const std::string& name) const { return dir_ / name; }

  // The JSON file `name` of the scratch folder, parsed.
  nlohmann::json json_of(const std::string& name) const {
    return nlohmann::json::parse(files::read_file(path(name), "test"));
  }

  std::string binary_;
  std::filesystem::path dir_;
};

}  // namespace benchgate::testing
