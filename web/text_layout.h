// text_layout.h — text that fits in both languages. Paragraphs wrap where a line may break in English and
// in Chinese (Dear ImGui, 1.92 too, wraps only at spaces and a few punctuation marks, so a Chinese
// sentence broke anywhere: inside "HF" or "2025年"); tooltips wrap to what the screen has; the page's words never send
// its users to the command line; and, for the tests, a list of the text the last frame drew cut off by its clip
// rectangle.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "imgui.h"
#include "platform.h"

namespace tp::ui {

struct AppState;

// Line breaks of `text` at `width` pixels in the current font: at spaces, between two CJK characters,
// from CJK to Latin, never inside a Latin word or number, nor between a number and the CJK unit after it
// ("2025年"), nor before closing punctuation (，。）: ...) or after an opening one. A word wider than the
// line is cut where it must. Returns the lines (without the spaces at the breaks).
std::vector<std::string_view> WrapLines(std::string_view text, float width);

// `text` as it fits in `width` pixels of the current font on one line: whole, or cut with "…" at the end
// (a line that must stay one line, the link in the status bar, on a screen narrower than it).
std::string Elide(std::string_view text, float width);

// A paragraph wrapped with WrapLines at the right edge of the content region (or `width` when > 0), in
// `color` (the style's text colour when w == 0). Lines after the first start where the first did.
void Paragraph(std::string_view text, ImVec4 color = ImVec4(0, 0, 0, 0), float width = 0);
void MutedParagraph(std::string_view text);
// The width tooltips wrap at: 30 em, or what the screen has.
float TooltipWidth();
// A tooltip of one or more paragraphs ('\n' separates them), wrapped to TooltipWidth().
void Tooltip(std::string_view text);

// The page's version of the engine's help: references to the command line ("see `trainplan catalog
// gpus`", "(trainplan catalog links)") are removed with the words around them, since page users have no
// command line; callers add what the catalog says instead.
std::string PageText(std::string_view text);

// Text of the last rendered frame (ImGui::GetDrawData()) cut off by its clip rectangle horizontally or
// drawn beyond the screen: one entry per cut line, {"x","y","clip":[x0,y0,x1,y1]}, as JSON. Text inside
// `exempt` rectangles (text fields, which scroll their contents) is not counted.
using Rect = platform::Box;
std::string ClippedTextJson(const std::vector<Rect>& exempt);

}  // namespace tp::ui
