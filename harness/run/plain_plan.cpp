#include "harness/run/plain_plan.hpp"

#include <map>
#include <optional>
#include <regex>

namespace benchgate::run {

namespace {

std::string family_of(const std::string& name) { return name.substr(0, name.find('/')); }

// The grid point a role was assigned at: "case/args".
std::string point_of(const results::cell& c) {
  std::string out = c.case_name;
  for (const auto& [axis, value] : c.params) out += "/" + value;
  return out;
}

}  // namespace

std::vector<plain_point> plain_points(const std::vector<std::string>& names, const std::optional<std::string>& filter,
                                      const std::vector<std::string>& roles) {
  results::run_results all;
  for (const auto& name : names) {
    results::cell c;
    c.name = name;
    c.case_name = family_of(name);
    // The rest of the name as the grid point, as a role pattern leaves it
    // (role_patterns.hpp), so that reports tell BM_copy/8 from BM_copy/64.
    if (const auto slash = name.find('/'); slash != std::string::npos && slash + 1 < name.size()) {
      c.params.emplace_back("args", name.substr(slash + 1));
    }
    all.cells.push_back(std::move(c));
  }
  // Roles are given to every registration before the filter selects some:
  // a pattern describes the suite, and a re-run of a few cells (gate
  // --confirm, ab's extra rounds) passes the run's patterns on with a
  // filter that some of them may not match.
  std::vector<results::role_pattern> patterns;
  for (const auto& text : roles) patterns.push_back(results::parse_role_pattern(text, "--role"));
  if (!patterns.empty() && !all.cells.empty()) {
    results::assign_roles(all, patterns, "the Google Benchmark registrations");
  }
  std::optional<std::regex> wanted;
  if (filter) wanted.emplace(*filter, std::regex::ECMAScript);
  results::run_results selected;
  for (auto& c : all.cells) {
    if (!wanted || std::regex_search(c.name, *wanted)) selected.cells.push_back(std::move(c));
  }

  std::vector<plain_point> points;
  std::map<std::string, std::size_t> index_of;
  for (auto& c : selected.cells) {
    // The prefix keeps a grid point and a family of the same text apart.
    const auto key = c.role ? "point:" + point_of(c) : "family:" + c.case_name;
    const auto [it, added] = index_of.emplace(key, points.size());
    if (added) points.push_back({c.role ? point_of(c) : c.case_name, {}});
    points[it->second].cells.push_back(std::move(c));
  }
  return points;
}

}  // namespace benchgate::run
