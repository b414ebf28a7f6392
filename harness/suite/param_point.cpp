#include "benchgate/param_point.hpp"

#include "benchgate/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate {

const std::string* param_point::find(std::string_view axis) const {
  for (const auto& [name, value] : values_) {
    if (name == axis) return &value;
  }
  return nullptr;
}

namespace {

// The value of `axis` or input_error: the case asked for an axis the point
// does not name.
const std::string& named_value(const param_point& point, std::string_view axis) {
  const auto* value = point.find(axis);
  if (value == nullptr) {
    throw input_error("grid point '" + point.label() + "': no axis '" + std::string(axis) + "'");
  }
  return *value;
}

}  // namespace

std::int64_t param_point::integer(std::string_view axis) const {
  const auto& value = named_value(*this, axis);
  const auto parsed = text::parse_int(value);
  if (!parsed) throw input_error(std::string(axis) + "=" + value + ": expected an integer");
  return *parsed;
}

double param_point::number(std::string_view axis) const {
  const auto& value = named_value(*this, axis);
  const auto parsed = text::parse_double(value);
  if (!parsed) throw input_error(std::string(axis) + "=" + value + ": expected a number");
  return *parsed;
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

}  // namespace benchgate
