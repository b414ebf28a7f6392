#pragma once
// Two cases for option tests: alpha (takes input files) and beta, both with
// a size axis (integers 1 to 100) and a density axis (0 <= d < 1).

#include <memory>
#include <string>
#include <vector>

#include "harness/suite/registry.hpp"
#include "harness/suite/value_checks.hpp"

namespace benchgate::options::testing {

class fake_case final : public suite::benchmark_case {
 public:
  explicit fake_case(std::string name, bool inputs = false) : name_(std::move(name)), inputs_(inputs) {}
  std::string_view name() const override { return name_; }
  std::string_view description() const override { return "a fake"; }
  std::vector<suite::variant_info> variants() const override {
    return {{"baseline", suite::variant_role::baseline, ""}, {"core", suite::variant_role::core, ""}};
  }
  std::vector<suite::axis_info> axes() const override {
    return {{"size", "", {"1", "2"}, {"1"}, suite::integer_in(1, 100)},
            {"density", "", {"0.5"}, {}, suite::number_in(0, true, 1, false)}};
  }
  bool takes_input_files() const override { return inputs_; }
  suite::prepared_point prepare(const suite::param_point&) const override { return {}; }

 private:
  std::string name_;
  bool inputs_;
};

inline suite::registry fake_registry() {
  std::vector<std::unique_ptr<suite::benchmark_case>> cases;
  cases.push_back(std::make_unique<fake_case>("alpha", true));
  cases.push_back(std::make_unique<fake_case>("beta"));
  return suite::registry(std::move(cases));
}

}  // namespace benchgate::options::testing
