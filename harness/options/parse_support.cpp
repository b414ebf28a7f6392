#include "harness/options/parse_support.hpp"

#include <charconv>
#include <regex>
#include <sstream>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

namespace {

// Help pages wrap at 100 columns, descriptions starting at column 32 at most.
constexpr unsigned k_help_line_chars = 100;
constexpr unsigned k_help_description_column = 32;

}  // namespace

po::variables_map parse(std::string_view command_name, const std::vector<std::string>& args,
                        const po::options_description& described, bool& wants_help,
                        const po::positional_options_description* positional) {
  po::options_description all;
  all.add(described);
  all.add_options()("help,h", "show this help");
  po::positional_options_description none;
  po::variables_map vm;
  const std::string see_help = "see 'benchgate " + std::string(command_name) + " --help'";
  try {
    po::store(po::command_line_parser(args)
                  .options(all)
                  .positional(positional ? *positional : none)
                  .style(po::command_line_style::default_style &
                         ~po::command_line_style::allow_guessing)
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::too_many_positional_options_error&) {
    for (const auto& arg : args) {
      if (!arg.empty() && arg[0] != '-') {
        throw input_error("benchgate " + std::string(command_name) + ": unexpected argument '" +
                          arg + "'; " + see_help);
      }
    }
    throw input_error("benchgate " + std::string(command_name) + ": too many arguments; " + see_help);
  } catch (const po::error& e) {
    throw input_error("benchgate " + std::string(command_name) + ": " + e.what() + "; " + see_help);
  }
  wants_help = vm.count("help") > 0;
  return vm;
}

po::options_description make_description() {
  return po::options_description(k_help_line_chars, k_help_description_column);
}

std::string help_text(std::string_view usage, std::string_view summary,
                      const po::options_description& described, std::string_view exit_codes) {
  std::ostringstream out;
  out << "Usage: " << usage << "\n\n" << summary << "\n\n";
  auto help_option = make_description();
  help_option.add_options()("help,h", "show this help");
  po::options_description shown("Options", k_help_line_chars, k_help_description_column);
  shown.add(described).add(help_option);
  out << shown << "\nExit codes:\n" << exit_codes;
  return out.str();
}

std::optional<std::string> get_string(const po::variables_map& vm, const char* name) {
  if (!vm.count(name)) return std::nullopt;
  return vm[name].as<std::string>();
}

std::vector<std::string> get_strings(const po::variables_map& vm, const char* name) {
  if (!vm.count(name)) return {};
  return vm[name].as<std::vector<std::string>>();
}

std::optional<double> get_seconds(const po::variables_map& vm, const char* name, bool allow_zero) {
  // A run longer than this per cell is a typo, not a plan (and Google
  // Benchmark's iteration arithmetic is not meant for it).
  constexpr double k_max_seconds = 86400;
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto value = text::parse_double(*text);
  if (!value || *value < 0 || (!allow_zero && *value == 0) || *value > k_max_seconds) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a number of seconds " +
                      (allow_zero ? ">= 0" : "> 0") + " and at most 86400 (a day), e.g. 0.5");
  }
  return value;
}

std::optional<int> get_int_at_least(const po::variables_map& vm, const char* name, int minimum) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto value = text::parse_int(*text);
  constexpr std::int64_t k_max_int = 1'000'000'000;
  if (!value || *value < minimum || *value > k_max_int) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected an integer >= " +
                      std::to_string(minimum));
  }
  return static_cast<int>(*value);
}

std::optional<double> get_percent_as_fraction(const po::variables_map& vm, const char* name, const char* example) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto pct = text::parse_percent(*text);
  if (!pct || *pct < 0) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a percentage >= 0: " + example + " and " +
                      example + "% both mean " + example + " %");
  }
  return *pct / 100;
}

std::optional<double> get_percent_up_to(const po::variables_map& vm, const char* name, double max_pct) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  const auto pct = text::parse_percent(*text);
  if (!pct || *pct <= 0 || *pct > max_pct) {
    throw input_error("--" + std::string(name) + " " + *text + ": expected a percentage in (0, " +
                      std::to_string(static_cast<int>(max_pct)) + "], e.g. 10");
  }
  return pct;
}

std::optional<std::filesystem::path> get_output_path(const po::variables_map& vm, const char* name) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  if (text->empty()) throw input_error("--" + std::string(name) + ": expected a file name, got ''");
  if (*text == "-") {
    throw input_error("--" + std::string(name) + " -: writing to stdout is not supported (stdout has the report); "
                      "expected a file name, e.g. /dev/stdout to mix them");
  }
  if (std::filesystem::is_directory(*text)) {
    throw input_error("--" + std::string(name) + " " + *text + ": is a folder; expected a file name");
  }
  // A typo in the folder should not create a tree of folders.
  const auto folder = std::filesystem::path(*text).parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
    const bool exists = std::filesystem::exists(folder, ec);
    throw input_error("--" + std::string(name) + " " + *text + ": " +
                      (exists ? folder.string() + " is a file, not a folder" : "no folder " + folder.string()) +
                      "; expected a file in an existing folder" + (exists ? "" : " (create it first)"));
  }
  return std::filesystem::path(*text);
}

std::optional<std::filesystem::path> get_folder(const po::variables_map& vm, const char* name) {
  const auto text = get_string(vm, name);
  if (!text) return std::nullopt;
  if (text->empty()) throw input_error("--" + std::string(name) + ": expected a folder, got ''");
  return std::filesystem::path(*text);
}

void check_regex(const char* option, const std::string& text) {
  try {
    std::regex compiled(text, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw input_error("--" + std::string(option) + " " + text + ": not a valid regular expression (" + e.what() +
                      "); expected an ECMAScript regex, e.g. 'core|baseline'");
  }
}

std::optional<results::shard_spec> checked_shard(const po::variables_map& vm) {
  const auto text = get_string(vm, "shard");
  if (!text) return std::nullopt;
  const auto slash = text->find('/');
  const auto whole_int = [](std::string_view part) -> std::optional<int> {
    int value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size()) return std::nullopt;
    return value;
  };
  const auto expected = ": expected K/N with 1 <= K <= N <= " + std::to_string(results::k_max_shards) +
                        " (part K of N, e.g. 2/4)";
  if (slash == std::string::npos) throw input_error("--shard " + *text + expected);
  const auto index = whole_int(std::string_view(*text).substr(0, slash));
  const auto count = whole_int(std::string_view(*text).substr(slash + 1));
  if (!index || !count || *count < 1 || *count > results::k_max_shards || *index < 1 || *index > *count) {
    throw input_error("--shard " + *text + expected);
  }
  return results::shard_spec{*index, *count};
}

}  // namespace benchgate::options::detail
