#include "harness/cases/http_parse/http_parse_case.hpp"


#include <array>
#include <map>

#include "baselines/http_parse/http_parse.hpp"
#include "benchgate/input_error.hpp"
#include "benchgate/input_file.hpp"
#include "benchgate/registration.hpp"
#include "benchgate/value_checks.hpp"
#include "cores/http_parse/http_parse.hpp"
#include "cores/http_parse/outcome.hpp"
#include "cores/http_parse/test_regression.hpp"
#include "harness/cases/http_parse/word_version_baseline.hpp"
#include "harness/cases/http_parse/workload.hpp"

namespace benchgate::cases {

namespace {

namespace core = cores::http_parse;
using http_parse::workload;

// The header array of every timed parse: 16 slots as in httparse's benches;
// for more headers (the header-count sweep, input files) the next of 32, 64,
// 128, so that zeroing the fresh array stays in proportion to the head.
constexpr std::size_t k_small_capacity = 16;
constexpr std::size_t k_large_capacity = http_parse::k_max_sweep_headers;

std::size_t capacity_for(std::size_t header_count) {
  std::size_t capacity = k_small_capacity;
  while (capacity < header_count && capacity < k_large_capacity) capacity *= 2;
  return capacity;
}
constexpr std::string_view k_auto_impl = "auto";

struct parser_pair {
  core::parse_request_fn* request = nullptr;
  core::parse_response_fn* response = nullptr;
};

std::string variant_name(const core::implementation& impl) { return "core_" + std::string(impl.name); }

// The implementations this CPU can run; the others are not variants.
std::vector<const core::implementation*> runnable_implementations() {
  std::vector<const core::implementation*> out;
  for (const auto& impl : core::all_implementations()) {
    if (core::supports(core::detect_cpu(), impl.id)) out.push_back(&impl);
  }
  return out;
}

// The timed body: one full parse into a fresh header array per iteration,
// checked against the expected head size and header count. The array is
// declared without an initializer: `header` is trivially default-constructible,
// so (as with a C struct array) nothing is spent clearing slots the parse
// overwrites, for the baseline and the cores alike.
template <std::size_t Capacity>
benchgate::bench_body make_body(std::shared_ptr<const workload> input, parser_pair parser, core::parse_result expected) {
  return [input = std::move(input), parser, expected](benchgate::state& state) {
    const std::string_view bytes = input->bytes;
    const std::size_t expected_headers = input->header_count;
    bool all_right = true;
    if (input->kind == core::head_kind::request) {
      state.loop([&] {
        std::array<core::header, Capacity> headers;
        core::request_head head;
        const auto result = parser.request(bytes, head, headers);
        all_right &= result == expected && head.header_count == expected_headers;
        benchgate::do_not_optimize(result);
      });
    } else {
      state.loop([&] {
        std::array<core::header, Capacity> headers;
        core::response_head head;
        const auto result = parser.response(bytes, head, headers);
        all_right &= result == expected && head.header_count == expected_headers;
        benchgate::do_not_optimize(result);
      });
    }
    if (!all_right) state.fail("result incorrect: not complete with the expected size and header count");
  };
}

// The body with a fresh array of `capacity` slots (a value of capacity_for).
static_assert(8 * k_small_capacity == k_large_capacity, "capacity_for doubles 16 three times to reach 128");
benchgate::bench_body body_for(std::size_t capacity, const std::shared_ptr<const workload>& input, parser_pair parser,
                           core::parse_result expected) {
  switch (capacity) {
    case k_small_capacity: return make_body<k_small_capacity>(input, parser, expected);
    case 2 * k_small_capacity: return make_body<2 * k_small_capacity>(input, parser, expected);
    case 4 * k_small_capacity: return make_body<4 * k_small_capacity>(input, parser, expected);
    default: return make_body<k_large_capacity>(input, parser, expected);
  }
}

class http_parse_case final : public benchgate::benchmark_case {
 public:
  http_parse_case() {
    description_ =
        "parse an HTTP/1.x request or response head: byte-at-a-time cursor vs 8-byte version compare and "
        "SWAR/SSE4.2/AVX2 scanning (httparse PR \"cleanup: remove Bytes8 abstraction\" and follow-ups)";
    std::string omitted;
    for (const auto& impl : core::all_implementations()) {
      if (!core::supports(core::detect_cpu(), impl.id)) omitted += (omitted.empty() ? "" : ", ") + variant_name(impl);
    }
    if (!omitted.empty()) description_ += "; omitted, this CPU cannot run them: " + omitted;
  }

