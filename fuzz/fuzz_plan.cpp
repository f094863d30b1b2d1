// fuzz_plan.cpp — libFuzzer target over the link/command-line parser and the whole plan pipeline: any
// bytes as a link, then resolve, validate and evaluate the explicit layout (and a bounded search when
// the link is small). A crash, a sanitizer report, a hang or a non-finite number in a plan is a bug.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "config.h"
#include "fuzz_common.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"

using namespace tp;
using tp::fuzz::RequireFinite;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<ConfigIssue> issues;
  const Config cfg = tp::fuzz::CheapLink(text, issues);
  PlanOutput out = MakePlan(cfg);
  if (out.ok) {
    const Plan& p = out.plan;
    for (double v : {p.memory.total, p.step.seconds, p.run.days, p.run.cost_usd, p.throughput.mfu, p.run.energy_kwh})
      RequireFinite(v);
    std::string json = PlanToJson(out);
    if (json.find("nan") != std::string::npos || json.find("inf") != std::string::npos) std::abort();
  }
  // The link the planner prints must parse back to the same configuration.
  Config again;
  std::vector<ConfigIssue> again_issues;
  ApplyLink(again, FormatLink(cfg), again_issues);
  if (!HasErrors(issues) && !(again == cfg)) std::abort();
  return 0;
}
