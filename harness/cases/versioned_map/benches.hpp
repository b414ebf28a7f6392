#pragma once
// The prepared points of the case's three workloads: each builds its state,
// checks that the four variants agree on it, measures the memory figures,
// and returns one timed body per variant.

#include <array>
#include <cstddef>
#include <string_view>

#include "cores/versioned_map/version.hpp"
#include "benchgate/case.hpp"

namespace benchgate::cases::versioned_map {

// The phases (timed operation kinds) of each workload.
struct workload_phases {
  std::string_view workload;
  std::array<std::string_view, 4> phases;  // unused slots are empty
};
inline constexpr std::array<workload_phases, 3> k_workloads = {{
    {"extreme", {"mutate", "read_latest", "read_retained", ""}},
    {"window", {"update", "find", "lower_bound", "scan"}},
    {"roots", {"push_pop", "get_root", "", ""}},
}};

// Range reads per timed iteration of the extreme workload's read phases, at
// most: about 0.1 s at retained versions, so a sample is one or two
// iterations. Smaller histories get one read per version.
inline constexpr std::size_t k_max_extreme_reads_per_iteration = std::size_t{1} << 15;
// Container operations per timed iteration of the roots workload.
inline constexpr std::size_t k_roots_ops_per_iteration = std::size_t{1} << 16;

// Precondition for all three: the phase belongs to the workload.
benchgate::prepared_point prepare_extreme(std::string_view phase, std::size_t versions);
benchgate::prepared_point prepare_window(std::string_view phase, cores::versioned_map::version window);
benchgate::prepared_point prepare_roots(std::string_view phase, std::size_t versions,
                                    cores::versioned_map::version window);

}  // namespace benchgate::cases::versioned_map
