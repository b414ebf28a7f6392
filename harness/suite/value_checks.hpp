#pragma once
// Ready-made axis value checks (see axis_info::check).

#include <cstdint>
#include <string>
#include <vector>

#include "harness/suite/case.hpp"

namespace benchgate::suite {

// A finite number in the interval; the bounds are open or closed as given.
// Expected text e.g. "a number in (0, 1]".
value_check number_in(double low, bool low_open, double high, bool high_open);

// An integer in [low, high]; expected text "an integer from LOW to HIGH"
// followed by `why` when given (e.g. " (two rows must fit in a page)").
value_check integer_in(std::int64_t low, std::int64_t high, std::string why = {});

// One of the listed words; expected text "one of a, b, c".
value_check one_of(std::vector<std::string> words);

}  // namespace benchgate::suite
