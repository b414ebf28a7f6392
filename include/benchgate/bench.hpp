#pragma once
// benchgate/bench.hpp: the short form of a case: each variant declared once,
// with its body; benchgate checks that the variants agree.
//
// Contract: one expression defines a case, e.g.
//   BENCHGATE_BENCH(count_byte) {
//     return benchgate::bench("count_byte", "count the bytes equal to 'x'")
//         .axis(benchgate::integer_axis("size", "bytes").defaults({64, 4096}))
//         .setup([](const benchgate::param_point& p) { return make_buffer(p.integer("size")); })
//         .bytes_per_iteration([](const buffer& b) { return b.size(); })
//         .baseline("bytewise", "one byte per step", [](const buffer& b) { return count_bytewise(b); })
//         .core("swar", "eight bytes per step", [](const buffer& b) { return count_swar(b); });
//   }
// setup() builds a point's workload (any movable type W) once; a variant's
// body takes `const W&` (or nothing, when there is no setup) and may return
// its result. On every grid point, before anything is timed, benchgate calls
// every body once and compares each result with the baseline's: with
// operator==, or with agree_when(equal) where `equal(variant, baseline)`
// says whether two results agree (e.g. a tolerance for floats). A
// disagreement is "variants disagree: NAME returns X, baseline Y" (X and Y
// printed when the type has operator<<) and nothing of that point is timed.
// Bodies that return void are timed but not compared.
// The timed loop calls the body directly (a template, inlined: no
// std::function and no virtual call per iteration) and keeps its result
// alive with do_not_optimize. setup() must come before the variants.
// A definition that breaks the rules of benchgate/case.hpp (no baseline, two
// variants with one name, an axis value its own check refuses), whose
// variants return different types, whose results cannot be compared, or
// whose comparator throws, is "error: case 'NAME': ...", exit 2. For
// cases that need more (inputs, per-variant figures, a grid that is not a
// product), derive from benchmark_case (benchgate/case.hpp).

#include <any>
#include <concepts>
#include <functional>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>

#include "benchgate/case.hpp"
#include "benchgate/detail/bench_results.hpp"
#include "benchgate/registration.hpp"
#include "benchgate/timed_loop.hpp"

namespace benchgate {

// The workload of a bench without setup().
struct no_workload {};

namespace detail {

// Calls a variant's body with the workload, or with nothing when it takes none.
template <class Workload, class Body>
[[gnu::always_inline]] inline decltype(auto) call_body(Body& body, const Workload& workload) {
  if constexpr (std::is_invocable_v<Body&, const Workload&>) {
    return body(workload);
  } else {
    static_assert(std::is_invocable_v<Body&>, "a variant's body takes (const Workload&) or nothing");
    return body();
  }
}

template <class Workload, class Body>
using body_result_t =
    std::remove_cvref_t<decltype(call_body<Workload>(std::declval<Body&>(), std::declval<const Workload&>()))>;

// The timed loop of one variant: the body is inlined into state::loop's lambda.
template <class Workload, class Body>
void time_body(state& st, const Workload& workload, Body& body) {
  if constexpr (std::is_void_v<body_result_t<Workload, Body>>) {
    st.loop([&] { call_body<Workload>(body, workload); });
  } else {
    st.loop([&] {
      auto result = call_body<Workload>(body, workload);
      do_not_optimize(result);
    });
  }
}

// The first parameter type of a comparator (a lambda with one operator(), or a function).
template <class F>
struct comparator_arg : comparator_arg<decltype(&F::operator())> {};
template <class C, class R, class A, class B>
struct comparator_arg<R (C::*)(A, B) const> {
  using type = std::remove_cvref_t<A>;
};
template <class R, class A, class B>
struct comparator_arg<R (*)(A, B)> {
  using type = std::remove_cvref_t<A>;
};

template <class R>
result_ops ops_for() {
  result_ops ops;
  ops.type = std::type_index(typeid(R));
  if constexpr (std::equality_comparable<R>) {
    ops.equal = [](const std::any& a, const std::any& b) {
      return std::any_cast<const R&>(a) == std::any_cast<const R&>(b);
    };
  }
  if constexpr (requires(std::ostream& out, const R& r) { out << r; }) {
    ops.show = [](const std::any& a) {
      std::ostringstream out;
      out << std::any_cast<const R&>(a);
      return out.str();
    };
  }
  return ops;
}

}  // namespace detail

template <class Workload>
class bench_of final : public benchmark_case {
 public:
  // A bench without workload; setup() gives it one.
  bench_of(std::string name, std::string description)
    requires std::same_as<Workload, no_workload>
      : name_(std::move(name)), description_(std::move(description)), setup_([](const param_point&) {
          return no_workload{};
        }) {}

