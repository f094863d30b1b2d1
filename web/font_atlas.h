// font_atlas.h — the page's fonts in a Dear ImGui 1.92 font atlas: Roboto for text (regular and bold),
// DejaVu Sans merged in for the few symbols Roboto lacks, "简体中文" always, and a Chinese font merged in
// once it is there. The atlas rasterizes each glyph when it is first drawn, at the size it is drawn at and
// the framebuffer's pixel density, so no size is baked and text stays sharp at any zoom or pixel ratio.
// Used by the window and the page (main.cpp) and by the headless tests that measure text as the page draws it.
#pragma once

#include "app.h"

struct ImFontAtlas;

namespace tp::ui {

// Adds the two faces to `atlas`, with `cjk` (may be null: the TrueType bytes of a Chinese font or a
// collection, its first face) merged into both. The sizes the interface draws them at are in the result.
Fonts AddPageFonts(ImFontAtlas* atlas, const unsigned char* cjk = nullptr, int cjk_size = 0);

// Merges the Chinese font into both faces of `fonts` after they were added and drawn (the page's cjk.ttf
// arrives after the first frames). Glyphs already rasterized are dropped, so characters drawn before it
// came (as the fallback glyph) are drawn from it. Between frames only.
void MergeCjk(ImFontAtlas* atlas, const Fonts& fonts, const unsigned char* cjk, int cjk_size);

}  // namespace tp::ui
