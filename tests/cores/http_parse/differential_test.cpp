// Baseline and every core implementation agree exactly (status, error kind,
// every field and every view's offset and length) on random valid heads, on
// mutated heads, and on prefixes of both; fixed seeds.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/cores/http_parse/parsers.hpp"
#include "tests/cores/http_parse/random_heads.hpp"

namespace http_parse_test {
namespace {

constexpr std::size_t k_heads = 1500;
constexpr std::size_t k_prefixes_per_head = 6;
constexpr std::size_t k_capacities[] = {0, 1, 3, 16, 64};

// Checks the input and a few random prefixes with both head kinds and a
// random capacity; false after the first disagreement (reported).
bool all_agree(random_heads& gen, const std::vector<named_parser>& parsers, const std::string& input) {
  for (std::size_t i = 0; i <= k_prefixes_per_head; ++i) {
    const auto cut = i == 0 ? input.size() : gen.below(input.size() + 1);
    const std::string_view bytes(input.data(), cut);
    const auto capacity = k_capacities[gen.below(std::size(k_capacities))];
    for (const auto kind : {core::head_kind::request, core::head_kind::response}) {
      const auto problem = disagreement(parsers, kind, bytes, capacity);
      if (!problem.empty()) {
        ADD_FAILURE() << problem << "\n  on " << testing::PrintToString(std::string(bytes)) << " as a "
                      << (kind == core::head_kind::request ? "request" : "response") << ", capacity " << capacity;
        return false;
      }
    }
  }
  return true;
}

TEST(HttpParseDifferential, EveryParserAgreesOnRandomValidHeads) {
  random_heads gen(0xd1ff0001);
  const auto parsers = every_parser();
  std::size_t complete = 0;
  for (std::size_t i = 0; i < k_heads; ++i) {
    const auto input = i % 2 == 0 ? gen.request() : gen.response();
    const auto kind = i % 2 == 0 ? core::head_kind::request : core::head_kind::response;
    complete += outcome_of(parsers.front(), kind, input, 64).result.status == core::parse_status::complete;
    ASSERT_TRUE(all_agree(gen, parsers, input));
  }
  // The generator makes valid heads (few exceed 64 headers): most parse.
  EXPECT_GT(complete, k_heads * 9 / 10);
}

TEST(HttpParseDifferential, EveryParserAgreesOnMutatedHeads) {
  random_heads gen(0xd1ff0002);
  const auto parsers = every_parser();
  std::size_t errors = 0;
  for (std::size_t i = 0; i < k_heads; ++i) {
    const auto input = gen.mutate(i % 2 == 0 ? gen.request() : gen.response());
    const auto kind = i % 2 == 0 ? core::head_kind::request : core::head_kind::response;
    errors += outcome_of(parsers.front(), kind, input, 64).result.status == core::parse_status::error;
    ASSERT_TRUE(all_agree(gen, parsers, input));
  }
  EXPECT_GT(errors, k_heads / 4) << "the mutations should reach the error paths";
}

TEST(HttpParseDifferential, EveryErrorKindIsReachedByTheMutations) {
  random_heads gen(0xd1ff0003);
  const auto baseline = every_parser().front();
  std::set<core::parse_error> seen;
  for (std::size_t i = 0; i < 4 * k_heads; ++i) {
    const bool request = i % 2 == 0;
    const auto input = gen.mutate(request ? gen.request() : gen.response());
    const auto kind = request ? core::head_kind::request : core::head_kind::response;
    seen.insert(outcome_of(baseline, kind, input, 4).result.error);
  }
  for (const auto kind : {core::parse_error::header_name, core::parse_error::header_value, core::parse_error::new_line,
                          core::parse_error::status, core::parse_error::token, core::parse_error::too_many_headers,
                          core::parse_error::version}) {
    EXPECT_TRUE(seen.contains(kind)) << core::to_string(kind) << " never reached";
  }
}

TEST(HttpParseDifferential, EveryStrictPrefixOfAValidHeadIsIncomplete) {
  random_heads gen(0xd1ff0004);
  const auto parsers = every_parser();
  for (int i = 0; i < 40; ++i) {
    const bool request = i % 2 == 0;
    std::string head = request ? gen.request() : gen.response();
    const auto kind = request ? core::head_kind::request : core::head_kind::response;
    const auto whole = outcome_of(parsers.front(), kind, head, 64);
    ASSERT_EQ(whole.result.status, core::parse_status::complete);
    head.resize(whole.result.head_bytes);  // drop any body
    for (const auto& parser : parsers) {
      for (std::size_t cut = 0; cut < head.size(); ++cut) {
        ASSERT_EQ(outcome_of(parser, kind, std::string_view(head).substr(0, cut), 64).result, core::incomplete())
            << parser.name << " on a " << cut << "-byte prefix of " << testing::PrintToString(head);
      }
    }
  }
}

}  // namespace
}  // namespace http_parse_test