  // An axis, e.g. integer_axis("size", "bytes").defaults({64}) (benchgate/axes.hpp).
  bench_of& axis(axis_info axis) {
    axes_.push_back(std::move(axis));
    return *this;
  }

  // Samples per cell when the user gives no --samples (0: the harness default).
  bench_of& samples(int per_cell) {
    samples_ = per_cell;
    return *this;
  }

  // `make(point)` builds the workload of a grid point; the variants' bodies
  // take it as `const W&`. Before any variant.
  template <class Setup>
  auto setup(Setup make)
    requires std::same_as<Workload, no_workload>
  {
    using made = std::remove_cvref_t<std::invoke_result_t<Setup&, const param_point&>>;
    bench_of<made> next(std::move(name_), std::move(description_), std::move(axes_), samples_,
                        std::function<made(const param_point&)>(std::move(make)));
    if (!variants_.empty()) next.refuse("setup() comes after a variant; declare the workload first");
    return next;
  }

  // Work per iteration: a number, or a function of the workload.
  template <class Amount>
  bench_of& bytes_per_iteration(Amount amount) {
    work_ = work_function(work_unit::bytes, std::move(amount));
    return *this;
  }
  template <class Amount>
  bench_of& items_per_iteration(Amount amount) {
    work_ = work_function(work_unit::items, std::move(amount));
    return *this;
  }

  // A figure about the workload ("matches", "bytes", a function of the workload).
  template <class Value>
  bench_of& figure(std::string name, std::string unit, Value value) {
    figures_.push_back({std::move(name), std::move(unit), std::function<double(const Workload&)>(
                                                              [value = std::move(value)](const Workload& w) {
                                                                return static_cast<double>(value(w));
                                                              })});
    return *this;
  }

  template <class Body>
  bench_of& baseline(std::string name, std::string description, Body body) {
    return variant(std::move(name), variant_role::baseline, std::move(description), std::move(body));
  }
  template <class Body>
  bench_of& core(std::string name, std::string description, Body body) {
    return variant(std::move(name), variant_role::core, std::move(description), std::move(body));
  }
  template <class Body>
  bench_of& peer(std::string name, std::string description, Body body) {
    return variant(std::move(name), variant_role::peer, std::move(description), std::move(body));
  }

  // How two results agree: `equal(variant_result, baseline_result)`; replaces
  // operator== (e.g. a relative tolerance for floating-point results).
  template <class Equal>
  bench_of& agree_when(Equal equal) {
    using R = typename detail::comparator_arg<Equal>::type;
    agree_.type = std::type_index(typeid(R));
    agree_.equal = [equal = std::move(equal)](const std::any& a, const std::any& b) {
      return static_cast<bool>(equal(std::any_cast<const R&>(a), std::any_cast<const R&>(b)));
    };
    return *this;
  }

  // The finished case, for BENCHGATE_BENCH / BENCHGATE_CASE; throws
  // input_error "case 'NAME': ..." when the variants cannot be compared.
  operator std::unique_ptr<benchmark_case>() {  // NOLINT(google-explicit-constructor)
    std::vector<detail::variant_result_type> types;
    types.reserve(variants_.size());
    for (const auto& v : variants_) types.push_back({v.info.name, v.info.role, v.ops.type, bool(v.ops.equal)});
    detail::check_result_types(name_, problem_, types, agree_);
    return std::make_unique<bench_of>(std::move(*this));
  }

  // benchmark_case
  std::string_view name() const override { return name_; }
  std::string_view description() const override { return description_; }
  std::vector<variant_info> variants() const override {
    std::vector<variant_info> out;
    out.reserve(variants_.size());
    for (const auto& v : variants_) out.push_back(v.info);
    return out;
  }
  std::vector<axis_info> axes() const override { return axes_; }
  int default_samples() const override { return samples_; }

