#pragma once
// The generated workloads of the clvm_backrefs case (harness/cases/clvm_backrefs/SPEC.md,
// "Benchmark"): block-like generators and a deep chain, built from a fixed
// seed so every run and every machine times the same trees.
//
// A block generator is (q . ((spend ...))) like Chia's mainnet generators:
// each spend is (parent_id puzzle amount solution). Puzzles are drawn from
// a dozen modules with a skewed popularity and curried with a public key
// from a pool (keys repeat), wrapper modules curry a whole inner puzzle
// (repeated sub-trees), and solutions carry conditions with puzzle hashes
// from a pool. The module sizes and weights follow mainnet generators 0 and
// 1 (one 227-byte module in half of the spends; others 19 to 1672 bytes).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::cases::clvm_backrefs {

inline constexpr std::uint64_t k_workload_seed = 0xc1a0'2024'b10c'0001ULL;

struct generated_workload {
  std::string name;                   // the `input` axis value
  std::string description;            // for the axis help
  std::vector<std::uint8_t> plain;    // plain serialization (no back references)
};

// The names of the generated workloads: block_10k, block_250k, block_1m,
// deep_chain.
std::vector<std::string> generated_workload_names();

// The workload called `name`, or nullopt when no workload has that name.
std::optional<generated_workload> make_generated_workload(std::string_view name);

// A block generator of at least `target_plain_bytes` bytes of plain
// serialization (spends are added until it is reached).
std::vector<std::uint8_t> block_generator_plain(std::size_t target_plain_bytes, std::uint64_t seed);

// A left-deep chain of `depth` pairs like mainnet's 2.generator:
// (4 . (((... (0xcb . 7) ...) . ()) . ())), nothing repeated but nil.
// Precondition: depth >= 1 (the innermost pair is (0xcb . 7)).
std::vector<std::uint8_t> deep_chain_plain(std::size_t depth);

}  // namespace benchgate::cases::clvm_backrefs
