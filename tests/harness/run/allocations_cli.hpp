#pragma once
// The fixture of the two end-to-end tests of allocation counting:
// `run --measure allocations` of a driver (allocations_cli_test.cpp) and
// `ab --measure allocations` of plain Google Benchmark executables
// (gbench_allocations_cli_test.cpp). Both read a results file's counts and
// gate "no new allocation in these cells" the same way.

#include <gtest/gtest.h>

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/support/files/file_io.hpp"
#include "tests/harness/app/cli.hpp"

namespace benchgate::testing {

class allocations_cli_test : public cli_test {
 protected:
  // Every sample's value of counter `name` in cell `cell` of results file
  // `file`, in order; empty when the file has no such cell.
  std::vector<double> counts(const std::string& file, const std::string& cell, const std::string& name) const {
    std::vector<double> out;
    const auto doc = json_of(file);  // kept: a range-for over a temporary's member would dangle
    for (const auto& c : doc.at("cells")) {
      if (c.at("name") != cell) continue;
      for (const auto& s : c.at("samples")) out.push_back(s.at("counters").at(name).get<double>());
    }
    return out;
  }

  // rules.json: "no new allocation in these cells", a rule on allocations
  // with fail 0 for the cells that `match` (a glob).
  void write_no_new_allocations_rule(const std::string& match) const {
    files::write_atomically(path("rules.json"),
                            R"({"schema": "benchgate.rules/1", "rules": [{"match": ")" + match +
                                R"(", "metric": "allocations", "fail": 0}]})",
                            "rules");
  }

  // The verdict file `file` (gate's or ab's JSON) has `cells` cells, of
  // which `failing` fails and every other passes.
  void expect_only_failing(const std::string& file, const std::string& failing, std::size_t cells) const {
    const auto verdict = json_of(file);
    ASSERT_EQ(verdict.at("cells").size(), cells) << file;
    for (const auto& c : verdict.at("cells")) {
      EXPECT_EQ(c.at("status"), c.at("name") == failing ? "fail" : "pass") << file << ": " << c.at("name");
    }
  }
};

}  // namespace benchgate::testing
