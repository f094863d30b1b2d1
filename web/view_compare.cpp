// view_compare.cpp — the compare view: your plan and the alternatives you pick, side by side (the `cmp`
// key's scenarios, core/config/scenario.h: the same columns `trainplan compare --link` prints for this page's
// link). It states the question, answers it in one line ("H100 x 32: 27% faster and 44% cheaper than
// A100 x 64"), badges the fastest and the cheapest column, and stacks the columns on a narrow screen.
// Each column picks its GPU (a filtered picker) and count; its plan comes from the background.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app.h"
#include "catalog.h"
#include "compare.h"
#include "fields.h"
#include "i18n.h"
#include "imgui.h"
#include "pickers.h"
#include "scenario.h"
#include "sentences.h"
#include "text.h"
#include "text_layout.h"
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

std::string ColumnName(const PlanTask& t) { return ShortGpuName(t.cfg.gpu) + " x " + FmtInt(t.cfg.gpus); }

bool IsYourPlan(const AppState& app, int i) { return i == YourPlanColumn(app); }

// "Your plan" or "Alternative 2": the alternatives count from 1, skipping your plan's column.
std::string ColumnTitle(const AppState& app, int i) {
  const int mine = YourPlanColumn(app), number = i + 1 - (mine >= 0 && mine < i ? 1 : 0);
  return i == mine ? std::string(Tr("Your plan")) : TrFill("Alternative {0}", {std::to_string(number)});
}

// The columns' plans, one per column (a column still searching counts as not fitting until its plan lands).
std::vector<PlanOutput> ColumnPlans(const AppState& app) {
  std::vector<PlanOutput> plans;
  for (const PlanTask& t : app.bg.columns) plans.push_back(t.has_result ? t.out : PlanOutput{});
  return plans;
}

// The fastest and the cheapest column that fit, and the line against the first: core's verdict
// (core/report/compare.h), the one `trainplan compare` prints.
ComparisonVerdict FindBest(const AppState& app) { return JudgeComparison(ColumnPlans(app)); }

// The question the columns answer, in words: the configuration asked (its model, its token budget once the plan
// for it has landed, "…" until then) and the columns.
std::string QuestionText(AppState& app, const std::string& tokens) {
  const auto& cols = app.bg.columns;
  std::string names;
  for (int i = 0; i < (int)cols.size(); ++i) {
    names += i == 0 ? "" : i + 1 == (int)cols.size() ? std::string(Tr(" or ")) : std::string(Tr(", "));
    names += ColumnName(cols[i]);
    if (IsYourPlan(app, i)) names += std::string(" ") + Tr("(your plan)");
  }
  const Config& c = app.cfg;
  const std::string model = !c.name.empty() ? c.name : RowLabel(CurrentPickerRows(app).models, c.model);
  std::string q = TrFill("{0}, {1} tokens: which finishes sooner and costs less, {2}?", {model, tokens, names});
  bool counts_differ = false;
  for (const PlanTask& t : cols) counts_differ |= t.cfg.gpus != cols[0].cfg.gpus;
  // append(), not `" " + std::string(...)`: GCC 12 warns (-Wrestrict, a false positive) on the latter.
  if (counts_differ)
    q.append(" ").append(
        Tr("The GPU counts differ on purpose: the same training on fewer, faster GPUs or on more, cheaper ones."));
  // On a phone the inputs are behind the Inputs switch, not on the left.
  q.append(" ").append(
      NarrowScreen() ? Tr("Model, training and cost are under Inputs; each column searches its own layout.")
                     : Tr("Model, training and cost are the inputs on the left; each column searches its own layout."));
  return q;
}

// The question, as tall as it is with the widest token figure at the width left when the scrollbar shows: neither
// the figure landing ("…" -> "1.38 T") nor the scrollbar coming as the columns' plans fill in rewraps it taller,
// so the columns' inputs drawn under it stay where the pointer saw them (issue #34).
void Question(AppState& app) {
  const bool landed = app.main.has_result && !app.main.Planning();
  const std::string q = QuestionText(app, landed ? FmtCount(app.main.out.plan.run.tokens) : "…");
  const ImGuiStyle& style = ImGui::GetStyle();
  const float narrowest = ImGui::GetWindowWidth() - style.WindowPadding.x * 2 - style.ScrollbarSize;
  const size_t lines = WrapLines(QuestionText(app, "888.8 M"), std::max(ImGui::GetFontSize() * 4, narrowest)).size();
  const float top = ImGui::GetCursorPosY();
  MutedParagraph(q);
  Record(app, "compare_question");
  const float drawn = ImGui::GetCursorPosY() - top, reserved = ImGui::GetTextLineHeightWithSpacing() * (float)lines;
  if (drawn < reserved) ImGui::Dummy(ImVec2(1, reserved - drawn - ImGui::GetStyle().ItemSpacing.y));
}

