// planner.cpp — MakePlan: resolve, validate, search the auto keys, evaluate. PLACEHOLDER.
#include "planner.h"

namespace tp {

PlanOutput MakePlan(const Config& cfg) {
  PlanOutput out;
  out.config = cfg;
  out.job = ResolveJob(cfg, out.issues);
  Layout layout = ExplicitLayout(cfg, out.job);
  out.plan = Evaluate(out.job, layout);
  out.ok = out.issues.empty();
  return out;
}

void ApplyLayout(Config&, const Layout&) {}

}  // namespace tp
