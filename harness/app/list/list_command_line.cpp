#include "harness/options/option_table.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_list_page{
    "list", "[--case]",
    "Lists every case with its variants (and their roles: baseline, core, peer),\n"
    "its parameter axes with their default and --quick values, and its default\n"
    "number of samples; then, without --case, the plain Google Benchmark\n"
    "registrations linked in (BENCHMARK(), ...) by the cell names they run as.\n\n"
    "Example:\n  benchgate list --case page_iter",
    "  0  success\n  2  bad usage or an unknown case\n"};

}  // namespace

command parse_list(const std::vector<std::string>& args, const suite::registry& cases) {
  const std::vector<option<list_options>> table = {
      {{"case", "NAME", takes::values, "list only this case (repeatable)"},
       [&](list_options& o, const given& g) { o.cases = checked_case_names(g.texts, cases); }},
  };
  list_options out;
  if (auto help = parse_table(out, k_list_page, table, args).help) return help_request{*help};
  return out;
}

}  // namespace benchgate::app::detail
