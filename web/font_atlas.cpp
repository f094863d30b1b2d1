// font_atlas.cpp — the page's fonts (font_atlas.h): glyph ranges that match what cmake/fonts.cmake keeps
// in the subset, oversampling, and the Chinese merged into every font.
#include "font_atlas.h"

#include "fonts.h"
#include "imgui.h"

namespace tp::ui {
namespace {

// Glyph ranges must match what cmake/fonts.cmake keeps in the subset.
const ImWchar kTextRanges[] = {0x0020, 0x00FF, 0x2009, 0x2009, 0x2013, 0x2014, 0x2018, 0x201D, 0x2022, 0x2022,
                               0x2026, 0x2026, 0x2190, 0x2193, 0x2212, 0x2212, 0x2248, 0x2248, 0x2264, 0x2265, 0};
const ImWchar kSymbolRanges[] = {0x2190, 0x2193, 0x2212, 0x2212, 0x2248, 0x2248, 0x2264, 0x2265, 0x25A0, 0x25CF,
                                 0x2600, 0x263F, 0x2713, 0x2718, 0};

// Chinese: the language switch's "简体中文" is merged into every font always (a few glyphs); the whole
// interface's CJK subset only while Chinese is on, so the English atlas (and page) stays small. Rasterized
// at device pixels like the Latin text; no horizontal oversampling (dense glyphs, and it halves the atlas).
void MergeCjk(ImFontAtlas* atlas, const unsigned char* data, int size, const unsigned short* ranges, float px) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;
  cfg.MergeMode = true;
  cfg.OversampleH = 1;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  atlas->AddFontFromMemoryTTF((void*)data, size, px, &cfg, (const ImWchar*)ranges);
}

ImFont* AddFont(ImFontAtlas* atlas, const fonts::Blob& text, float px, float ratio, const unsigned char* cjk, int cjk_size) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the arrays are static, compiled in
  cfg.OversampleH = 2;
  cfg.OversampleV = 1;
  // Rasterize at device pixels and draw at 1/ratio: one texel per screen pixel on high-DPI screens.
  ImFont* font = atlas->AddFontFromMemoryTTF((void*)text.data, text.size, px * ratio, &cfg, kTextRanges);
  ImFontConfig sym;
  sym.FontDataOwnedByAtlas = false;
  sym.MergeMode = true;  // only glyphs Roboto lacks come from DejaVu
  sym.OversampleH = 2;
  sym.GlyphOffset = ImVec2(0, 0);
  atlas->AddFontFromMemoryTTF((void*)fonts::kSymbols.data, fonts::kSymbols.size, px * ratio, &sym, kSymbolRanges);
  MergeCjk(atlas, fonts::kCjkLabel.data, fonts::kCjkLabel.size, fonts::kCjkLabelRanges, px * ratio);
  if (cjk) MergeCjk(atlas, cjk, cjk_size, fonts::kCjkRanges, px * ratio);  // glyphs already merged are kept
  return font;
}

}  // namespace

Fonts AddPageFonts(ImFontAtlas* atlas, float ratio, const unsigned char* cjk, int cjk_size) {
  Fonts f;
  f.body = AddFont(atlas, fonts::kTextRegular, 15.0f, ratio, cjk, cjk_size);
  f.bold = AddFont(atlas, fonts::kTextBold, 15.0f, ratio, cjk, cjk_size);
  f.big = AddFont(atlas, fonts::kTextBold, 22.0f, ratio, cjk, cjk_size);
  f.small = AddFont(atlas, fonts::kTextRegular, 12.5f, ratio, cjk, cjk_size);
  return f;
}

}  // namespace tp::ui
