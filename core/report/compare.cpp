// compare.cpp — the compare verdict (compare.h): the rule the page's Compare view and `trainplan compare`
// share, so the page's line and the command line's are the same words.
#include "compare.h"

#include <cmath>

#include "catalog.h"
#include "format.h"
#include "json.h"
#include "resolved.h"

namespace tp {

ComparisonVerdict JudgeComparison(const std::vector<PlanOutput>& plans) {
  ComparisonVerdict v;
  for (int i = 0; i < int(plans.size()); ++i) {
    if (!PlanFits(plans[i])) continue;
    ++v.fitting;
    const RunSummary& r = plans[i].plan.run;
    if (v.fastest < 0 || r.days < plans[v.fastest].plan.run.days) v.fastest = i;
    if (v.cheapest < 0 || r.cost_usd < plans[v.cheapest].plan.run.cost_usd) v.cheapest = i;
  }
  if (v.fitting == 0 || !PlanFits(plans[0])) return v;
  v.versus = v.fastest != 0 ? v.fastest : v.cheapest;
  const RunSummary &base = plans[0].plan.run, &r = plans[v.versus].plan.run;
  v.faster = 1 - r.days / base.days;
  v.cheaper = 1 - r.cost_usd / base.cost_usd;
  return v;
}

std::string ScenarioName(const PlanOutput& plan) {
  return ShortGpuName(plan.config.gpu) + " x " + Thousands(plan.config.gpus);
}

// Two columns on the same GPUs ("H100 x 32" against "H100 x 32": colocated against split RL pools, LoRA against
// full) are named by what sets them apart too: up to two keys, outside the layout the planner chose, whose
// values differ from the other column's, "H100 x 32 (rl_colocate=0)".
std::string ScenarioName(const std::vector<PlanOutput>& plans, int i) {
  std::string name = ScenarioName(plans[i]);
  for (int j = 0; j < int(plans.size()); ++j) {
    if (j == i || ScenarioName(plans[j]) != name) continue;
    std::string differs;
    int shown = 0;
    // The keys a user gave first (rl_colocate=0), then those that followed from them (its rl_kv_frac).
    for (const bool given : {true, false})
      for (const KeyInfo& k : Keys()) {
        if (k.group == KeyGroup::Link || k.group == KeyGroup::Layout) continue;
        if (given == (IsDefault(plans[i].config, k.name) && IsDefault(plans[j].config, k.name))) continue;
        const std::string mine = ResolvedValue(plans[i], k);  // what auto became, as the columns show it
        if (mine == ResolvedValue(plans[j], k)) continue;
        if (shown++ < 2) differs += (differs.empty() ? "" : ", ") + std::string(k.name) + "=" + mine;
      }
    if (!differs.empty()) return name + " (" + differs + ")";
  }
  return name;
}

std::string CompareVerdictText(const ComparisonVerdict& v, const std::vector<PlanOutput>& plans, Lang lang) {
  if (plans.empty()) return {};
  if (v.fitting == 0) return Translate(lang, "None of these fits in GPU memory: see each column for what would.");
  auto days = [&](const RunSummary& r) { return DurationText(lang, r.days * 86400); };
  if (v.versus < 0) {
    const RunSummary& r = plans[v.fastest].plan.run;
    return TrFill(lang, "{0} fits where {1} does not: {2}, {3}.",
                  {ScenarioName(plans, v.fastest), ScenarioName(plans, 0), days(r), UsdShort(r.cost_usd)});
  }
  if (v.versus == 0)
    return TrFill(lang, "{0} is both the fastest and the cheapest of these.", {ScenarioName(plans, 0)});
  const char* words = v.faster >= 0 && v.cheaper >= 0 ? "{0}: {1} faster and {2} cheaper than {3}"
                      : v.faster >= 0                 ? "{0}: {1} faster but {2} more expensive than {3}"
                                                      : "{0}: {1} cheaper but {2} slower than {3}";
  const double a = v.faster >= 0 ? v.faster : v.cheaper, b = v.faster >= 0 ? v.cheaper : v.faster;
  return TrFill(lang, words,
                {ScenarioName(plans, v.versus), PercentText(a), PercentText(std::fabs(b)), ScenarioName(plans, 0)});
}

std::string CompareVerdictJson(const ComparisonVerdict& v, const std::vector<PlanOutput>& plans,
                               const std::string& pad) {
  auto num = [](double x) { return FormatNumber(std::isfinite(x) ? x : 0.0); };
  const std::string in = pad + "  ";
  return "{\n" + in + "\"text\": " + JsonEscape(CompareVerdictText(v, plans, Lang::En)) + ",\n" + in +
         "\"fitting\": " + num(v.fitting) + ",\n" + in + "\"fastest\": " + num(v.fastest) + ",\n" + in +
         "\"cheapest\": " + num(v.cheapest) + ",\n" + in + "\"versus\": " + num(v.versus) + ",\n" + in +
         "\"faster\": " + num(v.faster) + ",\n" + in + "\"cheaper\": " + num(v.cheaper) + "\n" + pad + "}";
}

}  // namespace tp
