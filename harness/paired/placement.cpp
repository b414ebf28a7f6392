#include "harness/paired/placement.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <numeric>
#include <string_view>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::paired {

namespace {

// Read in blocks this large when looking for $ORIGIN.
constexpr std::size_t k_scan_block_bytes = std::size_t{1} << 16;
constexpr std::string_view k_origin = "$ORIGIN";

}  // namespace

placed_set::~placed_set() {
  std::error_code ec;
  // Copies first, then their folders (made_ lists a folder before its copy).
  for (auto it = made_.rbegin(); it != made_.rend(); ++it) std::filesystem::remove(*it, ec);
}

bool names_origin(const std::filesystem::path& binary) {
  std::ifstream in(binary, std::ios::binary);
  if (!in) return false;
  std::string block(k_scan_block_bytes + k_origin.size(), '\0');
  std::size_t kept = 0;  // the end of the block before, in case $ORIGIN spans two
  while (in) {
    in.read(block.data() + kept, static_cast<std::streamsize>(k_scan_block_bytes));
    const auto have = kept + static_cast<std::size_t>(in.gcount());
    if (std::string_view(block.data(), have).find(k_origin) != std::string_view::npos) return true;
    kept = std::min(have, k_origin.size() - 1);
    std::copy(block.begin() + static_cast<std::ptrdiff_t>(have - kept), block.begin() + static_cast<std::ptrdiff_t>(have),
              block.begin());
  }
  return false;
}

placement::placement(std::filesystem::path dir, bool fixed, std::string speaker)
    : dir_(std::move(dir)), fixed_(fixed), speaker_(std::move(speaker)), random_(std::random_device{}()) {}

bool placement::finds_libraries_beside(const std::filesystem::path& binary) {
  const auto found = beside_.find(binary);
  if (found != beside_.end()) return found->second;
  return beside_[binary] = names_origin(binary);
}

placed_executable placement::copy_of(const std::filesystem::path& binary, placed_set& set) {
  std::uniform_int_distribution<int> path_pad(0, k_path_pad_max_chars);
  std::uniform_int_distribution<int> environment_pad(0, k_environment_pad_max_bytes);
  const auto number = std::to_string(++copies_made_);
  const std::string pad = "p" + std::string(static_cast<std::size_t>(path_pad(random_)), 'p');
  std::filesystem::path copy;
  std::error_code ec;
  if (finds_libraries_beside(binary)) {
    // Its libraries are found from where it is: the copy must be in its folder.
    copy = binary.parent_path() /
           ("." + binary.filename().string() + ".benchgate-" + std::to_string(::getpid()) + "-" + number + "-" + pad);
  } else {
    const auto folder = dir_ / ("exe-" + number + "-" + pad);
    std::filesystem::create_directories(folder, ec);
    set.made_.push_back(folder);
    copy = folder / binary.filename();
  }
  if (!ec) std::filesystem::copy_file(binary, copy, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) {
    throw input_error(speaker_ + ": " + binary.string() + ": cannot copy it to " + copy.string() + " (" +
                      ec.message() +
                      "); expected a folder that takes a copy of the executable for each process (docs/ab.md, "
                      "\"Placement\"; --fixed-placement runs the original instead)");
  }
  set.made_.push_back(copy);
  const std::string environment_bytes(static_cast<std::size_t>(environment_pad(random_)), 'x');
  return {copy, {std::string(k_pad_variable) + "=" + environment_bytes}};
}

placed_set placement::place(const std::vector<std::filesystem::path>& binaries) {
  placed_set set;
  if (fixed_) {
    for (const auto& b : binaries) set.placed_.push_back({b, {}});
    return set;
  }
  set.pending_ = std::make_unique<process::cleanup_pending>();
  // Made in a random order: which side's copy gets the pages (and the
  // inode) freed by the copies before is left to chance.
  std::vector<std::size_t> order(binaries.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), random_);
  set.placed_.resize(binaries.size());
  for (const auto i : order) set.placed_[i] = copy_of(binaries[i], set);
  return set;
}

results::placement_record placement::record() const {
  if (fixed_) return {false, 0, 0};
  return {true, k_environment_pad_max_bytes, k_path_pad_max_chars};
}

}  // namespace benchgate::paired
