// widgets.cpp — formatting with units, theme colours, labelled inputs with tooltips from core's key table,
// and the rectangle registry used by the browser tests to click real inputs.
#include "widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.h"
#include "i18n.h"
#include "imgui_internal.h"  // the active InputText's state
#include "platform.h"
#include "text_layout.h"

namespace tp::ui {
namespace {

std::string Printf(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// Three significant digits, like spec sheets and papers quote numbers: 71.2, 7.24, 138.
std::string Sig3(double v) {
  double a = std::fabs(v);
  if (a >= 100) return Printf("%.0f", v);
  if (a >= 10) return Printf("%.1f", v);
  return Printf("%.2f", v);
}

}  // namespace

std::string FmtInt(long long v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  int n = (int)digits.size();
  for (int i = 0; i < n; ++i) {
    out += digits[i];
    if ((n - 1 - i) % 3 == 0 && i != n - 1) out += ',';
  }
  return v < 0 ? "-" + out : out;
}

std::string FmtBytes(double b) {
  if (!std::isfinite(b)) return "-";
  double a = std::fabs(b);
  if (a >= 1e12) return Sig3(b / 1e12) + " TB";
  if (a >= 1e9) return Sig3(b / 1e9) + " GB";
  if (a >= 1e6) return Sig3(b / 1e6) + " MB";
  if (a >= 1e3) return Sig3(b / 1e3) + " kB";
  return Printf("%.0f B", b);
}

std::string FmtMem(double b) {
  if (!std::isfinite(b)) return "-";
  constexpr double kKi = 1024.0, kMi = kKi * 1024, kGi = kMi * 1024, kTi = kGi * 1024;
  double a = std::fabs(b);
  if (a >= kTi) return Sig3(b / kTi) + " TiB";
  if (a >= kGi) return Sig3(b / kGi) + " GiB";
  if (a >= kMi) return Sig3(b / kMi) + " MiB";
  if (a >= kKi) return Sig3(b / kKi) + " KiB";
  return Printf("%.0f B", b);
}

std::string FmtCount(double n) {
  if (!std::isfinite(n)) return "-";
  double a = std::fabs(n);
  if (a >= 1e12) return Sig3(n / 1e12) + " T";
  if (a >= 1e9) return Sig3(n / 1e9) + " B";
  if (a >= 1e6) return Sig3(n / 1e6) + " M";
  if (a >= 1e4) return Sig3(n / 1e3) + " k";
  return FmtInt((long long)std::llround(n));
}

std::string FmtUsd(double usd) {
  if (!std::isfinite(usd)) return "-";
  double a = std::fabs(usd);
  std::string s = "$";  // appended, not "$" + ...: GCC 12 warns (-Wrestrict) on that form
  if (a >= 1e9) return s.append(Sig3(usd / 1e9)).append(" B");
  if (a >= 1e6) return s.append(Sig3(usd / 1e6)).append(" M");
  if (a >= 1e4) return s.append(Sig3(usd / 1e3)).append(" k");
  if (a >= 100) return s.append(FmtInt((long long)std::llround(usd)));
  return Printf("$%.2f", usd);
}

std::string FmtDuration(double s) {
  if (!std::isfinite(s)) return "-";
  // A minute and more reads as core's DurationText does ("28 min", "3.4 h", "38 days"); a step is seconds
  // or milliseconds. Unit words in the interface's language ("2.3 小时"); the numbers are the same.
  if (s >= 60) return FmtDays(s / 86400);
  auto with = [](const std::string& number, const char* unit) { return number + " " + TrUnit(unit); };
  if (s >= 1) return with(Sig3(s), "s");
  if (s >= 1e-3) return with(Sig3(s * 1e3), "ms");
  if (s > 0) return with(Sig3(s * 1e6), "µs");
  return with("0", "s");
}

std::string FmtDays(double d) {
  if (!std::isfinite(d)) return "-";
  // Multi-year runs in years; everything else as core's DurationText (the verdict, the CLI's reports).
  if (d >= 365 * 2) return Sig3(d / 365.25) + " " + TrUnit("years");
  return DurationText(CurrentLanguage(), d * 86400);
}

std::string FmtPct(double f) {
  if (!std::isfinite(f)) return "-";
  double p = f * 100;
  if (std::fabs(p) >= 10) return Printf("%.0f%%", p);
  return Printf("%.1f%%", p);
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
}

// ---- inputs ----
bool BeginComboFitted(const char* id, const std::string& preview, int flags) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - style.FramePadding.x * 2;
  return ImGui::BeginCombo(id, Elide(preview, room).c_str(), flags);
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
  if (ImGui::IsItemHovered()) Tooltip(text);
}

}  // namespace tp::ui
