// benchgate: only parses, dispatches, and turns input errors into exit 2.

#include <exception>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "harness/app/commands.hpp"
#include "harness/environment/build_info.hpp"
#include "harness/run/plain_benchmarks.hpp"
#include "harness/support/errors/input_error.hpp"

namespace {

template <class... Ts>
struct overloaded : Ts... {
  using Ts::operator()...;
};

// Unexpected failures (a bug, or out of memory): distinct from every
// documented exit code (EX_SOFTWARE of sysexits.h).
constexpr int k_internal_error_exit = 70;

int dispatch(const std::vector<std::string>& args) {
  using namespace benchgate;
  const auto cases = suite::registered_cases();
  // Before anything registers benchgate's own cells with Google Benchmark.
  const auto plain = run::registered_benchmark_names();
  const auto command = app::parse_command_line(args, cases);
  return to_int(std::visit(
      overloaded{
          [](const app::help_request& help) {
            std::cout << help.text;
            return exit_code::ok;
          },
          [](const app::version_request&) {
            std::cout << "benchgate " << environment::build_info::tool_version << "\n";
            return exit_code::ok;
          },
          [&](const options::list_options& o) { return app::list_cases(o, cases, plain, std::cout); },
          [&](const options::run_options& o) { return app::run_benchmarks(o, cases, plain, std::cout, std::cerr); },
          [&](const options::compare_options& o) { return app::compare_results(o, std::cout, std::cerr); },
          [&](const options::gate_options& o) { return app::gate_results(o, std::cout, std::cerr); },
          [&](const options::merge_options& o) { return app::merge_results(o, std::cout); },
          [&](const options::plot_options& o) { return app::plot_charts(o, std::cout, std::cerr); },
          [&](const options::report_options& o) { return app::write_report(o, std::cout, std::cerr); },
          [&](const options::calibrate_options& o) { return app::calibrate_noise(o, cases, std::cout, std::cerr); },
          [&](const options::history_options& o) { return app::history_command(o, std::cout, std::cerr); },
          [&](const options::ab_options& o) { return app::ab_compare(o, cases, plain, std::cout, std::cerr); },
          [&](const options::explain_options& o) { return app::explain_cell(o, std::cout); },
      },
      command));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return dispatch(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const benchgate::input_error& e) {
    std::cout.flush();
    std::cerr << "error: " << e.what() << "\n";
    return benchgate::to_int(benchgate::exit_code::bad_input);
  } catch (const std::exception& e) {
    std::cout.flush();
    std::cerr << "error: internal error (please report it): " << e.what() << "\n";
    return k_internal_error_exit;
  }
}
