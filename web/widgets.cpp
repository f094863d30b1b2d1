// widgets.cpp — formatting with units, theme colours, labelled inputs with tooltips from core's key table,
// and the rectangle registry used by the browser tests to click real inputs.
#include "widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.h"
#include "band_text.h"
#include "format.h"
#include "i18n.h"
#include "imgui_internal.h"  // the active InputText's state
#include "platform.h"
#include "text_layout.h"

namespace tp::ui {

// The numbers are core's formatters (core/base/format.h), so the page and the command line print a figure
// alike; the page shows "-" for a number that is not one, and unit words in its language.
std::string FmtInt(long long v) { return Thousands(double(v)); }
std::string FmtBytes(double b) { return std::isfinite(b) ? BytesText(b) : "-"; }
std::string FmtMem(double b) { return std::isfinite(b) ? MemoryText(b) : "-"; }
std::string FmtCount(double n) { return std::isfinite(n) ? CountText(n) : "-"; }
std::string FmtUsd(double usd) { return std::isfinite(usd) ? UsdShort(usd) : "-"; }
std::string FmtDuration(double s) { return std::isfinite(s) ? DurationText(CurrentLanguage(), s) : "-"; }
std::string FmtDays(double d) { return std::isfinite(d) ? DurationText(CurrentLanguage(), d * 86400) : "-"; }
std::string FmtPct(double f) { return std::isfinite(f) ? PercentText(f) : "-"; }

std::string FmtBanded(std::string (*fmt)(double), double v, double lo, double hi) {
  if (!(hi > 0) || !std::isfinite(lo) || !std::isfinite(hi)) return fmt(v);
  return BandText(fmt(v), fmt(lo), fmt(hi));
}

std::string FmtFlops(double f) {
  if (f >= 1e15) return Sig3(f / 1e15) + " PFLOP/s";
  return Sig3(f / 1e12) + " TFLOP/s";
}

std::string FmtRate(double r) {
  if (!std::isfinite(r)) return "-";
  if (r >= 1e7) return FmtCount(r);
  if (r >= 100) return FmtInt((long long)std::llround(r));
  return Sig3(r);
}

// ---- colours ----
// Chosen to stay distinguishable for the common colour-vision deficiencies (Okabe-Ito-like hues), with
// red kept for "does not fit" only.
ImVec4 ColV(const AppState& app, Hue hue) {
  bool d = app.dark;
  auto rgb = [](int r, int g, int b) { return ImVec4(r / 255.f, g / 255.f, b / 255.f, 1.f); };
  switch (hue) {
    case Hue::Weights: return d ? rgb(86, 156, 232) : rgb(35, 106, 186);
    case Hue::Gradients: return d ? rgb(240, 160, 70) : rgb(222, 127, 30);
    case Hue::Optimizer: return d ? rgb(180, 130, 220) : rgb(128, 82, 176);
    case Hue::Activations: return d ? rgb(90, 190, 130) : rgb(46, 145, 90);
    case Hue::Other: return d ? rgb(150, 150, 150) : rgb(140, 140, 140);
    case Hue::Compute: return d ? rgb(86, 156, 232) : rgb(35, 106, 186);
    case Hue::MemoryBound: return d ? rgb(110, 200, 210) : rgb(40, 160, 170);
    case Hue::CommTp: return d ? rgb(240, 160, 70) : rgb(222, 127, 30);
    case Hue::CommDp: return d ? rgb(230, 205, 90) : rgb(196, 160, 20);
    case Hue::CommPp: return d ? rgb(225, 130, 180) : rgb(196, 80, 140);
    case Hue::CommCp: return d ? rgb(180, 130, 220) : rgb(128, 82, 176);
    case Hue::CommEp: return d ? rgb(160, 120, 90) : rgb(130, 90, 60);
    case Hue::Bubble: return d ? rgb(120, 120, 120) : rgb(170, 170, 170);
    case Hue::Offload: return d ? rgb(200, 170, 140) : rgb(150, 115, 80);
    case Hue::Good: return d ? rgb(100, 200, 120) : rgb(30, 130, 60);
    case Hue::Warn: return d ? rgb(240, 185, 60) : rgb(170, 105, 0);
    case Hue::Bad: return d ? rgb(240, 90, 80) : rgb(200, 40, 40);
    case Hue::Accent: return d ? rgb(110, 170, 250) : rgb(30, 100, 200);
    case Hue::Muted: return d ? rgb(150, 155, 165) : rgb(105, 110, 120);
    case Hue::Grid: return d ? rgb(70, 72, 78) : rgb(215, 218, 222);
    case Hue::Capacity: return d ? rgb(240, 240, 240) : rgb(30, 30, 30);
  }
  return rgb(128, 128, 128);
}

ImU32 Col(const AppState& app, Hue hue, float alpha) {
  ImVec4 c = ColV(app, hue);
  c.w *= alpha;
  return ImGui::GetColorU32(c);
}

void ApplyTheme(bool dark) {
  ImGuiStyle& s = ImGui::GetStyle();
  if (dark) {
    ImGui::StyleColorsDark(&s);
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.13f, 1.f);
    s.Colors[ImGuiCol_ChildBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.f);
  } else {
    ImGui::StyleColorsLight(&s);
    s.Colors[ImGuiCol_WindowBg] = ImVec4(0.97f, 0.97f, 0.98f, 1.f);
    s.Colors[ImGuiCol_ChildBg] = ImVec4(1.f, 1.f, 1.f, 1.f);
    s.Colors[ImGuiCol_FrameBg] = ImVec4(0.92f, 0.93f, 0.95f, 1.f);
    s.Colors[ImGuiCol_Border] = ImVec4(0.80f, 0.82f, 0.85f, 1.f);
  }
  s.WindowRounding = 0;
  s.ChildRounding = 4;
  s.FrameRounding = 3;
  s.PopupRounding = 4;
  s.GrabRounding = 3;
  s.TabRounding = 3;
  s.FramePadding = ImVec2(6, 4);
  s.ItemSpacing = ImVec2(8, 6);
  s.WindowPadding = ImVec2(10, 10);
  s.ScrollbarSize = 12;
  s.ChildBorderSize = 1;
  // Tooltips wait until the pointer has rested on an item (issue #34: they came at once and covered the
  // headline as the pointer crossed the page); every tooltip asks IsItemHovered(ImGuiHoveredFlags_ForTooltip).
  // The keyboard's focus shows its tooltip after the same delay.
  s.HoverStationaryDelay = 0.15f;
  s.HoverDelayNormal = 0.5f;
  s.HoverFlagsForTooltipMouse =
      ImGuiHoveredFlags_Stationary | ImGuiHoveredFlags_DelayNormal | ImGuiHoveredFlags_AllowWhenDisabled;
  s.HoverFlagsForTooltipNav =
      ImGuiHoveredFlags_NoSharedDelay | ImGuiHoveredFlags_DelayNormal | ImGuiHoveredFlags_AllowWhenDisabled;
}

