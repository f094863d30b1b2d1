// font_atlas.cpp — the page's fonts (font_atlas.h): each face a Latin font with the symbol and Chinese
// fonts merged into it, at the sizes the interface uses.
#include "font_atlas.h"

#include <algorithm>

#include "fonts.h"
#include "imgui.h"

namespace tp::ui {
namespace {

constexpr float kBodyPx = 15.0f;  // body text and the bold headings
constexpr float kBigPx = 22.0f;   // the verdict, the top bar's name

// A merged source at the face's size (ImGui scales merged sources by their size relative to the face's).
void Merge(ImFontAtlas* atlas, const unsigned char* data, int size) {
  ImFontConfig cfg;
  cfg.MergeMode = true;
  cfg.FontDataOwnedByAtlas = false;  // (ImGui 1.92 keeps a copy either way)
  atlas->AddFontFromMemoryTTF((void*)data, size, kBodyPx, &cfg);
}

ImFont* AddFace(ImFontAtlas* atlas, const fonts::Blob& text, const unsigned char* cjk, int cjk_size) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the arrays are static, compiled in
  ImFont* font = atlas->AddFontFromMemoryTTF((void*)text.data, text.size, kBodyPx, &cfg);
  // The first source that has a glyph draws it: Roboto's subset holds Latin text only, so the symbols
  // come from DejaVu's subset (check marks, triangles, sun/moon) and Chinese from the CJK fonts.
  Merge(atlas, fonts::kSymbols.data, fonts::kSymbols.size);
  Merge(atlas, fonts::kCjkLabel.data, fonts::kCjkLabel.size);
  if (cjk) Merge(atlas, cjk, cjk_size);
  return font;
}

}  // namespace

Fonts AddPageFonts(ImFontAtlas* atlas, const unsigned char* cjk, int cjk_size) {
  Fonts f;
  f.body = {AddFace(atlas, fonts::kTextRegular, cjk, cjk_size), kBodyPx};
  f.bold = {AddFace(atlas, fonts::kTextBold, cjk, cjk_size), kBodyPx};
  f.big = {f.bold.font, kBigPx};
  return f;
}

void MergeCjk(ImFontAtlas* atlas, const Fonts& fonts, const unsigned char* cjk, int cjk_size) {
  for (ImFont* font : {fonts.body.font, fonts.bold.font}) {
    // Rasterized glyphs go (the fallback glyph drawn for Chinese so far among them); ClearOutputData
    // before the merge also lets the merge choose the fallback and ellipsis glyphs again.
    font->ClearOutputData();
    // A merged source joins the atlas's last font: this face is moved there for the merge and back.
    ImVector<ImFont*>& all = atlas->Fonts;
    const int index = int(std::find(all.begin(), all.end(), font) - all.begin());
    if (index == all.Size) continue;
    std::rotate(all.begin() + index, all.begin() + index + 1, all.end());
    Merge(atlas, cjk, cjk_size);
    std::rotate(all.begin() + index, all.end() - 1, all.end());
  }
}

}  // namespace tp::ui
