#include "harness/formats/pairing_records.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>

namespace benchgate::results {

namespace {

constexpr int k_run_id_hex_digits = 16;

std::string key_of(const sample_pair& p) { return p.id + "#" + std::to_string(p.index); }

std::set<std::string> pairing_ids(const run_results& run) {
  std::set<std::string> out;
  for (const auto& p : run.pairings) out.insert(p.id);
  return out;
}

// Why `old_cell`'s samples do not pair with `new_cell`'s, or "" with
// `order`: for each old sample, the index of its partner among new's.
std::string pair_order(const cell& old_cell, const cell& new_cell, const std::set<std::string>& shared,
                       std::vector<std::size_t>& order) {
  const std::string where = "cell " + old_cell.name + ": ";
  if (old_cell.samples.size() != new_cell.samples.size()) {
    return where + std::to_string(old_cell.samples.size()) + " and " + std::to_string(new_cell.samples.size()) +
           " samples";
  }
  std::map<std::string, std::size_t> new_index;
  for (std::size_t i = 0; i < new_cell.samples.size(); ++i) {
    const auto& p = new_cell.samples[i].pair;
    if (!p || !shared.contains(p->id)) return where + "a new sample without a partner";
    new_index[key_of(*p)] = i;
  }
  order.clear();
  for (const auto& s : old_cell.samples) {
    const auto it = s.pair ? new_index.find(key_of(*s.pair)) : new_index.end();
    if (it == new_index.end()) return where + "an old sample without a partner";
    order.push_back(it->second);
  }
  return "";
}

}  // namespace

std::string make_run_id() {
  std::random_device device;
  std::uniform_int_distribution<int> digit(0, 15);
  std::string id;
  for (int i = 0; i < k_run_id_hex_digits; ++i) id += "0123456789abcdef"[digit(device)];
  return id;
}

void record_pairing(run_results& old_run, run_results& new_run, std::optional<std::int64_t> process_pair) {
  for (auto* run : {&old_run, &new_run}) {
    if (run->run_id.empty()) run->run_id = make_run_id();
  }
  const std::string id = old_run.run_id + "-" + new_run.run_id;
  for (auto& old_cell : old_run.cells) {
    auto it = std::find_if(new_run.cells.begin(), new_run.cells.end(),
                           [&](const cell& c) { return c.name == old_cell.name; });
    if (it == new_run.cells.end() || it->samples.size() != old_cell.samples.size()) continue;
    for (std::size_t i = 0; i < old_cell.samples.size(); ++i) {
      const sample_pair p{id, static_cast<std::int64_t>(i)};
      old_cell.samples[i].pair = p;
      it->samples[i].pair = p;
    }
  }
  old_run.pairings.push_back({id, "old", old_run.run_id, new_run.run_id, process_pair});
  new_run.pairings.push_back({id, "new", new_run.run_id, old_run.run_id, process_pair});
}

aligned_run align_pairs(const run_results& old_run, const run_results& new_run) {
  const auto old_ids = pairing_ids(old_run);
  std::set<std::string> shared;
  for (const auto& id : pairing_ids(new_run)) {
    if (old_ids.contains(id)) shared.insert(id);
  }
  if (shared.empty()) return {};
  run_results aligned = new_run;
  std::vector<std::size_t> order;
  const cell_index old_cells(old_run);
  for (auto& new_cell : aligned.cells) {
    const cell* old_cell = old_cells.find(new_cell.name);
    if (old_cell == nullptr || old_cell->samples.empty() || new_cell.samples.empty()) continue;
    if (auto problem = pair_order(*old_cell, new_cell, shared, order); !problem.empty()) {
      return {std::nullopt, std::move(problem)};
    }
    std::vector<sample> reordered;
    reordered.reserve(order.size());
    for (const auto i : order) reordered.push_back(new_cell.samples[i]);
    new_cell.samples = std::move(reordered);
  }
  // Two or more of ab's process pairs among the shared pairings: clusters.
  std::set<std::int64_t> process_pairs;
  for (const auto& p : old_run.pairings) {
    if (shared.contains(p.id) && p.process_pair) process_pairs.insert(*p.process_pair);
  }
  return {std::move(aligned), "", process_pairs.size() >= 2};
}

std::vector<std::size_t> cluster_labels(const cell& c) {
  std::map<std::string, std::size_t> label_of;
  std::vector<std::size_t> out;
  out.reserve(c.samples.size());
  for (const auto& s : c.samples) {
    const auto id = s.pair ? s.pair->id : std::string();
    out.push_back(label_of.emplace(id, label_of.size()).first->second);
  }
  return out;
}

}  // namespace benchgate::results
