#include "harness/explain/explain_cells.hpp"

#include <chrono>
#include <system_error>

#include "harness/explain/flame_graph_svg.hpp"
#include "harness/explain/flame_tree.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::explain {

namespace {

// The first line of a message: a child's quoted log stays out of a list item.
std::string first_line(const std::string& message) { return message.substr(0, message.find('\n')); }

profile_side profile(const explain_plan& plan, const build_side& side, const std::string& cell) {
  if (plan.gbench) return profile_gbench_benchmark(plan.valgrind, side, cell, plan.min_time_s, plan.cache_sim);
  return profile_driver_cell(plan.valgrind, side, cell, plan.cache_sim);
}

}  // namespace

explain_document explain_cells(const std::vector<cell_request>& cells, const explain_plan& plan,
                               const std::function<void(const explanation&)>& explained) {
  const auto started = std::chrono::steady_clock::now();
  explain_document document;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto& asked = cells[i];
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (static_cast<int>(i) >= plan.max_cells) {
      document.not_explained.push_back(asked.cell + ": beyond " + plan.max_cells_option + " " +
                                       std::to_string(plan.max_cells));
      continue;
    }
    if (elapsed.count() > plan.max_seconds) {
      document.not_explained.push_back(asked.cell + ": " + plan.max_seconds_option + " spent");
      continue;
    }
    profile_side old_profile;
    profile_side new_profile;
    try {
      old_profile = profile(plan, plan.old_build, asked.cell);
      new_profile = profile(plan, plan.new_build, asked.cell);
    } catch (const input_error& e) {
      if (!plan.keep_going) throw;
      document.not_explained.push_back(asked.cell + ": " + first_line(e.what()));
      continue;
    } catch (const std::system_error& e) {
      if (!plan.keep_going) throw;
      document.not_explained.push_back(asked.cell + ": " + first_line(e.what()));
      continue;
    }
    auto e = diff_profiles(asked.cell, plan.gbench ? "gbench" : "benchgate", old_profile, new_profile,
                           asked.time_change_pct, plan.limits);
    const auto svg = plan.flamegraph_path ? plan.flamegraph_path(i, asked.cell) : std::nullopt;
    if (svg && !svg->empty()) {
      const double tolerance = std::max(k_unchanged_min_instructions, k_unchanged_fraction * e.old_side.total);
      files::write_atomically(
          *svg, flame_graph_svg(differential_flame_tree(old_profile, new_profile), asked.cell, tolerance),
          "the flame graph of " + asked.cell);
      e.flamegraph = svg->string();
    }
    document.explanations.push_back(std::move(e));
    if (explained) explained(document.explanations.back());
  }
  return document;
}

std::string flamegraph_file_name(std::size_t index, const std::string& cell) {
  std::string out = std::to_string(index) + "-";
  for (const char c : cell) {
    const bool kept = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    out += kept ? c : '_';
  }
  return out + ".svg";
}

}  // namespace benchgate::explain
