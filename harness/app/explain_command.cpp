// benchgate explain: both builds' profiles of each cell asked for (one
// --cell, or a verdict's failing cells within --max-cells/--max-seconds),
// their difference printed and written; the app only wires the explain
// module. Exit 0 whatever changed: an explanation never changes a verdict.

#include <chrono>

#include "harness/app/commands.hpp"
#include "harness/explain/callgrind_runs.hpp"
#include "harness/explain/explain_markdown.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/explain/profile_diff.hpp"
#include "harness/results/explain_json.hpp"
#include "harness/results/gate_verdict_reader.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

namespace {

// What to explain: a cell and the time change to pass on.
struct explain_request {
  std::string cell;
  std::optional<double> time_change_pct;
};

// A gate on a time metric says how much the time moved; on a count it does not.
bool is_time_metric(const std::string& metric) { return metric == "real_time" || metric == "cpu_time"; }

std::vector<explain_request> requests(const options::explain_options& o) {
  if (!o.verdict) return {{o.cell, o.time_change_pct}};
  std::vector<explain_request> out;
  const auto source = "--verdict " + o.verdict->string();
  for (const auto& f : results::read_failed_cells(files::read_file(*o.verdict, source), source)) {
    out.push_back({f.name, is_time_metric(f.metric) ? f.change_pct : o.time_change_pct});
  }
  return out;
}

explain::profile_side profile(const options::explain_options& o, const std::filesystem::path& valgrind,
                              const explain::build_side& side, const std::string& cell) {
  if (o.gbench) return explain::profile_gbench_benchmark(valgrind, side, cell, o.min_time_s, o.cache_sim);
  return explain::profile_driver_cell(valgrind, side, cell, o.cache_sim);
}

}  // namespace

exit_code explain_cell(const options::explain_options& options, std::ostream& out) {
  files::check_outputs({{options.json, "--json"}, {options.markdown, "--markdown"}});
  const auto asked = requests(options);
  const auto valgrind = run::valgrind_path("benchgate explain");
  const auto started = std::chrono::steady_clock::now();
  explain::diff_limits limits;
  limits.functions = options.top;
  results::explain_document document;
  for (std::size_t i = 0; i < asked.size(); ++i) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (options.verdict && (static_cast<int>(i) >= options.max_cells || elapsed.count() > options.max_seconds)) {
      document.not_explained.push_back(asked[i].cell + (static_cast<int>(i) >= options.max_cells
                                                            ? ": beyond --max-cells " + std::to_string(options.max_cells)
                                                            : ": --max-seconds spent"));
      continue;
    }
    const auto old_profile = profile(options, valgrind, {options.old_binary, "OLD"}, asked[i].cell);
    const auto new_profile = profile(options, valgrind, {options.new_binary, "NEW"}, asked[i].cell);
    document.explanations.push_back(explain::diff_profiles(asked[i].cell, options.gbench ? "gbench" : "benchgate",
                                                           old_profile, new_profile, asked[i].time_change_pct, limits));
    out << (i > 0 ? "\n" : "") << explain::explanation_text(document.explanations.back());
  }
  if (options.verdict && asked.empty()) out << "explain: the verdict has no failing cell\n";
  for (const auto& n : document.not_explained) out << "not explained: " << n << "\n";
  if (options.json) results::save_explain_document(document, *options.json, "--json");
  files::write_output(options.markdown, explain::explain_markdown(document), "--markdown");
  for (const auto& e : document.explanations) {
    for (const auto* side : {&e.old_side, &e.new_side}) {
      if (!side->has_symbols) {
        throw input_error((side == &e.old_side ? "OLD " : "NEW ") + side->binary +
                          ": has no symbols (stripped?), so its functions cannot be matched with the other build's; "
                          "expected unstripped binaries (the totals above still compare)");
      }
    }
  }
  return exit_code::ok;
}

}  // namespace benchgate::app
