// trace.h — what the estimators computed on the way to a plan's numbers (memory, step, run), copied out
// when Evaluate is given a trace; the explanation of each number (core/report/explain.h) is built from it.
#pragma once
#include "memory.h"
#include "run.h"
#include "step.h"

namespace tp {

// The variables memory, step and run computed on the way (memory.h, step.h, run.h).
struct PlanTrace {
  MemoryTrace memory;
  StepTrace step;
  RunTrace run;
};

}  // namespace tp
