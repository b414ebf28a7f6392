#pragma once
// Reads the machine, the build and the moment of a run.

#include "harness/formats/model.hpp"

namespace benchgate::environment {

// Everything in results::environment that can be read now. Never throws;
// what cannot be read stays nullopt.
results::environment capture();

}  // namespace benchgate::environment
