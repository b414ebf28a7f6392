#pragma once
// benchgate/axes.hpp: typed parameter axes, their values and checks in words.
//
// Contract: an axis is built in one expression, e.g.
//   benchgate::integer_axis("size", "buffer size in bytes")
//       .defaults({64, 4096}).quick({64}).between(1, 1 << 20)
// and converts to the axis_info a case returns (benchgate/case.hpp): its
// values as text (integers in decimal, numbers in their shortest exact
// form: 0.01 is "0.01") and a check that refuses text that is not of the
// axis's type or breaks a bound, saying what was expected ("an integer
// from 1 to 1048576"). The driver checks every default, quick and
// `--param` value with it (a refused default or quick value is
// "error: case 'NAME': ...", exit 2), so a case reads a point's value with
// param_point::integer()/number()/find() without failing. Bounds given
// twice: the last one holds. Nothing here throws.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "benchgate/case.hpp"

namespace benchgate {

// Whole numbers (sizes, counts), checked as decimal integers.
class integer_axis {
 public:
  integer_axis(std::string name, std::string description);
  integer_axis& defaults(std::vector<std::int64_t> values);
  integer_axis& quick(std::vector<std::int64_t> values);  // --quick; none: the defaults
  integer_axis& at_least(std::int64_t low);
  integer_axis& at_most(std::int64_t high);
  integer_axis& between(std::int64_t low, std::int64_t high);  // both included
  // Added to the expected text, e.g. " (two rows must fit in a page)".
  integer_axis& because(std::string why);
  operator axis_info() const;  // NOLINT(google-explicit-constructor): axes read as values

 private:
  axis_info info_;
  std::optional<std::int64_t> low_;
  std::optional<std::int64_t> high_;
  std::string why_;
};

// Finite real numbers (fractions, rates), bounds open or closed.
class number_axis {
 public:
  number_axis(std::string name, std::string description);
  number_axis& defaults(std::vector<double> values);
  number_axis& quick(std::vector<double> values);
  number_axis& at_least(double low);               // low included
  number_axis& above(double low);                  // low excluded
  number_axis& at_most(double high);               // high included
  number_axis& below(double high);                 // high excluded
  number_axis& between(double low, double high);   // both included
  operator axis_info() const;  // NOLINT(google-explicit-constructor)

 private:
  struct bound {
    double value;
    bool open;
  };
  axis_info info_;
  std::optional<bound> low_;
  std::optional<bound> high_;
};

// Free text (a file's label, a mode), or an enumeration with one_of().
class string_axis {
 public:
  string_axis(std::string name, std::string description);
  string_axis& defaults(std::vector<std::string> values);
  string_axis& quick(std::vector<std::string> values);
  // Only these words; with no defaults() given, they are the defaults.
  string_axis& one_of(std::vector<std::string> words);
  operator axis_info() const;  // NOLINT(google-explicit-constructor)

 private:
  axis_info info_;
  std::vector<std::string> words_;
};

// The text of a number as an axis value: the shortest that reads back to the
// same double (0.01 -> "0.01", 1 -> "1").
std::string axis_value_text(double value);

}  // namespace benchgate
