# fonts_cjk.cmake — the Chinese font: Debian's fonts-wqy-microhei (a TrueType collection; Noto CJK in
# Debian is CFF, which stb_truetype in Dear ImGui 1.86 cannot read), subset at build time with pyftsubset
# to exactly the characters the translation tables use (scripts/cjk_chars.py reads them), so a new
# translation brings its glyphs along and nothing else is shipped. Nothing third-party is committed: the
# subset and the generated C++ live in the build directory.
#
# Two fonts come out:
#   CjkLabel — the few glyphs of the language switch ("简体中文"), always compiled in: the switch is drawn in
#              Chinese even while the page is English, at a cost of a few KB.
#   Cjk      — every Chinese character of the interface. Natively it is compiled in (TRAINPLAN_CJK_FULL_CPP);
#              the browser fetches it as a file (TRAINPLAN_CJK_FONT_TTF, copied next to index.js as
#              cjk.ttf) only when Chinese is switched on, so the English page stays small. Its glyph
#              ranges (kCjkRanges) are compiled into both (TRAINPLAN_CJK_RANGES_CPP, a few KB).
#
# Sets: TRAINPLAN_CJK_LABEL_CPP, TRAINPLAN_CJK_RANGES_CPP, TRAINPLAN_CJK_FULL_CPP, TRAINPLAN_CJK_FONT_TTF.
# Included from web/CMakeLists.txt (needs Python 3 and pyftsubset: Debian's fonttools).

find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_program(PYFTSUBSET pyftsubset)
if(NOT PYFTSUBSET)
  message(FATAL_ERROR "pyftsubset not found: install Debian's fonttools (scripts/setup.sh does)")
endif()
set(TRAINPLAN_FONT_CJK "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    CACHE FILEPATH "TrueType CJK font (fonts-wqy-microhei)")
if(NOT EXISTS "${TRAINPLAN_FONT_CJK}")
  message(FATAL_ERROR "${TRAINPLAN_FONT_CJK} not found: install fonts-wqy-microhei (scripts/setup.sh)")
endif()

set(CJK_SCRIPT "${CMAKE_SOURCE_DIR}/scripts/cjk_chars.py")
set(CJK_DIR "${CMAKE_BINARY_DIR}/generated/fonts")
# The translation tables: every Chinese character the interface can draw is in one of them.
file(GLOB CJK_KEY_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/core/config/keys*.cpp")
# core/report/figures.cpp and explain_nodes.cpp: the output figures' words and the explanation's labels in
# Chinese (the page's bars and its "why?" panel).
set(CJK_SOURCES "${CMAKE_SOURCE_DIR}/core/base/i18n_core.cpp" "${CMAKE_SOURCE_DIR}/core/report/figures.cpp"
                "${CMAKE_SOURCE_DIR}/core/report/explain_nodes.cpp" ${CJK_KEY_SOURCES}
                "${CMAKE_SOURCE_DIR}/assets/gpus.json")
if(EXISTS "${CMAKE_SOURCE_DIR}/web/strings_zh.inc")
  list(APPEND CJK_SOURCES "${CMAKE_SOURCE_DIR}/web/strings_zh.inc")
endif()
set(CJK_SWITCH_LABEL "简体中文")

# Same options as the Latin fonts (cmake/fonts.cmake): no hinting (ImGui does not use it), no layout tables.
set(CJK_SUBSET_OPTIONS --font-number=0 --layout-features= --no-hinting --desubroutinize --name-IDs=1,2
                       --drop-tables+=GSUB,GPOS,GDEF)

function(trainplan_cjk_subset name chars_command chars_depends with_ranges)
  set(chars "${CJK_DIR}/${name}.unicodes.txt")
  set(ttf "${CJK_DIR}/${name}.ttf")
  set(cpp "${CMAKE_BINARY_DIR}/generated/fonts_${name}.cpp")
  add_custom_command(
    OUTPUT "${chars}" "${chars}.ranges.inc"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CJK_DIR}"
    COMMAND ${chars_command}
    DEPENDS "${CJK_SCRIPT}" ${chars_depends}
    COMMENT "Listing the CJK characters for ${name}"
    VERBATIM)
  add_custom_command(
    OUTPUT "${ttf}"
    COMMAND "${PYFTSUBSET}" "${TRAINPLAN_FONT_CJK}" "--unicodes-file=${chars}" "--output-file=${ttf}" ${CJK_SUBSET_OPTIONS}
    DEPENDS "${chars}" "${TRAINPLAN_FONT_CJK}"
    COMMENT "Subsetting fonts-wqy-microhei for ${name}"
    VERBATIM)
  set(ranges_arg)
  if(with_ranges)
    set(ranges_arg "${chars}.ranges.inc")
  endif()
  add_custom_command(
    OUTPUT "${cpp}"
    COMMAND "${Python3_EXECUTABLE}" "${CJK_SCRIPT}" embed "${cpp}" "${name}" "${ttf}" ${ranges_arg}
    DEPENDS "${ttf}" "${chars}.ranges.inc" "${CJK_SCRIPT}"
    COMMENT "Embedding the ${name} font"
    VERBATIM)
  if(NOT with_ranges)
    set(ranges_cpp "${CMAKE_BINARY_DIR}/generated/fonts_${name}_ranges.cpp")
    add_custom_command(
      OUTPUT "${ranges_cpp}"
      COMMAND "${Python3_EXECUTABLE}" "${CJK_SCRIPT}" ranges "${ranges_cpp}" "${name}" "${chars}.ranges.inc"
      DEPENDS "${chars}.ranges.inc" "${CJK_SCRIPT}"
      COMMENT "Glyph ranges of the ${name} font"
      VERBATIM)
    set(TRAINPLAN_${name}_RANGES_CPP "${ranges_cpp}" PARENT_SCOPE)
  endif()
  set(TRAINPLAN_${name}_CPP "${cpp}" PARENT_SCOPE)
  set(TRAINPLAN_${name}_TTF "${ttf}" PARENT_SCOPE)
endfunction()

trainplan_cjk_subset(CjkLabel
  "${Python3_EXECUTABLE};${CJK_SCRIPT};label;${CJK_DIR}/CjkLabel.unicodes.txt;${CJK_SWITCH_LABEL}" "" ON)
trainplan_cjk_subset(Cjk
  "${Python3_EXECUTABLE};${CJK_SCRIPT};unicodes;${CJK_DIR}/Cjk.unicodes.txt;${CJK_SOURCES}" "${CJK_SOURCES}" OFF)

set(TRAINPLAN_CJK_LABEL_CPP "${TRAINPLAN_CjkLabel_CPP}")
set(TRAINPLAN_CJK_RANGES_CPP "${TRAINPLAN_Cjk_RANGES_CPP}")
set(TRAINPLAN_CJK_FULL_CPP "${TRAINPLAN_Cjk_CPP}")
set(TRAINPLAN_CJK_FONT_TTF "${TRAINPLAN_Cjk_TTF}")
