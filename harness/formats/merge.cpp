#include "harness/formats/merge.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/support/errors/input_error.hpp"
#include "harness/support/text/parse_number.hpp"

namespace benchgate::results {

namespace {

std::string text_of(const std::optional<std::string>& value) { return value ? *value : "unknown"; }

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
  return out.empty() ? "none" : out;
}

std::string params_text(const settings& s) {
  std::vector<std::string> items;
  for (const auto& [axis, values] : s.params) items.push_back(axis + "=" + join(values));
  return join(items);
}

bool same_sample(const sample& x, const sample& y) {
  return x.iterations == y.iterations && x.real_ns == y.real_ns && x.cpu_ns == y.cpu_ns;
}

bool same_samples(const run_results& a, const run_results& b) {
  return std::equal(a.cells.begin(), a.cells.end(), b.cells.begin(), b.cells.end(), [](const cell& x, const cell& y) {
    return x.name == y.name &&
           std::equal(x.samples.begin(), x.samples.end(), y.samples.begin(), y.samples.end(), same_sample);
  });
}

// Whether every sample of `part` is already in `pooled`, each cell's as one
// unbroken run of its samples there: `pooled` is a merge that took `part`
// in (merge appends each run's samples whole). Timed samples never repeat
// by chance to the last bit.
bool pools(const run_results& pooled, const run_results& part) {
  bool any = false;
  for (const auto& c : part.cells) {
    if (c.samples.empty()) continue;
    const auto* into = find_cell(pooled, c.name);
    if (into == nullptr || into->samples.size() <= c.samples.size()) return false;
    const auto found = std::search(into->samples.begin(), into->samples.end(), c.samples.begin(), c.samples.end(),
                                   same_sample);
    if (found == into->samples.end()) return false;
    any = true;
  }
  return any;
}

// The same run read twice (the same file, or a copy), or a run beside a
// merge that already took it in, would double its samples and narrow every
// interval for nothing.
void require_distinct(const named_run& earlier, const named_run& other) {
  if (earlier.run.env.date == other.run.env.date && same_samples(earlier.run, other.run)) {
    throw input_error("merge: " + other.source + ": the same run as " + earlier.source + " (same date " +
                      earlier.run.env.date + " and samples); merging it would double every sample; expected "
                      "different runs");
  }
  for (const auto& [pooled, part] : {std::pair{&earlier, &other}, std::pair{&other, &earlier}}) {
    if (!pools(pooled->run, part->run)) continue;
    throw input_error("merge: " + other.source + ": the samples of " + part->source + " are already in " +
                      pooled->source + " (a merge that took it in); merging them again would count them twice; "
                      "expected runs not merged yet");
  }
}

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
  if (a.config.measure != b.config.measure) differs("measure", measure_name(a.config.measure), measure_name(b.config.measure));
  // Different selections would pool cells sampled a different number of
  // times, silently: say so instead.
  const auto or_all = [](const std::optional<std::string>& f) { return f ? "'" + *f + "'" : std::string("none"); };
  if (a.config.filter != b.config.filter) differs("--filter", or_all(a.config.filter), or_all(b.config.filter));
  if (a.config.cases != b.config.cases) differs("cases", join(a.config.cases), join(b.config.cases));
  if (a.config.params != b.config.params) differs("--param overrides", params_text(a.config), params_text(b.config));
  if (a.config.inputs != b.config.inputs) differs("--input files", join(a.config.inputs), join(b.config.inputs));
  if (a.config.roles != b.config.roles) differs("--role patterns", join(a.config.roles), join(b.config.roles));
  if (a.config.injected_slowdown_pct != b.config.injected_slowdown_pct ||
      a.config.injected_slowdown_filter != b.config.injected_slowdown_filter) {
    differs("injected slowdown", std::to_string(a.config.injected_slowdown_pct) + "%",
            std::to_string(b.config.injected_slowdown_pct) + "%");
  }
}

// The first timing setting in which `b` differs from `a`, each side's value
// spelled as run's option takes it.
struct setting_difference {
  std::string what;
  std::string first;
  std::string other;
};
std::optional<setting_difference> timing_difference(const settings& a, const settings& b) {
  const auto number = [](const std::optional<double>& v) { return v ? text::number_text(*v) : std::string("none"); };
  const auto flag = [](bool on) { return std::string(on ? "on" : "off"); };
  if (a.samples != b.samples) return setting_difference{"samples", std::to_string(a.samples), std::to_string(b.samples)};
  if (a.measurement_time_s != b.measurement_time_s) {
    return setting_difference{"--measurement-time", number(a.measurement_time_s), number(b.measurement_time_s)};
  }
  if (a.warmup_s != b.warmup_s) return setting_difference{"--warmup", number(a.warmup_s), number(b.warmup_s)};
  if (a.min_time_s != b.min_time_s) return setting_difference{"--min-time", number(a.min_time_s), number(b.min_time_s)};
  if (a.quick != b.quick) return setting_difference{"--quick", flag(a.quick), flag(b.quick)};
  if (a.random_interleaving != b.random_interleaving) {
    return setting_difference{"interleaving", flag(a.random_interleaving), flag(b.random_interleaving)};
  }
  if (a.rounds != b.rounds) return setting_difference{"--rounds", std::to_string(a.rounds), std::to_string(b.rounds)};
  if (a.precision_pct != b.precision_pct) {
    return setting_difference{"--precision", number(a.precision_pct), number(b.precision_pct)};
  }
  if (a.precision_cap_s != b.precision_cap_s) {
    return setting_difference{"--precision-cap", number(a.precision_cap_s), number(b.precision_cap_s)};
  }
  return std::nullopt;
}

