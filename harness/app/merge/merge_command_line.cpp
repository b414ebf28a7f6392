#include "harness/options/option_kinds.hpp"
#include "harness/app/subcommands.hpp"

namespace benchgate::app::detail {

using namespace benchgate::options;
using namespace benchgate::options::detail;

namespace {

constexpr help_page k_merge_page{
    "merge", "--out RESULTS...",
    "Pools several runs of the same build and settings into one results file:\n"
    "each cell's samples from every run. scripts/compare-revisions runs two\n"
    "binaries alternately, several rounds each, and merges each one's rounds.\n\n"
    "Example:\n  benchgate merge --out base.json base-1.json base-2.json base-3.json",
    "  0  merged\n  2  bad usage, a file that is not benchgate results, or runs of different builds\n"};

// Built when the command parses, not at start-up: nothing of it stays
// on the heap of a process that measures.
std::vector<option<merge_options>> merge_rows() {
  return {
    {{"input", "", takes::values, "RESULTS files", "", shown::positional},
     [](merge_options& o, const given& g) {
       if (g.texts.empty()) throw input_error("benchgate merge: expected RESULTS files; see 'benchgate merge --help'");
       o.inputs = g.texts;
     }},
    {{"out", "FILE", takes::value, "the merged results JSON, written atomically (required)"},
     [](merge_options& o, const given& g) { o.out = output_file(g); }},
  };
}

}  // namespace

command parse_merge(const std::vector<std::string>& args, const suite::registry&) {
  merge_options out;
  if (auto help = parse_table(out, k_merge_page, merge_rows(), args).help) return help_request{*help};
  if (out.out.empty()) throw input_error("benchgate merge: --out FILE is required");
  return out;
}

}  // namespace benchgate::app::detail
