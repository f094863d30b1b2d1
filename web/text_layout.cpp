// text_layout.cpp — line breaking for English and Chinese, wrapped paragraphs and tooltips, the page's
// version of the engine's help, and the clipped-text audit the tests read (text_layout.h).
#include "text_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui_internal.h"

namespace tp::ui {
namespace {

bool IsCjk(unsigned c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
         (c >= 0x3000 && c <= 0x303F);
}
// No line starts with these (closing punctuation, in both scripts).
bool NoBreakBefore(unsigned c) {
  static const unsigned kClose[] = {0xFF0C, 0x3002, 0x3001, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0xFF09, 0x300D,
                                    0x300F, 0x3011, 0x300B, 0x3009, 0x2026, 0x201D, 0x2019, 0xFF05};
  if (c < 0x80)
    return c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')' || c == '%' || c == ']';
  return std::find(std::begin(kClose), std::end(kClose), c) != std::end(kClose);
}
// No line ends with these (opening punctuation).
bool NoBreakAfter(unsigned c) {
  static const unsigned kOpen[] = {0xFF08, 0x300C, 0x300E, 0x3010, 0x300A, 0x3008, 0x201C, 0x2018};
  if (c < 0x80) return c == '(' || c == '[';
  return std::find(std::begin(kOpen), std::end(kOpen), c) != std::end(kOpen);
}

// May a line break between `prev` and `cur` (before cur)?
bool CanBreak(unsigned prev, unsigned cur) {
  if (cur == ' ' || NoBreakBefore(cur) || NoBreakAfter(prev)) return false;
  if (prev == ' ') return true;
  if (IsCjk(cur)) return IsCjk(prev);  // between two CJK characters; a number keeps its unit (2025年)
  return IsCjk(prev);                  // from CJK to a Latin word
}

unsigned Decode(const char*& s, const char* end) {
  unsigned c = (unsigned char)*s;
  if (c < 0x80) {
    ++s;
    return c;
  }
  const int n = ImTextCharFromUtf8(&c, s, end);
  s += n > 0 ? n : 1;
  return c;
}

std::string_view TrimSpaces(std::string_view v) {
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
  return v;
}

}  // namespace

std::vector<std::string_view> WrapLines(std::string_view text, float width) {
  std::vector<std::string_view> lines;
  // The current font at the current size (ImGui 1.92: glyphs are rasterized per size, and the baked
  // size may differ from the drawn one by a scale).
  ImFontBaked* font = ImGui::GetFontBaked();
  const float scale = ImGui::GetCurrentContext()->FontBakedScale;
  const char* const end = text.data() + text.size();
  const char* line = text.data();
  const char* brk = nullptr;  // last break opportunity on this line
  float x = 0;
  unsigned prev = 0;
  auto advance = [&](const char* from, const char* to) {
    float w = 0;
    while (from < to) w += font->GetCharAdvance((ImWchar)Decode(from, to)) * scale;
    return w;
  };
  for (const char* p = text.data(); p < end;) {
    const char* at = p;
    const unsigned c = Decode(p, end);
    if (c == '\n') {
      lines.push_back(TrimSpaces(std::string_view(line, at - line)));
      line = p, brk = nullptr, x = 0, prev = 0;
      continue;
    }
    if (at != line && CanBreak(prev, c)) brk = at;
    const float w = font->GetCharAdvance((ImWchar)c) * scale;
    if (x + w > width && at != line && c != ' ') {
      const char* cut = brk && brk > line ? brk : at;  // a word wider than the line is cut where it must
      lines.push_back(TrimSpaces(std::string_view(line, cut - line)));
      line = cut;
      while (line < end && *line == ' ') ++line;
      brk = nullptr;
      x = advance(line, p);
    } else {
      x += w;
    }
    prev = c;
  }
  if (line < end || lines.empty()) lines.push_back(TrimSpaces(std::string_view(line, end - line)));
  return lines;
}

std::string Elide(std::string_view text, float width) {
  if (ImGui::CalcTextSize(text.data(), text.data() + text.size()).x <= width) return std::string(text);
  static const char kEllipsis[] = "…";
  const float room = width - ImGui::CalcTextSize(kEllipsis).x;
  ImFontBaked* font = ImGui::GetFontBaked();
  const float scale = ImGui::GetCurrentContext()->FontBakedScale;
  const char* const end = text.data() + text.size();
  const char* cut = text.data();
  float x = 0;
  for (const char* p = text.data(); p < end;) {
    x += font->GetCharAdvance((ImWchar)Decode(p, end)) * scale;
    if (x > room) break;
    cut = p;  // after a whole character
  }
  return std::string(text.data(), cut) + kEllipsis;
}

void Paragraph(std::string_view text, ImVec4 color, float width) {
  const float w = width > 0 ? width : std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x);
  const bool tinted = color.w > 0;
  if (tinted) ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::PushTextWrapPos(-1.0f);  // the lines are already broken: no second wrap by ImGui
  ImGui::BeginGroup();
  for (std::string_view line : WrapLines(text, w)) ImGui::TextUnformatted(line.data(), line.data() + line.size());
  ImGui::EndGroup();
  ImGui::PopTextWrapPos();
  if (tinted) ImGui::PopStyleColor();
}