  std::string_view name() const override { return "http_parse"; }
  std::string_view description() const override { return description_; }
  bool takes_input_files() const override { return true; }

  std::vector<benchgate::variant_info> variants() const override {
    std::vector<benchgate::variant_info> out = {
        {"baseline", benchgate::variant_role::baseline,
         "byte at a time through a bounds-checked cursor and 256-entry tables (httparse before the PR)"},
        {"baseline_word_version", benchgate::variant_role::core,
         "the baseline with only the 8-byte word compare of the version (the seed PR alone)"},
        {"core", benchgate::variant_role::core,
         "the core as dispatched (AVX2 -> SSE4.2 -> SWAR, here " + std::string(core::dispatched().name) +
             "; --param impl=NAME or $" + core::k_force_impl_variable + " forces one)"},
    };
    for (const auto* impl : runnable_implementations()) {
      out.push_back({variant_name(*impl), benchgate::variant_role::core, std::string(impl->description)});
    }
    return out;
  }

  std::vector<benchgate::axis_info> axes() const override {
    std::vector<std::string> impls = {std::string(k_auto_impl)};
    for (const auto* impl : runnable_implementations()) impls.emplace_back(impl->name);
    const auto sizes = benchgate::integer_in(1, http_parse::k_max_sweep_bytes);
    return {
        {"workload", "a fixed head: req (~700 B, 9 headers), req_short (~70 B, 2), resp (~700 B, 10), resp_short (~90 B, 2)",
         http_parse::named_workloads(), {}, benchgate::one_of(http_parse::named_workloads())},
        {"uri_bytes", "sweep: request-target length in bytes (a request with one header)",
         {"1", "16", "64", "256", "1024", "4096"}, {"16", "1024"}, sizes},
        {"value_bytes", "sweep: length in bytes of one header value (a request with two headers)",
         {"1", "16", "64", "256", "1024", "4096"}, {"16", "1024"}, sizes},
        {"headers", "sweep: header count (16-byte values; a header array of 16, 32, 64 or 128 slots)",
         {"1", "4", "16", "64", "128"}, {"4", "64"}, benchgate::integer_in(1, http_parse::k_max_sweep_headers)},
        {"impl", "the implementation the core variant runs (auto: the dispatched one; this CPU's choices only)",
         {std::string(k_auto_impl)}, {}, benchgate::one_of(impls)},
    };
  }

  // Not a product: each workload, then each value of each sweep on its own,
  // then one point per input file; all of it once per chosen impl (named in
  // the point only when not auto).
  std::vector<benchgate::param_point> points(const std::vector<benchgate::axis_values>& chosen,
                                         const std::vector<std::filesystem::path>& input_files) const override {
    std::vector<std::vector<std::pair<std::string, std::string>>> base;
    std::vector<std::string> impls = {std::string(k_auto_impl)};
    for (const auto& axis : chosen) {
      if (axis.axis == "impl") {
        impls = axis.values;
        continue;
      }
      for (const auto& value : axis.values) base.push_back({{axis.axis, value}});
    }
    for (const auto& path : input_files) base.push_back({{"input", remember_input(path)}});
    std::vector<benchgate::param_point> out;
    for (const auto& impl : impls) {
      for (auto values : base) {
        if (impl != k_auto_impl) values.emplace_back("impl", impl);
        out.emplace_back(std::move(values));
      }
    }
    return out;
  }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    benchgate::prepared_point prepared;
    auto input = std::make_shared<workload>();
    if (const auto error = build_workload(point, *input); !error.empty()) {
      prepared.error = error;
      return prepared;
    }
    const std::size_t capacity = capacity_for(input->header_count);
    const auto expected = core::record(input->kind, &baselines::http_parse::parse_request,
                                       &baselines::http_parse::parse_response, input->bytes, capacity);
    prepared.work = {benchgate::work_unit::bytes, static_cast<double>(expected.result.head_bytes)};
    prepared.figures = {{"head_bytes", static_cast<double>(expected.result.head_bytes), "B"},
                        {"headers", static_cast<double>(expected.header_count), "headers"}};
    if (expected.result.status != core::parse_status::complete || expected.header_count != input->header_count) {
      prepared.error = "the workload is not a complete head with " + std::to_string(input->header_count) +
                       " headers: the baseline finds " + core::describe(expected);
      return prepared;
    }
    std::shared_ptr<const workload> shared = input;
    for (const auto& [variant, parser] : parsers_for(point)) {
      const auto got = core::record(input->kind, parser.request, parser.response, input->bytes, capacity);
      if (got != expected) {
        prepared.error = "variants disagree: " + variant + " finds " + core::describe(got) + ", baseline " +
                         core::describe(expected) + (got.result == expected.result ? " (views differ)" : "");
        prepared.benches.clear();
        return prepared;
      }
      prepared.benches.push_back({variant, body_for(capacity, shared, parser, expected.result), {}});
    }
    return prepared;
  }

