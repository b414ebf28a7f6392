#pragma once
// Versions, roots entries and the status codes of the versioned map
// (harness/cases/versioned_map/SPEC.md; FoundationDB's fdbclient/VersionedMap.h).

#include <cstdint>
#include <string_view>

namespace cores::versioned_map {

// A commit version, as FoundationDB's Version (int64).
using version = std::int64_t;

// One element of a roots container: the tree root of every version from
// `ver` up to (not including) the next entry's version.
template <class Root>
struct root_entry {
  version ver;
  Root root;
};

// What a versioned-map call reports instead of asserting (FDB asserts).
enum class status {
  ok,
  version_before_oldest,   // read or forget below the oldest retained version
  version_after_latest,    // forget beyond the latest version
  version_not_increasing,  // create_new_version below the latest version
};

// A short English name of `s`, e.g. "version before oldest".
constexpr std::string_view to_string(status s) {
  switch (s) {
    case status::ok: return "ok";
    case status::version_before_oldest: return "version before oldest";
    case status::version_after_latest: return "version after latest";
    case status::version_not_increasing: return "version not increasing";
  }
  return "unknown status";
}

}  // namespace cores::versioned_map
