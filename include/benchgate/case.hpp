#pragma once
// benchgate/case.hpp: the interface a benchmark case implements.
//
// Contract: a case names its variants (exactly one baseline; cores and peers
// besides, names unique), its parameter axes (names unique, each with at
// least one default value, optional --quick values and a value check), and
// builds one grid point at a time in prepare(): the workload, and one timed
// body per variant, after checking that every variant's output equals the
// baseline's. prepare() reports a bad workload or a disagreement in
// prepared_point::error and never throws for it; nothing is timed then.
// A case definition that breaks these rules is refused when the driver
// starts: "error: case 'NAME': ...", exit 2. Register a case with
// BENCHGATE_CASE (benchgate/registration.hpp). This is the class form; the
// short form (benchgate/bench.hpp) declares each variant once with its body
// and runs the agreement check itself.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "benchgate/case_types.hpp"
#include "benchgate/param_point.hpp"
#include "benchgate/timed_loop.hpp"

namespace benchgate {

struct variant_info {
  std::string name;         // [a-z0-9_]+, unique within the case
  variant_role role;
  std::string description;  // one line for `list`
};

// Checks one value of an axis. Returns nullopt when the value is valid, else
// what was expected, e.g. "a number in (0, 1]"; the harness adds where the
// value came from. Ready-made checks: benchgate/value_checks.hpp.
using value_check = std::function<std::optional<std::string>(std::string_view value)>;

struct axis_info {
  std::string name;                 // [a-z0-9_]+, unique within the case
  std::string description;          // one line, with the unit
  std::vector<std::string> defaults;  // at least one
  std::vector<std::string> quick;   // values under --quick; empty means defaults
  value_check check;                // empty means any value is accepted
};

// The timed body of one variant at one point: runs its work through
// st.loop(...) and reports a wrong result with st.fail(...)
// (benchgate/timed_loop.hpp).
using bench_body = std::function<void(state& st)>;

struct variant_bench {
  std::string variant;          // a name from benchmark_case::variants()
  bench_body body;
  std::vector<figure> figures;  // figures of this variant at this point
};

// One grid point made ready to time: the workload is built and every
// variant's output was checked against the baseline's.
struct prepared_point {
  work_per_iteration work;              // the same for every variant
  std::vector<variant_bench> benches;   // one per variant, in variants() order
  std::vector<figure> figures;          // about the workload (rows kept, input size)
  // Non-empty when the point cannot be timed, e.g. "variants disagree: core
  // yields 818 rows, baseline 817". Nothing is timed then.
  std::string error;
};

class benchmark_case {
 public:
  virtual ~benchmark_case() = default;

  virtual std::string_view name() const = 0;  // [a-z0-9_]+, unique in the driver
  // One line for `list`: what is measured, and the seed it comes from.
  virtual std::string_view description() const = 0;
  virtual std::vector<variant_info> variants() const = 0;
  virtual std::vector<axis_info> axes() const = 0;

  // Samples per cell when the user gives no --samples; 0 means the harness
  // default. Cases whose iterations take seconds ask for fewer.
  virtual int default_samples() const { return 0; }

  // Whether `--input FILE` means something to this case.
  virtual bool takes_input_files() const { return false; }

  // The grid points for the chosen axis values (in axes() order, each already
  // checked). The default is the cartesian product in axes() order. A case
  // may override it for a grid that is not a product, or to add a point per
  // input file. May throw input_error (e.g. an input file that cannot be read).
  virtual std::vector<param_point> points(const std::vector<axis_values>& chosen,
                                          const std::vector<std::filesystem::path>& input_files) const;

  // Builds the workload of one point and checks that every variant agrees
  // with the baseline on it. Problems with the workload or a disagreement are
  // reported in prepared_point::error, never thrown.
  virtual prepared_point prepare(const param_point& point) const = 0;
};

// The cartesian product of the chosen values, first axis outermost.
std::vector<param_point> cartesian_points(const std::vector<axis_values>& chosen);

}  // namespace benchgate
