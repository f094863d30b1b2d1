# fonts_cjk.cmake — the Chinese font: Debian's fonts-wqy-microhei (a TrueType collection; Noto CJK in
# Debian is CFF, which stb_truetype in Dear ImGui cannot read). Dear ImGui 1.92 rasterizes glyphs when they
# are first drawn, at the size and pixel density they are drawn at, so no glyph ranges are listed and no
# size is baked: a font file only has to hold the characters. Nothing third-party is committed: the subsets
# and the generated C++ live in the build directory.
#
# Three fonts come out:
#   CjkLabel — the few glyphs of the language switch ("简体中文"), always compiled in: the switch is drawn in
#              Chinese even while the page is English, at a cost of a few KB (TRAINPLAN_CJK_LABEL_CPP).
#   Cjk      — the page's Chinese: every Chinese character of the interface (scripts/cjk_chars.py reads the
#              translation tables), subset at build time because the page is downloaded (the whole font is
#              about 5 MB, this subset about 200 KB); fetched as cjk.ttf only when Chinese is switched on
#              (TRAINPLAN_CJK_FONT_TTF, copied next to index.js).
#   CjkFull  — natively, the whole font compiled in (TRAINPLAN_CJK_FULL_CPP): the window has no download
#              to keep small, and with glyphs rasterized on first use a Chinese character typed into a
#              field (a run's name in a pasted log) is drawn as well as the interface's own.
#
# Included from web/CMakeLists.txt (needs Python 3 and pyftsubset: Debian's fonttools).

find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(TRAINPLAN_FONT_CJK "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    CACHE FILEPATH "TrueType CJK font (fonts-wqy-microhei)")
if(NOT EXISTS "${TRAINPLAN_FONT_CJK}")
  message(FATAL_ERROR "${TRAINPLAN_FONT_CJK} not found: install fonts-wqy-microhei (scripts/setup.sh)")
endif()

set(CJK_SCRIPT "${CMAKE_SOURCE_DIR}/scripts/cjk_chars.py")
set(CJK_DIR "${CMAKE_BINARY_DIR}/generated/fonts")
set(CJK_SWITCH_LABEL "简体中文")
find_program(PYFTSUBSET pyftsubset)
if(NOT PYFTSUBSET)
  message(FATAL_ERROR "pyftsubset not found: install Debian's fonttools (scripts/setup.sh does)")
endif()
# Same options as the Latin fonts (cmake/fonts.cmake): no hinting (ImGui does not use it), no layout tables.
set(CJK_SUBSET_OPTIONS --font-number=0 --layout-features= --no-hinting --desubroutinize --name-IDs=1,2
                       --drop-tables+=GSUB,GPOS,GDEF)

# A subset of the font to the characters `chars_command` lists (in ${CJK_DIR}/<name>.unicodes.txt).
function(trainplan_cjk_subset name chars_command chars_depends)
  set(chars "${CJK_DIR}/${name}.unicodes.txt")
  set(ttf "${CJK_DIR}/${name}.ttf")
  add_custom_command(
    OUTPUT "${chars}"
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
  set(TRAINPLAN_${name}_TTF "${ttf}" PARENT_SCOPE)
endfunction()

trainplan_cjk_subset(CjkLabel
  "${Python3_EXECUTABLE};${CJK_SCRIPT};label;${CJK_DIR}/CjkLabel.unicodes.txt;${CJK_SWITCH_LABEL}" "")
set(TRAINPLAN_CJK_LABEL_CPP "${CMAKE_BINARY_DIR}/generated/fonts_CjkLabel.cpp")
add_custom_command(
  OUTPUT "${TRAINPLAN_CJK_LABEL_CPP}"
  COMMAND "${Python3_EXECUTABLE}" "${CJK_SCRIPT}" embed "${TRAINPLAN_CJK_LABEL_CPP}" CjkLabel "${TRAINPLAN_CjkLabel_TTF}"
  DEPENDS "${TRAINPLAN_CjkLabel_TTF}" "${CJK_SCRIPT}"
  COMMENT "Embedding the CjkLabel font"
  VERBATIM)

if(EMSCRIPTEN)
  # Every source the page is built from that can hold Chinese: the translation tables (core/base/i18n_core.cpp,
  # core/config/keys*.cpp, core/report/figures.cpp and explain_nodes.cpp, web/strings_zh.inc) and whatever else
  # writes Chinese text (core/launch/formats.cpp's rule reasons, the explanation's sentences). A list of chosen
  # files missed those: 7 characters drawn as boxes in Chinese. Comments add a handful of glyphs, a few KB.
  file(GLOB_RECURSE CJK_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/core/*.cpp" "${CMAKE_SOURCE_DIR}/core/*.h"
       "${CMAKE_SOURCE_DIR}/web/*.cpp" "${CMAKE_SOURCE_DIR}/web/*.h" "${CMAKE_SOURCE_DIR}/web/*.inc")
  list(APPEND CJK_SOURCES "${CMAKE_SOURCE_DIR}/assets/gpus.json")
  trainplan_cjk_subset(Cjk
    "${Python3_EXECUTABLE};${CJK_SCRIPT};unicodes;${CJK_DIR}/Cjk.unicodes.txt;${CJK_SOURCES}" "${CJK_SOURCES}")
  set(TRAINPLAN_CJK_FONT_TTF "${TRAINPLAN_Cjk_TTF}")
else()
  # The whole collection as it is (the atlas reads its first face, WenQuanYi Micro Hei).
  set(TRAINPLAN_CJK_FULL_CPP "${CMAKE_BINARY_DIR}/generated/fonts_CjkFull.cpp")
  add_custom_command(
    OUTPUT "${TRAINPLAN_CJK_FULL_CPP}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_BINARY_DIR}/generated"
    COMMAND "${Python3_EXECUTABLE}" "${CJK_SCRIPT}" embed "${TRAINPLAN_CJK_FULL_CPP}" CjkFull "${TRAINPLAN_FONT_CJK}"
    DEPENDS "${TRAINPLAN_FONT_CJK}" "${CJK_SCRIPT}"
    COMMENT "Embedding fonts-wqy-microhei"
    VERBATIM)
endif()
