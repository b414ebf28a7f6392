#include "harness/options/option_table.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::options::detail {

namespace {

namespace po = boost::program_options;

// Help pages wrap at 100 columns, descriptions starting at column 32 at most.
constexpr unsigned k_help_line_chars = 100;
constexpr unsigned k_help_description_column = 32;
constexpr const char* k_help_option = "help,h";
constexpr const char* k_help_help = "show this help";
// "Usage: " and the indent of the usage lines after the first.
constexpr std::size_t k_usage_prefix_chars = 7;

// The long name of a row ("help,h" -> "help").
std::string long_name(const option_text& row) { return row.name.substr(0, row.name.find(',')); }

// The help of a row as --help shows it: after what it belongs to ("with
// --confirm: ", "changes, plot: "), and with its default.
std::string shown_help(const option_text& row) {
  std::string prefix;
  for (const auto& verb : row.verbs) prefix += (prefix.empty() ? "" : ", ") + verb;
  if (!row.needs.empty()) prefix += (prefix.empty() ? "with --" : " --") + row.needs;
  const std::string help = row.default_value.empty() ? row.help : row.help + " (default: " + row.default_value + ")";
  return prefix.empty() ? help : prefix + ": " + help;
}

void add(po::options_description& d, const option_text& row) {
  const char* name = row.name.c_str();
  const std::string shown = shown_help(row);
  const char* help = shown.c_str();
  if (row.kind == takes::flag) {
    d.add_options()(name, po::bool_switch(), help);
  } else if (row.where == shown::positional) {
    d.add_options()(name, po::value<std::vector<std::string>>(), help);
  } else if (row.kind == takes::value) {
    d.add_options()(name, po::value<std::string>()->value_name(row.value_name), help);
  } else {
    d.add_options()(name, po::value<std::vector<std::string>>()->value_name(row.value_name), help);
  }
}

// The rows of `table` (only the listed ones unless `all`), each group after
// the first as a Boost group, which --help sets off with an empty line.
po::options_description describe(const std::vector<const option_text*>& table, bool all) {
  po::options_description d(k_help_line_chars, k_help_description_column);
  int last_group = 0;
  for (const auto* row : table) last_group = std::max(last_group, row->group);
  for (int group = 0; group <= last_group; ++group) {
    po::options_description part(k_help_line_chars, k_help_description_column);
    for (const auto* row : table) {
      if (row->group == group && (all || row->where == shown::listed)) add(group == 0 ? d : part, *row);
    }
    if (group > 0 && !part.options().empty()) d.add(part);
  }
  return d;
}

const option_text* row_named(const std::vector<const option_text*>& table, std::string_view name) {
  for (const auto* row : table) {
    if (long_name(*row) == name) return row;
  }
  return nullptr;
}

// "--out DIR", "--quick".
std::string synopsis(const option_text& row) {
  return "--" + long_name(row) + (row.kind == takes::flag ? "" : " " + row.value_name);
}

// "[--case NAME]...", "[--quick]".
std::string optional_synopsis(const option_text& row) {
  return "[" + synopsis(row) + "]" + (row.kind == takes::values ? "..." : "");
}

bool has_verbs(const std::vector<const option_text*>& table) {
  return std::any_of(table.begin(), table.end(), [](const option_text* row) { return !row->verbs.empty(); });
}

bool applies_to(const option_text& row, std::string_view verb) {
  return row.verbs.empty() || std::find(row.verbs.begin(), row.verbs.end(), verb) != row.verbs.end();
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::istringstream in{std::string(line)};
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// A word of a form that names an option: "--out=DIR" is {"out", "DIR",
// false}, "[--case]" is {"case", "", true}.
struct option_word {
  std::string name;
  std::string value_name;  // empty: the table's
  bool optional = false;
};

std::optional<option_word> option_in(std::string_view word) {
  option_word out;
  out.optional = word.starts_with("[--") && word.ends_with("]");
  if (out.optional) {
    word = word.substr(3, word.size() - 4);
  } else if (word.starts_with("--")) {
    word = word.substr(2);
  } else {
    return std::nullopt;
  }
  const auto equals = word.find('=');
  out.name = std::string(word.substr(0, equals));
  if (equals != std::string_view::npos) out.value_name = std::string(word.substr(equals + 1));
  return out;
}

// The options a form names.
std::vector<std::string> options_named(std::string_view form) {
  std::vector<std::string> names;
  for (const auto& word : words_of(form)) {
    if (const auto option = option_in(word)) names.push_back(option->name);
  }
  return names;
}

// One form's words, expanded (help_page::forms); `siblings`: the command's
// other forms.
std::vector<std::string> form_words(const help_page& page, const std::vector<const option_text*>& table,
                                    std::string_view form, const std::vector<std::string_view>& siblings) {
  std::vector<std::string> out;
  for (const auto& word : words_of(form)) {
    const auto option = option_in(word);
    if (!option) {
      out.push_back(word);
      continue;
    }
    const auto* found = row_named(table, option->name);
    if (found == nullptr) {
      throw std::logic_error("usage of benchgate " + std::string(page.command) + " names no option --" + option->name);
    }
    auto row = *found;
    if (!option->value_name.empty()) row.value_name = option->value_name;
    out.push_back(option->optional ? optional_synopsis(row) : synopsis(row));
  }
  const auto named = options_named(form);
  const bool verbs = has_verbs(table);
  const std::string verb = verbs && !out.empty() ? out.front() : "";
  // Another form of the same verb names what sets it apart (import --csv,
  // import --list): those options are not this form's.
  std::vector<std::string> elsewhere;
  for (const auto sibling : siblings) {
    const auto words = words_of(sibling);
    if (!words.empty() && words.front() == verb) {
      for (auto& name : options_named(sibling)) elsewhere.push_back(std::move(name));
    }
  }
  bool rest = false;
  for (const auto* row : table) {
    const auto name = long_name(*row);
    if (row->where != shown::listed || std::find(named.begin(), named.end(), name) != named.end()) continue;
    if (!verbs) {
      rest = true;
    } else if (applies_to(*row, verb) && std::find(elsewhere.begin(), elsewhere.end(), name) == elsewhere.end() &&
               (row->needs.empty() || std::find(named.begin(), named.end(), row->needs) != named.end())) {
      out.push_back(optional_synopsis(*row));
    }
  }
  if (rest) out.push_back("[OPTIONS]");
  return out;
}

}  // namespace

parsed_texts parse_texts(const help_page& page, const std::vector<const option_text*>& table,
                         const std::vector<std::string>& args, bool pass_unknown) {
  auto all = describe(table, true);
  all.add_options()(k_help_option, k_help_help);
  po::positional_options_description positional;
  for (const auto* row : table) {
    if (row->where == shown::positional) positional.add(long_name(*row).c_str(), -1);
  }
  const std::string command = "benchgate " + std::string(page.command);
  const std::string see_help = "see '" + command + " --help'";
  po::variables_map vm;
  parsed_texts out;
  try {
    auto parser = po::command_line_parser(args).options(all).style(po::command_line_style::default_style &
                                                                   ~po::command_line_style::allow_guessing);
    // Without a positional row, stray arguments are refused, or with
    // `pass_unknown` passed on with the unknown options.
    if (!pass_unknown) parser.positional(positional);
    if (pass_unknown) parser.allow_unregistered();
    const auto parsed = parser.run();
    po::store(parsed, vm);
    po::notify(vm);
    if (pass_unknown) out.outcome.unrecognized = po::collect_unrecognized(parsed.options, po::include_positional);
  } catch (const po::too_many_positional_options_error&) {
    for (const auto& arg : args) {
      if (!arg.empty() && arg[0] != '-') throw input_error(command + ": unexpected argument '" + arg + "'; " + see_help);
    }
    throw input_error(command + ": too many arguments; " + see_help);
  } catch (const po::error& e) {
    throw input_error(command + ": " + e.what() + "; " + see_help);
  }
  if (vm.count("help")) {
    out.outcome.help = "";
    return out;
  }
  for (const auto* row : table) {
    const auto name = long_name(*row);
    given g;
    if (row->kind == takes::flag) {
      if (vm[name].as<bool>()) g.option = name;
    } else if (vm.count(name)) {
      g.option = name;
      if (row->kind == takes::value && row->where != shown::positional) {
        g.texts = {vm[name].as<std::string>()};
      } else {
        g.texts = vm[name].as<std::vector<std::string>>();
      }
    }
    if (!g.option.empty()) out.outcome.given_values.push_back(g);
    if (row->where == shown::positional) g.option = name;
    out.values.push_back(std::move(g));
  }
  return out;
}

std::string usage_text(const help_page& page, const std::vector<const option_text*>& table) {
  const std::string command = "benchgate " + std::string(page.command);
  std::vector<std::string_view> forms;
  for (std::size_t start = 0; start <= page.forms.size();) {
    const auto end = std::min(page.forms.find('\n', start), page.forms.size());
    forms.push_back(page.forms.substr(start, end - start));
    start = end + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    auto siblings = forms;
    siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(i));
    const auto words = form_words(page, table, forms[i], siblings);
    // Continuation lines start under the word after the command (a verb's
    // options under the word after the verb).
    const std::size_t lead = k_usage_prefix_chars + command.size() + 1;
    const std::size_t indent = lead + (has_verbs(table) && !words.empty() ? words.front().size() + 1 : 0);
    std::string line = (out.empty() ? "" : std::string(k_usage_prefix_chars, ' ')) + command;
    std::size_t column = k_usage_prefix_chars + command.size();
    for (const auto& word : words) {
      if (column + 1 + word.size() > k_help_line_chars && column > indent) {
        line += "\n" + std::string(indent, ' ') + word;
        column = indent + word.size();
      } else {
        line += " " + word;
        column += 1 + word.size();
      }
    }
    out += (out.empty() ? "" : "\n") + line;
  }
  return out;
}

