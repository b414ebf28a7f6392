# Helpers that keep every CMakeLists.txt short and alike.
#
# Include paths are rooted at the repository: code includes
# "harness/formats/model.hpp" or "cores/page_iter/fixed_bit_set.hpp".

# A libFuzzer build instruments every library for coverage and the
# sanitizers, so the fuzzers are guided by the code they test, not only by
# their own sources; fuzz targets then link libFuzzer itself.
option(BENCHGATE_FUZZ "Build the libFuzzer targets (needs clang)" OFF)
# BENCHGATE_SANITIZED: code that cannot work in such a build (valgrind cannot
# run an ASan binary) says so instead of failing obscurely.
if(BENCHGATE_FUZZ OR BENCHGATE_SANITIZE)
  add_compile_definitions(BENCHGATE_SANITIZED=1)
endif()

# -fno-sanitize-recover=all in both: an undefined-behaviour finding aborts
# the program (and fails the test or the fuzz run) instead of being printed
# and skipped.
if(BENCHGATE_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

if(BENCHGATE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# benchgate_set_warnings(TARGET): -Wall -Wextra, and -Werror with BENCHGATE_WERROR.
# GCC 12 reports false -Wrestrict positives on `"text" + std::string`
# (GCC bug 105329), so that warning is off there.
function(benchgate_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra $<$<BOOL:${BENCHGATE_WERROR}>:-Werror>
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>)
endfunction()

# benchgate_add_library(NAME [INTERFACE] [OBJECT] [SOURCES ...] [PUBLIC_DEPS ...] [PRIVATE_DEPS ...])
# Defines target benchgate_NAME with alias benchgate::NAME. INTERFACE makes a
# header-only library (no SOURCES); OBJECT an object library, whose objects
# every program linking it gets whole (cases: their BENCHGATE_CASE
# registration must survive linking). Headers are found from the repository
# root and from include/ (the public API, benchgate/...) while building; an
# installed library's users see only the installed include/.
function(benchgate_add_library name)
  cmake_parse_arguments(arg "INTERFACE;OBJECT" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  set(target benchgate_${name})
  set(include_dirs "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>" "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>")
  if(arg_INTERFACE)
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${include_dirs})
    target_link_libraries(${target} INTERFACE ${arg_PUBLIC_DEPS})
  else()
    if(arg_OBJECT)
      add_library(${target} OBJECT ${arg_SOURCES})
    else()
      add_library(${target} STATIC ${arg_SOURCES})
    endif()
    target_include_directories(${target} PUBLIC ${include_dirs})
    target_link_libraries(${target} PUBLIC ${arg_PUBLIC_DEPS} PRIVATE ${arg_PRIVATE_DEPS})
    benchgate_set_warnings(${target})
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  add_library(benchgate::${name} ALIAS ${target})
endfunction()

# benchgate_add_case(NAME SOURCES ... [DEPS ...])
# A built-in benchmark case: an object library whose sources define the case
# and register it with BENCHGATE_CASE (include/benchgate/registration.hpp).
# The driver links every case added this way (benchgate::case_NAME), so
# adding a case needs no edit outside the case's own folders. A case
# includes only the public headers (benchgate/...), its own files, cores/,
# baselines/ and third-party headers; the test cases_use_only_the_public_api
# fails otherwise.
function(benchgate_add_case name)
  cmake_parse_arguments(arg "" "" "SOURCES;DEPS" ${ARGN})
  benchgate_add_library(case_${name} OBJECT SOURCES ${arg_SOURCES} PUBLIC_DEPS benchgate::suite PRIVATE_DEPS ${arg_DEPS})
  # benchgate's own source is what these cases measure (registration.hpp).
  target_compile_definitions(benchgate_case_${name} PRIVATE BENCHGATE_BUILTIN_CASE=1)
  set_property(GLOBAL APPEND PROPERTY BENCHGATE_CASE_NAMES ${name})
endfunction()

# Every test has a CTest timeout, so a test that blocks fails CI instead of
# hanging it: BENCHGATE_TEST_TIMEOUT seconds unless the test sets a longer
# one (the TIMEOUT of benchgate_add_test; a plain add_test sets its own with
# set_tests_properties). The test every_test_has_a_timeout (tests/) fails
# when one has none. 120 s is several times the longest ordinary test on a
# loaded 2-core machine (docs/reliability.md, "Tests that cannot lie"), yet a
# hung test costs CI only two minutes.
set(BENCHGATE_TEST_TIMEOUT 120 CACHE STRING "Default CTest timeout of every test, in seconds")

# The optimisation of the test programs' own sources (the GoogleTest files,
# not the libraries they test, which keep the build type's flags): half the
# normal build's compile time is the test files, and at -O3 each costs about
# 1.6x its -O1 time (tests/harness/app/bad_input_test.cpp: 9.2 s vs 5.7 s,
# GCC 12); nothing in a test file is timed (the driver and the libraries
# are). scripts/sanitize uses -O0 (14.3 s vs 7.9 s with ASan + UBSan).
# Ignored in Debug builds (they keep -O0); empty: the build type's flags.
set(BENCHGATE_TEST_OPTIMIZATION "-O1" CACHE STRING
  "Optimisation flag of the test programs' own sources, e.g. -O1; empty for the build type's")

# The test programs' heaviest headers, precompiled once for all of them
# (the first test program's, reused by the others): GoogleTest, GoogleMock
# and nlohmann/json take about 1.5 s to parse in each of some 160 test files.
# Off by default under a compiler launcher: ccache caches nothing that
# uses a precompiled header unless told to (its "sloppiness" setting), and
# with a warm cache the header costs nothing anyway.
if(CMAKE_CXX_COMPILER_LAUNCHER)
  set(benchgate_test_pch_default OFF)
else()
  set(benchgate_test_pch_default ON)
endif()
option(BENCHGATE_TEST_PCH "Precompile the test programs' common headers" ${benchgate_test_pch_default})

# A plain add_test that must check both an exit code and the output runs
# through this wrapper: ${BENCHGATE_EXPECT_RUN} EXIT_CODE REGEX COMMAND...
set(BENCHGATE_EXPECT_RUN "${PROJECT_SOURCE_DIR}/tests/support/expect_run")

# benchgate_add_test(NAME SOURCES ... [DEPS ...] [LABELS ...] [TIMEOUT SECONDS] [RUN_SERIAL]
#                    [PROPERTIES NAME VALUE ...])
# A GoogleTest executable test_NAME; each TEST becomes one CTest test. Tests
# see BENCHGATE_DATA_DIR (the real-inputs folder, "" when not given) as an
# environment variable; tests/support gives the driver's path. TIMEOUT
# replaces the default timeout; RUN_SERIAL runs each test alone (for tests
# whose outcome depends on the time they get: measurements, kills after a
# delay), so `ctest -j` cannot starve them. PROPERTIES are more CTest test
# properties (single values: gtest_discover_tests splits lists), e.g. a
# FIXTURES_REQUIRED.
function(benchgate_add_test name)
  cmake_parse_arguments(arg "RUN_SERIAL" "TIMEOUT" "SOURCES;DEPS;LABELS;PROPERTIES" ${ARGN})
  set(target test_${name})
  add_executable(${target} ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE ${arg_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
  target_include_directories(${target} PRIVATE "${PROJECT_SOURCE_DIR}" "${PROJECT_SOURCE_DIR}/include")
  benchgate_set_warnings(${target})
  if(BENCHGATE_TEST_PCH)
    get_property(pch_owner GLOBAL PROPERTY BENCHGATE_TEST_PCH_OWNER)
    if(pch_owner)
      target_precompile_headers(${target} REUSE_FROM ${pch_owner})
    else()
      target_precompile_headers(${target} PRIVATE <gtest/gtest.h> <gmock/gmock.h> <nlohmann/json.hpp>)
      set_property(GLOBAL PROPERTY BENCHGATE_TEST_PCH_OWNER ${target})
    endif()
  endif()
  # After the build type's flags on the command line, so this -O wins.
  if(BENCHGATE_TEST_OPTIMIZATION)
    target_compile_options(${target} PRIVATE $<$<NOT:$<CONFIG:Debug>>:${BENCHGATE_TEST_OPTIMIZATION}>)
  endif()
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT ${BENCHGATE_TEST_TIMEOUT})
  endif()
  # gtest_discover_tests splits list values, so only one variable goes
  # through the environment; an empty value would shift the pairs, so
  # LABELS and RUN_SERIAL are passed only when given.
  set(properties ENVIRONMENT "BENCHGATE_DATA_DIR=${BENCHGATE_DATA_DIR}" TIMEOUT ${arg_TIMEOUT})
  if(arg_LABELS)
    list(APPEND properties LABELS "${arg_LABELS}")
  endif()
  if(arg_RUN_SERIAL)
    list(APPEND properties RUN_SERIAL TRUE)
  endif()
  list(APPEND properties ${arg_PROPERTIES})
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 120 PROPERTIES ${properties})
endfunction()


# benchgate_add_gbench_pair(NAME SOURCE DEFINITION [COMPILE_OPTIONS ...])
# Two plain Google Benchmark executables of one test source for an
# end-to-end test to tell apart: gbench_NAME_old and gbench_NAME_new, the
# new one built with DEFINITION (its known regression or change).
function(benchgate_add_gbench_pair name source definition)
  cmake_parse_arguments(arg "" "" "COMPILE_OPTIONS" ${ARGN})
  foreach(side old new)
    set(target gbench_${name}_${side})
    add_executable(${target} ${source})
    target_link_libraries(${target} PRIVATE benchmark::benchmark)
    target_compile_options(${target} PRIVATE ${arg_COMPILE_OPTIONS})
    benchgate_set_warnings(${target})
  endforeach()
  target_compile_definitions(gbench_${name}_new PRIVATE ${definition})
endfunction()

# benchgate_add_script_check(SCRIPT NAME TEST_NAME FIXTURE_TEST TEST_NAME
#                            FIXTURE DIR EXPECT REGEX)
# A Python check of the repository's text (SCRIPT, in the current source
# folder, given the repository's root) as test NAME, and the check itself
# on the fixture folder DIR (relative to the current source folder) as test
# FIXTURE_TEST, which must exit 1 with output matching REGEX (through
# BENCHGATE_EXPECT_RUN): a check that passes everything fails that one.
# Both labelled scripts (they read text, nothing a sanitizer instruments).
function(benchgate_add_script_check script)
  cmake_parse_arguments(arg "" "NAME;FIXTURE_TEST;FIXTURE;EXPECT" "" ${ARGN})
  set(checker "${CMAKE_CURRENT_SOURCE_DIR}/${script}")
  add_test(NAME ${arg_NAME} COMMAND python3 "${checker}" "${PROJECT_SOURCE_DIR}")
  add_test(NAME ${arg_FIXTURE_TEST}
    COMMAND ${BENCHGATE_EXPECT_RUN} 1 "${arg_EXPECT}" python3 "${checker}" "${CMAKE_CURRENT_SOURCE_DIR}/${arg_FIXTURE}")
  set_tests_properties(${arg_NAME} ${arg_FIXTURE_TEST} PROPERTIES LABELS scripts TIMEOUT ${BENCHGATE_TEST_TIMEOUT})
endfunction()

# benchgate_add_subdirectories([EXCLUDE name...]): add_subdirectory for every
# child folder that has a CMakeLists.txt, in name order, except those named.
function(benchgate_add_subdirectories)
  cmake_parse_arguments(arg "" "" "EXCLUDE" ${ARGN})
  file(GLOB children LIST_DIRECTORIES true CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*")
  list(SORT children)
  foreach(child IN LISTS children)
    get_filename_component(child_name "${child}" NAME)
    if(child_name IN_LIST arg_EXCLUDE)
      continue()
    endif()
    if(IS_DIRECTORY "${child}" AND EXISTS "${child}/CMakeLists.txt")
      add_subdirectory("${child}")
    endif()
  endforeach()
endfunction()

# benchgate_add_fuzzer(NAME SOURCES ... [DEPS ...] CORPUS DIR)
# A libFuzzer target: the sources define LLVMFuzzerTestOneInput. With
# BENCHGATE_FUZZ=ON (clang) it links libFuzzer and becomes fuzz_NAME, run by
# scripts/fuzz. In every other build it links a small driver that replays the
# seed corpus, registered as the CTest test fuzz_replay_NAME, so the corpus is
# a regression test everywhere.
function(benchgate_add_fuzzer name)
  cmake_parse_arguments(arg "" "CORPUS" "SOURCES;DEPS" ${ARGN})
  set(target fuzz_${name})
  if(BENCHGATE_FUZZ)
    add_executable(${target} ${arg_SOURCES})
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
    if(NOT TARGET fuzzers)
      add_custom_target(fuzzers)
    endif()
    add_dependencies(fuzzers ${target})
    # scripts/fuzz reads the list of targets and corpora from fuzzers.txt.
    set_property(GLOBAL APPEND PROPERTY BENCHGATE_FUZZERS "${name}|$<TARGET_FILE:${target}>|${arg_CORPUS}")
  else()
    add_executable(${target} ${arg_SOURCES} "${PROJECT_SOURCE_DIR}/tests/fuzz/replay_main.cpp")
    add_test(NAME fuzz_replay_${name} COMMAND ${target} "${arg_CORPUS}")
    set_tests_properties(fuzz_replay_${name} PROPERTIES LABELS fuzz TIMEOUT ${BENCHGATE_TEST_TIMEOUT})
  endif()
  target_include_directories(${target} PRIVATE "${PROJECT_SOURCE_DIR}" "${PROJECT_SOURCE_DIR}/include")
  target_link_libraries(${target} PRIVATE ${arg_DEPS})
  benchgate_set_warnings(${target})
endfunction()
