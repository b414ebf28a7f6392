#pragma once
// Exit codes shared by every subcommand (docs/cli.md).

namespace benchgate {

enum class exit_code : int {
  ok = 0,            // success; no regression
  regression = 1,    // a regression was found (gate, compare --fail-on), or a
                     // benchmark failed its correctness check
  bad_input = 2,     // bad input or usage; "error: ..." on stderr
  unstable = 3,      // the data are too noisy to judge
};

constexpr int to_int(exit_code code) { return static_cast<int>(code); }

}  // namespace benchgate
