#include <ostream>

#include "harness/app/commands.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"
#include "harness/formats/input_loader.hpp"
#include "harness/formats/merge.hpp"
#include "harness/formats/results_json.hpp"

namespace benchgate::app {

exit_code merge_results(const options::merge_options& options, std::ostream& out) {
  files::check_outputs({{options.out, "--out"}});
  std::vector<results::named_run> runs;
  for (const auto& input : options.inputs) {
    auto loaded = results::load_any_results(input, "RESULTS");
    if (loaded.format != results::results_schema) {
      throw input_error("RESULTS " + input + ": " + loaded.format + "; merge expects benchgate results (" +
                        results::results_schema + "), whose settings and builds it can check");
    }
    runs.push_back({input, std::move(loaded.results)});
  }
  results::save_results(results::merge_runs(runs), options.out, "--out");
  out << "merged " << runs.size() << (runs.size() == 1 ? " run: " : " runs: ") << options.out.string() << "\n";
  return exit_code::ok;
}

}  // namespace benchgate::app