std::string shard_text(const std::optional<shard_spec>& shard) {
  return shard ? "shard " + std::to_string(shard->index) + "/" + std::to_string(shard->count)
               : std::string("a whole run (no --shard)");
}

// Shards pool into one run only as one complete set: every one of the N
// parts once, with the same timing settings (each machine timed its points
// alike). A missing part would silently drop cells, a repeated one double
// their samples.
void require_shard_set(std::span<const named_run> runs) {
  const auto& first = runs.front();
  const bool sharded = first.run.config.shard.has_value();
  std::map<int, std::string> seen;  // index -> source
  for (const auto& r : runs) {
    const auto& shard = r.run.config.shard;
    if (shard.has_value() != sharded || (shard && shard->count != first.run.config.shard->count)) {
      throw input_error("merge: " + r.source + ": " + shard_text(shard) + ", but " + first.source + " is " +
                        shard_text(first.run.config.shard) +
                        "; expected whole runs, or the shards of one run all split the same way");
    }
    if (!sharded) continue;
    if (const auto difference = timing_difference(first.run.config, r.run.config)) {
      throw input_error("merge: " + r.source + ": " + shard_text(shard) + " was timed with " + difference->what + " " +
                        difference->other + ", but " + first.source + " with " + difference->first +
                        "; expected the shards of one run, timed alike");
    }
    const auto [it, added] = seen.emplace(shard->index, r.source);
    if (!added) {
      throw input_error("merge: " + r.source + ": " + shard_text(shard) + " again (" + it->second +
                        " is the same shard); shards overlap; expected each of the " + std::to_string(shard->count) +
                        " shards once");
    }
  }
  if (!sharded) return;
  const int count = first.run.config.shard->count;
  std::string missing;
  for (int k = 1; k <= count; ++k) {
    if (!seen.contains(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(count);
  }
  if (!missing.empty()) {
    throw input_error("merge: shard " + missing + " missing; expected all " + std::to_string(count) +
                      " shards of the run (got " + std::to_string(seen.size()) + ")");
  }
}

}  // namespace

void append_samples(cell& into, const cell& from) {
  into.samples.insert(into.samples.end(), from.samples.begin(), from.samples.end());
  if (into.error.empty()) into.error = from.error;
}

run_results merge_runs(std::span<const named_run> runs) {
  if (runs.empty()) throw input_error("merge: expected at least one results file");
  for (std::size_t i = 0; i < runs.size(); ++i) {
    require_same(runs.front(), runs[i]);
    for (std::size_t j = 0; j < i; ++j) require_distinct(runs[j], runs[i]);
  }
  require_shard_set(runs);
  // Shards are parts of one run: their cells are disjoint and their rounds
  // the run's; runs of the whole selection pool their rounds.
  const bool shards = runs.front().run.config.shard.has_value();
  run_results out;
  out.env = runs.front().run.env;
  out.config = runs.front().run.config;
  out.config.shard.reset();
  if (!shards) out.config.rounds = 0;
  // Several runs have no single id; their pairings (each naming its run)
  // are all kept, so merged partners still pair sample for sample.
  out.run_id.clear();
  out.pairings.clear();
  std::map<std::string, std::size_t> index;
  std::map<std::string, const std::string*> source_of;
  for (const auto& r : runs) {
    if (!shards) out.config.rounds += r.run.config.rounds;
    out.pairings.insert(out.pairings.end(), r.run.pairings.begin(), r.run.pairings.end());
    for (const auto& c : r.run.cells) {
      const auto [it, added] = index.emplace(c.name, out.cells.size());
      if (added) {
        out.cells.push_back(c);
        source_of[c.name] = &r.source;
        continue;
      }
      if (shards && *source_of[c.name] != r.source) {
        throw input_error("merge: " + r.source + ": cell " + c.name + " is also in " + *source_of[c.name] +
                          "; shards overlap; expected disjoint shards of one run");
      }
      append_samples(out.cells[it->second], c);
    }
  }
  return out;
}

}  // namespace benchgate::results
