#include "harness/options/option_table.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "harness/options/command_line.hpp"
#include "harness/options/option_kinds.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::options::detail {
namespace {

struct toy {
  int samples = 0;
  bool quick = false;
  std::vector<std::string> names;
  std::vector<std::string> files;
  std::optional<std::string> secret;
  double pct = 0;
};

constexpr help_page k_page{"toy", "benchgate toy FILE... [--samples N]", "A toy command.", "  0  ok\n"};

std::vector<option<toy>> table() {
  return {
      {{"file", "", takes::values, "FILE...", shown::positional},
       [](toy& t, const given& g) { t.files = g.texts; }},
      {{"samples", "N", takes::value, "samples, >= 10"}, [](toy& t, const given& g) { t.samples = count(g, {10}); }},
      {{"quick", "", takes::flag, "quick"}, [](toy& t, const given&) { t.quick = true; }},
      {{"name", "NAME", takes::values, "a name (repeatable)"}, [](toy& t, const given& g) { t.names = g.texts; }},
      {{"secret", "S", takes::value, "internal", shown::hidden}, [](toy& t, const given& g) { t.secret = g.text(); }},
      {{"pct", "PCT", takes::value, "a percentage", shown::listed, 1},
       [](toy& t, const given& g) { t.pct = percent(g, {}); }},
  };
}

std::string error_of(const std::vector<std::string>& args) {
  try {
    toy t;
    parse_table(t, k_page, table(), args);
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(OptionTable, StoresEachGivenOptionByItsRow) {
  toy t;
  const auto parsed =
      parse_table(t, k_page, table(), {"a.json", "--samples", "12", "--name", "x", "b.json", "--name", "y", "--quick"});
  EXPECT_FALSE(parsed.help.has_value());
  EXPECT_EQ(t.files, (std::vector<std::string>{"a.json", "b.json"}));
  EXPECT_EQ(t.samples, 12);
  EXPECT_TRUE(t.quick);
  EXPECT_EQ(t.names, (std::vector<std::string>{"x", "y"}));
  EXPECT_FALSE(t.secret.has_value());
  EXPECT_TRUE(parsed.was_given("samples"));
  EXPECT_FALSE(parsed.was_given("secret"));
  ASSERT_NE(parsed.find("name"), nullptr);
  EXPECT_EQ(parsed.find("name")->texts.size(), 2u);
}

TEST(OptionTable, ThePositionalRowIsStoredEvenWhenNothingIsGiven) {
  toy t;
  t.files = {"stale"};
  parse_table(t, k_page, table(), {"--secret", "s"});
  EXPECT_TRUE(t.files.empty());
  EXPECT_EQ(t.secret, "s");
}

TEST(OptionTable, HelpListsTheListedRowsWithGroupsAndStoresNothing) {
  toy t;
  const auto parsed = parse_table(t, k_page, table(), {"--samples", "3", "--help"});
  ASSERT_TRUE(parsed.help.has_value());
  EXPECT_EQ(t.samples, 0) << "--help stores nothing, so a bad value beside it is not checked";
  const std::string& help = *parsed.help;
  EXPECT_EQ(help.find("Usage: benchgate toy FILE... [--samples N]\n\nA toy command.\n\nOptions:\n"), 0u);
  EXPECT_NE(help.find("  --samples N"), std::string::npos);
  EXPECT_NE(help.find("  --name NAME"), std::string::npos);
  EXPECT_EQ(help.find("secret"), std::string::npos) << "hidden";
  EXPECT_EQ(help.find("FILE...\n"), std::string::npos) << "positional";
  // Group 1 after an empty line, then --help in a group of its own.
  EXPECT_NE(help.find("a name (repeatable)\n\n  --pct PCT"), std::string::npos) << help;
  EXPECT_NE(help.find("\n\n  -h [ --help ]"), std::string::npos) << help;
  EXPECT_NE(help.find("Exit codes:\n  0  ok\n"), std::string::npos);
}

TEST(OptionTable, UsageErrorsNameTheCommand) {
  EXPECT_EQ(error_of({"--bogus"}), "benchgate toy: unrecognised option '--bogus'; see 'benchgate toy --help'");
  EXPECT_EQ(error_of({"--samples"}),
            "benchgate toy: the required argument for option '--samples' is missing; see 'benchgate toy --help'");
  EXPECT_EQ(error_of({"--samples", "10", "--samples", "11"}),
            "benchgate toy: option '--samples' cannot be specified more than once; see 'benchgate toy --help'");
  EXPECT_EQ(error_of({"--samp", "10"}), "benchgate toy: unrecognised option '--samp'; see 'benchgate toy --help'")
      << "no guessing of abbreviations";
  EXPECT_EQ(error_of({"--samples", "9"}), "--samples 9: expected an integer >= 10");
}

TEST(OptionTable, UnknownOptionsCanBePassedOnForAnotherParser) {
  toy t;
  const auto parsed = parse_table(t, k_page, table(), {"--samples", "10", "--case", "x", "--quick"}, true);
  EXPECT_EQ(parsed.unrecognized, (std::vector<std::string>{"--case", "x"}));
  EXPECT_EQ(t.samples, 10);
  EXPECT_TRUE(t.quick);
}

TEST(OptionTable, BeforeStoreSeesTheTextsBeforeAnyValueIsChecked) {
  // --samples 1 is a bad value; the hook's refusal comes first.
  std::vector<std::string> seen;
  const auto refuse = [&](const parse_outcome& parsed) {
    for (const auto& g : parsed.given_values) seen.push_back(g.option);
    throw input_error("refused first");
  };
  toy t;
  std::string message;
  try {
    parse_table(t, k_page, table(), {"--samples", "1", "--quick"}, false, refuse);
  } catch (const input_error& e) {
    message = e.what();
  }
  EXPECT_EQ(message, "refused first");
  EXPECT_EQ(seen, (std::vector<std::string>{"samples", "quick"}));
  EXPECT_FALSE(t.quick) << "nothing stored";
}

given text(const char* option, const char* value) { return {option, {value}}; }

std::string kind_error(const std::function<void()>& read) {
  try {
    read();
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(OptionKinds, CountsNameTheirRangeAndWhatTheyCount) {
  EXPECT_EQ(count(text("n", "7"), {1}), 7);
  EXPECT_EQ(kind_error([] { count(text("n", "x"), {1}); }), "--n x: expected an integer >= 1");
  EXPECT_EQ(kind_error([] { count(text("n", "0"), {1, 20, "pairs"}); }), "--n 0: expected a number of pairs from 1 to 20");
  EXPECT_EQ(kind_error([] { count(text("n", "21"), {1, 20}); }), "--n 21: expected an integer from 1 to 20");
  EXPECT_EQ(kind_error([] { count(text("n", "2000000000"), {0}); }), "--n 2000000000: expected an integer >= 0");
}

TEST(OptionKinds, PercentagesReadFiveAndFivePercentAlike) {
  EXPECT_DOUBLE_EQ(percent(text("p", "5"), {}), 5);
  EXPECT_DOUBLE_EQ(percent(text("p", "5%"), {}), 5);
  EXPECT_DOUBLE_EQ(percent_as_fraction(text("p", "5%"), "5"), 0.05);
  EXPECT_EQ(kind_error([] { percent(text("p", "-1"), {}); }), "--p -1: expected a percentage >= 0, e.g. 5 or 5%");
  EXPECT_EQ(kind_error([] { percent(text("p", "0"), {.low_included = false}); }),
            "--p 0: expected a percentage > 0, e.g. 5 or 5%");
  EXPECT_EQ(kind_error([] { percent(text("p", "2000"), {.low_included = false, .high = 1000, .example = ", e.g. 10"}); }),
            "--p 2000: expected a percentage in (0, 1000], e.g. 10");
  EXPECT_EQ(kind_error([] { percent_as_fraction(text("p", "x"), "1"); }),
            "--p x: expected a percentage >= 0: 1 and 1% both mean 1 %");
}

TEST(OptionKinds, SecondsProbabilitiesShardsAndRegexes) {
  EXPECT_DOUBLE_EQ(seconds(text("s", "0"), true), 0);
  EXPECT_EQ(kind_error([] { seconds(text("s", "0"), false); }),
            "--s 0: expected a number of seconds > 0 and at most 86400 (a day), e.g. 0.5");
  EXPECT_DOUBLE_EQ(probability(text("alpha", "0.01"), "0.05"), 0.01);
  EXPECT_EQ(kind_error([] { probability(text("alpha", "1"), "0.05"); }), "--alpha 1: expected a number in (0, 1), e.g. 0.05");
  EXPECT_EQ(shard(text("shard", "2/4")).index, 2);
  EXPECT_EQ(kind_error([] { shard(text("shard", "5/4")); }),
            "--shard 5/4: expected K/N with 1 <= K <= N <= " + std::to_string(results::k_max_shards) +
                " (part K of N, e.g. 2/4)");
  EXPECT_EQ(regex(text("filter", "a|b")), "a|b");
  EXPECT_NE(kind_error([] { regex(text("filter", "(")); }).find("--filter (: not a valid regular expression"),
            std::string::npos);
  EXPECT_EQ(kind_error([] { output_file(text("out", "")); }), "--out: expected a file name, got ''");
  EXPECT_EQ(kind_error([] { folder(text("dir", "")); }), "--dir: expected a folder, got ''");
}

TEST(AbCommandLine, ParsingStartsNoProcessAndLeavesTheKindToTheCommand) {
  const suite::registry none({});
  // /bin/sh is executable but neither kind: parsing does not ask it, so
  // this parses; what it is, the command finds out (settle_ab after).
  const auto parsed = std::get<ab_options>(parse_command_line({"ab", "/bin/sh", "/bin/sh", "--rounds", "1"}, none));
  EXPECT_EQ(parsed.binaries, ab_binaries::drivers) << "--gbench not said";
  EXPECT_TRUE(parsed.gbench.old_names.empty());
  // --rounds 1 is a driver's run option, but too few rounds for Google
  // Benchmark executables: checked once the kind is known.
  EXPECT_EQ(settle_ab(parsed, ab_binaries::drivers, none).old_args,
            (std::vector<std::string>{"--rounds", "1"}));
  EXPECT_EQ(kind_error([&] { settle_ab(parsed, ab_binaries::google_benchmark, none); }),
            "--rounds 1: expected an integer >= 2");
  const auto said = std::get<ab_options>(parse_command_line({"ab", "/bin/sh", "/bin/sh", "--gbench"}, none));
  EXPECT_EQ(said.binaries, ab_binaries::google_benchmark);
  // A side's own arguments, whether given as --new-arg ARG or --old-arg=ARG.
  const auto sides = std::get<ab_options>(
      parse_command_line({"ab", "/bin/sh", "/bin/sh", "--old-arg=--quick", "--new-arg", "--samples=20"}, none));
  EXPECT_EQ(sides.old_args, (std::vector<std::string>{"--quick"}));
  EXPECT_EQ(sides.new_args, (std::vector<std::string>{"--samples=20"}));
}

}  // namespace
}  // namespace benchgate::options::detail
