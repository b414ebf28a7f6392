#pragma once
// The set of benchmark cases the driver knows.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "benchgate/case.hpp"

namespace benchgate::suite {

class registry {
 public:
  // Checks every case (check_case) and that no two share a name; throws
  // input_error naming the case and the problem.
  // `builtin_only`: every case is one of benchgate's own (registration.hpp).
  explicit registry(std::vector<std::unique_ptr<benchmark_case>> cases, bool builtin_only = false);

  // In name order.
  const std::vector<std::unique_ptr<benchmark_case>>& cases() const { return cases_; }

  // nullptr when no case has that name.
  const benchmark_case* find(std::string_view name) const;

  // "a, b, c": for error messages.
  std::string names() const;

  // Whether the cases measure benchgate's own source, so that the build's
  // git commit is the measured code's.
  bool builtin_only() const { return builtin_only_; }

 private:
  std::vector<std::unique_ptr<benchmark_case>> cases_;
  bool builtin_only_ = false;
};

// Throws input_error "case 'NAME': ..." when the case breaks the contract of
// benchgate/case.hpp: a name that is not [a-z0-9_]+, no or several baseline
// variants, duplicate variant or axis names, an axis without defaults, a
// default or quick value its own check refuses.
void check_case(const benchmark_case& c);

// Every case registered with BENCHGATE_CASE in this executable.
registry registered_cases();

}  // namespace benchgate::suite