// The fastest column against the first (your plan), or the cheapest when the first is already the fastest;
// "" while a column is still searching.
std::string VerdictLine(const AppState& app, const ComparisonVerdict& best) {
  const auto& cols = app.bg.columns;
  if (cols.empty() || std::any_of(cols.begin(), cols.end(), [](const PlanTask& t) { return !t.has_result; })) return {};
  return CompareVerdictText(best, ColumnPlans(app), LangOf(app));
}

// The answer in one line (CompareVerdict); "" while a column is still searching. It takes at least
// `min_lines` lines of its font, searching or not, so that what is drawn under it stays put when it lands
// and wraps (issue #34).
void Answer(AppState& app, const ComparisonVerdict& best, int min_lines) {
  const std::string line = VerdictLine(app, best);
  PushFace(app.fonts.bold);
  const float top = ImGui::GetCursorPosY(), reserved = ImGui::GetTextLineHeightWithSpacing() * (float)min_lines;
  if (!line.empty()) {
    Paragraph(line);
    Record(app, "compare_verdict");
  }
  ImGui::PopFont();
  if (line.empty()) MutedParagraph(Tr("searching layouts…"));
  const float drawn = ImGui::GetCursorPosY() - top;
  if (drawn < reserved) ImGui::Dummy(ImVec2(1, reserved - drawn - ImGui::GetStyle().ItemSpacing.y));
}

void Badge(AppState& app, const char* text) {
  const ImVec2 pad(6, 2), ts = ImGui::CalcTextSize(text), p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + ts.x + pad.x * 2, p.y + ts.y + pad.y * 2), Col(app, Hue::Good), 4);
  dl->AddText(ImVec2(p.x + pad.x, p.y + pad.y), IM_COL32_WHITE, text);
  ImGui::Dummy(ImVec2(ts.x + pad.x * 2, ts.y + pad.y * 2));
}

// The column's GPU count as typed: core's number parser and the gpus key's range; a refused count stays in
// the field with its message in red under it (the scenario keeps the count before).
bool CountField(AppState& app, int i, int* gpus) {
  const std::string slot = "cmp_gpus_" + std::to_string(i);
  auto typed = app.inputs.typed.find(slot);
  const std::string shown = typed != app.inputs.typed.end() ? typed->second : std::to_string(*gpus);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s", shown.c_str());
  ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x * 0.45f));
  const bool edited = ImGui::InputText("##gpus", buf, sizeof buf, ImGuiInputTextFlags_AutoSelectAll);
  RecordTextField(app);
  Record(app, slot.c_str());
  ImGui::SameLine();
  ImGui::TextUnformatted(Tr("GPUs"));
  bool changed = false;
  if (edited) {
    Config trial;
    std::vector<ConfigIssue> issues;
    if (ApplyPair(trial, "gpus", buf, issues) && !HasErrors(issues)) {
      *gpus = trial.gpus;
      app.inputs.typed.erase(slot);
      changed = true;
    } else {
      app.inputs.typed[slot] = buf;
    }
  }
  if (auto pending = app.inputs.typed.find(slot); pending != app.inputs.typed.end()) {
    const std::string text = pending->second;
    Config trial;
    std::vector<ConfigIssue> issues;
    if (!Trim(text).empty() && !ApplyPair(trial, "gpus", text, issues) && !issues.empty()) {
      Paragraph("✘ " + PageText(IssueMessage(issues[0], LangOf(app))), ColV(app, Hue::Bad));
      Record(app, ("issue_" + slot).c_str());
    }
  }
  return changed;
}