 private:
  std::string description_;
  // Input files by point value, read by points() for prepare(): the cell
  // name holds the file name, not the path, so that results from machines
  // with the data in different folders still pair up.
  mutable std::map<std::string, std::string> inputs_;

  std::string remember_input(const std::filesystem::path& path) const {
    std::string content = benchgate::read_input_file(path, "--input");
    // Refuse a file that is no complete head now (exit 2), not as a failed cell.
    workload checked;
    if (const auto error = from_file(path.string(), content, checked); !error.empty()) {
      throw benchgate::input_error(error);
    }
    std::string name = path.filename().string();
    for (int n = 2; inputs_.contains(name) && inputs_.at(name) != content; ++n) {
      name = path.filename().string() + "~" + std::to_string(n);
    }
    inputs_[name] = std::move(content);
    return name;
  }

  // Fills `out` for the point; returns an error message, or "" when built.
  std::string build_workload(const benchgate::param_point& point, workload& out) const {
    const auto size_of = [&](const char* axis) {
      return static_cast<std::size_t>(point.integer(axis));
    };
    if (const auto* name = point.find("workload")) {
      out = http_parse::named_workload(*name);
    } else if (point.find("uri_bytes") != nullptr) {
      out = http_parse::uri_sweep(size_of("uri_bytes"));
    } else if (point.find("value_bytes") != nullptr) {
      out = http_parse::value_sweep(size_of("value_bytes"));
    } else if (point.find("headers") != nullptr) {
      out = http_parse::header_sweep(size_of("headers"));
    } else if (const auto* file = point.find("input")) {
      const auto found = inputs_.find(*file);
      if (found == inputs_.end()) return "input " + *file + ": not read by points()";
      return from_file(*file, found->second, out);
    } else {
      return "the point names no workload, sweep or input";
    }
    return "";
  }

  // An input file's head: its kind from its first line, its header count
  // from the baseline (which must find a complete head).
  static std::string from_file(const std::string& name, const std::string& content, workload& out) {
    out.bytes = content;
    out.kind = core::guess_kind(content);
    const auto found = core::record(out.kind, &baselines::http_parse::parse_request,
                                    &baselines::http_parse::parse_response, content, k_large_capacity);
    if (found.result.status != core::parse_status::complete) {
      return "--input " + name + ": the baseline finds " + core::describe(found) + "; expected a complete HTTP/1.x " +
             (out.kind == core::head_kind::request ? "request" : "response") + " head with at most " +
             std::to_string(k_large_capacity) + " headers";
    }
    out.header_count = found.header_count;
    return "";
  }

  // Every variant's parser at this point, in variants() order.
  static std::vector<std::pair<std::string, parser_pair>> parsers_for(const benchgate::param_point& point) {
    const auto* impl_name = point.find("impl");
    const auto forced = impl_name != nullptr ? core::parse_impl_name(*impl_name) : std::nullopt;
    // Unforced, the core variant calls the public entry points, dispatch
    // included (in the test-only regressed build, with one allocation more:
    // cores/http_parse/test_regression.hpp).
    const parser_pair entry_points = core::k_test_allocate_per_parse
                                         ? parser_pair{&core::parse_request_with_test_allocation,
                                                       &core::parse_response_with_test_allocation}
                                         : parser_pair{&core::parse_request, &core::parse_response};
    const parser_pair core_parser = forced ? parser_pair{core::get_implementation(*forced).parse_request,
                                                         core::get_implementation(*forced).parse_response}
                                           : entry_points;
    std::vector<std::pair<std::string, parser_pair>> out = {
        {"baseline", {&baselines::http_parse::parse_request, &baselines::http_parse::parse_response}},
        {"baseline_word_version", {&http_parse::parse_request_word_version, &http_parse::parse_response_word_version}},
        {"core", core_parser},
    };
    for (const auto* impl : runnable_implementations()) {
      out.push_back({variant_name(*impl), {impl->parse_request, impl->parse_response}});
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<benchgate::benchmark_case> make_http_parse_case() { return std::make_unique<http_parse_case>(); }

BENCHGATE_CASE(make_http_parse_case);

}  // namespace benchgate::cases
