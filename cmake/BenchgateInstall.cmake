# `cmake --install build --prefix P` installs what a user's benchmark program
# needs: the public headers (include/benchgate/), benchgate::main and the
# internal static libraries it links, and a CMake package, so that a user's
# CMakeLists.txt needs only
#   find_package(benchgate CONFIG REQUIRED)
#   target_link_libraries(my_bench PRIVATE benchgate::main)
# It also installs the commands: bin/benchgate (the driver with the built-in
# cases: `benchgate ab`, `history`, `compare` and `gate` work on any Google
# Benchmark suite without benchgate's build tree) and bin/benchgate-ci, the
# CI entry point (docs/ci.md), which finds bin/benchgate beside it.
# Tests and the scripts for benchgate's own tree are not installed.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# benchgate_link_closure(TARGET OUT_VAR): TARGET and every benchgate target it
# links, directly or not (PUBLIC, PRIVATE and INTERFACE alike: a static
# library's private dependencies are linked into its users).
function(benchgate_link_closure target out_var)
  set(pending ${target})
  set(seen "")
  while(pending)
    list(POP_FRONT pending current)
    if(TARGET ${current})
      get_target_property(aliased ${current} ALIASED_TARGET)
      if(aliased)
        set(current ${aliased})
      endif()
    endif()
    if(NOT TARGET ${current} OR current IN_LIST seen)
      continue()
    endif()
    get_target_property(imported ${current} IMPORTED)
    if(imported)
      continue()
    endif()
    list(APPEND seen ${current})
    get_target_property(type ${current} TYPE)
    set(links "")
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(links ${current} LINK_LIBRARIES)
    endif()
    get_target_property(interface_links ${current} INTERFACE_LINK_LIBRARIES)
    foreach(link IN LISTS links interface_links)
      if(link AND NOT link MATCHES "NOTFOUND$")
        string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" link "${link}")
        list(APPEND pending ${link})
      endif()
    endforeach()
  endwhile()
  set(${out_var} ${seen} PARENT_SCOPE)
endfunction()

benchgate_link_closure(benchgate_main installed_targets)
install(TARGETS ${installed_targets}
  EXPORT benchgateTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/benchgate" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/benchgate)
install(EXPORT benchgateTargets NAMESPACE benchgate:: DESTINATION ${config_dir})
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/benchgateConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/benchgateConfig.cmake" INSTALL_DESTINATION ${config_dir})
# Same major version: 0.x releases are compatible only with the same minor
# version (SameMinorVersion), as any 0.x API may still change.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/benchgateConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/benchgateConfig.cmake" "${PROJECT_BINARY_DIR}/benchgateConfigVersion.cmake"
  DESTINATION ${config_dir})

install(TARGETS benchgate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# ab --gbench --measure allocations preloads it into the measured processes
# and finds it relative to bin/benchgate (run/gbench_allocations.hpp).
if(TARGET benchgate_alloc_preload)
  install(TARGETS benchgate_alloc_preload LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/benchgate)
endif()
install(PROGRAMS "${PROJECT_SOURCE_DIR}/scripts/benchgate-ci" DESTINATION ${CMAKE_INSTALL_BINDIR})
