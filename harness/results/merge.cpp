#include "harness/results/merge.hpp"

#include <map>

#include "harness/errors/input_error.hpp"

namespace benchgate::results {

namespace {

std::string text_of(const std::optional<std::string>& value) { return value ? *value : "unknown"; }

void require_same(const named_run& first, const named_run& other) {
  const auto& a = first.run;
  const auto& b = other.run;
  auto differs = [&](const std::string& what, const std::string& x, const std::string& y) {
    throw input_error("merge: " + other.source + ": " + what + " " + y + ", but " + first.source + " has " + x +
                      "; expected runs of the same build and settings");
  };
  if (a.env.git_commit != b.env.git_commit) differs("git commit", text_of(a.env.git_commit), text_of(b.env.git_commit));
  if (a.env.git_dirty != b.env.git_dirty) {
    auto dirty = [](const std::optional<bool>& d) { return d ? (*d ? std::string("dirty") : "clean") : "unknown"; };
    differs("working tree", dirty(a.env.git_dirty), dirty(b.env.git_dirty));
  }
  if (a.config.measure != b.config.measure) differs("measure", a.config.measure, b.config.measure);
  if (a.config.injected_slowdown_pct != b.config.injected_slowdown_pct ||
      a.config.injected_slowdown_filter != b.config.injected_slowdown_filter) {
    differs("injected slowdown", std::to_string(a.config.injected_slowdown_pct) + "%",
            std::to_string(b.config.injected_slowdown_pct) + "%");
  }
}

}  // namespace

void append_samples(cell& into, const cell& from) {
  into.samples.insert(into.samples.end(), from.samples.begin(), from.samples.end());
  if (into.error.empty()) into.error = from.error;
}

run_results merge_runs(std::span<const named_run> runs) {
  if (runs.empty()) throw input_error("merge: expected at least one results file");
  run_results out;
  out.env = runs.front().run.env;
  out.config = runs.front().run.config;
  out.config.rounds = 0;
  std::map<std::string, std::size_t> index;
  for (const auto& r : runs) {
    require_same(runs.front(), r);
    out.config.rounds += r.run.config.rounds;
    for (const auto& c : r.run.cells) {
      const auto [it, added] = index.emplace(c.name, out.cells.size());
      if (added) {
        out.cells.push_back(c);
        continue;
      }
      append_samples(out.cells[it->second], c);
    }
  }
  return out;
}

}  // namespace benchgate::results
