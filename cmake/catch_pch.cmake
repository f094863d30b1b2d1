# catch_pch.cmake — Catch2's single header (catch.hpp, about 18,000 lines) as a precompiled header of a test
# executable: parsed once per build instead of once per test file (about 1 s of CPU each with g++).
# trainplan_catch_pch(target) gives it to the target's files that include <catch2/catch.hpp>, except the one
# that defines CATCH_CONFIG_MAIN or CATCH_CONFIG_RUNNER first (the one with main(): it must see its define
# before the header). Every other file of the target (the interface, Dear ImGui, fonts) compiles as before.
function(trainplan_catch_pch target)
  target_precompile_headers(${target} PRIVATE <catch2/catch.hpp>)
  get_target_property(sources ${target} SOURCES)
  foreach(src IN LISTS sources)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${CMAKE_CURRENT_SOURCE_DIR}/${src}")
    endif()
    set(uses 0)
    if(EXISTS "${src}" AND NOT IS_DIRECTORY "${src}")
      file(STRINGS "${src}" includes REGEX "^#include <catch2/catch\\.hpp>")
      file(STRINGS "${src}" defines_main REGEX "^#define CATCH_CONFIG_(MAIN|RUNNER)")
      if(includes AND NOT defines_main)
        set(uses 1)
      endif()
    endif()
    if(NOT uses)
      set_source_files_properties("${src}" PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()
