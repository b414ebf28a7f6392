#include "harness/compare/environment_check.hpp"

#include <sstream>

namespace benchgate::compare {

namespace {

void check_field(std::vector<diff_warning>& out, const char* what,
                 const std::optional<std::string>& old_value, const std::optional<std::string>& new_value) {
  if (!old_value || !new_value || *old_value == *new_value) return;
  out.push_back({"environment", std::string(what) + " differs: old '" + *old_value + "', new '" + *new_value +
                                    "'; a change may come from it rather than from the code"});
}

std::string percent_text(double pct) {
  std::ostringstream out;
  out << pct << " %";
  return out.str();
}

}  // namespace

std::vector<diff_warning> environment_warnings(const diff_source& old_source,
                                               const diff_source& new_source) {
  std::vector<diff_warning> out;
  const auto& a = old_source.env;
  const auto& b = new_source.env;
  check_field(out, "CPU model", a.cpu_model, b.cpu_model);
  check_field(out, "compiler", a.compiler, b.compiler);
  check_field(out, "build type", a.build_type, b.build_type);
  check_field(out, "Google Benchmark version", a.benchmark_version, b.benchmark_version);
  if (old_source.run_settings && new_source.run_settings) {
    const auto& x = *old_source.run_settings;
    const auto& y = *new_source.run_settings;
    if (x.measure != y.measure) {
      out.push_back({"settings", "the measure differs: old '" + std::string(results::measure_name(x.measure)) + "', new '" +
                                     results::measure_name(y.measure) + "'"});
    }
    if (x.injected_slowdown_pct != y.injected_slowdown_pct) {
      out.push_back({"settings", "an injected slowdown differs: old " + percent_text(x.injected_slowdown_pct) +
                                     ", new " + percent_text(y.injected_slowdown_pct) +
                                     " (a harness test knob, not a code change)"});
    }
  }
  return out;
}

}  // namespace benchgate::compare
