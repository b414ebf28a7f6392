// benchgate's U-test p-values against Google Benchmark's own compare.py
// (Debian's libbenchmark-tools; it needs python3-scipy): on compare.py's
// test inputs and on generated ones covering the exact method, the
// asymptotic method and ties. Skips when compare.py or scipy is missing.

#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/support/cli.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include "harness/support/files/file_io.hpp"
#include "harness/compare/diff_json.hpp"
#include "harness/formats/json_reader.hpp"
#include "benchgate/rng.hpp"

namespace benchgate::compare {
namespace {

namespace fs = std::filesystem;

constexpr const char* k_compare_py = "/usr/share/benchmark/compare.py";
constexpr const char* k_inputs = "/usr/share/benchmark/gbench/Inputs";
constexpr double k_p_tolerance = 1e-9;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

bool runs_ok(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()) == 0; }

// A python3 that can import scipy: Debian's first, then the one on PATH.
// Looked up once: starting python with scipy takes seconds.
const std::optional<std::string>& python_with_scipy() {
  static const auto found = []() -> std::optional<std::string> {
    for (const std::string candidate : {"/usr/bin/python3", "python3"}) {
      if (runs_ok(candidate + " -c 'import scipy.stats'")) return candidate;
    }
    return std::nullopt;
  }();
  return found;
}

struct p_values {
  double time = 0;
  double cpu = 0;
};

class ComparePyParity : public ::testing::Test {
 protected:
  void SetUp() override {
    binary_ = test_support::binary_path();
    if (!fs::exists(k_compare_py)) GTEST_SKIP() << k_compare_py << " is missing (apt install libbenchmark-tools)";
    python_ = python_with_scipy();
    if (!python_) GTEST_SKIP() << "no python3 with scipy (apt install python3-scipy)";
    dir_ = fs::temp_directory_path() /
           ("benchgate-parity-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // compare.py's U-test p-values by benchmark name.
  std::map<std::string, p_values> compare_py(const fs::path& a, const fs::path& b) {
    const auto out = dir_ / "compare_py.json";
    const auto command = *python_ + " " + k_compare_py + " -d " + quoted(out.string()) + " benchmarks " +
                         quoted(a.string()) + " " + quoted(b.string());
    EXPECT_TRUE(runs_ok(command)) << command;
    const auto document = results::parse_json(files::read_file(out, "compare.py"), "compare.py");
    std::map<std::string, p_values> found;
    for (const auto& entry : document) {
      const auto& utest = entry["utest"];
      if (!utest.contains("time_pvalue")) continue;
      found[entry["name"].get<std::string>()] = {utest["time_pvalue"].get<double>(), utest["cpu_pvalue"].get<double>()};
    }
    return found;
  }

  diff benchgate(const fs::path& a, const fs::path& b, const char* metric) {
    const auto out = dir_ / (std::string("benchgate_") + metric + ".json");
    const auto command = binary_ + " compare " + quoted(a.string()) + " " + quoted(b.string()) +
                         " --resamples 100 --metric " + metric + " --json " + quoted(out.string());
    EXPECT_TRUE(runs_ok(command)) << command;
    return load_diff(out, "benchgate");
  }

  // Checks every p-value compare.py printed; returns how many.
  std::size_t expect_same_p_values(const fs::path& a, const fs::path& b) {
    const auto reference = compare_py(a, b);
    const auto real = benchgate(a, b, "real_time");
    const auto cpu = benchgate(a, b, "cpu_time");
    for (const auto& [name, p] : reference) {
      const auto find = [&](const diff& d) -> const cell_diff* {
        for (const auto& c : d.cells) {
          if (c.name == name) return &c;
        }
        return nullptr;
      };
      const auto* r = find(real);
      const auto* c = find(cpu);
      EXPECT_NE(r, nullptr) << name;
      EXPECT_NE(c, nullptr) << name;
      if (r == nullptr || c == nullptr) continue;
      EXPECT_NEAR(r->mann_whitney.p, p.time, k_p_tolerance) << name << " real_time";
      EXPECT_NEAR(c->mann_whitney.p, p.cpu, k_p_tolerance) << name << " cpu_time";
    }
    return reference.size();
  }

  std::string binary_;
  std::optional<std::string> python_;
  fs::path dir_;
};

TEST_F(ComparePyParity, Test3InputsGiveComparePysPValues) {
  const auto n = expect_same_p_values(fs::path(k_inputs) / "test3_run0.json", fs::path(k_inputs) / "test3_run1.json");
  EXPECT_EQ(n, 2U) << "compare.py tests BM_Two and short";
}

// Writes a Google Benchmark file: per benchmark, `reps` repetitions drawn
// around `center` ns (rounded to `step` ns to make ties when asked).
void write_gbench(const fs::path& path, std::uint64_t seed,
                  const std::vector<std::tuple<std::string, int, double, double>>& benchmarks) {
  benchgate::splitmix64 rng(seed);
  std::ofstream out(path);
  out << "{\"context\": {}, \"benchmarks\": [\n";
  bool first = true;
  for (const auto& [name, reps, center, step] : benchmarks) {
    for (int i = 0; i < reps; ++i) {
      double real = center * (0.9 + 0.2 * rng.uniform01());
      double cpu = center * (0.9 + 0.2 * rng.uniform01());
      if (step > 0) {
        real = std::round(real / step) * step;
        cpu = std::round(cpu / step) * step;
      }
      out << (first ? "" : ",\n") << "{\"name\": \"" << name << "\", \"run_type\": \"iteration\", "
          << "\"iterations\": 1000, \"real_time\": " << real << ", \"cpu_time\": " << cpu
          << ", \"time_unit\": \"ns\"}";
      first = false;
    }
  }
  out << "\n]}\n";
}

TEST_F(ComparePyParity, GeneratedInputsCoverExactAsymptoticAndTies) {
  const std::vector<std::tuple<std::string, int, double, double>> old_side = {
      {"BM_exact/5", 5, 100, 0}, {"BM_asymptotic/12", 12, 100, 0}, {"BM_ties/10", 10, 100, 5},
      {"BM_mixed/20", 20, 100, 0}};
  const std::vector<std::tuple<std::string, int, double, double>> new_side = {
      {"BM_exact/5", 6, 104, 0}, {"BM_asymptotic/12", 10, 103, 0}, {"BM_ties/10", 9, 104, 5},
      {"BM_mixed/20", 3, 101, 0}};
  write_gbench(dir_ / "old.json", 1, old_side);
  write_gbench(dir_ / "new.json", 2, new_side);
  EXPECT_EQ(expect_same_p_values(dir_ / "old.json", dir_ / "new.json"), 4U);
}

}  // namespace
}  // namespace benchgate::compare