// ---- inputs ----
namespace {
float ComboPreviewRoom() {
  return ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - ImGui::GetStyle().FramePadding.x * 2;
}
}  // namespace

bool BeginComboFitted(const char* id, const std::string& preview, int flags) {
  return ImGui::BeginCombo(id, Elide(preview, ComboPreviewRoom()).c_str(), flags);
}

bool ComboPreviewFits(const std::string& preview) {
  return ImGui::CalcTextSize(preview.c_str()).x <= ComboPreviewRoom();
}

void PushFace(const Face& face) { ImGui::PushFont(face.font, face.size); }

float ContentRight() { return ImGui::GetCurrentWindowRead()->ContentRegionRect.Max.x; }

void Record(AppState& app, const char* name) {
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.widgets_building.push_back({name, a.x, a.y, b.x, b.y});
}

void ReportTextInput(const AppState& app) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiInputTextState* state = g.ActiveId ? ImGui::GetInputTextState(g.ActiveId) : nullptr;
  const bool typing = state && !(state->Flags & ImGuiInputTextFlags_ReadOnly);
  // The field is the one holding the caret: ImGui puts the input method's position there each frame.
  const ImVec2 caret = g.PlatformImeData.InputPos;
  platform::Box field{caret.x, caret.y, caret.x + 1, caret.y + g.PlatformImeData.InputLineHeight};
  if (typing)
    for (const Rect& r : app.text_fields)
      if (caret.x >= r.x0 - 2 && caret.x <= r.x1 + 2 && caret.y >= r.y0 - 2 && caret.y <= r.y1 + 2) field = r;
  platform::TextInput(typing, field, app.text_fields);
}

void HelpMarker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(text);
}

}  // namespace tp::ui
