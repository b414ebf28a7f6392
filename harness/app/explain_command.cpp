// benchgate explain: both builds' profiles of one cell, their difference,
// printed and written; the app only wires the explain module.

#include "harness/app/commands.hpp"
#include "harness/explain/callgrind_runs.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/explain/profile_diff.hpp"
#include "harness/results/explain_json.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

namespace {

explain::profile_side profile(const options::explain_options& o, const std::filesystem::path& valgrind,
                              const explain::build_side& side) {
  if (o.gbench) return explain::profile_gbench_benchmark(valgrind, side, o.cell, o.min_time_s);
  return explain::profile_driver_cell(valgrind, side, o.cell);
}

}  // namespace

exit_code explain_cell(const options::explain_options& options, std::ostream& out) {
  files::check_outputs({{options.json, "--json"}});
  const auto valgrind = run::valgrind_path("benchgate explain");
  const auto old_profile = profile(options, valgrind, {options.old_binary, "OLD"});
  const auto new_profile = profile(options, valgrind, {options.new_binary, "NEW"});
  explain::diff_limits limits;
  limits.functions = options.top;
  const auto e = explain::diff_profiles(options.cell, options.gbench ? "gbench" : "benchgate", old_profile, new_profile,
                                        options.time_change_pct, limits);
  out << explain::explanation_text(e);
  if (options.json) results::save_explanation(e, *options.json, "--json");
  for (const auto* side : {&e.old_side, &e.new_side}) {
    if (!side->has_symbols) {
      throw input_error((side == &e.old_side ? "OLD " : "NEW ") + side->binary +
                        ": has no symbols (stripped?), so its functions cannot be matched with the other build's; "
                        "expected unstripped binaries (the totals above still compare)");
    }
  }
  return exit_code::ok;
}

}  // namespace benchgate::app
