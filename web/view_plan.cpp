// view_plan.cpp — the plan view: the verdict first, the layout the search chose, memory per GPU, step time
// and the whole run as stacked bars, the scaling chart (the best plan at each GPU count, log-log), and what
// is worth knowing: fit advice, warnings, a GPU count that would finish within a month.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <utility>

#include "app.h"
#include "calibrate_panel.h"
#include "charts.h"
#include "explain_panel.h"
#include "figures.h"
#include "i18n.h"
#include "imgui.h"
#include "run.h"
#include "sentences.h"
#include "text.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// Where the wall clock of the whole run goes (core/estimate/run.cpp): steps at the step model's speed,
// stragglers and data-loader stalls, evaluation, the start-up, checkpoint writes, and restarts plus work lost.
void RunBar(AppState& app, const PlanOutput& o, float height) {
  const RunSummary& r = o.plan.run;
  std::vector<Segment> segs = {
      Seg(Figure::SteadyDays, r.steady_days, Col(app, Hue::Compute)),
      Seg(Figure::StragglerDays, r.straggler_days, Col(app, Hue::MemoryBound)),
      Seg(Figure::StallDays, r.stall_days, Col(app, Hue::CommTp)),
      Seg(Figure::EvalDays, r.eval_days, Col(app, Hue::CommDp)),
      Seg(Figure::Startup, r.startup_days, Col(app, Hue::Muted)),
      Seg(Figure::CkptDays, r.ckpt_days, Col(app, Hue::Optimizer)),
      Seg(Figure::FailureDays, r.failure_days, Col(app, Hue::Bubble)),
  };
  for (Segment& seg : segs) seg.why.reset();  // the run's "why?" is its days (beside the heading)
  StackedBar(app, "run", segs, 0, 0, FmtDays, "", height);
}

// The whole run's figures after its heading, muted, separated by dots, each with its "why?" where core
// explains it; they wrap onto the next line on a narrow screen.
void RunFigures(AppState& app, std::initializer_list<std::pair<std::string, std::optional<Figure>>> figures) {
  bool first = true;
  for (const auto& [text, why] : figures) {
    const std::string item = (first ? "" : "· ") + text;
    SameLineIfFits(item.c_str(), first ? 12 : 8);
    ImGui::TextDisabled("%s", item.c_str());
    if (why) WhyButton(app, *why);
    first = false;
  }
}

// To own the GPUs instead of renting them: the run's share of an owned cluster (amortized + energy) and
// what owning the cluster costs over its years, with how many runs like this one fit in them: core's
// figures (run.cost_own_usd, EstimateTco), the rows `trainplan plan` prints under "Owning the cluster".
void OwnershipLine(AppState& app, const PlanOutput& o) {
  const double own = o.plan.run.cost_own_usd;
  if (!(own > 0)) return;
  const TcoView tco = EstimateTco(o.job, o.plan.run);
  MutedParagraph(
      TrFill("To own instead of rent: {0} for this run (amortized + energy) · owning the cluster for {1} "
             "years: {2} ({3} runs like this)",
             {FmtUsd(own), CompactNumber(tco.years), FmtUsd(tco.total_usd),
              tco.runs_in_period < 100 ? Sprintf("%.1f", tco.runs_in_period) : FmtCount(tco.runs_in_period)}));
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) {
    std::string tip =
        TrFill("hardware (GPUs + servers, network, facility) {0}\nenergy (training draw all year, PUE) {1}",
               {FmtUsd(tco.hardware_usd), FmtUsd(tco.energy_usd)});
    // append(), not `"\n" + std::string(...)`: GCC 12 warns (-Wrestrict, a false positive) on the latter.
    if (tco.staff_usd > 0) tip.append("\n").append(TrFill("staff {0}", {FmtUsd(tco.staff_usd)}));
    tip.append("\n").append(TrFill("renting the same GPUs as long: {0}", {FmtUsd(tco.rent_same_period_usd)}));
    Tooltip(tip);
  }
  Record(app, "ownership");
}

std::string FmtGpus(double g) { return FmtInt((long long)g); }
std::string FmtTokS(double v) { return FmtCount(v); }

