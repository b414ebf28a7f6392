# Every dependency comes from Debian's packages (scripts/setup installs them).
# Nothing is downloaded at build time and no third-party code is vendored.

find_package(benchmark 1.7 REQUIRED)                   # libbenchmark-dev
if(BENCHGATE_BUILD_TESTS)
  find_package(GTest REQUIRED)                         # libgtest-dev, libgmock-dev
  include(GoogleTest)
endif()
find_package(nlohmann_json 3.10 REQUIRED)              # nlohmann-json3-dev
find_package(Boost 1.74 REQUIRED
  COMPONENTS program_options iostreams filesystem)     # libboost-program-options-dev, libboost-iostreams-dev,
                                                       # libboost-filesystem-dev
find_package(OpenSSL REQUIRED COMPONENTS Crypto)       # libssl-dev
find_package(Threads REQUIRED)

# libgnuplot-iostream-dev: a single header (it needs Boost.Iostreams, and
# Boost.Filesystem for its temporary files).
find_path(GNUPLOT_IOSTREAM_INCLUDE_DIR gnuplot-iostream.h REQUIRED)

# libhighwayhash-dev ships a static library and headers but no CMake or
# pkg-config file.
find_path(HIGHWAYHASH_INCLUDE_DIR highwayhash/sip_hash.h REQUIRED)
find_library(HIGHWAYHASH_LIBRARY NAMES highwayhash REQUIRED)
if(NOT TARGET highwayhash::highwayhash)
  add_library(highwayhash::highwayhash UNKNOWN IMPORTED)
  set_target_properties(highwayhash::highwayhash PROPERTIES
    IMPORTED_LOCATION "${HIGHWAYHASH_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${HIGHWAYHASH_INCLUDE_DIR}")
endif()

# valgrind's client-request headers (valgrind/callgrind.h) for instruction counts.
find_path(VALGRIND_INCLUDE_DIR valgrind/callgrind.h REQUIRED)

# libsqlite3-dev: the history store (harness/history).
find_package(SQLite3 REQUIRED)
# libpq-dev: the PostgreSQL history store (harness/history/postgres_store.cpp).
find_package(PostgreSQL REQUIRED)
