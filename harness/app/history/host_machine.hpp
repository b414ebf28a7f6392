#pragma once
// The machine `history add --measured-here` runs on: its CPU model, logical
// CPUs and kernel (the environment module's reading of /proc/cpuinfo and
// uname) and the C++ compiler it can see.

#include "harness/history/run_record.hpp"

namespace benchgate::app {

// Never throws; what cannot be read stays unknown. The compiler is the first
// line of `$CXX --version`, else `c++ --version` (found on PATH).
history::host_machine read_host_machine();

}  // namespace benchgate::app
