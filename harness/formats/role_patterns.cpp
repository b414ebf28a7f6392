#include "harness/formats/role_patterns.hpp"

#include <map>
#include <optional>
#include <regex>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::results {

namespace {

// The params key of a Google Benchmark name's arguments ("BM_Sum/1024/8":
// "1024/8"), Google Benchmark's own word for them.
constexpr const char* k_args_axis = "args";

std::string pattern_text(const role_pattern& p) { return std::string(benchgate::to_string(p.role)) + "=" + p.regex; }

}  // namespace

role_pattern parse_role_pattern(std::string_view text, std::string_view option) {
  const auto where = std::string(option) + " " + std::string(text);
  const auto equals = text.find('=');
  if (equals == std::string_view::npos) throw input_error(where + ": expected ROLE=REGEX, e.g. baseline=_naive$");
  const auto role = benchgate::parse_variant_role(text.substr(0, equals));
  if (!role) throw input_error(where + ": unknown role; expected baseline, core or peer before '='");
  role_pattern out{*role, std::string(text.substr(equals + 1))};
  if (out.regex.empty()) throw input_error(where + ": expected a regex after '='");
  try {
    std::regex check(out.regex);
  } catch (const std::regex_error& e) {
    throw input_error(where + ": not a regex (" + e.what() + "); expected an ECMAScript regex after '='");
  }
  return out;
}

void assign_roles(run_results& run, const std::vector<role_pattern>& patterns, std::string_view source) {
  const std::string from(source);
  std::vector<std::regex> compiled;
  for (const auto& p : patterns) compiled.emplace_back(p.regex);
  std::vector<bool> used(patterns.size(), false);
  // Grid point -> the baseline cell there.
  std::map<std::pair<std::string, decltype(cell::params)>, std::string> base_at;
  for (auto& c : run.cells) {
    if (c.role) {
      throw input_error(from + ": cell " + c.name + " has the role " + std::string(benchgate::to_string(*c.role)) +
                        " already; expected Google Benchmark input for --role (benchgate results carry their roles)");
    }
    std::optional<std::size_t> which;
    std::smatch match;
    std::smatch found;
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      if (!std::regex_search(c.name, match, compiled[i])) continue;
      if (which) {
        throw input_error(from + ": cell " + c.name + " matches --role " + pattern_text(patterns[*which]) +
                          " and --role " + pattern_text(patterns[i]) + "; expected one role a cell");
      }
      if (match.length(0) == 0) {
        throw input_error(from + ": --role " + pattern_text(patterns[i]) + " matches an empty part of " + c.name +
                          "; expected a pattern for the part of the name that names the variant");
      }
      which = i;
      found = match;
    }
    if (!which) continue;
    used[*which] = true;
    const std::string point = found.prefix().str() + found.suffix().str();
    c.role = patterns[*which].role;
    c.variant = found.str(0);
    const auto slash = point.find('/');
    c.case_name = point.substr(0, slash);
    c.params.clear();
    if (slash != std::string::npos && slash + 1 < point.size()) {
      c.params.emplace_back(k_args_axis, point.substr(slash + 1));
    }
    if (c.role != benchgate::variant_role::baseline) continue;
    const auto [it, added] = base_at.emplace(std::pair{c.case_name, c.params}, c.name);
    if (!added) {
      throw input_error(from + ": cells " + it->second + " and " + c.name + " are both baseline at grid point " +
                        point + "; expected one baseline a point: let the --role patterns match only the part of " +
                        "the name that names the variant");
    }
  }
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    if (!used[i]) {
      throw input_error(from + ": --role " + pattern_text(patterns[i]) + " matches no cell name; expected a " +
                        "pattern found in the names of the cells of that role");
    }
  }
}

}  // namespace benchgate::results
