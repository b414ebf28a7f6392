#pragma once
// benchgate/detail/bench_results.hpp: internal to benchgate/bench.hpp, not
// for a case: how the short form's variant results are compared.
//
// Contract: results travel as std::any, each with the operations its type
// has (result_ops). check_result_types throws input_error "case 'NAME': ..."
// for a definition whose results cannot be compared; disagreement returns
// "" when every result agrees with the baseline's, else "variants disagree:
// ..."; a comparator that throws becomes input_error "case 'NAME': ...".

#include <any>
#include <functional>
#include <string>
#include <string_view>
#include <typeindex>
#include <vector>

#include "benchgate/case_types.hpp"
#include "benchgate/param_point.hpp"

namespace benchgate::detail {

// What can be done with one result type. `type` is typeid(void) for a body
// that returns nothing; `equal` is empty when the type has no operator==,
// `show` when it has no operator<<.
struct result_ops {
  std::type_index type = std::type_index(typeid(void));
  std::function<bool(const std::any&, const std::any&)> equal;
  std::function<std::string(const std::any&)> show;
};

// One variant's declared result, for check_result_types.
struct variant_result_type {
  std::string_view name;
  variant_role role;
  std::type_index type;
  bool has_equal;
};

// `problem`: one already found while building (e.g. setup() after a
// variant). `agree`: the agree_when comparator (empty `equal` when none).
// Throws input_error "case 'NAME': ..." on a problem; a missing or doubled
// baseline is left to the registry's check (benchgate/case.hpp's rules).
void check_result_types(std::string_view case_name, const std::string& problem,
                        const std::vector<variant_result_type>& variants, const result_ops& agree);

// One variant's result at a point (an empty any: the body returns void).
struct variant_outcome {
  std::string_view name;
  variant_role role;
  const std::any* result;
  const result_ops* ops;
};

// "" when every variant's result agrees with the baseline's (by `agree` when
// it has an `equal`, else by the type's operator==), else the first
// disagreement, e.g. "variants disagree: swar returns 17, baseline 18".
std::string disagreement(std::string_view case_name, const param_point& point,
                         const std::vector<variant_outcome>& outcomes, const result_ops& agree);

}  // namespace benchgate::detail
