// view_rl.cpp — an RL or preference goal's step on the plan view (issue #32): the step as its phases in one
// stacked bar (generation, log-probabilities, reference, reward, critic, training, weight sync, the engine's
// wake-up and sleep), the share each takes on hover, and under it the rollout's KV cache, its concurrency and the
// memory of each phase. The phases, their names and their words are core's (core/estimate/rl.h, the text
// report's rows in core/report/report_rl.cpp); nothing here computes a time.
#include <cstdio>
#include <string>
#include <vector>

#include "app.h"
#include "charts.h"
#include "figures.h"
#include "i18n.h"
#include "i18n_core.h"
#include "imgui.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {

void RlStepSection(AppState& app, const PlanOutput& o, float height) {
  const RlStep& s = o.plan.rl;
  if (!s.active) return;
  const Lang lang = LangOf(app);
  PushFace(app.fonts.bold);
  ImGui::TextUnformatted(
      (std::string(Translate(lang, ShownStepWords(o.job.rl))) + " " + FmtDuration(s.step_seconds)).c_str());
  ImGui::PopFont();
  // One colour per phase, in the step's order: the rollout in compute's, the trainer's passes in memory's.
  constexpr Hue kHues[kRlPhases] = {Hue::Compute,   Hue::Weights,     Hue::Gradients, Hue::CommEp,
                                    Hue::Optimizer, Hue::Activations, Hue::CommDp,    Hue::Muted};
  std::vector<Segment> segs;
  const double step = s.step_seconds > 0 ? s.step_seconds : 1;
  for (int i = 0; i < kRlPhases; ++i) {
    const RlPhase& p = s.phases[i];
    if (!(p.seconds > 0)) continue;
    char share[48];
    std::snprintf(share, sizeof share, "%.0f %%", 100 * p.seconds / step);
    segs.push_back({Translate(lang, kRlPhaseNames[i]),
                    p.seconds,
                    Col(app, kHues[i]),
                    std::string(share) + (p.memory_bytes > 0 ? " · " + FmtMem(p.memory_bytes) : std::string()),
                    {}});
  }
  StackedBar(app, "rl", segs, 0, 0, FmtDuration, "", height);
  Record(app, "rl_bar");
  std::string line;
  auto add = [&](const char* words, const std::string& value) {
    line += (line.empty() ? "" : " · ") + std::string(Translate(lang, words)) + " " + value;
  };
  for (const RlStepFigure& f : RlStepFigures(s)) {  // the text report's rows (core/report/figures.h)
    using K = RlStepFigure::Kind;
    add(f.words, f.kind == K::Duration ? FmtDuration(f.value)
                 : f.kind == K::Memory ? FmtMem(f.value)
                 : f.kind == K::Tokens ? FmtInt((long long)f.value) + " " + UnitWord(lang, "tokens")
                                       : FmtInt((long long)f.value));
  }
  MutedParagraph(line);
  Record(app, "rl_figures");
}

}  // namespace tp::ui
