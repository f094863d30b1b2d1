# test_executable.cmake — how a Catch2 test executable is built (trainplan-tests, trainplan-ui-tests), in one place:
# - Catch2's main() (tests/core/main_test.cpp: the whole of Catch2's runner) is one object library, compiled once per
#   build for every test executable, and at -O0: 24 s of CPU against 39 at -O3 (g++ 12), for code that only runs
#   and reports the tests.
# - The test files compile at TRAINPLAN_TEST_OPT (-O0), whatever the build type: the engine they call is a library
#   of its own at the build type's level, so only the tests' own code (Catch's expansions, loops over cases) runs
#   unoptimised. Measured on the unity sources below (trainplan-tests and trainplan-ui-tests, g++ 12, ccache off,
#   2026-12-06): 134 s of CPU at -O3, 88 at -O1, 57 at -O0; the whole ctest then took 70 s of CPU against about 60.
#   (A single file compiled alone, without the unity build and the precompiled header, once measured the other way:
#   config_test.cpp 3.8 s at -O3, 5.2 at -O0.)
# - catch.hpp (about 18,000 lines) is a precompiled header: parsed once per executable instead of once per file.
# - A unity build, eight test files to a source: each file's names sit in a namespace named after the file, so
#   helpers of the same name in two files do not meet; the files share one parse of catch.hpp's expansions and of
#   the engine's headers. Files that do not include catch.hpp (the interface's test platform) build on their own.
# - ctest runs each TEST_CASE as a test of its own (--warn NoTests: a name ctest cannot pass back to Catch, a ";"
#   splits it, fails instead of running nothing).
include(Catch)
set(TRAINPLAN_TEST_OPT "-O0" CACHE STRING "Optimisation flag for the test files (the engine keeps the build type's)")

function(trainplan_test_executable target)
  if(NOT TARGET trainplan_catch_main)
    add_library(trainplan_catch_main OBJECT "${CMAKE_SOURCE_DIR}/tests/core/main_test.cpp")
    target_link_libraries(trainplan_catch_main PUBLIC Catch2::Catch2)
    target_compile_options(trainplan_catch_main PRIVATE -O0)
    # Under the sanitizers (preset "sanitize") Catch2's runner is left uninstrumented: it is Catch2's code, not
    # ours: 11.9 s of CPU to compile against 26.2 instrumented; the test files and the engine keep
    # ASan + UBSan, whose runtime works beside uninstrumented code.
    if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
      target_compile_options(trainplan_catch_main PRIVATE -fno-sanitize=all)
    endif()
    set_target_properties(trainplan_catch_main PROPERTIES UNITY_BUILD OFF)
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  target_compile_options(${target} PRIVATE ${TRAINPLAN_TEST_OPT})
  target_link_libraries(${target} PRIVATE trainplan_catch_main Catch2::Catch2)
  # The precompiled catch.hpp goes to the files that include it; the others (the interface's test platform)
  # compile as before.
  target_precompile_headers(${target} PRIVATE <catch2/catch.hpp>)
  get_target_property(sources ${target} SOURCES)
  foreach(src IN LISTS sources)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${CMAKE_CURRENT_SOURCE_DIR}/${src}")
    endif()
    set(uses 0)
    if(EXISTS "${src}" AND NOT IS_DIRECTORY "${src}")
      file(STRINGS "${src}" includes REGEX "^#include <catch2/catch\\.hpp>")
      if(includes)
        set(uses 1)
      endif()
    endif()
    if(NOT uses)
      set_source_files_properties("${src}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
  catch_discover_tests(${target} EXTRA_ARGS --warn NoTests)
endfunction()
