#pragma once
// Two cases for option tests: alpha (takes input files) and beta, both with
// a size axis (integers 1 to 100) and a density axis (0 <= d < 1).

#include <memory>
#include <string>
#include <vector>

#include "harness/suite/registry.hpp"
#include "benchgate/value_checks.hpp"

namespace benchgate::options::testing {

class fake_case final : public benchgate::benchmark_case {
 public:
  explicit fake_case(std::string name, bool inputs = false) : name_(std::move(name)), inputs_(inputs) {}
  std::string_view name() const override { return name_; }
  std::string_view description() const override { return "a fake"; }
  std::vector<benchgate::variant_info> variants() const override {
    return {{"baseline", benchgate::variant_role::baseline, ""}, {"core", benchgate::variant_role::core, ""}};
  }
  std::vector<benchgate::axis_info> axes() const override {
    return {{"size", "", {"1", "2"}, {"1"}, benchgate::integer_in(1, 100)},
            {"density", "", {"0.5"}, {}, benchgate::number_in(0, true, 1, false)}};
  }
  bool takes_input_files() const override { return inputs_; }
  benchgate::prepared_point prepare(const benchgate::param_point&) const override { return {}; }

 private:
  std::string name_;
  bool inputs_;
};

inline suite::registry fake_registry() {
  std::vector<std::unique_ptr<benchgate::benchmark_case>> cases;
  cases.push_back(std::make_unique<fake_case>("alpha", true));
  cases.push_back(std::make_unique<fake_case>("beta"));
  return suite::registry(std::move(cases));
}

}  // namespace benchgate::options::testing
