// A user's benchmark program (its cases + benchgate::main) whose case is
// wrong in the way MISDEFINED names, for the tests in CMakeLists.txt:
//   no_baseline:  no variant has the baseline role (refused at start, exit 2)
//   disagreeing:  the core's output differs from the baseline's (its cells
//                 fail before timing, the run exits 1)

#include <benchgate/case.hpp>
#include <benchgate/registration.hpp>

#include <memory>
#include <string>

namespace {

class misdefined_case final : public benchgate::benchmark_case {
 public:
  std::string_view name() const override { return MISDEFINED; }
  std::string_view description() const override { return "a case with a defect, for tests"; }
  std::vector<benchgate::variant_info> variants() const override {
    const bool has_baseline = std::string_view(MISDEFINED) != "no_baseline";
    return {{"naive", has_baseline ? benchgate::variant_role::baseline : benchgate::variant_role::peer, "sum"},
            {"fast", benchgate::variant_role::core, "sum, off by one when disagreeing"}};
  }
  std::vector<benchgate::axis_info> axes() const override { return {{"size", "items", {"8"}, {}, {}}}; }

  benchgate::prepared_point prepare(const benchgate::param_point& point) const override {
    const auto size = point.integer("size");
    const std::int64_t naive = size * (size + 1) / 2;
    const std::int64_t fast = naive + (std::string_view(MISDEFINED) == "disagreeing" ? 1 : 0);
    benchgate::prepared_point prepared;
    if (fast != naive) {
      prepared.error = "variants disagree: fast sums to " + std::to_string(fast) + ", naive " + std::to_string(naive);
      return prepared;
    }
    const auto body = [naive](benchgate::state& state) {
      state.loop([&] { benchgate::do_not_optimize(naive); });
    };
    prepared.benches = {{"naive", body, {}}, {"fast", body, {}}};
    return prepared;
  }
};

std::unique_ptr<benchgate::benchmark_case> make_misdefined_case() { return std::make_unique<misdefined_case>(); }

}  // namespace

BENCHGATE_CASE(make_misdefined_case);
