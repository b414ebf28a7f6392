#include "harness/run/run_options.hpp"

#include <string>
#include <vector>

#include "harness/support/text/parse_number.hpp"

// Settings spelled back as `run` arguments: the inverse of the run parser
// (app/run/run_command_line.cpp), used wherever a run is started again in
// another process (paired runs, confirmation re-runs, calibrate's tries).
namespace benchgate::options {

bool takes_default_precision(const results::settings& settings) {
  return settings.measure != measure_kind::instructions && settings.samples == 0 && settings.rounds == 1 &&
         !settings.quick;
}

std::vector<std::string> to_arguments(const results::settings& s) {
  std::vector<std::string> args;
  const auto add = [&](const char* option, const std::string& value) { args.insert(args.end(), {option, value}); };
  for (const auto& c : s.cases) add("--case", c);
  if (s.filter) add("--filter", *s.filter);
  for (const auto& [axis, values] : s.params) {
    std::string joined;
    for (const auto& v : values) joined += (joined.empty() ? "" : ",") + v;
    add("--param", axis + "=" + joined);
  }
  if (s.quick) args.push_back("--quick");
  if (s.measure != measure_kind::instructions) {
    if (s.samples > 0) add("--samples", std::to_string(s.samples));
    add("--measurement-time", text::number_text(s.measurement_time_s));
    add("--warmup", text::number_text(s.warmup_s));
    if (s.min_time_s) add("--min-time", text::number_text(*s.min_time_s));
    if (!s.random_interleaving) args.push_back("--no-interleave");
  } else if (s.samples > 0 && s.samples != k_instruction_samples) {
    // Counting has no times and no interleaving; its default sample count
    // is below what --samples accepts, so it is passed only when given.
    add("--samples", std::to_string(s.samples));
  }
  if (s.rounds > 1) add("--rounds", std::to_string(s.rounds));
  for (const auto& input : s.inputs) add("--input", input);
  for (const auto& role : s.roles) add("--role", role);
  if (s.measure != measure_kind::time) add("--measure", results::measure_name(s.measure));
  if (s.cache_sim) args.push_back("--cache-sim");
  // A harness slowdown is part of how the run was made: a re-run has it too.
  if (s.injected_slowdown_pct > 0) {
    add("--inject-slowdown", text::number_text(s.injected_slowdown_pct));
    if (s.injected_slowdown_filter) add("--inject-filter", *s.injected_slowdown_filter);
  }
  if (s.shard) add("--shard", std::to_string(s.shard->index) + "/" + std::to_string(s.shard->count));
  if (s.precision_pct) {
    add("--precision", text::number_text(*s.precision_pct));
    if (s.precision_cap_s) add("--precision-cap", text::number_text(*s.precision_cap_s));
  } else if (takes_default_precision(s)) {
    add("--precision", std::string(k_precision_off));
  }
  return args;
}

}  // namespace benchgate::options