// One column's own inputs (GPU, count, remove); true when its scenario changed.
bool ColumnInputs(AppState& app, int i, int n, std::vector<std::string>& scenarios, bool* remove) {
  const PlanTask& column = app.bg.columns[i];
  std::string gpu = column.cfg.gpu;
  int gpus = column.cfg.gpus;
  const bool mine = IsYourPlan(app, i);
  ImGui::TextDisabled("%s", ColumnTitle(app, i).c_str());
  if (mine) Record(app, "cmp_your_plan");  // the title "Your plan": the tests find which column it is over
  const float x_w = ImGui::GetFrameHeight();
  bool edit = PickerCombo(app, ("cmp_gpu_" + std::to_string(i)).c_str(), ShortGpuName(gpu), &gpu,
                          CurrentPickerRows(app).gpus, nullptr, ImGui::GetContentRegionAvail().x - x_w - 8);
  Record(app, ("cmp_gpu_" + std::to_string(i)).c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(n <= 2);
  if (ImGui::Button("×", ImVec2(x_w, 0))) *remove = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(Tr("Remove this scenario"));
  ImGui::EndDisabled();
  edit |= CountField(app, i, &gpus);
  if (edit && i < (int)scenarios.size()) {
    // Only the pairs edited change: the column's other keys (a precision, a network) stay.
    std::string& s = scenarios[i];
    s = SetScenarioValue(SetScenarioValue(s, "gpu", gpu), "gpus", std::to_string(gpus));
    // Your plan's column is the plan: its GPU and count follow (with the GPU's own links and prices).
    if (mine) SelectGpu(app.cfg, gpu), app.cfg.gpus = gpus, app.cfg.dp = kAuto;
  }
  return edit;
}

void ColumnBody(AppState& app, int i, int n, const ComparisonVerdict& best) {
  const PlanTask& column = app.bg.columns[i];
  const PlanOutput& o = column.out;
  if (best.fitting > 1 || (best.fitting == 1 && n > 1)) {
    if (i == best.fastest) Badge(app, Tr("★ Fastest"));
    if (i == best.fastest && i == best.cheapest) ImGui::SameLine(0, 4);
    if (i == best.cheapest) Badge(app, Tr("★ Cheapest"));
    if (i == best.fastest || i == best.cheapest) Record(app, ("cmp_best_" + std::to_string(i)).c_str());
  }
  if (!column.has_result) {
    ImGui::TextDisabled("%s", Tr("searching layouts…"));
    return;
  }
  if (column.Planning()) ImGui::TextDisabled("%s", Tr("updating…"));
  const std::string num = std::to_string(i);
  Verdict(app, o, true, "cmp_verdict_" + num);
  if (PlanFits(o)) {
    auto hl = [&](bool is_best, const std::string& v) {
      if (is_best && n > 1)
        ImGui::TextColored(ColV(app, Hue::Good), "%s", v.c_str());
      else
        ImGui::TextUnformatted(v.c_str());
    };
    PushFace(app.fonts.big);
    hl(i == best.fastest, FmtDays(o.plan.run.days));
    Record(app, ("cmp_days_" + num).c_str());
    const std::string cost = FmtUsd(o.plan.run.cost_usd);
    if (SameLineIfFits(("·  " + cost).c_str(), 10)) {
      ImGui::TextDisabled("·");
      ImGui::SameLine(0, 10);
    }
    hl(i == best.cheapest, cost);
    Record(app, ("cmp_cost_" + num).c_str());
    ImGui::PopFont();
    Paragraph(Sprintf(Tr("MFU %s · %s tokens/s per GPU"), FmtPct(o.plan.throughput.mfu).c_str(),
                      FmtRate(o.plan.throughput.tokens_per_s_per_gpu).c_str()));
    Paragraph(Sprintf(Tr("%s GPU-hours"), FmtCount(o.plan.run.gpu_hours).c_str()) + " · " +
              FailuresExpected(o.plan.run.failures));
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
      Tooltip(Sprintf(Tr("failures over the run at %s h mean time between failures per GPU"),
                      FmtInt((long long)o.job.rel.mtbf_gpu_h).c_str()));
    const std::string why = BottleneckSentence(o.plan, o.job, LangOf(app));
    if (!why.empty()) MutedParagraph(Sprintf(Tr("Bottleneck: %s"), why.c_str()));
  }
  if (o.ok) {
    MutedParagraph(LayoutWords(o.plan, o.job.work.dp_shard));
    ImGui::TextUnformatted(Tr("Memory per GPU"));
    MemoryBar(app, o, 20);
    // A post-training column leads with its RL (or DPO) step, as the search's table (plan.h ShownStepSeconds); the
    // bar below is the policy's optimizer step.
    if (o.plan.rl.active)
      ImGui::TextUnformatted(
          (std::string(Tr(ShownStepWords(o.job.rl))) + " " + FmtDuration(ShownStepSeconds(o.plan))).c_str());
    ImGui::Text(Tr("Step %s"), FmtDuration(o.plan.step.seconds).c_str());
    StepBar(app, o, 20);
  }
  IssuesBox(app, o);
  for (const auto& a : FitAdvice(app, o)) WrappedBullet(a);
}

}  // namespace

