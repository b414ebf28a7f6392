#include "harness/gate/gate_verdict_json.hpp"

#include <gtest/gtest.h>

#include "harness/formats/json_reader.hpp"

namespace benchgate::gate {
namespace {

gate_verdict sample_verdict() {
  gate_verdict v;
  judged_cell failing;
  failing.name = "page_iter/core/row_bytes:8";
  failing.metric = gate_metric::cpu_time;
  failing.change_pct = 8;
  failing.lower_pct = 6;
  failing.upper_pct = 10;
  failing.p_value = 0.001;
  failing.rule.rule_index = 0;
  failing.rule.match = "page_iter/*";
  failing.rule.warn_pct = 3;
  failing.rule.fail_pct = 5;
  failing.rule.max_ci_width_pct = 20;
  failing.status = cell_status::fail;
  failing.reason = "why";
  failing.confirmed_rounds = 2;
  judged_cell ignored;
  ignored.name = "page_iter/peer/row_bytes:8";
  ignored.rule.ignored = true;
  ignored.rule.ignore_match = "*/peer/*";
  ignored.status = cell_status::ignored;
  v.cells = {failing, ignored};
  v.totals.cells = 2;
  v.totals.fail = 1;
  v.totals.ignored = 1;
  v.confirm_rounds = 2;
  v.exit = exit_code::regression;
  return v;
}

TEST(GateVerdictJson, WritesEveryField) {
  const auto doc = results::parse_json(gate_verdict_to_json_text(sample_verdict()), "verdict");
  EXPECT_EQ(doc["schema"], "benchgate.gate/1");
  EXPECT_EQ(doc["exit_code"], 1);
  EXPECT_EQ(doc["result"], "fail");
  EXPECT_EQ(doc["confirm_rounds"], 2);
  EXPECT_EQ(doc["totals"]["cells"], 2);
  EXPECT_EQ(doc["totals"]["fail"], 1);
  EXPECT_EQ(doc["totals"]["ignored"], 1);
  const auto& c = doc["cells"][0];
  EXPECT_EQ(c["name"], "page_iter/core/row_bytes:8");
  EXPECT_EQ(c["metric"], "cpu_time");
  EXPECT_EQ(c["status"], "fail");
  EXPECT_EQ(c["change_pct"]["estimate"], 8.0);
  EXPECT_EQ(c["change_pct"]["lower"], 6.0);
  EXPECT_EQ(c["change_pct"]["upper"], 10.0);
  EXPECT_EQ(c["p_value"], 0.001);
  EXPECT_EQ(c["deterministic"], false);
  EXPECT_EQ(c["rule"]["index"], 0);
  EXPECT_EQ(c["rule"]["match"], "page_iter/*");
  EXPECT_TRUE(c["rule"]["ignored_by"].is_null());
  EXPECT_EQ(c["rule"]["warn_pct"], 3.0);
  EXPECT_EQ(c["rule"]["fail_pct"], 5.0);
  EXPECT_EQ(c["rule"]["max_ci_width_pct"], 20.0);
  EXPECT_EQ(c["reason"], "why");
  EXPECT_EQ(c["confirmed_rounds"], 2);
  const auto& i = doc["cells"][1];
  EXPECT_EQ(i["status"], "ignored");
  EXPECT_TRUE(i["change_pct"]["estimate"].is_null());
  EXPECT_TRUE(i["p_value"].is_null());
  EXPECT_TRUE(i["rule"]["index"].is_null());
  EXPECT_TRUE(i["rule"]["match"].is_null());
  EXPECT_EQ(i["rule"]["ignored_by"], "*/peer/*");
  EXPECT_TRUE(i["confirmed_rounds"].is_null());
}

TEST(GateVerdictJson, ResultNamesTheExitCode) {
  auto v = sample_verdict();
  v.exit = exit_code::unstable;
  EXPECT_EQ(results::parse_json(gate_verdict_to_json_text(v), "v")["result"], "unstable");
  v.exit = exit_code::ok;
  EXPECT_EQ(results::parse_json(gate_verdict_to_json_text(v), "v")["result"], "pass");
}

}  // namespace
}  // namespace benchgate::gate
