#include "benchgate/case_types.hpp"

namespace benchgate {

std::string_view to_string(variant_role role) {
  switch (role) {
    case variant_role::baseline: return "baseline";
    case variant_role::core: return "core";
    case variant_role::peer: return "peer";
  }
  return "baseline";
}

std::optional<variant_role> parse_variant_role(std::string_view text) {
  for (const auto role : {variant_role::baseline, variant_role::core, variant_role::peer}) {
    if (to_string(role) == text) return role;
  }
  return std::nullopt;
}

std::string_view to_string(work_unit unit) {
  switch (unit) {
    case work_unit::none: return "none";
    case work_unit::bytes: return "bytes";
    case work_unit::items: return "items";
  }
  return "none";
}

std::optional<work_unit> parse_work_unit(std::string_view text) {
  for (const auto unit : {work_unit::none, work_unit::bytes, work_unit::items}) {
    if (to_string(unit) == text) return unit;
  }
  return std::nullopt;
}

}  // namespace benchgate
