# Run at build time (cmake -P) by harness/environment/CMakeLists.txt: writes
# build_info.cpp with the current git commit. configure_file leaves the file
# untouched when nothing changed, so nothing recompiles needlessly.
set(git_commit "")
set(git_dirty false)
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse HEAD
    WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE git_commit
    RESULT_VARIABLE rev_result OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT rev_result EQUAL 0)
    set(git_commit "")
  else()
    execute_process(COMMAND "${GIT_EXECUTABLE}" status --porcelain --untracked-files=no
      WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE git_status ERROR_QUIET)
    if(NOT git_status STREQUAL "")
      set(git_dirty true)
    endif()
  endif()
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
