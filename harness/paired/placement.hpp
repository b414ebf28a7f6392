#pragma once
// Where each measured process of a paired run starts from (docs/ab.md,
// "Placement"). The pages the kernel gives an executable's file in the page
// cache stay the same for as long as the file is cached, and with them
// whatever they do to the code's speed (one benchmark 11-15 % slower from
// one of two byte-identical files on this host); so does the size of the
// environment, which moves the stack (Mytkowicz et al., ASPLOS 2009). Fixed
// per side, such an effect is a steady offset that the pairs call a change.
// So every process starts from a fresh copy of its executable, made with
// its partner's in a random order, in a folder whose name has a random
// length, with its environment padded by a random number of bytes: what
// the code did not change becomes noise between the processes of one side,
// which the statistics see (Curtsinger and Berger, "Stabilizer", ASPLOS
// 2013). Copies cost a file copy per process (a 5 MB driver about 2 ms).

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "harness/formats/model.hpp"
#include "harness/support/process/termination.hpp"

namespace benchgate::paired {

// Each process's environment gets k_pad_variable set to 0 to this many
// bytes: Mytkowicz et al. moved results by varying it over 0 to 4096.
inline constexpr int k_environment_pad_max_bytes = 4095;
// Each copy's folder name is 0 to this many characters longer than the
// shortest (argv[0], and so the stack, moves with it).
inline constexpr int k_path_pad_max_chars = 63;
inline constexpr const char* k_pad_variable = "BENCHGATE_PLACEMENT_PAD";

// One process's start: the executable to run and the entries to add to its
// environment.
struct placed_executable {
  std::filesystem::path path;
  std::vector<std::string> environment;
};

// The executables of one set of processes that run together (the two
// sides of a pair), each a copy of its own; the copies are removed when it
// goes (a termination signal waits for that).
class placed_set {
 public:
  placed_set() = default;
  ~placed_set();
  placed_set(placed_set&&) = default;
  placed_set& operator=(placed_set&&) = delete;
  placed_set(const placed_set&) = delete;
  placed_set& operator=(const placed_set&) = delete;
  const placed_executable& at(std::size_t i) const { return placed_.at(i); }

 private:
  friend class placement;
  std::vector<placed_executable> placed_;
  std::vector<std::filesystem::path> made_;  // copies, and the folders made for them
  std::unique_ptr<process::cleanup_pending> pending_;
};

class placement {
 public:
  // Copies go into `dir` (a paired run's work folder), but for an
  // executable that finds its libraries relative to itself ($ORIGIN in its
  // run path), whose copies go beside it as hidden files. `fixed`
  // (--fixed-placement): the originals, no pad. `speaker` prefixes errors.
  placement(std::filesystem::path dir, bool fixed, std::string speaker);

  // Each of `binaries` placed for one process, in a random order. Throws
  // input_error when a copy cannot be made, naming the file and the folder.
  placed_set place(const std::vector<std::filesystem::path>& binaries);

  // What is randomized, for the results.
  results::placement_record record() const;

 private:
  bool finds_libraries_beside(const std::filesystem::path& binary);
  placed_executable copy_of(const std::filesystem::path& binary, placed_set& set);

  std::filesystem::path dir_;
  bool fixed_;
  std::string speaker_;
  std::mt19937_64 random_;
  std::uint64_t copies_made_ = 0;  // numbers the copies' folders
  std::map<std::filesystem::path, bool> beside_;  // finds_libraries_beside, per binary
};

// Whether the bytes of `binary` name $ORIGIN (a run path relative to the
// executable, which a copy elsewhere would break); false when unreadable.
bool names_origin(const std::filesystem::path& binary);

}  // namespace benchgate::paired