void ScalingChart(AppState& app, float height) {
  Series tok, cost;
  tok.name = FigureOf(Figure::TokensPerS).Label(CurrentLanguage());
  tok.color = Col(app, Hue::Compute);
  cost.name = Tr("cost of the run");
  cost.color = Col(app, Hue::Gradients);
  cost.right_axis = true;
  // A point per GPU count once its plan has landed (a red cross where it does not fit). A count with no plan at all
  // (no layout of the keys runs on it) has no point: its cross would say "does not fit in GPU memory".
  for (const PlanTask& t : app.bg.scaling) {
    if (!t.Done() || !t.out.ok) continue;
    const bool fits = PlanFits(t.out);
    const double gpus = t.cfg.gpus;
    tok.x.push_back(gpus), tok.y.push_back(fits ? t.out.plan.throughput.tokens_per_s : NAN), tok.ok.push_back(fits);
    cost.x.push_back(gpus), cost.y.push_back(fits ? t.out.plan.run.cost_usd : NAN), cost.ok.push_back(fits);
  }
  LineChartSpec spec;
  spec.x_label = Tr("GPUs");
  spec.left_label = FigureOf(Figure::TokensPerS).Label(CurrentLanguage());
  spec.right_label = TrUnit("USD");
  spec.fmt_x = FmtGpus;
  spec.fmt_left = FmtTokS;
  spec.fmt_right = FmtUsd;
  spec.marker_x = app.cfg.gpus;
  spec.y_log = true;  // log-log: perfect scaling is a straight line, the bend is the communication cost
  LineChart(app, "scaling", ImVec2(ImGui::GetContentRegionAvail().x, height), {tok, cost}, spec);
  Record(app, "scaling_chart");
}

// A run of months is rarely what anyone plans: the smallest GPU count of the scaling chart that would
// finish within a month (when the current count would not), so the page can offer it in one click.
const PlanTask* SoonerCount(const AppState& app, const PlanOutput& o) {
  const double kLongRunDays = 60, kTargetDays = 30;
  if (o.plan.run.days <= kLongRunDays) return nullptr;
  for (const PlanTask& t : app.bg.scaling)
    if (t.Done() && PlanFits(t.out) && t.cfg.gpus > o.job.hw.gpus && t.out.plan.run.days > 0 &&
        t.out.plan.run.days <= kTargetDays)
      return &t;
  return nullptr;
}

}  // namespace

