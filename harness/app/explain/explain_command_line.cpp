#include "harness/explain/explain_options.hpp"
#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_explain_page{
    "explain",
    "OLD NEW --cell\n"
    "OLD NEW --verdict",
    "Why a cell got slower: runs the cell under valgrind's callgrind in both\n"
    "builds (OLD, NEW: two benchgate drivers, or two Google Benchmark executables\n"
    "with --gbench) and prints the functions whose instructions per iteration\n"
    "changed most (self and inclusive, old, new, change), the source lines that\n"
    "changed most in the top functions (when the builds have line information)\n"
    "and the total, reconciled with the cell's measured count. It never changes\n"
    "a verdict. Needs valgrind; ~50x slower than the cell itself.\n\n"
    "Examples:\n  benchgate explain old/benchgate build/benchgate --cell page_iter/core/row_bytes:8/density:0.5\n"
    "  benchgate explain old/benchgate build/benchgate --verdict gate.json --markdown why.md\n"
    "  benchgate explain old/benchgate build/benchgate --cell page_iter/core/row_bytes:8/density:0.5 "
    "--flamegraph flame.svg\n"
    "  benchgate explain --gbench old/bench new/bench --cell BM_walk --cache-sim --time-change 40",
    "  0  explained (whatever changed)\n"
    "  2  bad usage, a cell that matches nothing, a binary that fails or has no symbols (the totals\n"
    "     are still printed), valgrind missing\n"};

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
using explain_row = option<explain_options>;

std::vector<explain_row> explain_rows() {
  return std::vector<explain_row>{
    {{"binary", "", takes::values, "OLD NEW", "", shown::positional},
     [](explain_options& o, const given& g) {
       if (g.texts.size() != 2) {
         throw input_error("benchgate explain: expected two binaries, OLD NEW, got " + std::to_string(g.texts.size()) +
                           "; see 'benchgate explain --help'");
       }
       const std::string expected = "a benchgate driver or a Google Benchmark executable";
       o.old_binary = executable(g.texts[0], "OLD", expected);
       o.new_binary = executable(g.texts[1], "NEW", expected);
     }},
    {{"cell", "NAME", takes::value,
      "the cell to explain (this or --verdict): a benchgate cell name (case/variant/axis:value/...) or, with --gbench, "
      "a Google Benchmark name as --benchmark_list_tests prints it"},
     [](explain_options& o, const given& g) { o.cell = g.text(); }},
    {{"verdict", "FILE", takes::value,
      "instead of --cell: explain the cells a gate failed, from its verdict JSON ('gate --json FILE'); a time "
      "metric's change is passed on as --time-change"},
     [](explain_options& o, const given& g) {
       if (!o.cell.empty()) throw input_error("--verdict " + g.text() + ": not with --cell; expected one of them");
       o.verdict = non_empty(g, "a file name");
     }},
  } + needing("verdict", std::vector<explain_row>{
    {{"max-cells", "N", takes::value, "failing cells explained at most",
      std::to_string(k_default_explain_max_cells)},
     [](explain_options& o, const given& g) { o.max_cells = count(g, {1}); }},
    {{"max-seconds", "S", takes::value, "no further cell is started after S seconds",
      text::number_text(k_default_explain_max_seconds)},
     [](explain_options& o, const given& g) { o.max_seconds = seconds(g, false); }},
  }) + std::vector<explain_row>{
    {{"markdown", "FILE", takes::value, "the explanation block for a gate's Markdown summary, written atomically"},
     [](explain_options& o, const given& g) { o.markdown = output_file(g); }},
    {{"gbench", "", takes::flag, "OLD and NEW are Google Benchmark executables", "benchgate drivers"},
     [](explain_options& o, const given&) { o.gbench = true; }},
    {{"top", "N", takes::value, "functions listed, >= 1", std::to_string(k_default_explain_top)},
     [](explain_options& o, const given& g) { o.top = static_cast<std::size_t>(count(g, {1})); }},
    {{"time-change", "PCT", takes::value,
      "the cell's measured time change (e.g. 12 or -5%, from a failing time gate): when no function's count "
      "moved, the change is reported as a likely layout or memory effect"},
     [](explain_options& o, const given& g) {
       o.time_change_pct = text::parse_percent(g.text());
       if (!o.time_change_pct) throw input_error("--time-change " + g.text() + ": expected a percentage, e.g. 12 or -5%");
     }},
  } + needing("gbench", std::vector<explain_row>{
    // Only for Google Benchmark executables: a benchgate driver counts fixed iterations.
    {{"min-time", "SECONDS", takes::value, "--benchmark_min_time under callgrind",
      text::number_text(k_default_explain_min_time_s)},
     [](explain_options& o, const given& g) { o.min_time_s = seconds(g, false); }},
  }) + std::vector<explain_row>{
    {{"cache-sim", "", takes::flag,
      "callgrind also simulates a 2-level cache (I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64 B lines: fixed, not "
      "this machine's): prints both builds' L1 hits, last-level hits, RAM accesses and estimated cycles per "
      "iteration (L1 hits + 5 x LL hits + 35 x RAM accesses) and the functions whose own estimated cycles changed "
      "most, and tells a memory effect (same instructions, other cache costs) from a layout one (neither moved); "
      "slower still"},
     [](explain_options& o, const given&) { o.cache_sim = true; }},
    {{"json", "FILE", takes::value, "the explanation as JSON (benchgate.explain/1), written atomically"},
     [](explain_options& o, const given& g) { o.json = output_file(g); }},
    {{"flamegraph", "FILE", takes::value,
      "with --cell: a differential flame graph of the cell as SVG (width: NEW inclusive cost; colour: own cost "
      "against OLD, red more, blue fewer; stacks reconstructed from callgrind's call graph, approximate)"},
     [](explain_options& o, const given& g) { o.flamegraph = output_file(g); }},
    {{"flamegraph-dir", "DIR", takes::value,
      "with --verdict: one flame graph per cell explained in DIR, named N-CELL.svg (N: its place in the verdict's "
      "failing cells)"},
     [](explain_options& o, const given& g) { o.flamegraph_dir = folder(g); }},
  };
}

}  // namespace

command parse_explain(const std::vector<std::string>& args, const suite::registry&) {
  explain_options out;
  const auto parsed = parse_table(out, k_explain_page, explain_rows(), args);
  if (parsed.help) return help_request{*parsed.help};
  if (!out.verdict && out.cell.empty()) throw input_error("benchgate explain: --cell NAME or --verdict GATE_JSON is required");
  if (out.flamegraph && out.verdict) {
    throw input_error("--flamegraph " + out.flamegraph->string() + ": only with --cell; with --verdict, "
                      "expected --flamegraph-dir DIR (one file per cell)");
  }
  if (out.flamegraph_dir && !out.verdict) {
    throw input_error("--flamegraph-dir " + out.flamegraph_dir->string() + ": only with --verdict; with --cell, "
                      "expected --flamegraph FILE.svg");
  }
  check_outputs_apart({{"OLD", out.old_binary}, {"NEW", out.new_binary}, {"--verdict", out.verdict}},
                      {{"--json", out.json}, {"--markdown", out.markdown}, {"--flamegraph", out.flamegraph}});
  return out;
}

}  // namespace benchgate::app::detail
