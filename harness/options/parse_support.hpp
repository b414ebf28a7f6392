#pragma once
// Shared pieces of the subcommand parsers (internal to harness/options).

#include <boost/program_options.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/formats/model.hpp"

namespace benchgate::options::detail {

namespace po = boost::program_options;

// Parses `args` against `described` (plus --help). Unknown options, missing
// values and stray arguments become input_error naming `command_name`.
// Returns nullopt... never: --help is reported through `wants_help`.
po::variables_map parse(std::string_view command_name, const std::vector<std::string>& args,
                        const po::options_description& described, bool& wants_help,
                        const po::positional_options_description* positional = nullptr);

// An empty options description with the help pages' line width.
po::options_description make_description();

// The help page of a subcommand: usage line, summary, options, exit codes.
std::string help_text(std::string_view usage, std::string_view summary,
                      const po::options_description& described, std::string_view exit_codes);

// Typed getters that check the text themselves, so messages say what was
// expected ("--samples abc: expected an integer >= 10").
std::optional<std::string> get_string(const po::variables_map& vm, const char* name);
std::vector<std::string> get_strings(const po::variables_map& vm, const char* name);
std::optional<double> get_seconds(const po::variables_map& vm, const char* name, bool allow_zero);
std::optional<int> get_int_at_least(const po::variables_map& vm, const char* name, int minimum);
// A percentage >= 0, "5" and "5%" alike (as every percentage option
// reads), returned as a fraction (0.05) for the models that keep fractions;
// `example` goes into the message ("expected a percentage >= 0: 5 and 5%
// both mean 5 %").
std::optional<double> get_percent_as_fraction(const po::variables_map& vm, const char* name, const char* example);
// --shard "K/N" with 1 <= K <= N <= results::k_max_shards.
std::optional<results::shard_spec> checked_shard(const po::variables_map& vm);
// A percentage in (0, max_pct] ("10" or "10%"), as a percentage.
std::optional<double> get_percent_up_to(const po::variables_map& vm, const char* name, double max_pct);
// A file to write: not empty, not "-" (stdout is the report's), not an
// existing folder, in a folder that exists ("--out: expected a file name,
// got ''").
std::optional<std::filesystem::path> get_output_path(const po::variables_map& vm, const char* name);
// Throws input_error when `text`, given to --`option`, is not an ECMAScript regex.
void check_regex(const char* option, const std::string& text);
// A folder name: not empty.
std::optional<std::filesystem::path> get_folder(const po::variables_map& vm, const char* name);

}  // namespace benchgate::options::detail
