#include "harness/environment/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <thread>

#include "harness/environment/build_info.hpp"

namespace benchgate::environment {

namespace {

constexpr std::size_t k_host_name_max_bytes = 256;

std::optional<std::string> first_line(const char* path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line) || line.empty()) return std::nullopt;
  return line;
}

std::optional<std::string> cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
    }
  }
  return std::nullopt;
}

std::vector<double> load_average() {
  std::ifstream in("/proc/loadavg");
  std::vector<double> loads(3);
  if (!(in >> loads[0] >> loads[1] >> loads[2])) return {};
  return loads;
}

std::optional<std::string> aslr() {
  const auto value = first_line("/proc/sys/kernel/randomize_va_space");
  if (!value) return std::nullopt;
  if (*value == "0") return "0 (off)";
  if (*value == "1") return "1 (partial)";
  if (*value == "2") return "2 (full)";
  return value;
}

std::optional<std::string> os() {
  utsname name{};
  if (::uname(&name) != 0) return std::nullopt;
  return std::string(name.sysname) + " " + name.release + " " + name.machine;
}

std::optional<std::string> host() {
  std::array<char, k_host_name_max_bytes> buffer{};
  if (::gethostname(buffer.data(), buffer.size() - 1) != 0) return std::nullopt;
  return std::string(buffer.data());
}

std::string utc_now_iso8601() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  std::ostringstream out;
  out << std::put_time(&utc, "%Y-%m-%dT%H:%M:%SZ");
  return out.str();
}

std::optional<std::string> non_empty(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return std::string(text);
}

}  // namespace

results::environment capture() {
  results::environment env;
  env.tool_version = std::string(build_info::tool_version);
  env.cpu_model = cpu_model();
  env.logical_cpus = static_cast<int>(std::thread::hardware_concurrency());
  env.os = os();
  env.host = host();
  env.date = utc_now_iso8601();
  env.load_average = load_average();
  env.cpu_governor = first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  env.aslr = aslr();
  env.compiler = non_empty(build_info::compiler);
  env.compiler_flags = non_empty(build_info::compiler_flags);
  env.build_type = non_empty(build_info::build_type);
  env.git_commit = non_empty(build_info::git_commit);
  if (env.git_commit) env.git_dirty = build_info::git_dirty;
  env.benchmark_version = non_empty(build_info::benchmark_version);
  return env;
}

}  // namespace benchgate::environment
