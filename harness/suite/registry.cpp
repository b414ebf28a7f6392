#include "harness/suite/registry.hpp"

#include <algorithm>
#include <set>

#include "benchgate/input_error.hpp"
#include "benchgate/registration.hpp"

namespace benchgate {

namespace {

// The factories BENCHGATE_CASE recorded. Written only during static
// initialisation (before main), read once by registered_cases(); a
// function-local static, so its construction precedes every registration
// whatever the order of the translation units.
struct registered_factory {
  case_factory make;
  bool builtin;
};

std::vector<registered_factory>& registered_factories() {
  static std::vector<registered_factory> factories;
  return factories;
}

}  // namespace

bool register_case(case_factory make, bool builtin) {
  registered_factories().push_back({make, builtin});
  return true;
}

}  // namespace benchgate

namespace benchgate::suite {

namespace {

bool valid_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
  });
}

[[noreturn]] void refuse(std::string_view case_name, const std::string& problem) {
  throw input_error("case '" + std::string(case_name) + "': " + problem);
}

void check_variants(const benchmark_case& c) {
  const auto variants = c.variants();
  if (variants.empty()) refuse(c.name(), "no variants; expected a baseline and at least one other");
  std::set<std::string> seen;
  std::vector<std::string> baselines;
  for (const auto& v : variants) {
    if (!valid_name(v.name)) refuse(c.name(), "variant name '" + v.name + "' is not [a-z0-9_]+");
    if (!seen.insert(v.name).second) refuse(c.name(), "two variants are called '" + v.name + "'");
    if (v.role == variant_role::baseline) baselines.push_back(v.name);
  }
  if (baselines.empty()) refuse(c.name(), "no baseline variant; expected exactly one variant with role baseline");
  if (baselines.size() > 1) {
    refuse(c.name(), std::to_string(baselines.size()) + " baseline variants (" + baselines[0] + ", " +
                         baselines[1] + "); expected exactly one");
  }
}

void check_values(const benchmark_case& c, const axis_info& axis, const std::vector<std::string>& values,
                  std::string_view kind) {
  for (const auto& value : values) {
    if (!axis.check) continue;
    if (const auto expected = axis.check(value)) {
      refuse(c.name(), "axis '" + axis.name + "' " + std::string(kind) + " value '" + value + "': expected " +
                           *expected);
    }
  }
}

void check_axes(const benchmark_case& c) {
  std::set<std::string> seen;
  for (const auto& axis : c.axes()) {
    if (!valid_name(axis.name)) refuse(c.name(), "axis name '" + axis.name + "' is not [a-z0-9_]+");
    if (!seen.insert(axis.name).second) refuse(c.name(), "two axes are called '" + axis.name + "'");
    if (axis.defaults.empty()) refuse(c.name(), "axis '" + axis.name + "' has no default values; expected at least one");
    check_values(c, axis, axis.defaults, "default");
    check_values(c, axis, axis.quick, "quick");
  }
}

}  // namespace

void check_case(const benchmark_case& c) {
  if (!valid_name(c.name())) refuse(c.name(), "the case name is not [a-z0-9_]+");
  check_variants(c);
  check_axes(c);
}

registry::registry(std::vector<std::unique_ptr<benchmark_case>> cases, bool builtin_only)
    : cases_(std::move(cases)), builtin_only_(builtin_only) {
  for (const auto& c : cases_) check_case(*c);
  std::sort(cases_.begin(), cases_.end(),
            [](const auto& a, const auto& b) { return a->name() < b->name(); });
  const auto twin = std::adjacent_find(cases_.begin(), cases_.end(),
                                       [](const auto& a, const auto& b) { return a->name() == b->name(); });
  if (twin != cases_.end()) refuse((*twin)->name(), "registered twice (two cases share the name)");
}

const benchmark_case* registry::find(std::string_view name) const {
  for (const auto& c : cases_) {
    if (c->name() == name) return c.get();
  }
  return nullptr;
}

std::string registry::names() const {
  std::string out;
  for (const auto& c : cases_) {
    if (!out.empty()) out += ", ";
    out += c->name();
  }
  return out;
}

registry registered_cases() {
  std::vector<std::unique_ptr<benchmark_case>> cases;
  bool builtin_only = true;
  for (const auto& [make, builtin] : registered_factories()) {
    builtin_only = builtin_only && builtin;
    auto made = make();
    if (!made) throw input_error("a function registered with BENCHGATE_CASE returned no case (nullptr)");
    cases.push_back(std::move(made));
  }
  return registry(std::move(cases), builtin_only);
}

}  // namespace benchgate::suite
