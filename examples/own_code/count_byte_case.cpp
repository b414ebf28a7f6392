// The benchmark case: the four ways to count a byte, over buffer sizes and
// match densities. This file and count_byte.* are all a user writes; the
// driver (list, run, compare, gate, ...) comes from benchgate::main.

#include <benchgate/case.hpp>
#include <benchgate/registration.hpp>
#include <benchgate/rng.hpp>
#include <benchgate/value_checks.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "count_byte.hpp"

namespace {

using count_fn = std::size_t (*)(const std::uint8_t*, std::size_t, std::uint8_t);

struct counter {
  const char* variant;
  count_fn count;
};

// In variants() order.
const std::vector<counter>& counters() {
  static const std::vector<counter> all = {
      {"baseline", own_code::count_bytewise},
      {"swar", own_code::count_swar},
#if defined(__SSE2__) && defined(__x86_64__)
      {"sse2", own_code::count_sse2},
#endif
      {"std_count", own_code::count_std},
  };
  return all;
}

constexpr std::uint8_t k_needle = 'x';
constexpr std::uint64_t k_seed = 0x636f756e74627974ULL;  // "countbyt"
constexpr std::int64_t k_max_size_bytes = std::int64_t{1} << 28;

// `size` bytes, each equal to the needle with probability `density`, else a
// random other byte (fixed seed: the same buffer in every run).
std::vector<std::uint8_t> make_buffer(std::size_t size, double density) {
  benchgate::splitmix64 rng(k_seed);
  std::vector<std::uint8_t> buffer(size);
  for (auto& byte : buffer) {
    if (rng.uniform01() < density) {
      byte = k_needle;
    } else {
      const auto other = static_cast<std::uint8_t>(rng.below(255));  // 0..254, skipping the needle
      byte = other >= k_needle ? static_cast<std::uint8_t>(other + 1) : other;
    }
  }
  return buffer;
}

class count_byte_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return "count_byte"; }
  std::string_view description() const override {
    return "count the bytes of a buffer equal to 'x': a byte loop, 64-bit SWAR, SSE2, std::count";
  }

  std::vector<benchgate::variant_info> variants() const override {
    using benchgate::variant_role;
    std::vector<benchgate::variant_info> out = {
        {"baseline", variant_role::baseline, "one byte per step (not vectorized)"},
        {"swar", variant_role::core, "eight bytes per step in a 64-bit word, exact zero-byte test, flags summed in byte lanes"},
    };
#if defined(__SSE2__) && defined(__x86_64__)
    out.push_back({"sse2", variant_role::core, "sixteen bytes per step, pcmpeqb, lanes summed with psadbw"});
#endif
    out.push_back({"std_count", variant_role::peer, "std::count"});
    return out;
  }

  std::vector<benchgate::axis_info> axes() const override {
    return {
        {"size", "buffer size in bytes", {"64", "4096", "1048576"}, {"64", "4096"},
         benchgate::integer_in(1, k_max_size_bytes)},
        {"density", "fraction of the bytes that equal the needle", {"0", "0.01", "0.5"}, {"0.01", "0.5"},
         benchgate::number_in(0, false, 1, false)},
    };
  }

  // Builds the buffer, counts it with every variant, and times only variants
  // that agree with the baseline; each timed body checks its last count too.
  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    const auto size = static_cast<std::size_t>(point.integer("size"));
    auto buffer = std::make_shared<const std::vector<std::uint8_t>>(make_buffer(size, point.number("density")));

    benchgate::prepared_point prepared;
    prepared.work = {benchgate::work_unit::bytes, static_cast<double>(size)};
    const std::size_t expected = own_code::count_bytewise(buffer->data(), size, k_needle);
    prepared.figures = {{"matches", static_cast<double>(expected), "bytes"}};
    for (const auto& c : counters()) {
      const std::size_t got = c.count(buffer->data(), size, k_needle);
      if (got != expected) {
        prepared.error = std::string("variants disagree: ") + c.variant + " counts " + std::to_string(got) +
                         ", baseline " + std::to_string(expected);
        return prepared;
      }
      const count_fn count = c.count;
      prepared.benches.push_back({c.variant, [buffer, count, expected](benchgate::state& state) {
                                    std::size_t last = expected;
                                    state.loop([&] {
                                      last = count(buffer->data(), buffer->size(), k_needle);
                                      benchgate::do_not_optimize(last);
                                    });
                                    if (last != expected) state.fail("result incorrect: the count changed");
                                  },
                                  {}});
    }
    return prepared;
  }
};

std::unique_ptr<benchgate::benchmark_case> make_count_byte_case() { return std::make_unique<count_byte_case>(); }

}  // namespace

BENCHGATE_CASE(make_count_byte_case);
