#include "benchgate/detail/bench_results.hpp"

#include <exception>

#include "benchgate/input_error.hpp"

namespace benchgate::detail {

namespace {

[[noreturn]] void refuse(std::string_view case_name, const std::string& problem) {
  throw input_error("case '" + std::string(case_name) + "': " + problem);
}

const variant_result_type* only_baseline(const std::vector<variant_result_type>& variants) {
  const variant_result_type* found = nullptr;
  for (const auto& v : variants) {
    if (v.role != variant_role::baseline) continue;
    if (found != nullptr) return nullptr;
    found = &v;
  }
  return found;
}

// What a result is, for a disagreement message: its text, or a placeholder
// when its type cannot be printed.
std::string shown(const std::any& result, const result_ops& ops) {
  return ops.show ? ops.show(result) : "a different result";
}

}  // namespace

void check_result_types(std::string_view case_name, const std::string& problem,
                        const std::vector<variant_result_type>& variants, const result_ops& agree) {
  if (!problem.empty()) refuse(case_name, problem);
  // Without exactly one baseline the registry refuses the case with its own message.
  const auto* baseline = only_baseline(variants);
  if (baseline == nullptr) return;
  const bool returns_nothing = baseline->type == std::type_index(typeid(void));
  for (const auto& v : variants) {
    if (v.type == baseline->type) continue;
    refuse(case_name, "variant '" + std::string(v.name) + "' returns " +
                          (v.type == std::type_index(typeid(void)) ? "nothing" : "another type") +
                          " and the baseline '" + std::string(baseline->name) + "' " +
                          (returns_nothing ? "nothing" : "a result") +
                          "; expected every variant to return the baseline's result type");
  }
  if (agree.equal) {
    if (returns_nothing) refuse(case_name, "agree_when(...) given, but the variants return nothing to compare");
    if (agree.type != baseline->type) {
      refuse(case_name, "agree_when(...) compares another type than the variants return");
    }
    return;
  }
  if (!returns_nothing && !baseline->has_equal) {
    refuse(case_name, "the variants' result type has no operator==; give agree_when(equal)");
  }
}

std::string disagreement(std::string_view case_name, const param_point& point,
                         const std::vector<variant_outcome>& outcomes, const result_ops& agree) {
  const variant_outcome* baseline = nullptr;
  for (const auto& o : outcomes) {
    if (o.role == variant_role::baseline) baseline = &o;
  }
  if (baseline == nullptr || !baseline->result->has_value()) return "";
  for (const auto& o : outcomes) {
    if (&o == baseline || !o.result->has_value()) continue;
    const auto& equal = agree.equal ? agree.equal : o.ops->equal;
    bool same = false;
    try {
      same = equal(*o.result, *baseline->result);
    } catch (const std::exception& e) {
      throw input_error("case '" + std::string(case_name) + "': the comparison of variant '" + std::string(o.name) +
                        "' with the baseline threw at " + (point.label().empty() ? "its point" : point.label()) +
                        ": " + e.what());
    }
    if (!same) {
      return "variants disagree: " + std::string(o.name) + " returns " + shown(*o.result, *o.ops) + ", " +
             std::string(baseline->name) + " " + shown(*baseline->result, *baseline->ops);
    }
  }
  return "";
}

}  // namespace benchgate::detail
