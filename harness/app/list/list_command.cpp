#include <algorithm>

#include "harness/app/commands.hpp"
#include "harness/run/run_options.hpp"

namespace benchgate::app {

namespace {

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (const auto& v : values) out += (out.empty() ? "" : ",") + v;
  return out;
}

}  // namespace

exit_code list_cases(const options::list_options& options, const suite::registry& cases,
                     const std::vector<std::string>& plain_benchmarks, std::ostream& out) {
  for (const auto& c : cases.cases()) {
    if (!options.cases.empty() &&
        std::find(options.cases.begin(), options.cases.end(), c->name()) == options.cases.end()) {
      continue;
    }
    out << c->name() << ": " << c->description() << "\n  variants:\n";
    for (const auto& v : c->variants()) {
      out << "    " << v.name << " (" << benchgate::to_string(v.role) << "): " << v.description << "\n";
    }
    out << "  axes:\n";
    for (const auto& a : c->axes()) {
      out << "    " << a.name << ": " << a.description << "\n      default " << joined(a.defaults);
      if (!a.quick.empty()) out << "; --quick " << joined(a.quick);
      out << "\n";
    }
    out << "  samples: " << (c->default_samples() > 0 ? c->default_samples() : options::k_default_samples)
        << (c->takes_input_files() ? "; takes --input FILE" : "") << "\n\n";
  }
  // Not selectable by --case (they have no case), so listed only without it.
  if (!options.cases.empty() || plain_benchmarks.empty()) return exit_code::ok;
  out << "Google Benchmark registrations (each a cell of that name; select with --filter, roles with --role):\n";
  for (const auto& name : plain_benchmarks) out << "  " << name << "\n";
  return exit_code::ok;
}

}  // namespace benchgate::app
