// launch_menu.cpp — Export ▸ Launch config and the import of a framework's config (launch_menu.h). An export
// plans the inputs for what the framework can run (core/launch LaunchConfig: the format's stack, the layout
// keys it cannot vary pinned) and writes that plan's file; the status line says what the format dropped, or
// why it refuses. An import applies the file's keys to the inputs: the link then holds them.
#include "launch_menu.h"

#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "launch.h"
#include "platform.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

void ExportLaunchConfig(AppState& app, const LaunchFormatInfo& f, bool copy) {
  FinishMainPlan(app);
  const Lang lang = LangOf(app);
  const PlanOutput plan = MakePlan(LaunchConfig(app.cfg, f.format));
  const ConfigIssue* error = nullptr;
  for (const ConfigIssue& i : plan.issues)
    if (!i.notice && !error) error = &i;
  if (!plan.ok || error) {
    SetStatus(app, Sprintf(Tr("No %s config: %s"), f.framework, error ? FormatIssue(*error, lang).c_str() : ""), true);
    return;
  }
  const LaunchExport ex = ExportLaunch(plan, f.format, platform::ShareUrl(FormatLink(plan.config)));
  std::string notes;
  for (const ConfigIssue& i : ex.issues) {
    if (!i.notice) {
      SetStatus(app, Sprintf(Tr("No %s config: %s"), f.framework, FormatIssue(i, lang).c_str()), true);
      return;
    }
    notes += (notes.empty() ? "" : "; ") + FormatIssue(i, lang);
  }
  std::string status;
  if (copy) {
    platform::SetClipboard(ex.text);
    status = Sprintf(Tr("Copied the %s config (%s)"), f.framework, f.file_name);
  } else {
    const std::string where = platform::Download(f.file_name, f.mime, ex.text);
    status = where.empty() ? Sprintf(Tr("Could not save %s"), f.file_name) : Sprintf(Tr("Saved %s"), where.c_str());
  }
  SetStatus(app, notes.empty() ? status : status + " — " + notes);
}

}  // namespace

void LaunchConfigMenu(AppState& app) {
  if (!ImGui::BeginMenu(TrId("Launch config").c_str())) {
    Record(app, "export_launch");
    return;
  }
  Record(app, "export_launch");
  for (const LaunchFormatInfo& f : LaunchFormats()) {
    const std::string id = std::string("launch_") + f.id;
    const bool open = ImGui::BeginMenu((std::string(f.framework) + "###" + id).c_str());
    Record(app, id.c_str());
    if (!open) continue;
    if (ImGui::Selectable(Sprintf(Tr("Download %s"), f.file_name).c_str())) ExportLaunchConfig(app, f, false);
    Record(app, (id + "_download").c_str());
    if (ImGui::Selectable(TrId("Copy to the clipboard").c_str())) ExportLaunchConfig(app, f, true);
    Record(app, (id + "_copy").c_str());
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

bool ImportLaunchText(AppState& app, const std::string& text, bool* changed) {
  *changed = false;
  LaunchFormat format;
  if (!DetectLaunchFormat(text, format)) return false;
  const LaunchImport imp = ImportLaunch(text, &format);
  std::vector<ConfigIssue> issues = imp.issues;
  Config next = app.cfg;
  if (imp.ok) ApplyLaunchImport(next, imp, issues);
  app.hf_issues = issues;  // shown under the box: errors with their line, the keys it could not map
  app.inputs.hf_message.clear();
  if (!imp.ok || HasErrors(issues)) return true;
  app.cfg = std::move(next);
  SetStatus(app, Sprintf(Tr("Imported a %s config: %s"), InfoOf(format).framework, LaunchPairsText(imp).c_str()));
  *changed = true;
  return true;
}

}  // namespace tp::ui
