#include "harness/suite/param_point.hpp"

namespace benchgate::suite {

const std::string* param_point::find(std::string_view axis) const {
  for (const auto& [name, value] : values_) {
    if (name == axis) return &value;
  }
  return nullptr;
}

std::string param_point::label() const {
  std::string out;
  for (const auto& [name, value] : values_) {
    if (!out.empty()) out += '/';
    out += name;
    out += ':';
    out += value;
  }
  return out;
}

std::string cell_name(std::string_view case_name, std::string_view variant,
                      const param_point& point) {
  std::string name(case_name);
  name += '/';
  name += variant;
  const auto label = point.label();
  if (!label.empty()) {
    name += '/';
    name += label;
  }
  return name;
}

}  // namespace benchgate::suite
