// widgets.cpp — formatting with units, theme colours, labelled inputs with tooltips from core's key table,
// and the rectangle registry used by the browser tests to click real inputs.
#include "widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app.h"
#include "config.h"
#include "default_sources.h"
#include "i18n.h"
#include "text.h"

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
  // Unit words in the interface's language ("2.3 h" / "2.3 小时"); the numbers are the same.
  auto with = [](const std::string& number, const char* unit) { return number + " " + TrUnit(unit); };
  if (s >= 2 * 86400) return FmtDays(s / 86400);
  if (s >= 3600) return with(Sig3(s / 3600), "h");
  if (s >= 60) return with(Sig3(s / 60), "min");
  if (s >= 1) return with(Sig3(s), "s");
  if (s >= 1e-3) return with(Sig3(s * 1e3), "ms");
  if (s > 0) return with(Sig3(s * 1e6), "µs");
  return with("0", "s");
}

std::string FmtDays(double d) {
  if (!std::isfinite(d)) return "-";
  auto with = [](const std::string& number, const char* unit) { return number + " " + TrUnit(unit); };
  if (d >= 365 * 2) return with(Sig3(d / 365.25), "years");
  if (d >= 10) return with(FmtInt((long long)std::llround(d)), "days");
  if (d >= 1) return with(Printf("%.1f", d), "days");
  return with(Sig3(d * 24), "h");
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
void Record(AppState& app, const char* name) {
  ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.widgets_building.push_back({name, a.x, a.y, b.x, b.y});
}

void HelpMarker(const char* text) {
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

std::string AcceptsText(const char* accepts) {
  // core writes "a whole number 1-1024 or auto", "bf16, fp16 or fp8", "a GPU id (trainplan catalog gpus)":
  // the fixed words are translated, the values (link spellings) stay as they are typed. The issue
  // messages translate their accepted-values lists the same way (core's TranslateWords).
  return TranslateWords(CurrentLanguage(), accepts);
}

void KeyTooltip(const char* key, const char* extra) {
  const KeyInfo* info = FindKey(key);
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  if (info && info->help && *info->help) ImGui::TextUnformatted(Tr(info->help));
  if (extra && *extra) ImGui::TextUnformatted(Tr(extra));
  if (const char* source = DefaultSource(key); *source) ImGui::TextDisabled(Tr("the default's source: %s"), Tr(source));
  if (info && info->unit && *info->unit) ImGui::TextDisabled(Tr("unit: %s"), TrUnit(info->unit));
  if (info && info->accepts && *info->accepts) ImGui::TextDisabled(Tr("accepts: %s"), AcceptsText(info->accepts).c_str());
  ImGui::TextDisabled(Tr("link key: %s"), key);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void InputsBegin(AppState& app, float label_width) { app.inputs.label_width = label_width; }

void LabelCell(AppState& app, const char* key, const char* label) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(Tr(label));
  if (ImGui::IsItemHovered()) KeyTooltip(key);
  ImGui::SameLine(app.inputs.label_width);
}

bool KeyHasIssue(const AppState& app, const char* key, bool errors_only) {
  return std::any_of(app.main.out.issues.begin(), app.main.out.issues.end(),
                     [&](const ConfigIssue& is) { return is.key == key && !(errors_only && is.notice); });
}

void FieldIssues(AppState& app, const char* key, bool edited) {
  auto same = [](const ConfigIssue& a, const ConfigIssue& b) { return a.key == b.key && a.message == b.message; };
  if (edited)
    std::erase_if(app.link_issues, [&](const ConfigIssue& is) { return is.key == key; });
  // The first error naming the key, else the first notice; the others are counted.
  const ConfigIssue* shown = nullptr;
  int count = 0;
  for (const ConfigIssue& is : app.main.out.issues) {
    if (is.key != key) continue;
    ++count;
    if (!shown || (shown->notice && !is.notice)) shown = &is;
  }
  if (!shown) return;
  ImGui::SetCursorPosX(app.inputs.label_width);  // under the field, not under its label (LabelCell's column)
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(0);
  std::string text = shown->notice ? "· " : "✘ ";
  text += IssueMessage(*shown, LangOf(app));
  if (count > 1) text.append(" ").append(TrFill("(and {0} more)", {std::to_string(count - 1)}));
  ImGui::PushStyleColor(ImGuiCol_Text, ColV(app, shown->notice ? Hue::Muted : Hue::Bad));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  if (!shown->notice) {
    // What the plan on the right used instead, so the numbers there are not mistaken for this value's.
    static const Config defaults;
    auto value = [](const Config& c, const char* k) {
      std::string v = FormatValue(c, k);
      return v == "auto" ? std::string(Tr("auto")) : v;
    };
    const auto& fb = app.main.out.fallback_keys;
    bool from_link = std::any_of(app.link_issues.begin(), app.link_issues.end(), [&](const ConfigIssue& is) { return same(is, *shown); });
    if (std::find(fb.begin(), fb.end(), key) != fb.end())
      ImGui::TextDisabled("%s", TrFill("the plan uses {0} until this is fixed", {value(defaults, key)}).c_str());
    else if (from_link)
      ImGui::TextDisabled("%s", TrFill("the link's value was ignored: the plan uses {0}", {value(app.cfg, key)}).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  // A link just opened with an error below the fold: bring the first one into view, once.
  if (app.reveal_error && !shown->notice) {
    const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight() - ImGui::GetStyle().WindowPadding.y;
    if (!ImGui::IsItemVisible() || ImGui::GetItemRectMax().y > bottom) ImGui::SetScrollHereY(0.5f);
    app.reveal_error = false;
  }
  if (count > 1 && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    for (const ConfigIssue& is : app.main.out.issues)
      if (is.key == key) ImGui::TextColored(ColV(app, is.notice ? Hue::Muted : Hue::Bad), "%s", FormatIssue(is, LangOf(app)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  Record(app, (std::string("issue_") + key).c_str());
}

namespace {
// The key's unit, shown after its field ("tokens", "GB/s", "USD"); empty when the label already says it.
std::string UnitOf(const char* key, const char* label) {
  const KeyInfo* info = FindKey(key);
  if (!info || !info->unit || !*info->unit) return {};
  if (Lower(label).find(Lower(info->unit)) != std::string::npos) return {};
  return info->unit;
}
float UnitWidth(const std::string& unit) {
  return unit.empty() ? 0.0f : ImGui::CalcTextSize(unit.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
}
void UnitAfter(const std::string& unit) {
  if (unit.empty()) return;
  ImGui::SameLine();
  ImGui::TextDisabled("%s", unit.c_str());
}
// The unit in the interface's language ("tokens" -> "token", "USD" -> "美元"); UnitOf compares in English.
std::string ShownUnit(const char* key, const char* label) {
  std::string u = UnitOf(key, label);
  return u.empty() ? u : std::string(TrUnit(FindKey(key)->unit));
}
}  // namespace

bool InputInt(AppState& app, const char* key, const char* label, int* v, int lo, int hi, bool allow_auto,
              int resolved) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  bool changed = false;
  bool is_auto = allow_auto && *v == kAuto;
  std::string unit = ShownUnit(key, label);
  float auto_w = allow_auto ? ImGui::CalcTextSize(Tr("auto")).x + ImGui::GetFrameHeight() + 8 : 0;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - auto_w - UnitWidth(unit));
  if (is_auto) {
    ImGui::BeginDisabled();
    int shown = resolved;
    ImGui::InputInt("##v", &shown, 0, 0);
    ImGui::EndDisabled();
  } else {
    int x = *v;
    if (ImGui::InputInt("##v", &x, 0, 0)) {
      if (x < lo) x = lo;
      if (x > hi) x = hi;
      if (x != *v) {
        *v = x;
        changed = true;
      }
    }
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) KeyTooltip(key);
  Record(app, key);
  UnitAfter(unit);
  if (allow_auto) {
    ImGui::SameLine();
    bool a = is_auto;
    if (ImGui::Checkbox(TrId("auto").c_str(), &a)) {
      *v = a ? kAuto : (resolved > 0 ? resolved : lo);
      changed = true;
    }
    if (ImGui::IsItemHovered()) {
      // On a model dimension "auto" is the preset's value; on a layout key the search's choice.
      const KeyInfo* info = FindKey(key);
      if (info && info->group == KeyGroup::Model) ImGui::SetTooltip(Tr("Use the preset's value of %s."), key);
      else ImGui::SetTooltip(Tr("Let the planner choose %s (it searches every valid layout)."), key);
    }
  }
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

bool InputAssumption(AppState& app, const char* key, const char* label, double* v, const char* fmt, double in_use) {
  const KeyInfo* info = FindKey(key);
  const double lo = info ? info->lo : 0, hi = info ? info->hi : 0;
  ImGui::PushID(key);
  LabelCell(app, key, label);
  bool changed = false;
  const bool is_default = *v == 0;
  std::string unit = ShownUnit(key, label);
  float auto_w = ImGui::CalcTextSize(Tr("default")).x + ImGui::GetFrameHeight() + 8;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - auto_w - UnitWidth(unit));
  if (is_default) {
    ImGui::BeginDisabled();
    double shown = in_use;
    ImGui::InputDouble("##v", &shown, 0, 0, fmt);
    ImGui::EndDisabled();
  } else {
    double x = *v;
    if (ImGui::InputDouble("##v", &x, 0, 0, fmt)) {
      if (!(x >= lo)) x = lo;  // also NaN
      if (x > hi) x = hi;
      if (x != *v) *v = x, changed = true;
    }
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) KeyTooltip(key);
  Record(app, key);
  UnitAfter(unit);
  ImGui::SameLine();
  bool d = is_default;
  if (ImGui::Checkbox(TrId("default").c_str(), &d)) {
    *v = d ? 0 : std::clamp(in_use > 0 ? in_use : lo, lo, hi);  // edit from the value in use
    changed = true;
  }
  if (ImGui::IsItemHovered()) KeyTooltip(key);
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

bool InputDouble(AppState& app, const char* key, const char* label, double* v, double lo, double hi,
                 const char* fmt, const char* zero_means) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  std::string unit = ShownUnit(key, label);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - UnitWidth(unit));
  double x = *v;
  bool changed = false;
  // Scientific values (token budgets) are typed as 2e12; ImGui parses that with "%g".
  if (ImGui::InputDouble("##v", &x, 0, 0, fmt)) {
    if (!(x >= lo)) x = lo;
    if (x > hi) x = hi;
    if (x != *v) {
      *v = x;
      changed = true;
    }
  }
  if (ImGui::IsItemHovered()) KeyTooltip(key, zero_means);
  Record(app, key);
  UnitAfter(unit);
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

bool InputChoice(AppState& app, const char* key, const char* label, int* v, const char* const* names, int n,
                 const char* auto_label) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  ImGui::SetNextItemWidth(-1);
  bool changed = false;
  // names[] are English keys of the translation tables; auto_label comes translated from the caller.
  const char* preview = (*v >= 0 && *v < n) ? Tr(names[*v]) : (auto_label ? auto_label : "?");
  if (ImGui::BeginCombo("##v", preview)) {
    if (auto_label) {
      if (ImGui::Selectable(auto_label, *v < 0) && *v != -1) {
        *v = -1;
        changed = true;
      }
    }
    for (int i = 0; i < n; ++i) {
      if (ImGui::Selectable(Tr(names[i]), *v == i) && *v != i) {
        *v = i;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return EndComboField(app, key, changed);
}

bool EndComboField(AppState& app, const char* key, bool changed) {
  if (ImGui::IsItemHovered()) KeyTooltip(key);
  Record(app, key);
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

}  // namespace tp::ui
