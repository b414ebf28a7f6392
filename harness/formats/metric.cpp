#include "harness/formats/metric.hpp"

#include <algorithm>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::results {

namespace {

struct known_metric {
  std::string_view name;
  better direction;
  std::string_view unit;
};

// The built-in metrics: times are nanoseconds per iteration (results
// model), counts are per iteration; throughput is work per second.
constexpr known_metric k_known[] = {
    {"real_time", better::lower, "ns"},
    {"cpu_time", better::lower, "ns"},
    {"instructions", better::lower, "instructions"},
    {"allocations", better::lower, "allocations"},
    {k_l1_hits_metric, better::lower, "accesses"},
    {k_ll_hits_metric, better::lower, "accesses"},
    {k_ram_accesses_metric, better::lower, "accesses"},
    {k_estimated_cycles_metric, better::lower, "estimated cycles"},
    {"frees", better::lower, "frees"},
    {"bytes_allocated", better::lower, "bytes"},
    {"peak_bytes", better::lower, "bytes"},
    {"throughput", better::higher, "/s"},
};

const known_metric* find_known(std::string_view metric) {
  const auto it = std::find_if(std::begin(k_known), std::end(k_known),
                               [&](const known_metric& k) { return k.name == metric; });
  return it == std::end(k_known) ? nullptr : it;
}

}  // namespace

std::string_view to_string(better direction) { return direction == better::higher ? "higher" : "lower"; }

std::optional<better> parse_better(std::string_view text) {
  if (text == "lower") return better::lower;
  if (text == "higher") return better::higher;
  return std::nullopt;
}

bool is_rate_name(std::string_view metric) {
  return metric.size() > k_rate_suffix.size() && metric.ends_with(k_rate_suffix);
}

std::optional<better> built_in_direction(std::string_view metric) {
  if (const auto* known = find_known(metric)) return known->direction;
  if (is_rate_name(metric)) return better::higher;
  return std::nullopt;
}

std::optional<better> direction_of(std::string_view metric, const std::vector<declared_direction>& declared) {
  const auto it = std::find_if(declared.rbegin(), declared.rend(),
                               [&](const declared_direction& d) { return d.metric == metric; });
  if (it != declared.rend()) return it->direction;
  return built_in_direction(metric);
}

bool is_metric_name(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.' || c == ':';
  });
}

declared_direction parse_declared_direction(std::string_view text, std::string_view source) {
  const auto equals = text.find('=');
  const auto name = text.substr(0, equals);
  const auto direction = equals == std::string_view::npos ? std::nullopt : parse_better(text.substr(equals + 1));
  if (!is_metric_name(name) || !direction) {
    throw input_error(std::string(source) + " " + std::string(text) +
                      ": expected METRIC=higher or METRIC=lower (e.g. hits=higher), METRIC a counter name");
  }
  return {std::string(name), *direction};
}

std::string unit_of(std::string_view metric) {
  if (const auto* known = find_known(metric)) return std::string(known->unit);
  if (is_rate_name(metric)) return "/s";
  return "";
}

std::string_view worsening_word(better direction) { return direction == better::higher ? "drop" : "rise"; }

}  // namespace benchgate::results
