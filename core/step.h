// step.h — time of one optimizer step for a (Job, Layout): compute roofline, memory-bound kernels,
// collectives per parallel group on the right link, pipeline bubble; throughput, MFU and HFU.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

void EstimateStep(const Job& job, const Layout& layout, StepBreakdown& step, Throughput& throughput);

// Replace the step model's zero ("use the fitted default") Assumptions with the values EstimateStep
// actually uses, so a surface can print every constant explicitly. Other sections are left alone.
void FillStepDefaults(Assumptions& assume);

}  // namespace tp
