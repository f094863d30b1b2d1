// topbar.cpp — the top bar: the three views, Copy link, the Export menu (the current view as Markdown, CSV
// or JSON, through core's report: the same files `trainplan plan|compare|search --format` writes), the
// language switch and the theme.
#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "launch_menu.h"
#include "platform.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {

void ExportView(AppState& app, Format f) {
  FinishMainPlan(app);  // export what is on the inputs, not the plan before the last edit
  const char* ext = f == Format::Markdown ? "md" : f == Format::Csv ? "csv" : "json";
  const char* mime = f == Format::Markdown ? "text/markdown" : f == Format::Csv ? "text/csv" : "application/json";
  // Markdown speaks the configuration's language (its `lang` key); JSON and CSV stay English (core's report).
  std::string content, name;
  const Background& bg = app.bg;
  if (ViewOf(app) == View::Compare) {
    FinishColumns(app);
    std::vector<PlanOutput> outs;
    for (const PlanTask& column : bg.columns) outs.push_back(column.out);
    content = FormatComparison(outs, f);
    name = "trainplan-compare.";
  } else if (ViewOf(app) == View::Search && bg.search_started && !bg.search_running) {
    content =
        FormatSearch(app.main.out, bg.search.RankedBy(bg.search_options.objective), f, bg.search_options.objective);
    name = "trainplan-search.";
  } else {
    content = FormatPlan(app.main.out, f);
    name = "trainplan-plan.";
  }
  name += ext;
  std::string where = platform::Download(name, mime, content);
  SetStatus(app,
            where.empty() ? Sprintf(Tr("Could not save %s"), name.c_str()) : Sprintf(Tr("Saved %s"), where.c_str()));
}

bool TopBar(AppState& app) {
  bool changed = false;
  PushFace(app.fonts.big);
  ImGui::TextUnformatted("TrainPlan");
  ImGui::PopFont();
  ImGui::SameLine(0, 24);
  const char* names[] = {"Plan", "Compare", "Search"};
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine(0, 2);
    bool sel = app.cfg.view == i;
    if (sel) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(TrId(names[i]).c_str()) && !sel) {
      app.cfg.view = i;
      if (ViewOf(app) == View::Compare) EnterCompare(app.cfg);  // the comparison starts from this plan
      changed = true;
    }
    if (sel) ImGui::PopStyleColor();
    Record(app, (std::string("view_") + names[i]).c_str());
  }
  // Actions on the right, or on their own line when the window is too narrow for both.
  const ImGuiStyle& style = ImGui::GetStyle();
  auto button_w = [&](const char* text) { return ImGui::CalcTextSize(text).x + style.FramePadding.x * 2; };
  float w = button_w(Tr("Copy link")) + button_w(Tr("Export ▾")) + button_w("English") + button_w("简体中文") +
            ImGui::GetFrameHeight() * 1.3f + style.ItemSpacing.x * 3 + 2 + 4;
  float used = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 20;
  float target = ContentRight() - ImGui::GetWindowPos().x - w;
  if (target > used) ImGui::SameLine(target);
  if (ImGui::Button(TrId("Copy link").c_str())) {
    std::string url = platform::ShareUrl(app.link);
    platform::SetClipboard(url);
    SetStatus(app, Sprintf(Tr("Link copied: %s"), url.c_str()));
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Tr("The link holds every input: send it and the other side sees this plan"));
  Record(app, "copy_link");
  ImGui::SameLine();
  if (ImGui::Button(TrId("Export ▾").c_str())) ImGui::OpenPopup("export");
  Record(app, "export");
  if (ImGui::BeginPopup("export")) {
    if (ImGui::Selectable(TrId("Markdown (.md)").c_str())) ExportView(app, Format::Markdown);
    Record(app, "export_md");
    if (ImGui::Selectable(TrId("CSV (.csv)").c_str())) ExportView(app, Format::Csv);
    Record(app, "export_csv");
    if (ImGui::Selectable(TrId("JSON (.json)").c_str())) ExportView(app, Format::Json);
    Record(app, "export_json");
    LaunchConfigMenu(app);  // each framework's config for the plan (launch_menu.cpp)
    ImGui::EndPopup();
  }
  // The language switch: each name in its own language (the few glyphs of 简体中文 are always loaded).
  ImGui::SameLine();
  for (Lang l : {Lang::En, Lang::Zh}) {
    if (l == Lang::Zh) ImGui::SameLine(0, 2);
    const bool sel = LangOf(app) == l;
    if (sel) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(l == Lang::Zh ? "简体中文###lang_zh" : "English###lang_en") && !sel) {
      // A key like any other (the frame writes the link, a history entry of its own); the plan's numbers do
      // not change, only its `lang` (background.h: the view keys ride along without a re-plan).
      app.cfg.lang = LangCode(l);
      SetLanguage(l);
      changed = true;
    }
    if (sel) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
      Tooltip(Tr("Interface language (the choice is saved and put in the share link)"));
    Record(app, l == Lang::Zh ? "lang_zh" : "lang_en");
  }
  ImGui::SameLine();
  if (ImGui::Button(app.dark ? "☀" : "☾", ImVec2(ImGui::GetFrameHeight() * 1.3f, 0))) {
    app.dark = !app.dark;
    ApplyTheme(app.dark);
    Save(app);
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(Tr(app.dark ? "Light theme" : "Dark theme"));
  Record(app, "theme");
  return changed;
}

}  // namespace tp::ui