void MutedParagraph(std::string_view text) { Paragraph(text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)); }

float TooltipWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float screen =
      ImGui::GetIO().DisplaySize.x - style.WindowPadding.x * 2 - style.DisplaySafeAreaPadding.x * 2 - 8;
  return std::max(ImGui::GetFontSize() * 8, std::min(ImGui::GetFontSize() * 30, screen));
}

void Tooltip(std::string_view text) {
  ImGui::BeginTooltip();
  Paragraph(text, ImVec4(0, 0, 0, 0), TooltipWidth());
  ImGui::EndTooltip();
}

std::string PageText(std::string_view text) {
  std::string s(text);
  for (size_t at; (at = s.find("trainplan ")) != std::string::npos;) {
    // Inside brackets, ASCII or full-width: the bracketed remark goes, with the space before it.
    size_t open = std::string::npos, close = std::string::npos;
    for (size_t i = at; i-- > 0;) {
      if (s[i] == '(' || s.compare(i, 3, "（") == 0) {
        open = i;
        break;
      }
      if (s[i] == ')' || s.compare(i, 3, "）") == 0) break;
    }
    if (open != std::string::npos) {
      const size_t a = s.find(')', at), b = s.find("）", at);
      close = a < b ? a + 1 : b == std::string::npos ? std::string::npos : b + 3;
    }
    if (open != std::string::npos && close != std::string::npos) {
      while (open > 0 && s[open - 1] == ' ') --open;
      s.erase(open, close - open);
      continue;
    }
    // Else the clause that names it: from the last clause break before it to the end of its sentence.
    size_t from = 0;
    for (const char* mark : {";", "；", ". ", "。"}) {
      const size_t m = s.rfind(mark, at);
      if (m != std::string::npos && (from == 0 || m > from)) from = mark[0] == '.' ? m + 1 : m;
    }
    size_t to = s.size();
    for (const char* mark : {". ", "。"})
      to = std::min(to, s.find(mark, at) == std::string::npos ? to : s.find(mark, at));
    if (to == s.size() && !s.empty() && s.back() == '.') to = s.size() - 1;
    s.erase(from, to - from);
  }
  return s;
}

