#pragma once
// benchgate/value_checks.hpp: ready-made axis value checks (axis_info::check)
// for the class form; typed axes (benchgate/axes.hpp) make theirs.
//
// Contract: each returns a value_check that returns nullopt for a valid value
// and otherwise what was expected ("a number in (0, 1]"); the driver adds
// where the value came from and exits 2. Checks never throw.

#include <cstdint>
#include <string>
#include <vector>

#include "benchgate/case.hpp"

namespace benchgate {

// A finite number in the interval; the bounds are open or closed as given.
// Expected text e.g. "a number in (0, 1]".
value_check number_in(double low, bool low_open, double high, bool high_open);

// An integer in [low, high]; expected text "an integer from LOW to HIGH"
// followed by `why` when given (e.g. " (two rows must fit in a page)").
value_check integer_in(std::int64_t low, std::int64_t high, std::string why = {});

// One of the listed words; expected text "one of a, b, c".
value_check one_of(std::vector<std::string> words);

}  // namespace benchgate
