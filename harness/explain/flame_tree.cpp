#include "harness/explain/flame_tree.hpp"

#include <algorithm>
#include <map>

#include "harness/explain/symbol_names.hpp"

namespace benchgate::explain {

namespace {

// One side's call graph per iteration, by demangled name (symbols that
// demangle alike are merged, as in the function table).
struct call_graph {
  std::map<std::string, double> self;
  std::map<std::string, std::map<std::string, double>> calls;  // caller -> callee -> inclusive cost of the calls

  // What one run of `f` costs, everywhere together: its own instructions and
  // its calls to others (a call to itself is already in those).
  double cost_of(const std::string& f) const {
    double out = 0;
    if (const auto s = self.find(f); s != self.end()) out += s->second;
    if (const auto c = calls.find(f); c != calls.end()) {
      for (const auto& [callee, cost] : c->second) {
        if (callee != f) out += cost;
      }
    }
    return out;
  }
};

call_graph graph_of(const profile_side& side) {
  call_graph g;
  const auto n = static_cast<double>(side.iterations);
  for (const auto& [symbol, cost] : side.profile.functions) {
    const auto name = demangle(symbol);
    g.self[name] += static_cast<double>(cost.self) / n;
    auto& calls = g.calls[name];
    for (const auto& [callee, count] : cost.calls) calls[demangle(callee)] += static_cast<double>(count) / n;
  }
  return g;
}

// The tree while it is built: children by full name, costs by side (0 OLD, 1 NEW).
struct building_frame {
  double cost[2] = {0, 0};
  double self[2] = {0, 0};
  std::map<std::string, building_frame> children;
};

struct expansion {
  const call_graph& graph;
  int side;
  double min_cost;
  std::vector<std::string> stack;

  bool on_stack(const std::string& f) const { return std::find(stack.begin(), stack.end(), f) != stack.end(); }

  // The calls `f` makes here, with what each costs overall. A call back into
  // a function already on the stack (recursion, or glibc's "(below main)" and
  // __libc_start_main calling each other) is not unrolled: its cost passes
  // through to what that function calls from there, in proportion.
  std::map<std::string, double> calls_from(const std::string& f) const {
    std::map<std::string, double> out;
    const auto calls = graph.calls.find(f);
    if (calls == graph.calls.end()) return out;
    for (const auto& [callee, cost] : calls->second) {
      if (callee == f) continue;
      if (!on_stack(callee)) {
        out[callee] += cost;
        continue;
      }
      const auto onward = graph.calls.find(callee);
      if (onward == graph.calls.end()) continue;
      double total = 0;
      for (const auto& [next, next_cost] : onward->second) total += on_stack(next) ? 0 : next_cost;
      if (total <= 0) continue;
      for (const auto& [next, next_cost] : onward->second) {
        if (!on_stack(next)) out[next] += cost * next_cost / total;
      }
    }
    return out;
  }

  // `f` on the current stack, costing `cost` there: its own instructions and
  // each call's share of `cost` in proportion to what the call costs overall.
  void expand(const std::string& f, double cost, building_frame& frame) {
    frame.cost[side] += cost;
    stack.push_back(f);
    const auto calls = calls_from(f);
    const auto s = graph.self.find(f);
    const double own = s == graph.self.end() ? 0 : s->second;
    double overall = own;
    for (const auto& [callee, callee_cost] : calls) overall += callee_cost;
    if (overall > 0) {
      const double share = cost / overall;
      frame.self[side] += own * share;
      for (const auto& [callee, callee_cost] : calls) {
        const double here = callee_cost * share;
        if (here >= min_cost && stack.size() < k_max_flame_depth) expand(callee, here, frame.children[callee]);
      }
    }
    stack.pop_back();
  }
};

void add_side(const profile_side& side, int index, building_frame& root) {
  const auto graph = graph_of(side);
  std::map<std::string, double> called;  // what calls from other functions cost, by callee
  for (const auto& [caller, calls] : graph.calls) {
    for (const auto& [callee, cost] : calls) {
      if (callee != caller) called[callee] += cost;
    }
  }
  double total = 0;
  for (const auto& [name, cost] : graph.self) total += cost;
  expansion e{graph, index, k_min_flame_fraction * total, {}};
  // The stacks start where a function's cost is not its callers': the
  // program's entry, and the calls already running when callgrind started
  // counting (it knows no caller for those, e.g. in the first dump of a
  // driver's cell).
  for (const auto& [name, self] : graph.self) {
    const auto from_callers = called.find(name);
    const double cost = graph.cost_of(name) - (from_callers == called.end() ? 0 : from_callers->second);
    if (cost >= e.min_cost) e.expand(name, cost, root.children[name]);
  }
  for (const auto& [name, child] : root.children) root.cost[index] += child.cost[index];
}

flame_frame finished(const std::string& name, const building_frame& b) {
  flame_frame out;
  out.name = trim_name(name);
  out.old_cost = b.cost[0];
  out.new_cost = b.cost[1];
  out.old_self = b.self[0];
  out.new_self = b.self[1];
  for (const auto& [child_name, child] : b.children) out.children.push_back(finished(child_name, child));
  return out;
}

}  // namespace

flame_frame differential_flame_tree(const profile_side& old_side, const profile_side& new_side) {
  building_frame root;
  add_side(old_side, 0, root);
  add_side(new_side, 1, root);
  auto out = finished("all", root);
  out.name = "all";
  return out;
}

}  // namespace benchgate::explain
