#pragma once
// The set of benchmark cases the driver knows.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "harness/suite/case.hpp"

namespace benchgate::suite {

class registry {
 public:
  explicit registry(std::vector<std::unique_ptr<benchmark_case>> cases);

  // In name order.
  const std::vector<std::unique_ptr<benchmark_case>>& cases() const { return cases_; }

  // nullptr when no case has that name.
  const benchmark_case* find(std::string_view name) const;

  // "a, b, c": for error messages.
  std::string names() const;

 private:
  std::vector<std::unique_ptr<benchmark_case>> cases_;
};

// Every case added with benchgate_add_case() (defined in a generated source).
registry make_builtin_registry();

}  // namespace benchgate::suite
