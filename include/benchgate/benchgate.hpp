#pragma once
// benchgate/benchgate.hpp: everything a benchmark program includes.
//
// Contract: this one header gives the whole public API: the short form of a
// case (benchgate/bench.hpp: BENCHGATE_BENCH, bench, typed axes), the class
// form (benchgate/case.hpp: benchmark_case, BENCHGATE_CASE), the timed
// loop's state and do_not_optimize (benchgate/timed_loop.hpp), workload
// helpers (splitmix64, read_input_file, value checks) and input_error.
// Link the program with benchgate::main, which provides main() and every
// command. Headers under benchgate/detail/ are internal and may change.

#include "benchgate/axes.hpp"
#include "benchgate/bench.hpp"
#include "benchgate/case.hpp"
#include "benchgate/case_types.hpp"
#include "benchgate/input_error.hpp"
#include "benchgate/input_file.hpp"
#include "benchgate/param_point.hpp"
#include "benchgate/registration.hpp"
#include "benchgate/rng.hpp"
#include "benchgate/timed_loop.hpp"
#include "benchgate/value_checks.hpp"
