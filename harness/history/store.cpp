#include "harness/history/store.hpp"

#include <algorithm>
#include <cctype>

#include "harness/history/postgres_store.hpp"
#include "harness/history/sqlite_store.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

namespace {

constexpr std::string_view k_postgres_schemes[] = {"postgresql://", "postgres://"};
constexpr std::string_view k_hidden = "***";

// A libpq connection string ("host=... password=s3cret dbname=h") with
// the password's value, quoted ('a b', with \' inside) or not, as ***.
std::string without_conninfo_password(std::string_view conninfo) {
  std::string out(conninfo);
  constexpr std::string_view k_keyword = "password";
  for (auto p = out.find(k_keyword); p != std::string::npos; p = out.find(k_keyword, p + 1)) {
    if (p > 0 && out[p - 1] != ' ' && out[p - 1] != '\t') continue;
    auto at = out.find_first_not_of(" \t", p + k_keyword.size());
    if (at == std::string::npos || out[at] != '=') continue;
    const auto value = out.find_first_not_of(" \t", at + 1);
    if (value == std::string::npos) break;
    std::size_t end = value;
    if (out[value] == '\'') {
      for (end = value + 1; end < out.size() && out[end] != '\''; ++end) {
        if (out[end] == '\\') ++end;
      }
      end = std::min(end + 1, out.size());
    } else {
      end = out.find_first_of(" \t", value);
      if (end == std::string::npos) end = out.size();
    }
    out.replace(value, end - value, k_hidden);
  }
  return out;
}

}  // namespace

bool is_postgres_url(std::string_view location) {
  for (const auto scheme : k_postgres_schemes) {
    if (location.substr(0, scheme.size()) == scheme) return true;
  }
  return false;
}

bool is_connection_string(std::string_view location) {
  std::size_t i = location.find_first_not_of(" \t");
  if (i == std::string_view::npos) return false;
  const std::size_t word = i;
  while (i < location.size() && (std::isalpha(static_cast<unsigned char>(location[i])) != 0 || location[i] == '_')) ++i;
  if (i == word) return false;
  i = location.find_first_not_of(" \t", i);
  return i != std::string_view::npos && location[i] == '=';
}

bool is_postgres_location(std::string_view location) {
  return is_postgres_url(location) || is_connection_string(location);
}

std::string printable_location(std::string_view location) {
  if (is_connection_string(location)) return without_conninfo_password(location);
  if (location.find("://") == std::string_view::npos) return std::string(location);
  std::string out(location);
  // user:PASSWORD@ in the authority (before the first '/', '?' after the scheme).
  const auto start = out.find("://") + 3;
  const auto authority_end = out.find_first_of("/?", start);
  const auto at = out.rfind('@', authority_end == std::string::npos ? out.size() : authority_end);
  if (at != std::string::npos && at >= start) {
    const auto colon = out.find(':', start);
    if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, k_hidden);
  }
  // password=... among the query parameters.
  for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
    if (p == 0 || (out[p - 1] != '?' && out[p - 1] != '&')) continue;
    const auto value = p + std::string_view("password=").size();
    const auto end = out.find('&', value);
    out.replace(value, (end == std::string::npos ? out.size() : end) - value, k_hidden);
  }
  return out;
}

std::unique_ptr<store> open_store(const std::string& location, const std::string& origin) {
  if (location.empty()) {
    throw input_error(origin + ": expected a history store (a file path or a postgresql:// URL), got ''");
  }
  const auto source = origin + " " + printable_location(location);
  if (is_postgres_location(location)) return make_postgres_store(location, source);
  // "mysql://host/db", or "postgresql:/db" with a '/' missing, is no file
  // path: it would become a folder "mysql:" with an SQLite file in it.
  if (const auto colon = location.find(":/"); colon != std::string::npos && colon > 0 &&
                                                location.find('/') == colon + 1) {
    throw input_error(source + ": a URL, but not postgresql:// or postgres://; expected a file path (SQLite), a "
                               "postgresql:// URL or a libpq connection string (host=... dbname=...)");
  }
  return make_sqlite_store(location, source);
}

void add_runs(const std::string& location, const std::string& origin, const std::vector<run_record>& runs) {
  open_store(location, origin)->add_runs(runs);
}

stored_history load_history(const std::string& location, const std::string& origin, const std::string& metric) {
  return open_store(location, origin)->load(metric);
}

void require_stored_metric(const std::string& source, const std::string& metric,
                           const std::vector<std::string>& stored) {
  if (stored.empty() || std::find(stored.begin(), stored.end(), metric) != stored.end()) return;
  std::string names;
  for (const auto& name : stored) names += (names.empty() ? "" : ", ") + name;
  throw input_error("--metric " + metric + ": not in " + source + "; it holds " + names);
}

void refuse_repeated_runs(const std::vector<run_record>& runs) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (runs[i].digest == runs[j].digest) {
        throw input_error("RESULTS " + runs[i].source + ": the same run as RESULTS " + runs[j].source +
                          "; each run is added once; nothing was added");
      }
    }
  }
}

std::string same_commit_query(std::string_view runs_table) {
  return "SELECT commit_sha FROM " + std::string(runs_table) +
         " WHERE lower(commit_sha) <> $1 AND (substr(lower(commit_sha), 1, length($1)) = $1 OR "
         "substr($1, 1, length(commit_sha)) = lower(commit_sha)) LIMIT 1";
}

void refuse_other_length(const std::string& store_source, const run_record& run, const std::string& stored) {
  throw input_error("RESULTS " + run.source + ": commit " + run.commit + " is stored in " + store_source + " as " +
                    stored + "; expected the id it is stored under (give --commit " + stored +
                    "), so that its runs stay one point of each series; nothing was added");
}

}  // namespace benchgate::history