  prepared_point prepare(const param_point& point) const override {
    auto workload = std::make_shared<const Workload>(setup_(point));
    prepared_point prepared;
    if (work_) prepared.work = work_(*workload);
    for (const auto& f : figures_) prepared.figures.push_back({f.name, f.value(*workload), f.unit});
    std::vector<std::any> results;
    std::vector<detail::variant_outcome> outcomes;
    results.reserve(variants_.size());
    outcomes.reserve(variants_.size());
    for (const auto& v : variants_) {
      results.push_back(v.result ? v.result(*workload) : std::any());
    }
    for (std::size_t i = 0; i < variants_.size(); ++i) {
      outcomes.push_back({variants_[i].info.name, variants_[i].info.role, &results[i], &variants_[i].ops});
    }
    prepared.error = detail::disagreement(name_, point, outcomes, agree_);
    if (!prepared.error.empty()) return prepared;
    for (const auto& v : variants_) {
      prepared.benches.push_back(
          {v.info.name, [workload, timed = v.timed](state& st) { timed(st, *workload); }, {}});
    }
    return prepared;
  }

 private:
  template <class>
  friend class bench_of;

  // Used by setup() to carry the declarations into the bench of the workload's type.
  bench_of(std::string name, std::string description, std::vector<axis_info> axes, int samples,
           std::function<Workload(const param_point&)> setup)
      : name_(std::move(name)),
        description_(std::move(description)),
        axes_(std::move(axes)),
        samples_(samples),
        setup_(std::move(setup)) {}

  // Records a definition problem, reported when the case is made.
  void refuse(std::string problem) {
    if (problem_.empty()) problem_ = std::move(problem);
  }

  struct variant_entry {
    variant_info info;
    std::function<void(state&, const Workload&)> timed;
    std::function<std::any(const Workload&)> result;  // empty when the body returns void
    detail::result_ops ops;
  };
  struct figure_entry {
    std::string name;
    std::string unit;
    std::function<double(const Workload&)> value;
  };

  template <class Body>
  bench_of& variant(std::string name, variant_role role, std::string description, Body body) {
    using R = detail::body_result_t<Workload, Body>;
    variant_entry entry{{std::move(name), role, std::move(description)}, {}, {}, {}};
    entry.timed = [body](state& st, const Workload& w) mutable { detail::time_body<Workload>(st, w, body); };
    if constexpr (std::is_void_v<R>) {
      entry.ops.type = std::type_index(typeid(void));
    } else {
      entry.result = [body](const Workload& w) mutable { return std::any(R(detail::call_body<Workload>(body, w))); };
      entry.ops = detail::ops_for<R>();
    }
    variants_.push_back(std::move(entry));
    return *this;
  }

  template <class Amount>
  static std::function<work_per_iteration(const Workload&)> work_function(work_unit unit, Amount amount) {
    return [unit, amount = std::move(amount)](const Workload& w) {
      if constexpr (std::is_invocable_v<const Amount&, const Workload&>) {
        return work_per_iteration{unit, static_cast<double>(amount(w))};
      } else {
        return work_per_iteration{unit, static_cast<double>(amount)};
      }
    };
  }

  std::string name_;
  std::string description_;
  std::vector<axis_info> axes_;
  int samples_ = 0;
  std::function<Workload(const param_point&)> setup_;
  std::function<work_per_iteration(const Workload&)> work_;
  std::vector<figure_entry> figures_;
  std::vector<variant_entry> variants_;
  detail::result_ops agree_;  // type and equal set by agree_when
  std::string problem_;
};

// Where a bench starts: bench("name", "description"), then axes, setup and variants.
using bench = bench_of<no_workload>;

}  // namespace benchgate

// BENCHGATE_BENCH(fn) { return benchgate::bench(...)...; } defines and
// registers a case (BENCHGATE_CASE) made by the function `fn`.
#define BENCHGATE_BENCH(fn)                                      \
  static std::unique_ptr<::benchgate::benchmark_case> fn();      \
  BENCHGATE_CASE(fn);                                            \
  static std::unique_ptr<::benchgate::benchmark_case> fn()
