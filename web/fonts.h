// fonts.h — the embedded, subset TrueType fonts (generated into the build directory by cmake/fonts.cmake
// from Debian's fonts-roboto-unhinted and fonts-dejavu-core).
#pragma once

namespace tp::fonts {

struct Blob {
  const unsigned char* data;
  int size;
};

extern const Blob kTextRegular;  // Roboto Regular: body text
extern const Blob kTextBold;     // Roboto Bold: verdict and headings
extern const Blob kSymbols;      // DejaVu Sans: check marks, triangles, sun/moon, arrows

}  // namespace tp::fonts
