// run.h — the whole run: steps for the token budget, days, GPU-hours, failures and checkpoints
// (Young/Daly), goodput, energy, renting and owning cost.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

RunSummary EstimateRun(const Job& job, const Layout& layout, const MemoryBreakdown& memory,
                       const StepBreakdown& step, const Throughput& throughput);

}  // namespace tp