std::string ClippedTextJson(const std::vector<Rect>& exempt) {
  const ImDrawData* data = ImGui::GetDrawData();
  std::string out = "[";
  if (!data || !data->Valid) return out + "]";
  // A glyph is drawn as one quad (indices v, v+1, v+2, v, v+2, v+3) over its rectangle of the font atlas.
  // Cut horizontally, by a widget's fine clip (button labels, combo previews) its U range is no glyph's;
  // cut by the draw command's clip rectangle (text of a column, a window, the screen) it reaches past it.
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  std::vector<std::pair<float, float>> glyph_u;  // (U0, U1) of every glyph of every font at every size
  if (atlas->Builder)
    for (int n = 0; n < atlas->Builder->BakedPool.Size; ++n) {
      const ImFontBaked& baked = atlas->Builder->BakedPool[n];
      if (baked.WantDestroy) continue;
      for (const ImFontGlyph& g : baked.Glyphs) glyph_u.emplace_back(g.U0, g.U1);
    }
  std::sort(glyph_u.begin(), glyph_u.end());
  const ImVec2 white = atlas->TexUvWhitePixel;
  ImVec4 lines_uv(2, 2, -1, -1);  // the baked anti-aliased lines: shapes, not glyphs
  ImFontAtlasRect r;
  if (atlas->Builder && atlas->GetCustomRect(atlas->Builder->PackIdLinesTexData, &r))
    lines_uv = ImVec4(r.uv0.x, r.uv0.y, r.uv1.x, r.uv1.y);
  auto whole_glyph = [&](float u0, float u1) {
    auto it = std::lower_bound(glyph_u.begin(), glyph_u.end(), std::make_pair(u0 - 1e-6f, -1.0f));
    for (; it != glyph_u.end() && it->first <= u0 + 1e-6f; ++it)
      if (std::fabs(it->second - u1) < 1e-6f) return true;
    return false;
  };
  const float screen_w = ImGui::GetIO().DisplaySize.x, line = ImGui::GetFontSize();
  std::vector<std::pair<int, int>> seen;  // (clip rectangle's right edge, line): one entry per cut line
  int count = 0;
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImDrawList* dl = data->CmdLists[l];
    for (const ImDrawCmd& cmd : dl->CmdBuffer) {
      if (cmd.UserCallback) continue;
      const ImVec4 clip = cmd.ClipRect;
      const ImDrawIdx* idx = dl->IdxBuffer.Data + cmd.IdxOffset;
      for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 3) {
        const unsigned v = idx[i];
        if (!(idx[i + 1] == v + 1 && idx[i + 2] == v + 2 && idx[i + 3] == v && idx[i + 4] == v + 2 &&
              idx[i + 5] == v + 3))
          continue;
        const ImDrawVert& a = dl->VtxBuffer[v + cmd.VtxOffset];
        const ImDrawVert& b = dl->VtxBuffer[v + 2 + cmd.VtxOffset];
        i += 3;                                                // the quad's second triangle
        if (a.uv.x == white.x && a.uv.y == white.y) continue;  // a filled rectangle, not a glyph
        if (a.uv.x >= lines_uv.x && a.uv.x <= lines_uv.z && a.uv.y >= lines_uv.y && a.uv.y <= lines_uv.w) continue;
        if (b.pos.y < clip.y || a.pos.y > clip.w) continue;  // scrolled out of view
        const bool beyond =
            a.pos.x < clip.x - 0.5f || b.pos.x > clip.z + 0.5f || b.pos.x > screen_w + 0.5f || a.pos.x < -0.5f;
        if (!beyond && whole_glyph(a.uv.x, b.uv.x)) continue;
        bool exempted = false;
        for (const Rect& r : exempt)
          exempted |= a.pos.x >= r.x0 - 2 && b.pos.x <= r.x1 + 2 && a.pos.y >= r.y0 - 2 && b.pos.y <= r.y1 + 2;
        if (exempted) continue;
        const std::pair<int, int> key((int)std::min(clip.z, screen_w), (int)(a.pos.y / line));
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
        seen.push_back(key);
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s{\"x\":%.0f,\"y\":%.0f,\"clip\":[%.0f,%.0f,%.0f,%.0f]}", count++ ? "," : "",
                      a.pos.x, a.pos.y, clip.x, clip.y, clip.z, clip.w);
        out += buf;
        if (count >= 200) return out + "]";
      }
    }
  }
  return out + "]";
}

}  // namespace tp::ui
