#pragma once
// The input error is part of the public API: benchgate/input_error.hpp.

#include "benchgate/input_error.hpp"
