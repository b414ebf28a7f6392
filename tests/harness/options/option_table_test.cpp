#include "harness/options/option_table.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "harness/options/option_kinds.hpp"
#include "harness/support/errors/input_error.hpp"
#include "tests/support/input_error_message.hpp"

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

constexpr help_page k_page{"toy", "FILE... [--samples]", "A toy command.", "  0  ok\n"};

std::vector<option<toy>> table() {
  return {
      {{"file", "", takes::values, "FILE...", "", shown::positional},
       [](toy& t, const given& g) { t.files = g.texts; }},
      {{"samples", "N", takes::value, "samples, >= 10", "100"},
       [](toy& t, const given& g) { t.samples = count(g, {10}); }},
      {{"quick", "", takes::flag, "quick"}, [](toy& t, const given&) { t.quick = true; }},
      {{"name", "NAME", takes::values, "a name (repeatable)"}, [](toy& t, const given& g) { t.names = g.texts; }},
      {{"secret", "S", takes::value, "internal", "", shown::hidden}, [](toy& t, const given& g) { t.secret = g.text(); }},
      {{"pct", "PCT", takes::value, "a percentage", "", shown::listed, 1},
       [](toy& t, const given& g) { t.pct = percent(g, {}); }},
  };
}

// The message parsing `args` by `rows` into a Settings throws, or "(no error)".
template <class Settings>
std::string error_parsing(const help_page& page, const std::vector<option<Settings>>& rows,
                          const std::vector<std::string>& args) {
  return test_support::input_error_message([&] {
    Settings s;
    parse_table(s, page, rows, args);
  });
}

std::string error_of(const std::vector<std::string>& args) { return error_parsing(k_page, table(), args); }

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
  EXPECT_EQ(help.find("Usage: benchgate toy FILE... [--samples N] [OPTIONS]\n\nA toy command.\n\nOptions:\n"), 0u);
  EXPECT_NE(help.find("  --samples N"), std::string::npos);
  EXPECT_NE(help.find("samples, >= 10 (default: 100)\n"), std::string::npos) << "the row's default, last";
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

// A command of verbs, with options that need another.
struct verbed {
  std::vector<std::string> args;
  std::optional<std::string> out;
  bool csv = false;
  std::optional<std::string> column;
  std::optional<int> window;
};

constexpr help_page k_verbed_page{"toy", "add FILES...\nchanges\nexport --csv [--out=FILE]\nimport --csv FILE",
                                  "Verbs.", "  0  ok\n"};

std::vector<option<verbed>> verbed_table() {
  using row = option<verbed>;
  return std::vector<row>{
             {{"args", "", takes::values, "VERB FILES...", "", shown::positional},
              [](verbed& v, const given& g) { v.args = g.texts; }},
         } +
         for_verbs({"changes"}, std::vector<row>{
             {{"window", "N", takes::value, "commits"}, [](verbed& v, const given& g) { v.window = count(g, {1}); }},
         }) +
         for_verbs({"export", "import"}, std::vector<row>{
             {{"csv", "", takes::flag, "the format"}, [](verbed& v, const given&) { v.csv = true; }},
         }) +
         for_verbs({"import"}, needing("csv", std::vector<row>{
             {{"time-column", "NAME", takes::value, "the time column"},
              [](verbed& v, const given& g) { v.column = g.text(); }},
         })) +
         for_verbs({"export"}, std::vector<row>{
             {{"out", "FILE|DIR", takes::value, "where to"}, [](verbed& v, const given& g) { v.out = g.text(); }},
         });
}

std::string verbed_error(const std::vector<std::string>& args) {
  return error_parsing(k_verbed_page, verbed_table(), args);
}

