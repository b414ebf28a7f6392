#include "harness/options/subcommands.hpp"

#include "harness/options/parse_support.hpp"

namespace benchgate::options::detail {

command parse_list(const std::vector<std::string>& args, const suite::registry& cases) {
  auto described = make_description();
  described.add_options()(
      "case", po::value<std::vector<std::string>>()->value_name("NAME"),
      "list only this case (repeatable)");
  bool wants_help = false;
  const auto vm = parse("list", args, described, wants_help);
  if (wants_help) {
    return help_request{help_text(
        "benchgate list [--case NAME]...",
        "Lists every case with its variants (and their roles: baseline, core, peer),\n"
        "its parameter axes with their default and --quick values, and its default\n"
        "number of samples; then, without --case, the plain Google Benchmark\n"
        "registrations linked in (BENCHMARK(), ...) by the cell names they run as.\n\n"
        "Example:\n  benchgate list --case page_iter",
        described, "  0  success\n  2  bad usage or an unknown case\n")};
  }
  return list_options{checked_case_names(get_strings(vm, "case"), cases)};
}

}  // namespace benchgate::options::detail
