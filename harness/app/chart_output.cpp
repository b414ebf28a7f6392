#include "harness/app/chart_output.hpp"

#include "harness/charts/renderer.hpp"
#include "harness/compare/sides.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::app {

std::optional<results::loaded_results> load_diff_side(const compare::diff_source& source, const std::string& side,
                                                      std::ostream& err) {
  try {
    auto loaded = results::load_any_results(source.path, "the diff's " + side + " side");
    if (!compare::may_be_run_of(source, loaded.results)) {
      err << "warning: no distribution charts: the diff's " << side << " side " << source.path
          << " now holds another run (run at " << loaded.results.env.date << ", the diff's at " << source.env.date
          << ")\n";
      return std::nullopt;
    }
    return loaded;
  } catch (const input_error& e) {
    err << "warning: no distribution charts: " << e.what() << "\n";
    return std::nullopt;
  }
}

void render_and_list(const std::filesystem::path& dir, const std::vector<charts::chart>& charts,
                     const std::string& summary, std::ostream& out, std::ostream& err) {
  for (const auto& w : charts::render_charts(dir, charts, "--out")) err << "warning: gnuplot: " << w << "\n";
  out << summary << "\n";
  std::size_t distributions = 0;
  for (const auto& c : charts) {
    if (c.stem.rfind("dist_", 0) == 0) {
      ++distributions;
      continue;
    }
    out << "  " << (dir / (c.stem + ".svg")).string() << "  " << c.title << "\n";
  }
  if (distributions > 0) {
    out << "  " << (dir / "dist_*.svg").string() << "  " << distributions << " distribution charts, one per compared cell\n";
  }
}

}  // namespace benchgate::app
