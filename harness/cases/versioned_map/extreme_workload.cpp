#include "harness/cases/versioned_map/extreme_workload.hpp"

#include <set>
#include <string>
#include <utility>

#include "benchgate/rng.hpp"

namespace benchgate::cases::versioned_map {

namespace {

// Key and value shapes of the spec: a length floor(u^3 * limit) (skewed to
// short: ~45 % of keys are empty) over a run of consecutive letters.
constexpr double k_key_length_scale = 11;
constexpr char k_key_first_letter = 'a';
constexpr int k_key_letters = 12;  // 'a'..'l'
constexpr double k_value_length_scale = 5;
constexpr char k_value_first_letter = 'o';
constexpr int k_value_letters = 11;  // 'o'..'y'

// Clear ends (spec): end = keyAfter(start) with this probability, else a
// random key; then each end is replaced by the next larger key ever set with
// k_next_set_key_probability.
constexpr double k_key_after_probability = 0.01;
constexpr double k_next_set_key_probability = 0.1;

short_key random_text(benchgate::splitmix64& rng, double length_scale, char first_letter, int letters) {
  const double u = rng.uniform01();
  const auto length = static_cast<std::size_t>(u * u * u * length_scale);
  std::string text(length, first_letter);
  for (auto& ch : text) ch = static_cast<char>(first_letter + static_cast<int>(rng.below(letters)));
  return short_key(text);
}

short_key random_key(benchgate::splitmix64& rng) {
  return random_text(rng, k_key_length_scale, k_key_first_letter, k_key_letters);
}

// The smallest key ever set that is greater than `key`, or `key` itself.
short_key next_set_key(const std::set<short_key>& ever_set, const short_key& key) {
  const auto it = ever_set.upper_bound(key);
  return it == ever_set.end() ? key : *it;
}

}  // namespace

std::vector<mutation> make_mutations(std::size_t count, std::uint64_t seed) {
  benchgate::splitmix64 rng(seed);
  std::set<short_key> ever_set;
  std::vector<mutation> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (i % k_clear_period != k_clear_period - 1) {
      mutation m{false, random_key(rng),
                 random_text(rng, k_value_length_scale, k_value_first_letter, k_value_letters)};
      ever_set.insert(m.first);
      out.push_back(m);
      continue;
    }
    short_key begin = random_key(rng);
    short_key end = rng.uniform01() < k_key_after_probability ? begin.after() : random_key(rng);
    if (rng.uniform01() < k_next_set_key_probability) begin = next_set_key(ever_set, begin);
    if (rng.uniform01() < k_next_set_key_probability) end = next_set_key(ever_set, end);
    if (end < begin) std::swap(begin, end);
    if (begin == end) end = begin.after();
    out.push_back({true, begin, end});
  }
  return out;
}

std::vector<range_read> make_range_reads(std::size_t count, std::uint64_t seed) {
  benchgate::splitmix64 rng(seed);
  std::vector<range_read> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    short_key begin = random_key(rng);
    short_key end = random_key(rng);
    if (end < begin) std::swap(begin, end);
    if (begin == end) end = begin.after();
    out.push_back({begin, end});
  }
  return out;
}

std::vector<version> make_read_versions(std::size_t count, version oldest, version latest,
                                        std::uint64_t seed) {
  benchgate::splitmix64 rng(seed);
  const auto span = static_cast<std::uint64_t>(latest - oldest) + 1;
  std::vector<version> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(oldest + static_cast<version>(rng.below(span)));
  return out;
}

}  // namespace benchgate::cases::versioned_map
