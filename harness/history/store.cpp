#include "harness/history/store.hpp"

#include <algorithm>

#include "harness/history/postgres_store.hpp"
#include "harness/history/sqlite_store.hpp"
#include "harness/support/errors/input_error.hpp"

namespace benchgate::history {

namespace {

constexpr std::string_view k_postgres_schemes[] = {"postgresql://", "postgres://"};
constexpr std::string_view k_hidden = "***";

}  // namespace

bool is_postgres_url(std::string_view location) {
  for (const auto scheme : k_postgres_schemes) {
    if (location.substr(0, scheme.size()) == scheme) return true;
  }
  return false;
}

std::string printable_location(std::string_view location) {
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
  if (is_postgres_url(location)) return make_postgres_store(location, source);
  // "mysql://host/db" is no file path: it would become a folder "mysql:".
  if (const auto scheme = location.find("://"); scheme != std::string::npos && scheme > 0 &&
                                                  location.find('/') == scheme + 1) {
    throw input_error(source + ": a URL of another database; expected a file path (SQLite) or a postgresql:// URL");
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

}  // namespace benchgate::history
