#include "harness/suite/registry.hpp"

#include <algorithm>
#include <cassert>

namespace benchgate::suite {

registry::registry(std::vector<std::unique_ptr<benchmark_case>> cases) : cases_(std::move(cases)) {
  std::sort(cases_.begin(), cases_.end(),
            [](const auto& a, const auto& b) { return a->name() < b->name(); });
  assert(std::adjacent_find(cases_.begin(), cases_.end(), [](const auto& a, const auto& b) {
           return a->name() == b->name();
         }) == cases_.end() && "two cases share a name");
}

const benchmark_case* registry::find(std::string_view name) const {
  for (const auto& c : cases_) {
    if (c->name() == name) return c.get();
  }
  return nullptr;
}

std::string registry::names() const {
  std::string out;
  for (const auto& c : cases_) {
    if (!out.empty()) out += ", ";
    out += c->name();
  }
  return out;
}

}  // namespace benchgate::suite
