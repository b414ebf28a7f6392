// benchgate explain: both builds' profiles of each cell asked for (one
// --cell, or a verdict's failing cells within --max-cells/--max-seconds),
// their difference printed and written; the app only wires the explain
// module. Exit 0 whatever changed: an explanation never changes a verdict.

#include <limits>

#include "harness/app/commands.hpp"
#include "harness/explain/explain_cells.hpp"
#include "harness/explain/explain_markdown.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/gate/gate_verdict_reader.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

namespace {

// A gate on a time metric says how much the time moved; on a count it does not.
bool is_time_metric(const std::string& metric) { return metric == "real_time" || metric == "cpu_time"; }

std::vector<explain::cell_request> requests(const options::explain_options& o) {
  if (!o.verdict) return {{o.cell, o.time_change_pct}};
  std::vector<explain::cell_request> out;
  const auto source = "--verdict " + o.verdict->string();
  for (const auto& f : gate::read_failed_cells(files::read_file(*o.verdict, "--verdict"), source)) {
    out.push_back({f.name, is_time_metric(f.metric) ? f.change_pct : o.time_change_pct});
  }
  return out;
}

}  // namespace

exit_code explain_cell(const options::explain_options& options, std::ostream& out) {
  std::optional<std::filesystem::path> in_flamegraph_dir;  // a file there stands for the folder
  if (options.flamegraph_dir) in_flamegraph_dir = *options.flamegraph_dir / explain::flamegraph_file_name(1, "check");
  files::check_outputs({{options.json, "--json"},
                        {options.markdown, "--markdown"},
                        {options.flamegraph, "--flamegraph"},
                        {in_flamegraph_dir, "--flamegraph-dir"}});
  const auto asked = requests(options);
  explain::explain_plan plan;
  plan.valgrind = run::valgrind_path("benchgate explain");
  plan.old_build = {options.old_binary, "OLD"};
  plan.new_build = {options.new_binary, "NEW"};
  plan.gbench = options.gbench;
  plan.min_time_s = options.min_time_s;
  plan.cache_sim = options.cache_sim;
  plan.limits.functions = options.top;
  plan.max_cells = options.verdict ? options.max_cells : 1;
  plan.max_seconds = options.verdict ? options.max_seconds : std::numeric_limits<double>::infinity();
  plan.flamegraph_path = [&](std::size_t i, const std::string& cell) -> std::optional<std::filesystem::path> {
    if (options.flamegraph) return options.flamegraph;
    if (options.flamegraph_dir) return *options.flamegraph_dir / explain::flamegraph_file_name(i + 1, cell);
    return std::nullopt;
  };
  bool first = true;
  const auto document = explain::explain_cells(asked, plan, [&](const explain::explanation& e) {
    out << (first ? "" : "\n") << explain::explanation_text(e);
    if (e.flamegraph) out << "flame graph: " << *e.flamegraph << "\n";
    first = false;
  });
  if (options.verdict && asked.empty()) out << "explain: the verdict has no failing cell\n";
  for (const auto& n : document.not_explained) out << "not explained: " << n << "\n";
  if (options.json) explain::save_explain_document(document, *options.json, "--json");
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
