#include "harness/options/option_kinds.hpp"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <regex>

#include "harness/support/text/parse_number.hpp"
#include "harness/support/units/units.hpp"

namespace benchgate::options::detail {

namespace {

// A run longer than this per cell is a typo, not a plan (and Google
// Benchmark's iteration arithmetic is not meant for it).
constexpr double k_max_seconds = 86400;

[[noreturn]] void refuse(const given& g, const std::string& expected) {
  throw input_error("--" + g.option + " " + g.text() + ": expected " + expected);
}

}  // namespace

int count(const given& g, count_range range) {
  const auto value = text::parse_int(g.text());
  if (!value || *value < range.low || *value > range.high) {
    refuse(g, (range.what ? "a number of " + std::string(range.what) : std::string("an integer")) +
                  (range.high == k_max_count && !(value && *value > range.high)
                       ? " >= " + std::to_string(range.low)
                       : " from " + std::to_string(range.low) + " to " + std::to_string(range.high)));
  }
  return static_cast<int>(*value);
}

double percent(const given& g, percent_range range) {
  const auto pct = text::parse_percent(g.text());
  const bool above = pct && (range.low_included ? *pct >= range.low : *pct > range.low);
  if (!above || *pct > range.high) {
    const bool bounded = std::isfinite(range.high);
    refuse(g, "a percentage " +
                  (bounded ? "in (" + text::number_text(range.low) + ", " + text::number_text(range.high) + "]"
                           : std::string(range.low_included ? ">= " : "> ") + text::number_text(range.low)) +
                  range.example);
  }
  return *pct;
}

double percent_as_fraction(const given& g, const char* example) {
  const std::string text = example;
  return percent(g, {.example = ": " + text + " and " + text + "% both mean " + text + " %"}) / units::k_percent;
}

double probability(const given& g, const char* example) {
  const auto value = text::parse_double(g.text());
  if (!value || *value <= 0 || *value >= 1) refuse(g, std::string("a number in (0, 1), e.g. ") + example);
  return *value;
}

double seconds(const given& g, bool allow_zero) {
  const auto value = text::parse_double(g.text());
  if (!value || *value < 0 || (!allow_zero && *value == 0) || *value > k_max_seconds) {
    refuse(g, std::string("a number of seconds ") + (allow_zero ? ">= 0" : "> 0") +
                  " and at most 86400 (a day), e.g. 0.5");
  }
  return *value;
}

std::filesystem::path executable(const std::string& text, const std::string& what, const std::string& expected) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(text, ec) || ::access(text.c_str(), X_OK) != 0) {
    throw input_error(what + " " + text + ": no such executable file; expected " + expected);
  }
  return text;
}

namespace {

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec) && !ec) return true;
  // One of them is not there yet: the same path, once made absolute.
  const auto full = [](const std::filesystem::path& p) {
    std::error_code ignored;
    return std::filesystem::absolute(p, ignored).lexically_normal();
  };
  return full(a) == full(b);
}

}  // namespace

void check_outputs_apart(const std::vector<named_file>& inputs, const std::vector<named_file>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& out = outputs[i];
    if (!out.path) continue;
    const auto named = out.what + " " + out.path->string() + ": the same file as ";
    for (const auto& in : inputs) {
      if (in.path && same_file(*out.path, *in.path)) {
        throw input_error(named + in.what + " " + in.path->string() +
                          ", which this command reads; expected another file, so that it is not overwritten");
      }
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (outputs[j].path && same_file(*out.path, *outputs[j].path)) {
        throw input_error(named + outputs[j].what + " " + outputs[j].path->string() +
                          "; expected a file of its own for each output");
      }
    }
  }
}

std::filesystem::path output_file(const given& g) {
  const auto& text = g.text();
  const std::string option = "--" + g.option;
  if (text.empty()) throw input_error(option + ": expected a file name, got ''");
  if (text == "-") {
    throw input_error(option + " -: writing to stdout is not supported (stdout has the report); "
                      "expected a file name, e.g. /dev/stdout to mix them");
  }
  if (std::filesystem::is_directory(text)) throw input_error(option + " " + text + ": is a folder; expected a file name");
  // A typo in the folder should not create a tree of folders.
  const auto folder = std::filesystem::path(text).parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
    const bool exists = std::filesystem::exists(folder, ec);
    throw input_error(option + " " + text + ": " +
                      (exists ? folder.string() + " is a file, not a folder" : "no folder " + folder.string()) +
                      "; expected a file in an existing folder" + (exists ? "" : " (create it first)"));
  }
  return text;
}

std::filesystem::path folder(const given& g) { return non_empty(g, "a folder"); }

std::filesystem::path output_folder(const given& g) {
  auto dir = folder(g);
  if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir)) {
    throw input_error("--" + g.option + " " + dir.string() + ": is a file; expected a folder (created when missing)");
  }
  return dir;
}

std::string single_input(const given& g, std::string_view command, std::string_view what) {
  if (g.texts.size() != 1) {
    throw input_error("benchgate " + std::string(command) + ": expected one " + std::string(what) + " file, got " +
                      std::to_string(g.texts.size()) + "; see 'benchgate " + std::string(command) + " --help'");
  }
  return g.texts.front();
}

void required(std::string_view command, std::string_view option, std::string_view why) {
  const std::string name = "benchgate " + std::string(command);
  throw input_error(name + ": " + std::string(option) + " is required (" + std::string(why) + "); see '" + name +
                    " --help'");
}

std::string non_empty(const given& g, std::string_view expected) {
  if (g.text().empty()) throw input_error("--" + g.option + ": expected " + std::string(expected) + ", got ''");
  return g.text();
}

std::string regex(const given& g) {
  try {
    std::regex compiled(g.text(), std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw input_error("--" + g.option + " " + g.text() + ": not a valid regular expression (" + e.what() +
                      "); expected an ECMAScript regex, e.g. 'core|baseline'");
  }
  return g.text();
}

results::shard_spec shard(const given& g) {
  const std::string_view text = g.text();
  const auto whole_int = [](std::string_view part) -> std::optional<int> {
    int value = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size()) return std::nullopt;
    return value;
  };
  const auto slash = text.find('/');
  const auto index = slash == text.npos ? std::nullopt : whole_int(text.substr(0, slash));
  const auto count = slash == text.npos ? std::nullopt : whole_int(text.substr(slash + 1));
  if (!index || !count || *count < 1 || *count > results::k_max_shards || *index < 1 || *index > *count) {
    refuse(g, "K/N with 1 <= K <= N <= " + std::to_string(results::k_max_shards) + " (part K of N, e.g. 2/4)");
  }
  return results::shard_spec{*index, *count};
}

void refuse_unknown_direction(const std::string& metric, const std::string& why) {
  throw input_error("--metric " + metric + ": which way " + metric +
                    " is better is not known (not a time, a count or a rate named *_per_second)" + why +
                    "; expected --direction " + metric + "=higher or --direction " + metric + "=lower");
}

std::vector<results::declared_direction> directions(const given& g) {
  std::vector<results::declared_direction> out;
  for (const auto& text : g.texts) {
    auto declared = results::parse_declared_direction(text, "--" + g.option);
    for (const auto& earlier : out) {
      if (earlier.metric == declared.metric && earlier.direction != declared.direction) {
        throw input_error("--" + g.option + " " + text + ": " + declared.metric +
                          " is declared both higher and lower is better; expected one direction for it");
      }
    }
    out.push_back(std::move(declared));
  }
  return out;
}

}  // namespace benchgate::options::detail
