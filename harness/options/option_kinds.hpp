#pragma once
// The kinds of option value shared by the commands' tables
// (harness/app/NAME/NAME_command_line.cpp): one definition each. Every one
// reads the text given to an option and throws input_error naming the
// option, the text and what was expected ("--samples abc: expected an
// integer >= 10").

#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/options/option_table.hpp"
#include "harness/formats/metric.hpp"
#include "harness/formats/model.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"  // text::number_text, for the rows' defaults

namespace benchgate::options::detail {

// A whole number from `low` to `high` ("expected an integer >= 10", or
// with `what`: "expected a number of rounds from 1 to 100"). Without a
// `high`, values above a billion are refused as typos, and the message
// names only `low` unless the value is above.
inline constexpr int k_max_count = 1'000'000'000;
struct count_range {
  int low = 0;
  int high = k_max_count;
  const char* what = nullptr;  // "rounds"; none: "an integer"
};
int count(const given& g, count_range range);

// A percentage, "5" and "5%" alike, as a percentage (5). Bounded below by
// `low` (included or not) and, when `high` is finite, above by `high`
// (then "in (low, high]"); `example` ends the message (", e.g. 5 or 5%").
struct percent_range {
  double low = 0;
  bool low_included = true;
  double high = std::numeric_limits<double>::infinity();
  std::string example = ", e.g. 5 or 5%";
};
double percent(const given& g, percent_range range);
// A percentage >= 0 kept as a fraction (0.05), as the noise and gate
// thresholds are; `example` goes into the message ("expected a percentage
// >= 0: 5 and 5% both mean 5 %").
double percent_as_fraction(const given& g, const char* example);

// A number in (0, 1): a significance or confidence level; `example` goes
// into the message ("expected a number in (0, 1), e.g. 0.05").
double probability(const given& g, const char* example);

// A number of seconds > 0 (>= 0 with `allow_zero`), at most a day.
double seconds(const given& g, bool allow_zero);

// A file to write atomically: not empty, not "-" (stdout has the report),
// not an existing folder, in a folder that exists.
std::filesystem::path output_file(const given& g);

// A program to run, named by `what` ("OLD_BIN", "--old-binary"): an
// existing regular file this process may execute. `expected` says what it
// must be ("a benchgate driver").
std::filesystem::path executable(const std::string& text, const std::string& what, const std::string& expected);

// A file a command reads or writes, as the user named it: the option or
// argument ("--json", "OLD") and the path (none: not given).
struct named_file {
  std::string what;
  std::optional<std::filesystem::path> path;
};

// Refuses (input_error) an output that is the same file as one of `inputs`
// (writing it would destroy the input) or as an earlier output (one would
// overwrite the other). The same file: one path, or one existing file
// reached by two paths (a link, "./a.json" and "a.json").
void check_outputs_apart(const std::vector<named_file>& inputs, const std::vector<named_file>& outputs);

// A folder name: not empty.
std::filesystem::path folder(const given& g);
// A folder to write to (created when missing): not empty, not a file.
std::filesystem::path output_folder(const given& g);

// The one positional argument of `command`, named `what` in messages.
std::string single_input(const given& g, std::string_view command, std::string_view what);

// Throws "benchgate COMMAND: OPTION is required (WHY); see 'benchgate COMMAND --help'".
[[noreturn]] void required(std::string_view command, std::string_view option, std::string_view why);

// Text that must not be empty ("--diff: expected a file name, got ''").
std::string non_empty(const given& g, std::string_view expected);

// An ECMAScript regular expression, returned as given.
std::string regex(const given& g);

// K/N with 1 <= K <= N <= results::k_max_shards.
results::shard_spec shard(const given& g);

// A name from a fixed set: `parse` returns nullopt for names it does not
// know; `expected` lists them ("holm, bh or none").
template <class Value, class Parse>
Value named(const given& g, Parse parse, std::string_view expected) {
  const auto value = parse(g.text());
  if (!value) throw input_error("--" + g.option + " " + g.text() + ": expected " + std::string(expected));
  return *value;
}

// METRIC=higher|lower, each text of a repeatable option; one metric
// declared both ways is refused.
std::vector<results::declared_direction> directions(const given& g);

// Refuses --metric METRIC whose direction is neither built in nor declared:
// "--metric hits: which way hits is better is not known (...)WHY; expected
// --direction hits=higher or ...". `why` says what needed it, or is empty.
[[noreturn]] void refuse_unknown_direction(const std::string& metric, const std::string& why = "");

}  // namespace benchgate::options::detail
