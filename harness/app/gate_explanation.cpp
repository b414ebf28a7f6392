#include "harness/app/gate_explanation.hpp"

#include <system_error>

#include "harness/explain/explain_cells.hpp"
#include "harness/explain/explain_markdown.hpp"
#include "harness/explain/explain_text.hpp"
#include "harness/gate/gate_report.hpp"
#include "harness/explain/explain_json.hpp"
#include "harness/run/measuring_child.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::app {

namespace {

constexpr const char* k_purpose = "--explain";

// The failing cells of `verdict`, in its order; a cell gated on real_time or
// cpu_time passes its change estimate on as the time change.
std::vector<explain::cell_request> failing_cells(const gate::gate_verdict& verdict) {
  std::vector<explain::cell_request> out;
  for (const auto& c : verdict.cells) {
    if (c.status != gate::cell_status::fail) continue;
    const auto kind = c.metric.of;
    const bool time = kind == gate::gate_metric::kind::time || kind == gate::gate_metric::kind::cpu_time;
    out.push_back({c.name, time ? c.change_pct : std::nullopt});
  }
  return out;
}

// A file in the flame graphs' folder stands for the folder in the up-front check.
std::optional<std::filesystem::path> flamegraph_probe(const options::explain_after_options& e) {
  if (!e.flamegraph_dir) return std::nullopt;
  return *e.flamegraph_dir / explain::flamegraph_file_name(1, "check");
}

void explain_and_write(const gate::gate_verdict& verdict, const options::gate_options& options, bool gbench,
                       std::ostream& out) {
  const auto& settings = options.explain;
  const auto cells = failing_cells(verdict);
  out << "\nexplain: " << cells.size() << (cells.size() == 1 ? " failing cell" : " failing cells")
      << (cells.empty() ? "\n" : ", explaining at most " + std::to_string(settings.max_cells) + "\n");
  if (cells.empty()) return;
  explain::explain_plan plan;
  plan.valgrind = run::valgrind_path(k_purpose);
  plan.old_build = {*options.old_binary, "OLD"};
  plan.new_build = {*options.new_binary, "NEW"};
  plan.gbench = gbench;
  plan.cache_sim = settings.cache_sim;
  plan.min_time_s = options::k_default_explain_min_time_s;
  plan.max_cells = settings.max_cells;
  plan.max_seconds = settings.max_seconds;
  plan.max_cells_option = "--explain-max-cells";
  plan.max_seconds_option = "--explain-max-seconds";
  plan.keep_going = true;
  plan.flamegraph_path = [&](std::size_t i, const std::string& cell) -> std::optional<std::filesystem::path> {
    if (!settings.flamegraph_dir) return std::nullopt;
    return *settings.flamegraph_dir / explain::flamegraph_file_name(i + 1, cell);
  };
  const auto document = explain::explain_cells(cells, plan, [&](const explain::explanation& e) {
    out << "\n" << explain::explanation_text(e);
    if (e.flamegraph) out << "flame graph: " << *e.flamegraph << "\n";
    out << std::flush;
  });
  for (const auto& n : document.not_explained) out << "not explained: " << n << "\n";
  if (settings.json) explain::save_explain_document(document, *settings.json, "--explain-json");
  files::write_output(options.markdown_out, gate::gate_markdown(verdict) + "\n" + explain::explain_markdown(document),
                      "--markdown");
}

}  // namespace

void check_explain_after(const options::gate_options& options) {
  if (!options.explain.on) return;
  run::valgrind_path(k_purpose);
  files::check_outputs({{options.explain.json, "--explain-json"},
                        {flamegraph_probe(options.explain), "--explain-flamegraphs"}});
}

void explain_after_verdict(const gate::gate_verdict& verdict, const options::gate_options& options, bool gbench,
                           std::ostream& out, std::ostream& err) {
  if (!options.explain.on) return;
  // The verdict is out and its files written: whatever happens here must not
  // turn it into exit 2.
  try {
    explain_and_write(verdict, options, gbench, out);
  } catch (const input_error& e) {
    err << "warning: --explain: " << e.what() << "; the verdict stands\n";
  } catch (const std::system_error& e) {
    err << "warning: --explain: " << e.what() << "; the verdict stands\n";
  }
}

}  // namespace benchgate::app
