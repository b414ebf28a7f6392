#include "harness/compare/diff_model.hpp"

namespace benchgate::compare {

namespace {

// The value of `all` whose name is `text`.
template <class Enum, std::size_t N>
std::optional<Enum> parse_named(std::string_view text, const Enum (&all)[N]) {
  for (const auto value : all) {
    if (to_string(value) == text) return value;
  }
  return std::nullopt;
}

constexpr compare_mode k_modes[] = {compare_mode::runs, compare_mode::variants};
constexpr significance_test k_tests[] = {significance_test::welch, significance_test::mann_whitney};
constexpr skip_kind k_skip_kinds[] = {skip_kind::new_error,  skip_kind::new_skipped,     skip_kind::old_error,
                                      skip_kind::old_skipped, skip_kind::no_samples, skip_kind::too_few_samples,
                                      skip_kind::no_counts, skip_kind::no_metric};

}  // namespace

std::string_view to_string(compare_mode mode) {
  return mode == compare_mode::variants ? "variants" : "runs";
}

std::string to_string(const time_metric& metric) {
  switch (metric.of) {
    case time_metric::kind::cpu:
      return "cpu_time";
    case time_metric::kind::instructions:
      return "instructions";
    case time_metric::kind::counter:
      return metric.counter;
    case time_metric::kind::real:
      break;
  }
  return "real_time";
}

std::string_view to_string(significance_test test) {
  return test == significance_test::mann_whitney ? "mann_whitney" : "welch";
}

std::optional<compare_mode> parse_compare_mode(std::string_view text) { return parse_named(text, k_modes); }

std::optional<time_metric> parse_time_metric(std::string_view text) {
  if (text == k_deprecated_real_time_spelling || text == "real_time") return time_metric::real;
  if (text == "cpu_time") return time_metric::cpu;
  if (text == "instructions") return time_metric::instructions;
  if (!results::is_metric_name(text)) return std::nullopt;
  return time_metric::counter_named(std::string(text));
}

std::string_view to_string(skip_kind kind) {
  switch (kind) {
    case skip_kind::new_error: return "new_error";
    case skip_kind::new_skipped: return "new_skipped";
    case skip_kind::old_error: return "old_error";
    case skip_kind::old_skipped: return "old_skipped";
    case skip_kind::no_samples: return "no_samples";
    case skip_kind::too_few_samples: return "too_few_samples";
    case skip_kind::no_counts: return "no_counts";
    case skip_kind::no_metric: return "no_metric";
  }
  return "no_samples";
}

std::optional<skip_kind> parse_skip_kind(std::string_view text) { return parse_named(text, k_skip_kinds); }

std::optional<significance_test> parse_significance_test(std::string_view text) {
  return parse_named(text, k_tests);
}

}  // namespace benchgate::compare
