// font_atlas.h — the page's fonts in a Dear ImGui font atlas: Roboto for text (regular, bold, big,
// small), DejaVu Sans merged in for the few symbols Roboto lacks, "简体中文" always, and the interface's
// whole Chinese subset when given. One function, used by the window and the page (main.cpp, at the
// device pixel ratio) and by the headless tests that measure text as the page draws it.
#pragma once

#include "app.h"

struct ImFontAtlas;

namespace tp::ui {

// Adds the four fonts to `atlas` rasterized at `ratio` device pixels per unit (draw them with
// io.FontGlobalScale = 1 / ratio); `cjk` (may be null) is the Chinese subset's TrueType bytes, which must
// outlive the atlas. The caller builds the atlas.
Fonts AddPageFonts(ImFontAtlas* atlas, float ratio, const unsigned char* cjk, int cjk_size);

}  // namespace tp::ui
