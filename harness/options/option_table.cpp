#include "harness/options/option_table.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <sstream>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::options::detail {

namespace {

namespace po = boost::program_options;

// Help pages wrap at 100 columns, descriptions starting at column 32 at most.
constexpr unsigned k_help_line_chars = 100;
constexpr unsigned k_help_description_column = 32;
constexpr const char* k_help_option = "help,h";
constexpr const char* k_help_help = "show this help";

void add(po::options_description& d, const option_text& row) {
  const char* name = row.name.c_str();
  const char* help = row.help.c_str();
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

// The long name of a row ("help,h" -> "help").
std::string long_name(const option_text& row) { return row.name.substr(0, row.name.find(',')); }

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

std::string help_text(const help_page& page, const std::vector<const option_text*>& table) {
  std::ostringstream out;
  out << "Usage: " << page.usage << "\n\n" << page.summary << "\n\n";
  po::options_description help_option(k_help_line_chars, k_help_description_column);
  help_option.add_options()(k_help_option, k_help_help);
  po::options_description shown_options("Options", k_help_line_chars, k_help_description_column);
  shown_options.add(describe(table, false)).add(help_option);
  out << shown_options << "\nExit codes:\n" << page.exit_codes;
  return out.str();
}

}  // namespace benchgate::options::detail
