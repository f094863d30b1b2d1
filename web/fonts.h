// fonts.h — the embedded TrueType fonts (generated into the build directory by cmake/fonts.cmake from
// Debian's fonts-roboto-unhinted and fonts-dejavu-core, subset; the Chinese by cmake/fonts_cjk.cmake).
#pragma once

namespace tp::fonts {

struct Blob {
  const unsigned char* data;
  int size;
};

extern const Blob kTextRegular;  // Roboto Regular: body text
extern const Blob kTextBold;     // Roboto Bold: verdict and headings
extern const Blob kSymbols;      // DejaVu Sans: check marks, triangles, sun/moon, arrows

// Chinese (cmake/fonts_cjk.cmake, fonts-wqy-microhei).
extern const Blob kCjkLabel;  // "简体中文" only: the language switch, always compiled in
extern const Blob kCjkFull;   // natively: the whole collection (the page fetches a subset, cjk.ttf, instead)

}  // namespace tp::fonts
