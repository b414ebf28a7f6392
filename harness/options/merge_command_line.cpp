#include "harness/support/errors/input_error.hpp"
#include "harness/options/parse_support.hpp"
#include "harness/options/subcommands.hpp"

namespace benchgate::options::detail {

command parse_merge(const std::vector<std::string>& args, const suite::registry&) {
  auto described = make_description();
  described.add_options()("out", po::value<std::string>()->value_name("FILE"),
                          "the merged results JSON, written atomically (required)");
  auto accepted = make_description();
  accepted.add(described);
  accepted.add_options()("input", po::value<std::vector<std::string>>(), "RESULTS files");
  po::positional_options_description positional;
  positional.add("input", -1);
  bool wants_help = false;
  const auto vm = parse("merge", args, accepted, wants_help, &positional);
  if (wants_help) {
    return help_request{help_text(
        "benchgate merge --out FILE RESULTS...",
        "Pools several runs of the same build and settings into one results file:\n"
        "each cell's samples from every run. scripts/compare-revisions runs two\n"
        "binaries alternately, several rounds each, and merges each one's rounds.\n\n"
        "Example:\n  benchgate merge --out base.json base-1.json base-2.json base-3.json",
        described,
        "  0  merged\n  2  bad usage, a file that is not benchgate results, or runs of different builds\n")};
  }
  merge_options out;
  out.inputs = get_strings(vm, "input");
  if (out.inputs.empty()) throw input_error("benchgate merge: expected RESULTS files; see 'benchgate merge --help'");
  const auto path = get_output_path(vm, "out");
  if (!path) throw input_error("benchgate merge: --out FILE is required");
  out.out = *path;
  return out;
}

}  // namespace benchgate::options::detail
