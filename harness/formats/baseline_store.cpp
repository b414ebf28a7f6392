#include "harness/formats/baseline_store.hpp"

#include <algorithm>
#include <system_error>

#include "harness/support/errors/input_error.hpp"
#include "harness/formats/results_json.hpp"

namespace benchgate::results {

namespace {

constexpr std::size_t k_max_name_chars = 100;
constexpr const char* k_extension = ".json";

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

std::string saved_list(const std::filesystem::path& dir) {
  const auto names = list_baselines(dir);
  if (names.empty()) return "none is saved there; save one with 'benchgate run --save-baseline NAME'";
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  return "saved baselines: " + list;
}

}  // namespace

std::optional<std::string> baseline_name_problem(std::string_view name) {
  if (name.empty() || name.size() > k_max_name_chars || name.front() == '.' ||
      !std::all_of(name.begin(), name.end(), name_char)) {
    return "a name of 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'";
  }
  return std::nullopt;
}

std::filesystem::path baseline_path(const std::filesystem::path& dir, std::string_view name) {
  return dir / (std::string(name) + k_extension);
}

std::vector<std::string> list_baselines(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto& path = entry.path();
    const auto stem = path.stem().string();
    if (entry.is_regular_file(ec) && path.extension() == k_extension && !baseline_name_problem(stem)) {
      names.push_back(stem);
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

void save_baseline(const run_results& results, const std::filesystem::path& dir,
                   std::string_view name, std::string_view source) {
  save_results(results, baseline_path(dir, name), source);
}

run_results load_baseline(const std::filesystem::path& dir, std::string_view name,
                          std::string_view source) {
  const auto path = baseline_path(dir, name);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw input_error(std::string(source) + " " + std::string(name) + ": no saved baseline of that name in " +
                      dir.string() + " (" + saved_list(dir) + ")");
  }
  return load_results(path, source);
}

loaded_results load_results_or_baseline(std::string_view text, const std::filesystem::path& dir,
                                        std::string_view source, std::optional<std::string>& baseline) {
  baseline.reset();
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::path(text), ec)) {
    return load_any_results(std::filesystem::path(text), source);
  }
  if (!baseline_name_problem(text) && std::filesystem::is_regular_file(baseline_path(dir, text), ec)) {
    baseline = std::string(text);
    return {load_baseline(dir, text, source), results_schema};
  }
  throw input_error(std::string(source) + " " + std::string(text) +
                    ": no such file, and no saved baseline of that name in " + dir.string() + " (" +
                    saved_list(dir) + ")");
}

}  // namespace benchgate::results
