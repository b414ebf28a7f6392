#pragma once
// The history store in a PostgreSQL database (store.hpp; docs/history.md,
// "PostgreSQL"), through Debian's libpq. Its tables live in the schema
// `benchgate`, created with the schema version on first add.

#include <memory>
#include <string>

#include "harness/history/store.hpp"

namespace benchgate::history {

// `url` is a postgresql:// or postgres:// URL as libpq reads it; `source`
// names it without its password.
std::unique_ptr<store> make_postgres_store(const std::string& url, const std::string& source);

}  // namespace benchgate::history