bool PlanView(AppState& app) {
  const PlanOutput& o = app.main.out;
  if (app.main.Planning()) {
    // An overlay in the corner, not a line: the layout must not jump with every keystroke.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s %.0f%%", Tr("updating…"), app.main.Progress() * 100);
    ImVec2 ts = ImGui::CalcTextSize(buf);
    ImVec2 pos(ContentRight() - ts.x, ImGui::GetWindowPos().y + ImGui::GetStyle().WindowPadding.y);
    ImGui::GetWindowDrawList()->AddText(pos, Col(app, Hue::Muted), buf);
  }
  if (!app.main.has_result) {  // start-up: the first plan is still being searched, a few frames
    PushFace(app.fonts.big);
    ImGui::TextColored(ColV(app, Hue::Muted), "%s", Tr("Planning…"));
    ImGui::PopFont();
    return false;
  }
  Verdict(app, o, false);
  if (o.ok) {
    MutedParagraph(LayoutWords(o.plan, o.job.work.dp_shard) + (o.searched ? Tr("  (chosen by search)") : ""));
    Record(app, "layout_words");
  }
  IssuesBox(app, o);
  ImGui::Separator();
  if (o.ok) {
    PushFace(app.fonts.bold);
    ImGui::TextUnformatted(Tr("Memory per GPU"));
    ImGui::PopFont();
    const std::string usable = Sprintf(Tr("usable %s"), FmtMem(o.plan.memory.usable).c_str());
    SameLineIfFits(usable.c_str(), 14);
    ImGui::TextDisabled("%s", usable.c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
      Tooltip(Tr("what the driver exposes, less the headroom kept free: the plan fits when the total is at most this"));
    WhyButton(app, Figure::MemoryUsable);
    MemoryBar(app, o, 26);
    Record(app, "memory_bar");
    MemoryLimits(app, o);
    ImGui::Spacing();
    PushFace(app.fonts.bold);
    ImGui::TextUnformatted(StepHeading(o).c_str());
    ImGui::PopFont();
    WhyButton(app, Figure::StepSeconds);
    const std::string micro = Sprintf(Tr("(%d micro-batches per step)"), o.plan.step.micro_batches);
    SameLineIfFits(micro.c_str(), 8);
    ImGui::TextDisabled("%s", micro.c_str());
    StepBar(app, o, 26);
    ImGui::Spacing();
    if (o.plan.rl.active) {  // post-training: the RL step the optimizer steps sit in, as its phases
      RlStepSection(app, o, 26);
      ImGui::Spacing();
    }
    const RunSummary& run = o.plan.run;
    PushFace(app.fonts.bold);
    ImGui::Text(Tr("Whole run %s"), Banded(o, Figure::Days, FmtDays).c_str());
    ImGui::PopFont();
    if (!PlanFits(o)) WhyButton(app, Figure::Days);  // the verdict shows the days (with their "why?") only when it fits
    // Below 10, two significant digits: a short run expects 0.14 failures, not "0".
    auto amount = [](double v) { return v < 10 ? Sprintf("%.2g", v) : FmtCount(v); };
    RunFigures(app, {{Sprintf(Tr("%s GPU-hours"), Banded(o, Figure::GpuHours, FmtCount).c_str()), Figure::GpuHours},
                     {FailuresExpected(run.failures), Figure::Failures},
                     {Sprintf(Tr("checkpoint every %s"), FmtDuration(run.ckpt_interval_s).c_str()), std::nullopt},
                     {Sprintf(Tr("%s MWh"), amount(run.energy_kwh / 1000).c_str()), std::nullopt}});
    RunBar(app, o, 26);
    Record(app, "run_bar");
    OwnershipLine(app, o);
    CalibrationResult(app, o);
    ImGui::Spacing();
    ImGui::Separator();
    PushFace(app.fonts.bold);
    Paragraph(Tr("Scaling: throughput and cost as the GPU count grows"));
    ImGui::PopFont();
    SameLineIfFits("(?)", ImGui::GetStyle().ItemSpacing.x);
    HelpMarker(
        Tr("Each point is a full plan at that GPU count with the layout re-chosen (log-log axes: perfect "
           "scaling is a straight line). A red cross: does not fit at that count. The dashed line marks the "
           "current count."));
    float h = std::max(180.0f, std::min(300.0f, ImGui::GetContentRegionAvail().y - 140));
    ScalingChart(app, h);
  }
  auto warnings = WarningSentences(o.plan, o.job, LangOf(app));
  const PlanTask* sooner = PlanFits(o) ? SoonerCount(app, o) : nullptr;
  bool changed = false;
  if (!o.fit_advice.empty() || !warnings.empty() || sooner) {
    ImGui::Separator();
    PushFace(app.fonts.bold);
    Paragraph(Tr(PlanFits(o) ? "Worth knowing" : "What would make it fit"));
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0);
    if (sooner) {
      const int gpus = sooner->cfg.gpus;
      const RunSummary& run = sooner->out.plan.run;
      WrappedBullet(TrFill("{0} is a long run: {1} GPUs would take about {2} ({3} to rent).",
                           {FmtDays(o.plan.run.days), FmtInt(gpus), FmtDays(run.days), FmtUsd(run.cost_usd)}));
      ImGui::Indent();
      if (ImGui::SmallButton(TrFill("Use {0} GPUs", {FmtInt(gpus)}).c_str())) {
        app.cfg.gpus = gpus;
        app.cfg.dp = kAuto;  // derived from the new count
        changed = true;
      }
      Record(app, "use_sooner_count");
      ImGui::Unindent();
    }
    for (const auto& a : FitAdvice(app, o)) WrappedBullet(a);
    for (const auto& w : warnings) WrappedBullet(w);
    ImGui::PopTextWrapPos();
  }
  return changed;
}

}  // namespace tp::ui