int YourPlanColumn(const AppState& app) {
  const std::vector<PlanTask>& cols = app.bg.columns;
  for (int i = 0; i < (int)cols.size(); ++i)
    if (cols[i].cfg.gpu == app.cfg.gpu && cols[i].cfg.gpus == app.cfg.gpus) return i;
  return -1;
}

void EnterCompare(Config& cfg) {
  std::vector<std::string> scenarios = cfg.cmp.empty() ? std::vector<std::string>() : CompareScenarios(cfg);
  const std::string count = std::to_string(cfg.gpus);
  if (scenarios.empty()) {
    // The plan and one alternative to start from: the other of the two GPUs most runs are on.
    scenarios = {"gpu:" + cfg.gpu + ",gpus:" + count,
                 std::string("gpu:") + (cfg.gpu == "h100" ? "a100-80g" : "h100") + ",gpus:" + count};
  } else {
    scenarios[0] = SetScenarioValue(SetScenarioValue(scenarios[0], "gpu", cfg.gpu), "gpus", count);
  }
  WriteScenarios(cfg, scenarios);
}

std::string CompareVerdict(const AppState& app) { return VerdictLine(app, FindBest(app)); }

bool CompareView(AppState& app) {
  std::vector<std::string> scenarios = CompareScenarios(app.cfg);  // as the link spells them
  const int n = (int)app.bg.columns.size();  // = scenarios.size() (SyncTasks follows every change of cmp)
  const ComparisonVerdict best = FindBest(app);
  Question(app);
  bool edited = false;
  int remove = -1;
  auto inputs = [&](int i) {
    bool remove_this = false;
    edited |= ColumnInputs(app, i, n, scenarios, &remove_this);
    if (remove_this) remove = i;
  };
  // The columns' own inputs (GPU, count, remove, add) come first, above the answer and the columns' plans:
  // neither the answer landing and wrapping nor a column's plan filling in moves them under a pointer about
  // to click (issue #34: a click meant for a count opened the GPU list). Side by side or, on a narrow
  // screen, one after another; the width decides without the scrollbar, which comes and goes as plans land.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetWindowWidth() - style.WindowPadding.x * 2 - style.ScrollbarSize;
  const bool stacked = n > 0 && width / n < ImGui::GetFontSize() * 14;
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;
  auto cell = [&](int i) {
    ImGui::TableNextColumn();
    if (i == best.fastest || i == best.cheapest)
      ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, Col(app, Hue::Good, 0.08f));
  };
  ImGui::Separator();
  if (stacked) {
    for (int i = 0; i < n; ++i) {
      ImGui::PushID(i);
      inputs(i);
      ImGui::PopID();
      ImGui::Spacing();
    }
  } else if (n > 0 && ImGui::BeginTable("compare_inputs", n, flags)) {
    for (int i = 0; i < n; ++i) {
      cell(i);
      ImGui::PushID(i);
      inputs(i);
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
  ImGui::Separator();
  Answer(app, best, stacked ? 2 : 1);
  ImGui::Separator();
  if (stacked) {
    // One column's plan after another, each under its name and marked at its left edge when it is a best.
    for (int i = 0; i < n; ++i) {
      ImGui::PushID(i);
      ImGui::BeginGroup();
      PushFace(app.fonts.bold);
      ImGui::TextUnformatted((ColumnTitle(app, i) + ": " + ColumnName(app.bg.columns[i])).c_str());
      ImGui::PopFont();
      ColumnBody(app, i, n, best);
      ImGui::EndGroup();
      ImGui::PopID();
      if (i == best.fastest || i == best.cheapest) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(a.x - 6, a.y), ImVec2(a.x - 3, b.y), Col(app, Hue::Good));
      }
      ImGui::Spacing();
      ImGui::Separator();
    }
  } else if (n > 0 && ImGui::BeginTable("compare", n, flags)) {
    for (int i = 0; i < n; ++i) {
      cell(i);
      ImGui::PushID(i);
      ColumnBody(app, i, n, best);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  return edited && WriteScenarios(app.cfg, scenarios);
}

}  // namespace tp::ui
