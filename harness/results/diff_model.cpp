#include "harness/results/diff_model.hpp"

namespace benchgate::results {

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
constexpr time_metric k_metrics[] = {time_metric::real, time_metric::cpu, time_metric::instructions};
constexpr significance_test k_tests[] = {significance_test::welch, significance_test::mann_whitney};
constexpr skip_kind k_skip_kinds[] = {skip_kind::new_error,  skip_kind::new_skipped,     skip_kind::old_error,
                                      skip_kind::old_skipped, skip_kind::no_samples, skip_kind::too_few_samples,
                                      skip_kind::no_counts};

}  // namespace

std::string_view to_string(compare_mode mode) {
  return mode == compare_mode::variants ? "variants" : "runs";
}

std::string_view to_string(time_metric metric) {
  switch (metric) {
    case time_metric::cpu:
      return "cpu_time";
    case time_metric::instructions:
      return "instructions";
    case time_metric::real:
      break;
  }
  return "real_time";
}

std::string_view to_string(significance_test test) {
  return test == significance_test::mann_whitney ? "mann_whitney" : "welch";
}

std::optional<compare_mode> parse_compare_mode(std::string_view text) { return parse_named(text, k_modes); }

std::optional<time_metric> parse_time_metric(std::string_view text) {
  if (text == k_deprecated_real_time_spelling) return time_metric::real;
  return parse_named(text, k_metrics);
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
  }
  return "no_samples";
}

std::optional<skip_kind> parse_skip_kind(std::string_view text) { return parse_named(text, k_skip_kinds); }

std::optional<significance_test> parse_significance_test(std::string_view text) {
  return parse_named(text, k_tests);
}

}  // namespace benchgate::results
