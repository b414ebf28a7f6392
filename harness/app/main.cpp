// benchgate: only parses, dispatches, and turns input errors into exit 2;
// a termination signal that came while children ran ends it once the
// command has unwound (support/process/termination.hpp).

#include <exception>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include "harness/app/commands.hpp"
#include "harness/environment/build_info.hpp"
#include "harness/run/plain_benchmarks.hpp"
#include "harness/support/errors/input_error.hpp"
#include "harness/support/process/termination.hpp"

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
          [&](const options::calibrate_options& o) { return app::calibrate_noise(o, cases, plain, std::cout, std::cerr); },
          [&](const options::history_options& o) { return app::history_command(o, std::cout, std::cerr); },
          [&](const options::ab_options& o) { return app::ab_compare(o, cases, plain, std::cout, std::cerr); },
          [&](const options::explain_options& o) { return app::explain_cell(o, std::cout); },
      },
      command));
}

// The command's exit code, or that of the error it ended with. An error
// that follows a termination signal (a child it stopped) is not reported:
// end_if_terminated says what happened.
int run_command(const std::vector<std::string>& args) {
  using benchgate::process::termination_signal;
  try {
    return dispatch(args);
  } catch (const benchgate::process::terminated&) {
    return k_internal_error_exit;  // end_if_terminated ends the process first
  } catch (const benchgate::input_error& e) {
    std::cout.flush();
    if (termination_signal() == 0) std::cerr << "error: " << e.what() << "\n";
    return benchgate::to_int(benchgate::exit_code::bad_input);
  } catch (const std::exception& e) {
    std::cout.flush();
    if (termination_signal() == 0) std::cerr << "error: internal error (please report it): " << e.what() << "\n";
    return k_internal_error_exit;
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchgate::process::forward_termination_signals();
  const int code = run_command(std::vector<std::string>(argv + 1, argv + argc));
  benchgate::process::end_if_terminated();
  return code;
}
