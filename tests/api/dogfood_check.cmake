# cmake -DSOURCE_DIR=... -P dogfood_check.cmake: fails (and names the file and
# line) when a built-in case includes an internal harness header. Cases use
# the public API (include/benchgate/) like any user's case; besides it they
# may include their own files (harness/cases/NAME/), cores/, baselines/,
# the standard library and third-party headers.
file(GLOB_RECURSE sources "${SOURCE_DIR}/harness/cases/*.cpp" "${SOURCE_DIR}/harness/cases/*.hpp")
set(offences "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]harness/")
  foreach(line IN LISTS includes)
    if(NOT line MATCHES "[\"<]harness/cases/")
      file(RELATIVE_PATH relative "${SOURCE_DIR}" "${source}")
      string(APPEND offences "  ${relative}: ${line}\n")
    endif()
  endforeach()
endforeach()
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "no case sources under ${SOURCE_DIR}/harness/cases")
endif()
if(offences)
  message(FATAL_ERROR "built-in cases include internal headers; use include/benchgate/ instead:\n${offences}")
endif()
message(STATUS "${count} case files include only public benchgate headers")
