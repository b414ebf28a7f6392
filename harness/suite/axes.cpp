#include "benchgate/axes.hpp"


#include "benchgate/value_checks.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate {

namespace {


template <class T, class Text>
std::vector<std::string> texts(const std::vector<T>& values, Text text) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (const auto& v : values) out.push_back(text(v));
  return out;
}

std::string integer_text(std::int64_t value) { return std::to_string(value); }

}  // namespace

// Shortest round-trip text, so that a value typed as 0.01 names its cells
// "0.01" as the same value given as text (`--param density=0.01`) does.
std::string axis_value_text(double value) { return text::number_text(value); }

integer_axis::integer_axis(std::string name, std::string description) {
  info_.name = std::move(name);
  info_.description = std::move(description);
}

integer_axis& integer_axis::defaults(std::vector<std::int64_t> values) {
  info_.defaults = texts(values, integer_text);
  return *this;
}

integer_axis& integer_axis::quick(std::vector<std::int64_t> values) {
  info_.quick = texts(values, integer_text);
  return *this;
}

integer_axis& integer_axis::at_least(std::int64_t low) {
  low_ = low;
  return *this;
}

integer_axis& integer_axis::at_most(std::int64_t high) {
  high_ = high;
  return *this;
}

integer_axis& integer_axis::between(std::int64_t low, std::int64_t high) {
  low_ = low;
  high_ = high;
  return *this;
}

integer_axis& integer_axis::because(std::string why) {
  why_ = std::move(why);
  return *this;
}

integer_axis::operator axis_info() const {
  axis_info info = info_;
  std::string expected = "an integer";
  if (low_ && high_) {
    expected += " from " + std::to_string(*low_) + " to " + std::to_string(*high_);
  } else if (low_) {
    expected += " >= " + std::to_string(*low_);
  } else if (high_) {
    expected += " <= " + std::to_string(*high_);
  }
  expected += why_;
  info.check = [low = low_, high = high_, expected](std::string_view value) -> std::optional<std::string> {
    const auto number = text::parse_int(value);
    if (!number || (low && *number < *low) || (high && *number > *high)) return expected;
    return std::nullopt;
  };
  return info;
}

number_axis::number_axis(std::string name, std::string description) {
  info_.name = std::move(name);
  info_.description = std::move(description);
}

number_axis& number_axis::defaults(std::vector<double> values) {
  info_.defaults = texts(values, axis_value_text);
  return *this;
}

number_axis& number_axis::quick(std::vector<double> values) {
  info_.quick = texts(values, axis_value_text);
  return *this;
}

number_axis& number_axis::at_least(double low) {
  low_ = bound{low, false};
  return *this;
}

number_axis& number_axis::above(double low) {
  low_ = bound{low, true};
  return *this;
}

number_axis& number_axis::at_most(double high) {
  high_ = bound{high, false};
  return *this;
}

number_axis& number_axis::below(double high) {
  high_ = bound{high, true};
  return *this;
}

number_axis& number_axis::between(double low, double high) {
  low_ = bound{low, false};
  high_ = bound{high, false};
  return *this;
}

number_axis::operator axis_info() const {
  axis_info info = info_;
  // The interval notation of value_checks.hpp's number_in when both bounds
  // are given, so that the two spellings of a check say the same.
  std::string expected = "a number";
  if (low_ && high_) {
    expected += " in " + std::string(low_->open ? "(" : "[") + text::number_text(low_->value) + ", " +
                text::number_text(high_->value) + (high_->open ? ")" : "]");
  } else if (low_) {
    expected += (low_->open ? " > " : " >= ") + text::number_text(low_->value);
  } else if (high_) {
    expected += (high_->open ? " < " : " <= ") + text::number_text(high_->value);
  }
  info.check = [low = low_, high = high_, expected](std::string_view value) -> std::optional<std::string> {
    const auto number = text::parse_double(value);
    if (!number) return expected;
    if (low && (low->open ? *number <= low->value : *number < low->value)) return expected;
    if (high && (high->open ? *number >= high->value : *number > high->value)) return expected;
    return std::nullopt;
  };
  return info;
}

string_axis::string_axis(std::string name, std::string description) {
  info_.name = std::move(name);
  info_.description = std::move(description);
}

string_axis& string_axis::defaults(std::vector<std::string> values) {
  info_.defaults = std::move(values);
  return *this;
}

string_axis& string_axis::quick(std::vector<std::string> values) {
  info_.quick = std::move(values);
  return *this;
}

string_axis& string_axis::one_of(std::vector<std::string> words) {
  words_ = std::move(words);
  return *this;
}

string_axis::operator axis_info() const {
  axis_info info = info_;
  if (!words_.empty()) {
    if (info.defaults.empty()) info.defaults = words_;
    info.check = benchgate::one_of(words_);
  }
  return info;
}

}  // namespace benchgate
