// fonts.h — the embedded, subset TrueType fonts (generated into the build directory by cmake/fonts.cmake
// from Debian's fonts-roboto-unhinted and fonts-dejavu-core; the Chinese by cmake/fonts_cjk.cmake).
#pragma once

namespace tp::fonts {

struct Blob {
  const unsigned char* data;
  int size;
};

extern const Blob kTextRegular;  // Roboto Regular: body text
extern const Blob kTextBold;     // Roboto Bold: verdict and headings
extern const Blob kSymbols;      // DejaVu Sans: check marks, triangles, sun/moon, arrows

// Chinese (cmake/fonts_cjk.cmake, fonts-wqy-microhei subset to the translation tables' characters). Each
// with its glyph ranges: pairs of first/last code points, 0-terminated (ImGui's ImWchar ranges).
extern const Blob kCjkLabel;                    // "简体中文" only: the language switch, always compiled in
extern const unsigned short kCjkLabelRanges[];
extern const Blob kCjk;                         // every Chinese character of the interface (native build;
extern const unsigned short kCjkRanges[];       // the page fetches the same subset as cjk.ttf)

}  // namespace tp::fonts
