#pragma once
// Options as data (the engine): each command (harness/app/NAME/) declares one
// table of options (name, value name, what it takes, help, which option or
// verb it belongs to, where its value goes) and one help page; parse_table
// turns argv into the settings struct, and --help into the page with its
// usage lines, both from that table. The option kinds that check a value
// (count, percent, seconds, ...) are in option_kinds.hpp.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace benchgate::options::detail {

// What an option takes on the command line.
enum class takes {
  flag,    // --quick: nothing
  value,   // --samples N: one value (given twice is an error)
  values,  // --case NAME: repeatable, in order
};

// Where an option shows.
enum class shown {
  listed,      // in --help
  hidden,      // accepted, not in --help (internal options)
  positional,  // the arguments without a name, accepted not listed
};

// The text given to one option.
struct given {
  std::string option;              // its long name, without "--"
  std::vector<std::string> texts;  // as given, in order: none for a flag
  // The value of a takes::value option.
  const std::string& text() const { return texts.back(); }
};

// One option's description, whatever the settings it fills.
struct option_text {
  std::string name;        // long name, and ",x" for a short one
  std::string value_name;  // e.g. "N"; unused for flags and positionals
  takes kind = takes::value;
  std::string help;
  // What the option's value is when it is not given ("5", "the fail
  // level"); --help ends the help with "(default: ...)". Empty: none said.
  std::string default_value = {};
  shown where = shown::listed;
  // In --help, group 0 comes first, then each other group after an empty
  // line, in increasing order.
  int group = 0;
  // The option this one only means something with ("confirm"): its help
  // starts "with --confirm: ", and parsing refuses it given alone.
  std::string needs = {};
  // For a command whose first argument is a verb (history): the verbs this
  // option applies to (none: all). Parsing refuses it after another verb;
  // each verb's usage line lists it.
  std::vector<std::string> verbs = {};
};

// One row of a command's table: its description and where its value goes.
// `store` is called after parsing, in table order, for each option given
// (a flag: when set), and always for the positional row (with what was
// given, maybe nothing). It checks the text (throwing input_error) and
// stores it; checks between options belong to the command's parser, after
// the table is stored.
template <class Settings>
struct option : option_text {
  std::function<void(Settings&, const given&)> store;
};

// The store of a row that the command's parser reads after the table is
// stored, from parse_outcome (its value is checked against other options or
// the cases): nothing.
template <class Settings>
void stored_later(Settings&, const given&) {}

// The rest of a command's --help page.
struct help_page {
  std::string_view command;  // e.g. "run"
  // One usage line per line of `forms`, each "benchgate COMMAND " and the
  // form: its words as written, except that "--NAME" and "[--NAME]" take
  // the value name of the option from the table ("--out DIR",
  // "[--case NAME]..."; "--out=DIR": with DIR for the value name). The
  // form ends with " [OPTIONS]" when listed
  // options remain that it does not name; for a command of verbs, with
  // those options of its verb (the form's first word), each "[--NAME V]".
  std::string_view forms;
  std::string_view summary;     // description and examples
  std::string_view exit_codes;  // one line per code
};

// What parsing found besides the stored values.
struct parse_outcome {
  std::optional<std::string> help;        // --help: the page, and nothing stored
  std::vector<given> given_values;        // the options given, in table order
  std::vector<std::string> unrecognized;  // with pass_unknown: the rest, as given
  // The option `name` as given, or null.
  const given* find(std::string_view name) const {
    for (const auto& g : given_values) {
      if (g.option == name) return &g;
    }
    return nullptr;
  }
  bool was_given(std::string_view name) const { return find(name) != nullptr; }
};

