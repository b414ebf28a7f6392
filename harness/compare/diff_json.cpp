#include "harness/compare/diff_json.hpp"

#include "harness/support/files/file_io.hpp"
#include "harness/formats/json_reader.hpp"
#include "harness/formats/run_info_json.hpp"

namespace benchgate::compare {

namespace {

constexpr int k_json_indent = 2;

results::json to_json(const stats::interval_estimate& e) {
  return {{"estimate", e.estimate}, {"lower", e.lower}, {"upper", e.upper}, {"std_error", e.std_error}};
}

stats::interval_estimate interval_from(const results::object_reader& r) {
  const stats::interval_estimate e{r.number("estimate"), r.number("lower"), r.number("upper"), r.number("std_error")};
  if (e.upper < e.lower) r.fail("upper", "a bound >= lower (" + results::describe(results::json(e.lower)) + ")");
  if (e.std_error < 0) r.fail("std_error", "a number >= 0");
  return e;
}

// A significance or confidence level: in (0, 1), as the options that set
// them require.
double level_from(const results::object_reader& r, std::string_view key) {
  const double level = r.number(key);
  if (level <= 0 || level >= 1) r.fail(key, "a number in (0, 1)");
  return level;
}

results::json to_json(const stats::outlier_counts& o) {
  return {{"low_severe", o.low_severe}, {"low_mild", o.low_mild}, {"high_mild", o.high_mild},
          {"high_severe", o.high_severe}};
}

std::size_t count_from(const results::object_reader& r, std::string_view key) {
  const auto value = r.integer(key);
  if (value < 0) r.fail(key, "an integer >= 0");
  return static_cast<std::size_t>(value);
}

stats::outlier_counts outliers_from(const results::object_reader& r) {
  return {count_from(r, "low_severe"), count_from(r, "low_mild"), count_from(r, "high_mild"),
          count_from(r, "high_severe")};
}

results::json to_json(const side_estimates& s) {
  auto typical = to_json(s.typical);
  typical["kind"] = s.typical_is_slope ? "slope" : "mean";
  return {{"name", s.name},          {"samples", s.samples},   {"typical", typical},
          {"mean", to_json(s.mean)}, {"median", to_json(s.median)}, {"std_dev", to_json(s.std_dev)},
          {"mad", to_json(s.mad)},   {"outliers", to_json(s.outliers)}};
}

side_estimates side_from(const results::object_reader& r) {
  side_estimates s;
  s.name = r.string("name");
  s.samples = count_from(r, "samples");
  const auto typical = r.object("typical");
  const auto kind = typical.string("kind");
  if (kind != "mean" && kind != "slope") typical.fail("kind", "\"mean\" or \"slope\"");
  s.typical_is_slope = kind == "slope";
  s.typical = interval_from(typical);
  s.mean = interval_from(r.object("mean"));
  s.median = interval_from(r.object("median"));
  s.std_dev = interval_from(r.object("std_dev"));
  s.mad = interval_from(r.object("mad"));
  s.outliers = outliers_from(r.object("outliers"));
  return s;
}

// A deterministic cell's p-values are not applicable: null in JSON.
results::json p_to_json(double p, bool deterministic) {
  return deterministic ? results::json(nullptr) : results::json(p);
}

// Reads a p-value; null (read as 1, no evidence) only in a deterministic cell.
double p_from(const results::object_reader& r, std::string_view key, bool deterministic) {
  const double p = deterministic ? r.optional_number(key).value_or(1) : r.number(key);
  if (p < 0 || p > 1) r.fail(key, "a p-value from 0 to 1");
  return p;
}

results::json to_json(const welch_outcome& w, bool deterministic) {
  return {{"t", results::optional_to_json(w.t)},
          {"p", p_to_json(w.p, deterministic)},
          {"p_adjusted", p_to_json(w.p_adjusted, deterministic)},
          {"status", std::string(stats::to_string(w.status))}};
}

welch_outcome welch_from(const results::object_reader& r, bool deterministic) {
  welch_outcome w;
  w.t = r.optional_number("t");
  w.p = p_from(r, "p", deterministic);
  w.p_adjusted = p_from(r, "p_adjusted", deterministic);
  const auto status = stats::parse_welch_status(r.string("status"));
  if (!status) r.fail("status", "\"ok\", \"too_few_samples\" or \"no_variance\"");
  w.status = *status;
  return w;
}

results::json to_json(const u_outcome& u, bool deterministic) {
  return {{"u1", u.u1},
          {"p", p_to_json(u.p, deterministic)},
          {"p_adjusted", p_to_json(u.p_adjusted, deterministic)},
          {"method", std::string(stats::to_string(u.method))},
          {"all_values_equal", u.all_values_equal},
          {"reliable", u.reliable}};
}

u_outcome u_from(const results::object_reader& r, bool deterministic) {
  u_outcome u;
  u.u1 = r.number("u1");
  u.p = p_from(r, "p", deterministic);
  u.p_adjusted = p_from(r, "p_adjusted", deterministic);
  const auto method = stats::parse_u_method(r.string("method"));
  if (!method) r.fail("method", "\"exact\", \"asymptotic\" or \"none\"");
  u.method = *method;
  u.all_values_equal = r.boolean("all_values_equal");
  u.reliable = r.boolean("reliable");
  return u;
}

results::json to_json(const cell_diff& c) {
  results::json params = results::json::object();
  for (const auto& [axis, value] : c.params) params[axis] = value;
  results::json change;
  change["mean"] = to_json(c.mean_change);
  change["median"] = to_json(c.median_change);
  change["throughput"] = c.throughput_change ? to_json(*c.throughput_change) : results::json(nullptr);
  return {{"name", c.name},
          {"case", c.case_name},
          {"params", params},
          {"work_per_iteration",
           {{"unit", std::string(benchgate::to_string(c.work.unit))}, {"amount", c.work.amount}}},
          {"old", to_json(c.old_side)},
          {"new", to_json(c.new_side)},
          {"change", change},
          {"welch", to_json(c.welch, c.deterministic)},
          {"mann_whitney", to_json(c.mann_whitney, c.deterministic)},
          {"p_value", p_to_json(c.p_value, c.deterministic)},
          {"deterministic", c.deterministic},
          {"verdict", std::string(stats::to_string(c.verdict))},
          {"warnings", c.warnings}};
}

cell_diff cell_from(const results::object_reader& r) {
  cell_diff c;
  c.name = r.name("name");
  c.case_name = r.string("case");
  const auto params = r.object("params");
  for (const auto& [axis, value] : params.raw().items()) c.params.emplace_back(axis, params.string(axis));
  const auto work = r.object("work_per_iteration");
  const auto unit = benchgate::parse_work_unit(work.string("unit"));
  if (!unit) work.fail("unit", "\"bytes\", \"items\" or \"none\"");
  c.work = {*unit, work.number("amount")};
  c.old_side = side_from(r.object("old"));
  c.new_side = side_from(r.object("new"));
  const auto change = r.object("change");
  c.mean_change = interval_from(change.object("mean"));
  c.median_change = interval_from(change.object("median"));
  if (change.has("throughput") && !change.raw()["throughput"].is_null()) {
    c.throughput_change = interval_from(change.object("throughput"));
  }
  c.deterministic = r.optional_boolean("deterministic").value_or(false);
  c.welch = welch_from(r.object("welch"), c.deterministic);
  c.mann_whitney = u_from(r.object("mann_whitney"), c.deterministic);
  c.p_value = p_from(r, "p_value", c.deterministic);
  const auto verdict = stats::parse_verdict(r.string("verdict"));
  if (!verdict) r.fail("verdict", "\"no_change\", \"improved\", \"regressed\" or \"within_noise\"");
  c.verdict = *verdict;
  c.warnings = r.strings("warnings");
  return c;
}

results::json to_json(const comparison_settings& s, const diff& d) {
  results::json roles = results::json::array();
  for (const auto role : d.new_roles) roles.push_back(std::string(benchgate::to_string(role)));
  return {{"metric", to_string(s.metric)},
          {"better", std::string(to_string(s.direction))},
          {"test", std::string(to_string(s.test))},
          {"alpha", s.alpha},
          {"noise_threshold", s.noise_threshold},
          {"confidence", s.confidence},
          {"resamples", s.resamples},
          {"correction", std::string(stats::to_string(s.correction))},
          {"seed", s.seed},
          {"paired", s.paired},
          {"clustered", s.clustered},
          {"base_role",
           d.base_role ? results::json(std::string(benchgate::to_string(*d.base_role))) : results::json(nullptr)},
          {"new_roles", roles}};
}

// Fills d.config, d.base_role and d.new_roles.
void settings_into(const results::object_reader& r, diff& d) {
  auto& s = d.config;
  const auto metric = parse_time_metric(r.string("metric"));
  if (!metric) r.fail("metric", "\"real_time\", \"cpu_time\", \"instructions\" or a counter's name");
  s.metric = *metric;
  // Diffs written before directions were recorded compared lower-is-better metrics.
  if (const auto direction = r.optional_string("better")) {
    const auto parsed = results::parse_better(*direction);
    if (!parsed) r.fail("better", "\"lower\" or \"higher\"");
    s.direction = *parsed;
  }
  const auto test = parse_significance_test(r.string("test"));
  if (!test) r.fail("test", "\"welch\" or \"mann_whitney\"");
  s.test = *test;
  s.alpha = level_from(r, "alpha");
  s.noise_threshold = r.number("noise_threshold");
  if (s.noise_threshold < 0) r.fail("noise_threshold", "a fraction >= 0");
  s.confidence = level_from(r, "confidence");
  s.resamples = count_from(r, "resamples");
  const auto correction = stats::parse_correction(r.string("correction"));
  if (!correction) r.fail("correction", "\"none\", \"holm\" or \"bh\"");
  s.correction = *correction;
  s.seed = r.unsigned_integer("seed");
  // Diffs written before pairing was recorded compared unpaired.
  s.paired = r.has("paired") && r.boolean("paired");
  s.clustered = r.has("clustered") && r.boolean("clustered");
  if (const auto base = r.optional_string("base_role")) {
    d.base_role = benchgate::parse_variant_role(*base);
    if (!d.base_role) r.fail("base_role", "\"baseline\", \"core\", \"peer\" or null");
  }
  for (const auto& role : r.strings("new_roles")) {
    const auto parsed = benchgate::parse_variant_role(role);
    if (!parsed) r.fail("new_roles", "an array of \"baseline\", \"core\" or \"peer\"");
    d.new_roles.push_back(*parsed);
  }
}

results::json to_json(const diff_source& s) {
  return {{"path", s.path},
          {"format", s.format},
          {"baseline", results::optional_to_json(s.baseline)},
          {"environment", environment_to_json(s.env)},
          {"run_settings", s.run_settings ? settings_to_json(*s.run_settings) : results::json(nullptr)}};
}

diff_source source_from(const results::object_reader& r) {
  diff_source s;
  s.path = r.string("path");
  s.format = r.string("format");
  s.baseline = r.optional_string("baseline");
  s.env = results::environment_from_json(r.object("environment"));
  if (r.has("run_settings") && !r.raw()["run_settings"].is_null()) {
    s.run_settings = results::settings_from_json(r.object("run_settings"));
  }
  return s;
}

results::json to_json(const diff_summary& s) {
  return {{"compared", s.compared},         {"improved", s.improved},
          {"regressed", s.regressed},       {"within_noise", s.within_noise},
          {"no_change", s.no_change},       {"geomean_change", results::optional_to_json(s.geomean_change)},
          {"geomean_left_out", s.geomean_left_out}};
}

diff_summary summary_from(const results::object_reader& r) {
  return {count_from(r, "compared"),
          count_from(r, "improved"),
          count_from(r, "regressed"),
          count_from(r, "within_noise"),
          count_from(r, "no_change"),
          r.optional_number("geomean_change"),
          r.has("geomean_left_out") ? count_from(r, "geomean_left_out") : 0};  // absent before it existed
}

// A diff written before "kind" existed says it in the reason only.
skip_kind kind_from_reason(const std::string& reason) {
  if (reason.starts_with("the new side failed")) return skip_kind::new_error;
  if (reason.starts_with("the old side failed")) return skip_kind::old_error;
  if (reason.find("instruction counts") != std::string::npos) return skip_kind::no_counts;
  return skip_kind::no_samples;
}

skipped_cell skipped_from(const results::object_reader& r) {
  skipped_cell s{r.string("name"), r.string("reason")};
  if (const auto kind = r.optional_string("kind")) {
    const auto parsed = parse_skip_kind(*kind);
    if (!parsed) {
      r.fail("kind", "\"new_error\", \"new_skipped\", \"old_error\", \"old_skipped\", \"no_samples\", "
                     "\"too_few_samples\", \"no_counts\" or \"no_metric\"");
    }
    s.kind = *parsed;
  } else {
    s.kind = kind_from_reason(s.reason);
  }
  return s;
}

}  // namespace

std::string diff_to_json_text(const diff& d) {
  results::json j;
  j["schema"] = results::diff_schema;
  j["mode"] = std::string(to_string(d.mode));
  j["settings"] = to_json(d.config, d);
  j["old"] = to_json(d.old_source);
  j["new"] = to_json(d.new_source);
  results::json warnings = results::json::array();
  for (const auto& w : d.warnings) warnings.push_back({{"kind", w.kind}, {"message", w.message}});
  j["warnings"] = warnings;
  j["summary"] = to_json(d.summary);
  results::json cells = results::json::array();
  for (const auto& c : d.cells) cells.push_back(to_json(c));
  j["cells"] = cells;
  j["only_old"] = d.only_old;
  j["only_new"] = d.only_new;
  results::json skipped = results::json::array();
  for (const auto& s : d.not_compared) {
    skipped.push_back({{"name", s.name}, {"reason", s.reason}, {"kind", std::string(to_string(s.kind))}});
  }
  j["not_compared"] = skipped;
  return j.dump(k_json_indent) + "\n";
}

diff parse_diff(std::string_view text, std::string_view source) {
  const auto document = results::parse_json(text, source);
  const results::object_reader root(document, std::string(source), "");
  if (!root.has("schema")) {
    root.fail("schema", std::string("\"") + results::diff_schema + "\" (is this a benchgate diff file?)");
  }
  if (root.string("schema") != results::diff_schema) {
    root.fail("schema", std::string("\"") + results::diff_schema + "\"");
  }
  diff d;
  const auto mode = parse_compare_mode(root.string("mode"));
  if (!mode) root.fail("mode", "\"runs\" or \"variants\"");
  d.mode = *mode;
  settings_into(root.object("settings"), d);
  d.old_source = source_from(root.object("old"));
  d.new_source = source_from(root.object("new"));
  for (const auto& w : root.objects("warnings")) d.warnings.push_back({w.string("kind"), w.string("message")});
  d.summary = summary_from(root.object("summary"));
  d.cells = results::distinct_cells(root, "cells", cell_from);
  d.only_old = root.strings("only_old");
  d.only_new = root.strings("only_new");
  for (const auto& s : root.objects("not_compared")) d.not_compared.push_back(skipped_from(s));
  return d;
}

void save_diff(const diff& d, const std::filesystem::path& path, std::string_view source) {
  files::write_atomically(path, diff_to_json_text(d), source);
}

diff load_diff(const std::filesystem::path& path, std::string_view source) {
  const std::string where = std::string(source) + " " + path.string();
  return parse_diff(files::read_file(path, source), where);
}

}  // namespace benchgate::compare
