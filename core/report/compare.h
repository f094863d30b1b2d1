// compare.h — the verdict of scenarios side by side, for the page's Compare view and `trainplan compare`
// (text, Markdown, and the JSON's "verdict"): among the scenarios that fit, which finishes first and which
// costs least, and one line against the first scenario ("H100 x 32: 27% faster and 44% cheaper than A100 x 64").
#pragma once
#include <string>
#include <vector>

#include "catalog.h"  // ShortGpuName
#include "planner.h"

namespace tp {

struct ComparisonVerdict {
  int fitting = 0;                  // scenarios whose plan fits in GPU memory
  int fastest = -1, cheapest = -1;  // among those (fewest days, least cost; the first on a tie); -1: none fits
  // The scenario the line sets against the first: the fastest, or the cheapest when the first is already the
  // fastest; 0 when the first is both; -1 when none fits or the first does not (then the line names the
  // fastest that does).
  int versus = -1;
  double faster = 0;   // 1 - versus's days / the first's (the share of time saved; negative: slower)
  double cheaper = 0;  // 1 - versus's cost / the first's (negative: more expensive)
};

ComparisonVerdict JudgeComparison(const std::vector<PlanOutput>& plans);
// A scenario as the verdict names it: the GPU's short name and the count ("H100 SXM x 32").
std::string ScenarioName(const PlanOutput& plan);
// plans[i]'s name among `plans`: with the keys that set it apart where another column has the same name.
std::string ScenarioName(const std::vector<PlanOutput>& plans, int i);
// The verdict in one line, in `lang` (figures as the page prints them: format.h); "" without scenarios.
std::string CompareVerdictText(const ComparisonVerdict& v, const std::vector<PlanOutput>& plans, Lang lang);
// {"text", "fitting", "fastest", "cheapest", "versus", "faster", "cheaper"} (indices into the plans; -1: none).
std::string CompareVerdictJson(const ComparisonVerdict& v, const std::vector<PlanOutput>& plans,
                               const std::string& pad);

}  // namespace tp
