#include "harness/explain/explain_json.hpp"

#include "harness/formats/json_reader.hpp"
#include "harness/support/files/file_io.hpp"

namespace benchgate::explain {

namespace {

constexpr int k_json_indent = 2;

results::json side_json(const explained_side& s) {
  return {{"binary", s.binary},
          {"iterations", s.iterations},
          {"instructions_per_iteration", s.total},
          {"functions_sum_per_iteration", s.functions_sum},
          {"measured_per_iteration", results::or_null(s.measured)},
          {"has_symbols", s.has_symbols},
          {"has_line_info", s.has_line_info}};
}

struct costs {
  double old_value = 0;
  double new_value = 0;
};

results::json costs_json(double old_value, double new_value) {
  return {{"old", old_value}, {"new", new_value}, {"change", new_value - old_value}};
}

}  // namespace

std::string_view to_string(explain_assessment a) {
  switch (a) {
    case explain_assessment::code_change: return "code_change";
    case explain_assessment::layout_or_memory: return "layout_or_memory";
    case explain_assessment::memory_effect: return "memory_effect";
    case explain_assessment::layout_effect: return "layout_effect";
    case explain_assessment::no_change: return "no_change";
  }
  return "no_change";
}

namespace {

results::json cache_costs_json(const cache_totals& o, const cache_totals& n) {
  return {{"l1_hits", costs_json(o.l1_hits, n.l1_hits)},
          {"ll_hits", costs_json(o.ll_hits, n.ll_hits)},
          {"ram_accesses", costs_json(o.ram_accesses, n.ram_accesses)},
          {"l1_misses", costs_json(o.l1_misses, n.l1_misses)},
          {"estimated_cycles", costs_json(o.estimated_cycles, n.estimated_cycles)}};
}

results::json cache_json(const std::optional<explained_cache>& c) {
  if (!c) return nullptr;
  results::json functions = results::json::array();
  for (const auto& f : c->functions) {
    auto row = cache_costs_json(f.old_costs, f.new_costs);
    row["name"] = f.name;
    functions.push_back(row);
  }
  return {{"model", c->model}, {"totals", cache_costs_json(c->old_totals, c->new_totals)}, {"functions", functions}};
}

results::json explanation_json(const explanation& e) {
  results::json functions = results::json::array();
  for (const auto& f : e.functions) {
    functions.push_back({{"name", f.name},
                         {"self", costs_json(f.old_self, f.new_self)},
                         {"inclusive", costs_json(f.old_inclusive, f.new_inclusive)}});
  }
  results::json lines = results::json::array();
  for (const auto& l : e.lines) {
    lines.push_back({{"function", l.function}, {"file", l.file}, {"line", l.line}, {"self", costs_json(l.old_self, l.new_self)}});
  }
  return {{"cell", e.cell},
          {"kind", e.kind},
          {"unit", "instructions per iteration"},
          {"old", side_json(e.old_side)},
          {"new", side_json(e.new_side)},
          {"change", e.new_side.total - e.old_side.total},
          {"time_change_pct", results::or_null(e.time_change_pct)},
          {"assessment", to_string(e.assessment)},
          {"functions", functions},
          {"lines", lines},
          {"notes", e.notes},
          {"flamegraph", results::or_null(e.flamegraph)},
          {"cache", cache_json(e.cache)}};
}

costs costs_of(const results::object_reader& r, std::string_view key) {
  const auto o = r.object(key);
  return {o.number("old"), o.number("new")};
}

explained_side side_of(const results::object_reader& r) {
  explained_side s;
  s.binary = r.string("binary");
  s.iterations = r.integer("iterations");
  s.total = r.number("instructions_per_iteration");
  s.functions_sum = r.number("functions_sum_per_iteration");
  s.measured = r.optional_number("measured_per_iteration");
  s.has_symbols = r.boolean("has_symbols");
  s.has_line_info = r.boolean("has_line_info");
  return s;
}

explain_assessment assessment_of(const results::object_reader& r) {
  const auto text = r.string("assessment");
  for (const auto a : {explain_assessment::code_change, explain_assessment::layout_or_memory,
                       explain_assessment::memory_effect, explain_assessment::layout_effect,
                       explain_assessment::no_change}) {
    if (text == to_string(a)) return a;
  }
  r.fail("assessment", "code_change, layout_or_memory, memory_effect, layout_effect or no_change");
}

cache_totals cache_side_of(const results::object_reader& r, double costs::*side) {
  cache_totals t;
  t.l1_hits = costs_of(r, "l1_hits").*side;
  t.ll_hits = costs_of(r, "ll_hits").*side;
  t.ram_accesses = costs_of(r, "ram_accesses").*side;
  t.l1_misses = costs_of(r, "l1_misses").*side;
  t.estimated_cycles = costs_of(r, "estimated_cycles").*side;
  return t;
}

// The cache part cache_json writes: null without --cache-sim.
std::optional<explained_cache> cache_of(const results::object_reader& r) {
  if (!r.has("cache") || r.raw().at("cache").is_null()) return std::nullopt;
  const auto c = r.object("cache");
  explained_cache out;
  out.model = c.string("model");
  const auto totals = c.object("totals");
  out.old_totals = cache_side_of(totals, &costs::old_value);
  out.new_totals = cache_side_of(totals, &costs::new_value);
  for (const auto& f : c.objects("functions")) {
    out.functions.push_back({f.string("name"), cache_side_of(f, &costs::old_value), cache_side_of(f, &costs::new_value)});
  }
  return out;
}

explanation explanation_of(const results::object_reader& r) {
  explanation e;
  e.cell = r.string("cell");
  e.kind = r.string("kind");
  e.old_side = side_of(r.object("old"));
  e.new_side = side_of(r.object("new"));
  e.time_change_pct = r.optional_number("time_change_pct");
  e.assessment = assessment_of(r);
  for (const auto& f : r.objects("functions")) {
    const auto self = costs_of(f, "self");
    const auto inclusive = costs_of(f, "inclusive");
    e.functions.push_back({f.string("name"), self.old_value, self.new_value, inclusive.old_value, inclusive.new_value});
  }
  for (const auto& l : r.objects("lines")) {
    const auto self = costs_of(l, "self");
    e.lines.push_back({l.string("function"), l.string("file"), l.integer("line"), self.old_value, self.new_value});
  }
  e.notes = r.strings("notes");
  // Written since the flame graphs came; older documents lack it.
  if (r.has("flamegraph")) e.flamegraph = r.optional_string("flamegraph");
  // Written since --cache-sim came; older documents lack it.
  e.cache = cache_of(r);
  return e;
}

}  // namespace

std::string explain_document_to_json_text(const explain_document& d) {
  results::json explanations = results::json::array();
  for (const auto& e : d.explanations) explanations.push_back(explanation_json(e));
  const results::json doc = {
      {"schema", explain_schema}, {"explanations", explanations}, {"not_explained", d.not_explained}};
  return doc.dump(k_json_indent) + "\n";
}

void save_explain_document(const explain_document& d, const std::filesystem::path& path, std::string_view source) {
  files::write_atomically(path, explain_document_to_json_text(d), source);
}

explain_document load_explain_document(const std::filesystem::path& path, std::string_view source) {
  const std::string where = std::string(source) + " " + path.string();
  const auto document = results::parse_json(files::read_file(path, where), where);
  const results::object_reader root(document, where, "");
  if (!root.has("schema") || root.string("schema") != explain_schema) {
    root.fail("schema", "\"" + std::string(explain_schema) + "\" (written by 'benchgate explain --json')");
  }
  explain_document d;
  for (const auto& e : root.objects("explanations")) d.explanations.push_back(explanation_of(e));
  d.not_explained = root.strings("not_explained");
  return d;
}

}  // namespace benchgate::explain
