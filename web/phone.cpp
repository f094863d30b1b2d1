// phone.cpp — the page on a narrow screen (a phone, a split window): one column at a time under a switch,
// "Results | Inputs", instead of the inputs stacked under a results column several screens long. While the
// inputs are shown, the plan's key figures stay pinned above them, so an edit's effect is in sight without
// switching back. The column scrolls by dragging (app.cpp's DragToScroll) like any page on a phone.
#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "inputs.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The plan in one line: "✔ Fits · 55 days · $16.9 k", or what does not fit; the verdict's word as the results
// say it (VerdictText: "Tight: may run out of memory" too), the figures without their bands (a phone is narrow).
std::string PlanSummary(const AppState& app) {
  const PlanOutput& o = app.main.out;
  if (!app.main.has_result) return Tr("Planning…");
  const std::string word = VerdictText(o).word;
  if (!o.ok) return word;
  if (!PlanFits(o)) return word + "  ·  " + FmtMem(o.plan.memory.total) + " / " + FmtMem(o.plan.memory.capacity);
  return word + "  ·  " + FmtDays(o.plan.run.days) + "  ·  " + FmtUsd(o.plan.run.cost_usd);
}

// Two buttons side by side, the shown one lit; true when the other was pressed.
bool Switch(AppState& app, bool* inputs) {
  bool changed = false;
  for (int i = 0; i < 2; ++i) {
    if (i) ImGui::SameLine(0, 2);
    const bool lit = *inputs == (i == 1);
    if (lit) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(TrId(i ? "Inputs" : "Results").c_str()) && !lit) *inputs = i == 1, changed = true;
    if (lit) ImGui::PopStyleColor();
    Record(app, i ? "narrow_inputs" : "narrow_results");
  }
  return changed;
}

}  // namespace

bool NarrowScreen() {
  return ImGui::GetMainViewport()->WorkSize.x - ImGui::GetStyle().WindowPadding.x * 2 < ImGui::GetFontSize() * 50;
}

bool NarrowColumn(AppState& app, float bottom, const std::function<void()>& results) {
  // Which side is shown is the page's own state (not a key of the link): kept in the window's storage.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID key = ImGui::GetID("narrow_shows_inputs");
  bool inputs = storage->GetBool(key, false);
  if (Switch(app, &inputs)) storage->SetBool(key, inputs);
  if (inputs) {
    const std::string summary = PlanSummary(app);
    const ImVec4 color = !app.main.has_result ? ColV(app, Hue::Muted) : ColV(app, VerdictText(app.main.out).hue);
    PushFace(app.fonts.bold);
    if (SameLineIfFits(summary.c_str(), 12))
      ImGui::TextColored(color, "%s", summary.c_str());
    else
      Paragraph(summary, color);
    ImGui::PopFont();
    Record(app, "narrow_summary");
  }
  // A window each, so each keeps its own scroll: the inputs open at their top, not at the results' depth
  // (issue #34: the Inputs tab opened scrolled half-way down).
  ImGui::BeginChild(inputs ? "all_inputs" : "all_results", ImVec2(0, -bottom),
                    ImGuiChildFlags_Borders | ImGuiChildFlags_NavFlattened);  // Tab goes on from the switch
  bool changed = false;
  if (inputs) {
    changed = DrawInputs(app);
  } else {
    app.reveal_error = false;  // the results stay on screen: the verdict says which keys were replaced
    results();
  }
  ImGui::EndChild();
  return changed;
}

}  // namespace tp::ui