TEST(OptionTable, UsageLinesComeFromTheFormsAndTheTable) {
  verbed v;
  const auto help = *parse_table(v, k_verbed_page, verbed_table(), {"--help"}).help;
  // Each verb's line lists the options of its verb, with their value names;
  // "--out=FILE" names the value here; the option that needs --csv shows
  // only on the form that names --csv.
  EXPECT_EQ(help.find("Usage: benchgate toy add FILES...\n"
                      "       benchgate toy changes [--window N]\n"
                      "       benchgate toy export --csv [--out FILE]\n"
                      "       benchgate toy import --csv FILE [--time-column NAME]\n\n"),
            0u)
      << help;
  // The help says what each option belongs to.
  EXPECT_NE(help.find("changes: commits"), std::string::npos) << help;
  EXPECT_NE(help.find("export, import: the format"), std::string::npos) << help;
  EXPECT_NE(help.find("import --csv: the time column"), std::string::npos) << help;
}

TEST(OptionTable, LongUsageLinesWrapUnderTheFirstWord) {
  constexpr help_page page{"toy", "FILE... [--samples] [--name] [--pct] [--quick] [--samples] [--name] [--pct]",
                           "", ""};
  const auto usage = usage_text(page, texts_of(table()));
  ASSERT_NE(usage.find('\n'), std::string::npos) << usage;
  // "Usage: " comes before the first line; the next start under "FILE...".
  const std::size_t indent = std::string("Usage: benchgate toy ").size();
  for (std::size_t start = 0; start < usage.size();) {
    const auto end = std::min(usage.find('\n', start), usage.size());
    EXPECT_LE(end - start + (start == 0 ? 7 : 0), 100u) << usage;
    if (start > 0) {
      EXPECT_EQ(usage.find_first_not_of(' ', start), start + indent) << usage;
      EXPECT_EQ(usage[start + indent], '[') << usage;
    }
    start = end + 1;
  }
  EXPECT_NE(usage.find("[--name NAME]... [--pct PCT] [--quick]"), std::string::npos) << usage;
}

TEST(OptionTable, AnOptionOutsideItsVerbOrWithoutWhatItNeedsIsRefused) {
  EXPECT_EQ(verbed_error({"add", "f", "--window", "3"}),
            "benchgate toy add: --window does not apply (only to changes); see 'benchgate toy --help'");
  EXPECT_EQ(verbed_error({"changes", "--csv"}),
            "benchgate toy changes: --csv does not apply (only to export, import); see 'benchgate toy --help'");
  EXPECT_EQ(verbed_error({"import", "f", "--time-column", "t"}),
            "--time-column t: only means something with --csv");
  EXPECT_EQ(verbed_error({"add", "f", "--window", "0"}),
            "benchgate toy add: --window does not apply (only to changes); see 'benchgate toy --help'")
      << "refused before its value is checked";
  verbed v;
  parse_table(v, k_verbed_page, verbed_table(), {"import", "f", "--csv", "--time-column", "t"});
  EXPECT_TRUE(v.csv);
  EXPECT_EQ(v.column, "t");
  EXPECT_EQ(verbed_error({"changes", "--window", "2"}), "(no error)");
}

given text(const char* option, const char* value) { return {option, {value}}; }

std::string kind_error(const std::function<void()>& read) { return test_support::input_error_message(read); }

TEST(OptionKinds, CountsNameTheirRangeAndWhatTheyCount) {
  EXPECT_EQ(count(text("n", "7"), {1}), 7);
  EXPECT_EQ(kind_error([] { count(text("n", "x"), {1}); }), "--n x: expected an integer >= 1");
  EXPECT_EQ(kind_error([] { count(text("n", "0"), {1, 20, "pairs"}); }), "--n 0: expected a number of pairs from 1 to 20");
  EXPECT_EQ(kind_error([] { count(text("n", "21"), {1, 20}); }), "--n 21: expected an integer from 1 to 20");
  EXPECT_EQ(kind_error([] { count(text("n", "2000000000"), {0}); }), "--n 2000000000: expected an integer from 0 to 1000000000");
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

}  // namespace
}  // namespace benchgate::options::detail
