// view_compare.cpp — the compare view: 2-4 columns side by side, each the main configuration with a few
// keys of its own (the `cmp` key's scenarios, core/scenario.h: the same columns `trainplan compare --link`
// prints for this page's link). Each column picks its GPU and count; its plan comes from the background
// (background.h), the best days, cost and MFU across the columns in green.
#include <algorithm>
#include <string>
#include <vector>

#include "app.h"
#include "catalog.h"
#include "i18n.h"
#include "imgui.h"
#include "scenario.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// Writes `scenarios` into cfg.cmp through the key's own check (2-4 scenarios of known keys); false (and
// cfg unchanged) when refused.
bool WriteScenarios(Config& cfg, const std::vector<std::string>& scenarios) {
  std::vector<ConfigIssue> issues;
  return ApplyPair(cfg, "cmp", JoinScenarios(scenarios), issues) && issues.empty();
}

// One column's own inputs (GPU, count, remove) and its plan; true when its scenario changed.
bool Column(AppState& app, int i, int n, std::vector<std::string>& scenarios, bool* remove,
            double best_days, double best_cost, double best_mfu) {
  const PlanTask& column = app.bg.columns[i];
  std::string gpu = column.cfg.gpu;
  int gpus = column.cfg.gpus;
  bool edit = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - 8);
  const GpuSpec* g = FindGpu(gpu);
  if (ImGui::BeginCombo("##gpu", g ? g->name.c_str() : gpu.c_str())) {
    for (const auto& row : Gpus())
      if (ImGui::Selectable(row.name.c_str(), row.id == gpu)) gpu = row.id, edit = true;
    ImGui::EndCombo();
  }
  Record(app, ("cmp_gpu_" + std::to_string(i)).c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(n <= 2);
  if (ImGui::Button("×", ImVec2(ImGui::GetFrameHeight(), 0))) *remove = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", Tr("Remove this scenario"));
  ImGui::EndDisabled();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::InputInt(TrId("GPUs").c_str(), &gpus, 0, 0) && gpus >= 1) edit = true;
  Record(app, ("cmp_gpus_" + std::to_string(i)).c_str());
  if (edit && i < (int)scenarios.size()) {
    // Only the pairs edited change: the column's other keys (a precision, a network) stay.
    std::string& s = scenarios[i];
    s = SetScenarioValue(SetScenarioValue(s, "gpu", gpu), "gpus", std::to_string(std::clamp(gpus, 1, 10000000)));
  }
  ImGui::Separator();
  const PlanOutput& o = column.out;
  if (!column.has_result) {
    ImGui::TextDisabled("%s", Tr("searching layouts…"));
    return edit;
  }
  if (column.Planning()) ImGui::TextDisabled("%s", Tr("updating…"));
  Verdict(app, o, true);
  if (Fits(o)) {
    auto hl = [&](bool best, const char* fmt, const std::string& v) {
      if (best && n > 1) ImGui::TextColored(ColV(app, Hue::Good), fmt, v.c_str());
      else ImGui::Text(fmt, v.c_str());
    };
    ImGui::PushFont(app.fonts.big);
    hl(o.plan.run.days <= best_days * 1.0001, "%s", FmtDays(o.plan.run.days));
    ImGui::SameLine(0, 10);
    ImGui::TextDisabled("·");
    ImGui::SameLine(0, 10);
    hl(o.plan.run.cost_usd <= best_cost * 1.0001, "%s", FmtUsd(o.plan.run.cost_usd));
    ImGui::PopFont();
    hl(o.plan.throughput.mfu >= best_mfu * 0.9999, "MFU %s", FmtPct(o.plan.throughput.mfu));
    ImGui::SameLine();
    ImGui::Text(Tr("· %s tokens/s per GPU"), FmtRate(o.plan.throughput.tokens_per_s_per_gpu).c_str());
    ImGui::Text(Tr("%s GPU-hours · %.0f failures expected"), FmtCount(o.plan.run.gpu_hours).c_str(), o.plan.run.failures);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(Tr("failures over the run at %s h mean time between failures per GPU"),
                        FmtInt((long long)o.job.rel.mtbf_gpu_h).c_str());
    std::string why = BottleneckSentence(o.plan, o.job, LangOf(app));
    if (!why.empty()) {
      ImGui::PushTextWrapPos(0);
      ImGui::TextDisabled(Tr("Bottleneck: %s"), why.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  if (o.ok) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", LayoutWords(o.plan).c_str());
    ImGui::PopTextWrapPos();
    ImGui::TextUnformatted(Tr("Memory per GPU"));
    MemoryBar(app, o, 20);
    ImGui::Text(Tr("Step %s"), FmtDuration(o.plan.step.seconds).c_str());
    StepBar(app, o, 20);
  }
  IssuesBox(app, o);
  if (!o.fit_advice.empty()) {
    ImGui::PushTextWrapPos(0);
    for (const auto& a : FitAdvice(app, o)) WrappedBullet(a);
    ImGui::PopTextWrapPos();
  }
  return edit;
}

}  // namespace

bool CompareView(AppState& app) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", Tr("The model, training and cost inputs on the left apply to every column; each column picks its "
                               "GPU and count, and the layout is searched for each. Green: the best of the columns."));
  ImGui::PopTextWrapPos();
  std::vector<std::string> scenarios = CompareScenarios(app.cfg);  // as the link spells them
  const int n = (int)app.bg.columns.size();  // = scenarios.size() (SyncTasks follows every change of cmp)
  // Best values across columns get highlighted (only among those that fit).
  double best_days = 1e300, best_cost = 1e300, best_mfu = 0;
  for (const PlanTask& column : app.bg.columns)
    if (column.has_result && Fits(column.out)) {
      best_days = std::min(best_days, column.out.plan.run.days);
      best_cost = std::min(best_cost, column.out.plan.run.cost_usd);
      best_mfu = std::max(best_mfu, column.out.plan.throughput.mfu);
    }
  bool edited = false;
  int remove = -1;
  if (n > 0 && ImGui::BeginTable("compare", n, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    for (int i = 0; i < n; ++i) {
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      bool remove_this = false;
      edited |= Column(app, i, n, scenarios, &remove_this, best_days, best_cost, best_mfu);
      if (remove_this) remove = i;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove >= 0 && remove < (int)scenarios.size()) {
    scenarios.erase(scenarios.begin() + remove);
    edited = true;
  }
  if (n < (int)kMaxScenarios) {
    if (ImGui::Button(TrId("+ Add scenario").c_str())) {
      scenarios.push_back(scenarios.empty() ? "gpu:h100,gpus:" + std::to_string(app.cfg.gpus) : scenarios.back());
      edited = true;
    }
    Record(app, "cmp_add");
  }
  return edited && WriteScenarios(app.cfg, scenarios);
}

}  // namespace tp::ui