// Parses `args` against `table` (plus --help) without storing anything.
// Unknown options, missing values and stray arguments become input_error
// naming the command; with `pass_unknown` they are returned instead, for
// another parser. On --help, `outcome.help` is set (empty: help_text
// writes the page).
struct parsed_texts {
  parse_outcome outcome;
  std::vector<given> values;  // parallel to the table's rows; empty option name: not given
};
parsed_texts parse_texts(const help_page& page, const std::vector<const option_text*>& table,
                         const std::vector<std::string>& args, bool pass_unknown = false);

// The help page: usage, summary, the listed options of `table` (and
// --help), exit codes; formatted by Boost.Program_options at 100 columns.
std::string help_text(const help_page& page, const std::vector<const option_text*>& table);

// The usage lines of `page` from `table` (help_page::forms), without "Usage: ".
std::string usage_text(const help_page& page, const std::vector<const option_text*>& table);

// Refuses (input_error) an option given that does not apply to the verb
// given (the first positional argument, for a command of verbs), and one
// given without the option it needs.
void check_belonging(const help_page& page, const std::vector<const option_text*>& table,
                     const parse_outcome& parsed);

template <class Settings>
std::vector<const option_text*> texts_of(const std::vector<option<Settings>>& table) {
  std::vector<const option_text*> out;
  for (const auto& row : table) out.push_back(&row);
  return out;
}

// Parses `args` into `out` by `table`; returns what parsing found (the
// help page when --help was given, and then `out` is untouched).
// `before_store`, when given, sees what was given before any value is
// checked (e.g. to refuse options that do not apply first).
template <class Settings>
parse_outcome parse_table(Settings& out, const help_page& page, const std::vector<option<Settings>>& table,
                          const std::vector<std::string>& args, bool pass_unknown = false,
                          const std::function<void(const parse_outcome&)>& before_store = nullptr) {
  const auto texts = texts_of(table);
  auto parsed = parse_texts(page, texts, args, pass_unknown);
  if (parsed.outcome.help) {
    parsed.outcome.help = help_text(page, texts);
    return parsed.outcome;
  }
  if (before_store) before_store(parsed.outcome);
  check_belonging(page, texts, parsed.outcome);
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (!parsed.values[i].option.empty()) table[i].store(out, parsed.values[i]);
  }
  return parsed.outcome;
}

// Rows of a table for `Part` (shared by two commands), storing into the
// `Part` member of `Whole`.
template <class Whole, class Part>
std::vector<option<Whole>> rows_into(const std::vector<option<Part>>& rows, Part Whole::*member) {
  std::vector<option<Whole>> out;
  for (const auto& row : rows) {
    out.push_back({row, [store = row.store, member](Whole& whole, const given& g) { store(whole.*member, g); }});
  }
  return out;
}

// `rows`, each with `field` set to `value`; the three uses follow.
template <class Settings, class Field>
std::vector<option<Settings>> each_with(std::vector<option<Settings>> rows, Field option_text::*field,
                                        const Field& value) {
  for (auto& row : rows) row.*field = value;
  return rows;
}

// `rows` in help group `group`.
template <class Settings>
std::vector<option<Settings>> in_group(std::vector<option<Settings>> rows, int group) {
  return each_with(std::move(rows), &option_text::group, group);
}

// `rows`, each meaning something only with option `needed` (option_text::needs).
template <class Settings>
std::vector<option<Settings>> needing(const std::string& needed, std::vector<option<Settings>> rows) {
  return each_with(std::move(rows), &option_text::needs, needed);
}

// `rows`, each applying to `verbs` only (option_text::verbs).
template <class Settings>
std::vector<option<Settings>> for_verbs(const std::vector<std::string>& verbs, std::vector<option<Settings>> rows) {
  return each_with(std::move(rows), &option_text::verbs, verbs);
}

// `more` appended to `rows`.
template <class Settings>
std::vector<option<Settings>> operator+(std::vector<option<Settings>> rows, const std::vector<option<Settings>>& more) {
  rows.insert(rows.end(), more.begin(), more.end());
  return rows;
}

}  // namespace benchgate::options::detail