void check_belonging(const help_page& page, const std::vector<const option_text*>& table,
                     const parse_outcome& parsed) {
  const std::string command = "benchgate " + std::string(page.command);
  std::string verb;
  if (has_verbs(table)) {
    for (const auto* row : table) {
      const auto* g = row->where == shown::positional ? parsed.find(long_name(*row)) : nullptr;
      if (g != nullptr && !g->texts.empty()) verb = g->texts.front();
    }
  }
  for (const auto* row : table) {
    const auto* g = parsed.find(long_name(*row));
    if (g == nullptr || row->where == shown::positional) continue;
    if (!verb.empty() && !applies_to(*row, verb)) {
      std::string verbs;
      for (const auto& v : row->verbs) verbs += (verbs.empty() ? "" : ", ") + v;
      throw input_error(command + " " + verb + ": --" + g->option + " does not apply (only to " + verbs + "); see '" +
                        command + " --help'");
    }
    if (!row->needs.empty() && !parsed.was_given(row->needs)) {
      const auto* needed = row_named(table, row->needs);
      throw input_error("--" + g->option + (g->texts.empty() ? "" : " " + g->texts.front()) +
                        ": only means something with " + (needed ? synopsis(*needed) : "--" + row->needs));
    }
  }
}

std::string help_text(const help_page& page, const std::vector<const option_text*>& table) {
  std::ostringstream out;
  out << "Usage: " << usage_text(page, table) << "\n\n" << page.summary << "\n\n";
  po::options_description help_option(k_help_line_chars, k_help_description_column);
  help_option.add_options()(k_help_option, k_help_help);
  po::options_description shown_options("Options", k_help_line_chars, k_help_description_column);
  shown_options.add(describe(table, false)).add(help_option);
  out << shown_options << "\nExit codes:\n" << page.exit_codes;
  return out.str();
}

}  // namespace benchgate::options::detail
