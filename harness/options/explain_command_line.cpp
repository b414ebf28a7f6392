#include "harness/explain/explain_options.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::options::detail {

command parse_explain(const std::vector<std::string>& args, const suite::registry&) {
  auto described = make_description();
  described.add_options()
      ("cell", po::value<std::string>()->value_name("NAME"),
       "the cell to explain (this or --verdict): a benchgate cell name (case/variant/axis:value/...) or, with --gbench, "
       "a Google Benchmark name as --benchmark_list_tests prints it")
      ("verdict", po::value<std::string>()->value_name("FILE"),
       "instead of --cell: explain the cells a gate failed, from its verdict JSON ('gate --json FILE'); a time "
       "metric's change is passed on as --time-change")
      ("max-cells", po::value<std::string>()->value_name("N"), "with --verdict: failing cells explained at most (default 5)")
      ("max-seconds", po::value<std::string>()->value_name("S"),
       "with --verdict: no further cell is started after S seconds (default 600)")
      ("markdown", po::value<std::string>()->value_name("FILE"),
       "the explanation block for a gate's Markdown summary, written atomically")
      ("gbench", po::bool_switch(), "OLD and NEW are Google Benchmark executables (default: benchgate drivers)")
      ("top", po::value<std::string>()->value_name("N"), "functions listed, >= 1 (default 10)")
      ("time-change", po::value<std::string>()->value_name("PCT"),
       "the cell's measured time change (e.g. 12 or -5%, from a failing time gate): when no function's count "
       "moved, the change is reported as a likely layout or memory effect")
      ("min-time", po::value<std::string>()->value_name("SECONDS"),
       "with --gbench: --benchmark_min_time under callgrind (default 0.05)")
      ("cache-sim", po::bool_switch(),
       "callgrind also simulates a 2-level cache (I1 and D1 32 KiB 8-way, LL 8 MiB 16-way, 64 B lines: fixed, not "
       "this machine's): prints both builds' L1 hits, last-level hits, RAM accesses and estimated cycles per "
       "iteration (L1 hits + 5 x LL hits + 35 x RAM accesses) and the functions whose own estimated cycles changed "
       "most, and tells a memory effect (same instructions, other cache costs) from a layout one (neither moved); "
       "slower still")
      ("json", po::value<std::string>()->value_name("FILE"), "the explanation as JSON (benchgate.explain/1), written atomically")
      ("flamegraph", po::value<std::string>()->value_name("FILE"),
       "with --cell: a differential flame graph of the cell as SVG (width: NEW inclusive cost; colour: own cost "
       "against OLD, red more, blue fewer; stacks reconstructed from callgrind's call graph, approximate)")
      ("flamegraph-dir", po::value<std::string>()->value_name("DIR"),
       "with --verdict: one flame graph per cell explained in DIR, named N-CELL.svg (N: its place in the verdict's "
       "failing cells)");
  auto accepted = make_description();
  accepted.add(described);
  accepted.add_options()("binary", po::value<std::vector<std::string>>(), "OLD NEW");
  po::positional_options_description positional;
  positional.add("binary", -1);
  bool wants_help = false;
  const auto vm = parse("explain", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate explain OLD NEW (--cell NAME | --verdict GATE_JSON) [--gbench] [--top N] [--time-change PCT]\n"
        "                  [--cache-sim] [--json FILE] [--markdown FILE] [--flamegraph FILE.svg | --flamegraph-dir DIR]",
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
        described,
        "  0  explained (whatever changed)\n"
        "  2  bad usage, a cell that matches nothing, a binary that fails or has no symbols (the totals\n"
        "     are still printed), valgrind missing\n")};
  }
  explain_options out;
  const auto binaries = get_strings(vm, "binary");
  if (binaries.size() != 2) {
    throw input_error("benchgate explain: expected two binaries, OLD NEW, got " + std::to_string(binaries.size()) +
                      "; see 'benchgate explain --help'");
  }
  out.old_binary = binaries[0];
  out.new_binary = binaries[1];
  const auto cell = get_string(vm, "cell");
  if (const auto verdict = get_string(vm, "verdict")) {
    if (cell) throw input_error("--verdict " + *verdict + ": not with --cell; expected one of them");
    if (verdict->empty()) throw input_error("--verdict: expected a file name, got ''");
    out.verdict = std::filesystem::path(*verdict);
  } else if (!cell || cell->empty()) {
    throw input_error("benchgate explain: --cell NAME or --verdict GATE_JSON is required");
  } else {
    out.cell = *cell;
  }
  const auto max_cells = get_int_at_least(vm, "max-cells", 1);
  const auto max_seconds = get_seconds(vm, "max-seconds", false);
  if ((max_cells || max_seconds) && !out.verdict) {
    throw input_error(std::string(max_cells ? "--max-cells" : "--max-seconds") + ": only with --verdict");
  }
  if (max_cells) out.max_cells = *max_cells;
  if (max_seconds) out.max_seconds = *max_seconds;
  out.gbench = vm["gbench"].as<bool>();
  out.cache_sim = vm["cache-sim"].as<bool>();
  if (const auto top = get_int_at_least(vm, "top", 1)) out.top = static_cast<std::size_t>(*top);
  if (const auto text = get_string(vm, "time-change")) {
    const auto pct = text::parse_percent(*text);
    if (!pct) throw input_error("--time-change " + *text + ": expected a percentage, e.g. 12 or -5%");
    out.time_change_pct = pct;
  }
  if (const auto min_time = get_seconds(vm, "min-time", false)) {
    if (!out.gbench) throw input_error("--min-time: only with --gbench (a benchgate driver counts fixed iterations)");
    out.min_time_s = *min_time;
  }
  out.json = get_output_path(vm, "json");
  out.markdown = get_output_path(vm, "markdown");
  out.flamegraph = get_output_path(vm, "flamegraph");
  out.flamegraph_dir = get_folder(vm, "flamegraph-dir");
  if (out.flamegraph && out.verdict) {
    throw input_error("--flamegraph " + out.flamegraph->string() + ": only with --cell; with --verdict, "
                      "expected --flamegraph-dir DIR (one file per cell)");
  }
  if (out.flamegraph_dir && !out.verdict) {
    throw input_error("--flamegraph-dir " + out.flamegraph_dir->string() + ": only with --verdict; with --cell, "
                      "expected --flamegraph FILE.svg");
  }
  return out;
}

}  // namespace benchgate::options::detail
